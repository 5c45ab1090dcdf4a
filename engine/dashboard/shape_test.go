package dashboard

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestShapeOf(t *testing.T) {
	square := `{"type":"Polygon","coordinates":[[[118.1,36.1],[118.2,36.1],[118.2,36.2],[118.1,36.1]]]}`
	tests := []struct {
		name, value string
		want        shape
		ok          bool
	}{
		{"a polygon", square, shape{Kind: "polygon", Rings: [][][2]float64{{{118.1, 36.1}, {118.2, 36.1}, {118.2, 36.2}, {118.1, 36.1}}}}, true},
		{"a multipolygon", `{"type":"MultiPolygon","coordinates":[[[[1,2],[3,4],[5,6],[1,2]]],[[[7,8],[9,10],[11,12],[7,8]]]]}`,
			shape{Kind: "polygon", Rings: [][][2]float64{{{1, 2}, {3, 4}, {5, 6}, {1, 2}}, {{7, 8}, {9, 10}, {11, 12}, {7, 8}}}}, true},
		{"a land map", `{"type":"FeatureCollection","features":[{"type":"Feature","geometry":` + square + `,"properties":{"category":"1"}}]}`,
			shape{Kind: "polygon", Rings: [][][2]float64{{{118.1, 36.1}, {118.2, 36.1}, {118.2, 36.2}, {118.1, 36.1}}}}, true},
		{"a circle", `{"lng":118.5,"lat":36.5,"radius":800}`, shape{Kind: "circle", Center: &[2]float64{118.5, 36.5}, Radius: 800}, true},
		{"a point without radius", `{"lng":118.5,"lat":36.5}`, shape{}, false},
		{"a ring too short", `{"type":"Polygon","coordinates":[[[1,2],[3,4]]]}`, shape{}, false},
		{"not geometry", `{"type":"Point","coordinates":[1,2]}`, shape{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var v any
			if err := json.Unmarshal([]byte(tt.value), &v); err != nil {
				t.Fatal(err)
			}
			got, ok := shapeOf(v)
			if ok != tt.ok {
				t.Fatalf("ok = %v, want %v", ok, tt.ok)
			}
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(shape{})); diff != "" {
				t.Errorf("shape (-want +got):\n%s", diff)
			}
		})
	}
}

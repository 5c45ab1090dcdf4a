package schema

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestApplyDefaults(t *testing.T) {
	m := &Module{Fields: []Field{
		{Name: "sort", Type: TypeInt, Default: 0},
		{Name: "enabled", Type: TypeBool, Default: true},
		{Name: "kind", Type: TypeEnum, Default: "a"},
		{Name: "note", Type: TypeText},
		{Name: "rows", Type: TypeChildren, Fields: []Field{
			{Name: "qty", Type: TypeInt, Default: 1},
			{Name: "name", Type: TypeString},
		}},
	}}
	tests := []struct {
		name string
		in   map[string]any
		want map[string]any
	}{
		{"absent fields get their defaults",
			map[string]any{"note": "x"},
			map[string]any{"note": "x", "sort": json.Number("0"), "enabled": true, "kind": "a"}},
		{"null gets the default, a sent value is kept",
			map[string]any{"sort": nil, "enabled": false, "kind": "b"},
			map[string]any{"sort": json.Number("0"), "enabled": false, "kind": "b"}},
		{"children rows are filled too",
			map[string]any{"rows": []any{map[string]any{"name": "n"}, map[string]any{"qty": json.Number("5")}}},
			map[string]any{"sort": json.Number("0"), "enabled": true, "kind": "a", "rows": []any{
				map[string]any{"name": "n", "qty": json.Number("1")},
				map[string]any{"qty": json.Number("5")},
			}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := cmp.Diff(map[string]any{}, tt.in)
			got := ApplyDefaults(m, tt.in)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("ApplyDefaults (-want +got):\n%s", d)
			}
			if after := cmp.Diff(map[string]any{}, tt.in); after != before {
				t.Error("ApplyDefaults changed its input")
			}
		})
	}
}

package httpx

import (
	"encoding/json"
	"math"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
)

// TestObjectsEncodeAsEncodingJSON: records encode to exactly the bytes
// encoding/json writes for the same maps, whatever the values hold.
func TestObjectsEncodeAsEncodingJSON(t *testing.T) {
	type transition struct {
		From, To int
		At       time.Time
		Comment  string `json:"comment,omitempty"`
	}
	rec := map[string]any{
		"id": int64(42), "n": 7, "name": "张三<script>&\"x\"\\", "ctl": "a\x01b\n\t\r\b\f", "bad": "a\xffb",
		"sep": "x\u2028y\u2029z", "empty": "", "nil": nil, "yes": true, "no": false,
		"f0": 0.0, "f1": 123.456, "f2": 1e-7, "f3": 1e21, "f4": -2.5e-9, "f5": 1e20, "f6": math.Copysign(0, -1),
		"f7": 0.000001, "num": json.Number("12.50"), "numEmpty": json.Number(""),
		"list": []any{int64(1), "二", nil, map[string]any{"k": 1.5}}, "nilList": []any(nil),
		"rows": []map[string]any{{"b": "2", "a": int64(1)}, {}}, "nilRows": []map[string]any(nil),
		"_labels": map[string]map[string]string{"grid": {"3": "一网格"}, "org": {}},
		"strs": map[string]string{"z": "1", "a": "<"}, "nested": map[string]any{"deep": map[string]any{"x": []any{}}},
		"history": []transition{{From: 1, To: 2, At: time.Date(2026, 11, 24, 8, 0, 0, 5, time.UTC), Comment: "同意"}},
		"when":    time.Date(2026, 1, 2, 3, 4, 5, 0, time.FixedZone("CST", 8*3600)),
		"ints":    []int64{1, 2},
	}
	cases := []Objects{nil, {}, {rec}, {rec, {"only": "一"}, nil}}
	for i, os := range cases {
		got, err := json.Marshal(Page{Data: os, RecordsTotal: 3})
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		plain := make([]map[string]any, len(os))
		copy(plain, os)
		want, _ := json.Marshal(Page{Data: plain, RecordsTotal: 3}) // nil too: never null
		if string(got) != string(want) {
			t.Errorf("case %d:\n got %s\nwant %s", i, got, want)
		}
	}
	got, err := json.Marshal(Object(rec))
	want, _ := json.Marshal(rec)
	if err != nil || string(got) != string(want) {
		t.Errorf("Object:\n got %s\nwant %s (%v)", got, want, err)
	}
	if _, err := json.Marshal(Object{"inf": math.Inf(1)}); err == nil {
		t.Error("an infinite number encoded without error")
	}
	if _, err := json.Marshal(Object{"n": json.Number("1x")}); err == nil {
		t.Error("a malformed json.Number encoded without error")
	}
}

func BenchmarkObjects(b *testing.B) {
	rows := make([]map[string]any, 20)
	for i := range rows {
		r := map[string]any{"id": int64(i), "_labels": map[string]map[string]string{"grid": {"1": "第一网格"}}}
		for j := range 40 {
			r["field"+string(rune('a'+j%26))+string(rune('a'+j/26))] = "示范县城关镇东关村"
		}
		rows[i] = r
	}
	b.Run("encoding/json", func(b *testing.B) {
		for b.Loop() {
			_, _ = json.Marshal(Page{Data: rows, RecordsTotal: 1})
		}
	})
	b.Run("Objects", func(b *testing.B) {
		for b.Loop() {
			_, _ = json.Marshal(Page{Data: Objects(rows), RecordsTotal: 1})
		}
	})
}

// TestOKObjectsAnswersAsOK: the page and record answers written by hand
// are byte for byte what OKPage and OK write through echo.
func TestOKObjectsAnswersAsOK(t *testing.T) {
	rows := []map[string]any{{"id": int64(1), "name": "<b>李四</b>", "amount": 12.5, "_labels": map[string]map[string]string{"org": {"1": "示范县"}}}, {"id": int64(2)}}
	answer := func(fn func(echo.Context) error) string {
		e := echo.New()
		rec := httptest.NewRecorder()
		if err := fn(e.NewContext(httptest.NewRequest(http.MethodGet, "/", nil), rec)); err != nil {
			t.Fatal(err)
		}
		return rec.Header().Get(echo.HeaderContentType) + " " + rec.Body.String()
	}
	for _, rs := range [][]map[string]any{rows, {}, nil} {
		got := answer(func(c echo.Context) error { return OKObjects(c, rs, 7) })
		want := answer(func(c echo.Context) error { return OKPage(c, rs, 7) })
		if got != want {
			t.Errorf("OKObjects(%d rows):\n got %s\nwant %s", len(rs), got, want)
		}
	}
	got := answer(func(c echo.Context) error { return OKObject(c, rows[0]) })
	want := answer(func(c echo.Context) error { return OK(c, rows[0]) })
	if got != want {
		t.Errorf("OKObject:\n got %s\nwant %s", got, want)
	}
}

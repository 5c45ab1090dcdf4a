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

// TestOKTableAnswersAsOKObjects: a page written from column values by a
// Layout is byte for byte the page OKObjects writes for the same records
// as maps (and so what OKPage writes through encoding/json), whatever the
// order of the given keys and over every kind of value records carry;
// answers written one after the other through the kept buffers stay whole.
func TestOKTableAnswersAsOKObjects(t *testing.T) {
	keys := []string{"id", "orgId", "name", "_labels", "amount", "a", "Z", "中文", "b\"q", "<h>", "empty", "list",
		"f1", "f2", "f3", "num", "rows", "nested", "when", "ints", "nil", "yes", "ctl"}
	values := [][]any{
		{int64(42), int64(3), "张三<script>&\"x\"\\", map[string]map[string]string{"grid": {"3": "一网格"}, "org": {}},
			123.456, 7, "z", "值", "q", "h", "", []any{int64(1), "二", nil, map[string]any{"k": 1.5, "a": nil}},
			1e-7, 1e21, math.Copysign(0, -1), json.Number("12.50"), []map[string]any{{"b": "2", "a": int64(1)}, {}},
			map[string]any{"deep": map[string]any{"x": []any{}}}, time.Date(2026, 1, 2, 3, 4, 5, 0, time.FixedZone("CST", 8*3600)),
			[]int64{1, 2}, nil, true, "a\x01b\n\u2028\xff"},
		{int64(43), nil, nil, map[string]map[string]string{}, nil, nil, nil, nil, nil, nil, nil, []any(nil),
			0.0, -2.5e-9, 1e20, json.Number(""), []map[string]any(nil), map[string]any{}, nil, []int64{}, nil, false, ""},
	}
	answer := func(fn func(echo.Context) error) string {
		e := echo.New()
		rec := httptest.NewRecorder()
		if err := fn(e.NewContext(httptest.NewRequest(http.MethodGet, "/", nil), rec)); err != nil {
			t.Fatal(err)
		}
		return rec.Header().Get(echo.HeaderContentType) + " " + rec.Body.String()
	}
	l := NewLayout(keys)
	for _, rows := range [][][]any{values, values[:1], values[1:], {}, {values[1], values[0], values[1]}} {
		maps := make([]map[string]any, len(rows))
		for i, row := range rows {
			maps[i] = map[string]any{}
			for j, k := range keys {
				maps[i][k] = row[j]
			}
		}
		for range 2 {
			got := answer(func(c echo.Context) error { return OKTable(c, l, rows, 9) })
			want := answer(func(c echo.Context) error { return OKObjects(c, maps, 9) })
			if got != want {
				t.Fatalf("OKTable(%d rows):\n got %s\nwant %s", len(rows), got, want)
			}
			if plain := answer(func(c echo.Context) error { return OKPage(c, maps, 9) }); got != plain {
				t.Fatalf("OKTable(%d rows) against OKPage:\n got %s\nwant %s", len(rows), got, plain)
			}
		}
	}
	if err := OKTable(echo.New().NewContext(httptest.NewRequest(http.MethodGet, "/", nil), httptest.NewRecorder()),
		NewLayout([]string{"x"}), [][]any{{math.NaN()}}, 1); err == nil {
		t.Error("NaN written without error")
	}
}

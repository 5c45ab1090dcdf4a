package httpx

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
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
		"strs":    map[string]string{"z": "1", "a": "<"}, "nested": map[string]any{"deep": map[string]any{"x": []any{}}},
		"history": []transition{{From: 1, To: 2, At: time.Date(2026, 11, 24, 8, 0, 0, 5, time.UTC), Comment: "同意"}},
		"when":    time.Date(2026, 1, 2, 3, 4, 5, 0, time.FixedZone("CST", 8*3600)),
		"ints":    []int64{1, 2},
	}
	// Rows of one list reuse the first row's key order while their keys are
	// the same: a row with the same number of keys but one other, a row with
	// a key fewer or more, an empty and a nil row must each be written with
	// their own keys, and the rows after them again correctly.
	same := map[string]any{}
	for k := range rec {
		same[k] = "值" + k
	}
	swapped := map[string]any{}
	for k, v := range same {
		swapped[k] = v
	}
	delete(swapped, "id")
	swapped["zz"] = int64(9)
	fewer := map[string]any{"a": 1}
	more := map[string]any{"a": 1, "b": nil}
	cases := []Objects{nil, {}, {rec}, {rec, {"only": "一"}, nil},
		{rec, same, swapped, same, rec, fewer, more, fewer, {}, nil, {}, rec, same},
		{{"b": 1, "a": 2}, {"a": 3, "b": 4}, {"a": 5, "c": 6}, {"c": 7, "a": 8}, {"a": 9, "b": 10}}}
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
	b.Run("OKObjects", func(b *testing.B) { // the page answer, without encoding/json's pass over the bytes
		for b.Loop() {
			_, _ = Objects(rows).MarshalJSON()
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
	mixed := []map[string]any{rows[0], rows[1], {"id": int64(3), "name": "王五"}, {"id": int64(4), "amount": nil}, rows[0]}
	for _, rs := range [][]map[string]any{rows, mixed, {}, nil} {
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

// TestAppendStringAsEncodingJSON: strings of every kind of byte — ASCII
// that needs escaping, Chinese, the line separators, a truncated or stray
// multi-byte sequence, other E2 sequences — are written as encoding/json
// writes them, on both the valid-text and the invalid-text path.
func TestAppendStringAsEncodingJSON(t *testing.T) {
	pieces := []string{"a", "Z", " ", "\"", "\\", "<", ">", "&", "\x00", "\x1f", "\n", "\t", "\x7f", "张", "三",
		"\u2028", "\u2029", "\u2027", "\u202a", "€", "\xe2", "\xe2\x80", "\xe2\x80\xa8"[:2], "\xff", "\xc3", "😀", "\U0010ffff",
		"\xe0\x80\x80", "\xe0\xa4\x80", "\xed\xa0\x80", "\xed\x9f\xbf", "\xe4\xb8", "\xe4\x41\x41", "\xe4\xb8\xc0", "\xe1\x80\x80", "\xef\xbf\xbf", "\uffff", "\xee\x80\x80", "\x80"}
	r := rand.New(rand.NewPCG(16, 16))
	for i := 0; i < 20000; i++ {
		var sb strings.Builder
		for n := r.IntN(8); n >= 0; n-- {
			sb.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := sb.String()
		want, _ := json.Marshal(s)
		if got := appendString(nil, s); string(got) != string(want) {
			t.Fatalf("%q:\n got %s\nwant %s", s, got, want)
		}
	}
}

package store

import (
	"fmt"
	"math/bits"
	"testing"

	"github.com/google/go-cmp/cmp"

	"xiangzhi/engine/schema"
)

func TestGrams(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", []string{}},
		{"张伟", []string{"张", "伟", "张伟"}},
		{"AbA", []string{"aba"}},
		{"13800", []string{"138", "380", "800"}},
		{"A张b", []string{"张", "a张", "张b", "a张b"}},
		{"ÄÖx", []string{"ä", "ö", "äö", "öx", "äöx"}},
		{"\u212Aab", []string{"\u212A", "\u212Aa", "\u212Aab"}},
		{"王小明", []string{"王", "小", "明", "王小", "小明", "王小明"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, grams(tt.in)); diff != "" {
				t.Errorf("grams(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestQueryGrams(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"伟", []string{"伟"}},
		{"ab", nil},
		{"ABC", []string{"abc"}},
		{"abcd", []string{"abc", "bcd"}},
		{"13800001111", []string{"138", "800", "001", "111"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, queryGrams(tt.in)); diff != "" {
				t.Errorf("queryGrams(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestGramIndexed(t *testing.T) {
	mt := buildMeta(testModule())
	var got []string
	for _, c := range mt.cols {
		if gramIndexed(c) {
			got = append(got, c.api)
		}
	}
	// remark is text (searched with LIKE alone); idCard is filter: equals.
	if want := []string{"name", "mobile"}; !cmp.Equal(got, want) {
		t.Errorf("gram-indexed fields = %q, want %q", got, want)
	}
}

// testGrams checks that the gram index follows writes and schema changes:
// values written before a field became searchable are found after the
// migration fills the index, and a field that stops being searchable and
// comes back is refilled rather than trusted.
func testGrams(t *testing.T, s *Store) {
	plain := testModule()
	plain.Field("name").Filter = schema.FilterEquals
	if err := s.Migrate(ctx, plain, false); err != nil {
		t.Fatal(err)
	}
	old := mustCreate(t, s, plain, viewer, Record{"name": "张三丰"})
	m := setup(t, s) // name becomes filter: contains
	if got := names(listQ(t, s, m, viewer, "name.contains=三丰").Rows); !cmp.Equal(got, []string{"张三丰"}) {
		t.Fatalf("record written before the gram index = %q, want found", got)
	}
	if _, err := s.Update(ctx, m, viewer, old["id"].(int64), Record{"name": "李四"}); err != nil {
		t.Fatal(err)
	}
	if got := listQ(t, s, m, viewer, "name.contains=张").Total; got != 0 {
		t.Fatalf("old value still found after update: %d", got)
	}
	if got := listQ(t, s, m, viewer, "name.contains=李").Total; got != 1 {
		t.Fatalf("new value not found after update: %d", got)
	}
	// Off, a write while off, on again: the write must be found.
	if err := s.Migrate(ctx, plain, false); err != nil {
		t.Fatal(err)
	}
	other := sibling(s) // an instance of the old release
	mustCreate(t, other, plain, viewer, Record{"name": "王五"})
	if _, err := other.db.Exec("DELETE FROM " + gramTable(s.metaOf(m))); err != nil { // as if never maintained
		t.Fatal(err)
	}
	if err := s.Migrate(ctx, m, false); err != nil {
		t.Fatal(err)
	}
	// Grams that differ only by a trailing space, an accent or a width are distinct (MySQL's collations
	// would take "巾 " for "巾" and refuse the record's second gram as a duplicate key).
	mustCreate(t, s, m, viewer, Record{"name": "毛巾 Café cafe ＡＢ ab"})
	for term, want := range map[string]int64{"王": 1, "李四": 1, "张": 0, "巾 c": 1, "café": 1, "ＡＢ": 1} {
		if got := listQ(t, s, m, viewer, "name.contains="+term).Total; got != want {
			t.Errorf("after refill, contains %s total = %d, want %d", term, got, want)
		}
	}
}

// testGramBatch writes a batch whose gram rows fill several INSERTs and
// leave a remainder that is not a power of two (gramChunk splits it): every
// record must be found by its own grams, and the gram table must hold
// exactly the rows of every record, none lost or doubled at a cut.
func testGramBatch(t *testing.T, s *Store) {
	m := setup(t, s)
	var recs []Record
	want := 0
	for i := range 149 { // 149 names of 4 distinct characters: 9 grams each, 1,341 rows
		name := fmt.Sprintf("%c%c%c%c", 0x4e00+i, 0x5000+i, 0x5400+i, 0x5800+i)
		recs = append(recs, Record{"name": name})
		want += len(grams(name))
	}
	if want%gramRowsPerInsert == 0 || bits.OnesCount(uint(want%gramRowsPerInsert)) < 2 {
		t.Fatalf("%d gram rows: want a remainder that takes several statements", want)
	}
	if err := s.CreateMany(ctx, m, viewer, recs); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := s.db.QueryRow("SELECT COUNT(*) FROM " + gramTable(s.metaOf(m))).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != want {
		t.Fatalf("gram rows = %d, want %d", n, want)
	}
	for _, i := range []int{0, 1, 74, 147, 148} {
		term := string([]rune(recs[i]["name"].(string))[1:3])
		if got := names(listQ(t, s, m, viewer, "name.contains="+term).Rows); !cmp.Equal(got, []string{recs[i]["name"].(string)}) {
			t.Errorf("contains %s = %q, want record %d", term, got, i)
		}
	}
}

func TestGramChunk(t *testing.T) {
	for n, want := range map[int]int{1: 1, 2: 2, 3: 2, 255: 128, 256: 256, 299: 256, 300: 300, 1341: 300} {
		if got := gramChunk(n); got != want {
			t.Errorf("gramChunk(%d) = %d, want %d", n, got, want)
		}
	}
}

func TestExactGram(t *testing.T) {
	tests := []struct {
		term string
		want bool
	}{
		{"伟", true}, {"张伟", true}, {"王小明", true}, {"abc", true}, {"ABC", true},
		{"ab", false},   // not indexed
		{"王小明明", false}, // four characters: trigrams intersected, LIKE checks
		{"Ä", false},    // folded by PostgreSQL, not by SQLite
		{"12张", true},
	}
	for _, tt := range tests {
		t.Run(tt.term, func(t *testing.T) {
			if got := exactGram(tt.term); got != tt.want {
				t.Errorf("exactGram(%q) = %v, want %v", tt.term, got, tt.want)
			}
		})
	}
}

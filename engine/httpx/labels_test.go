package httpx

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// TestLabelsEncodeAsMaps: entries in any order, with repeated keys, written
// as *Labels after SortLabels, give the bytes encoding/json writes for the
// map[string]map[string]string the same entries set in turn (the record
// path's "_labels"), over 5,000 random sets: ids whose text order is not
// their number order ("10" before "9"), names with escapes, Chinese and
// invalid UTF-8, empty sets.
func TestLabelsEncodeAsMaps(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 16))
	fields := []string{"household", "grid", "orgId", "createdBy", "updatedBy", "a\"b"}
	ids := []string{"1", "9", "10", "100", "2", "27"}
	names := []string{"", "张三", "第一网格", "a<b>&c", "line\nbreak", "\xff", "\u2028", `q"uote\`}
	for n := range 5000 {
		var ls []Label
		m := map[string]map[string]string{}
		for range r.IntN(12) {
			l := Label{Field: fields[r.IntN(len(fields))], ID: ids[r.IntN(len(ids))], Name: names[r.IntN(len(names))]}
			ls = append(ls, l)
			if m[l.Field] == nil {
				m[l.Field] = map[string]string{}
			}
			m[l.Field][l.ID] = l.Name
		}
		sorted := SortLabels(ls)
		got, err := appendValue(nil, &sorted)
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Fatalf("set %d %q:\ngot  %s\nwant %s", n, ls, got, want)
		}
	}
	if got, _ := appendValue(nil, (*Labels)(nil)); string(got) != "null" {
		t.Fatalf("nil *Labels = %s, want null", got)
	}
}

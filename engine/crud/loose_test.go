package crud

import (
	"runtime"
	"testing"
	"time"

	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
)

// TestLooseCopiesBounded: a module republished 300 times, each version's
// dashboard criteria parsed, leaves only the loose copies of the versions
// still held. Kept strongly by module pointer, the map lost a copy only
// when a dispatcher swapped in a set without its module — so versions no
// swap saw stayed (300 here), and one instance's reload dropped the live
// copies of another instance in the process, which this test also checks.
// The criteria still parse as loose ones (a range on an undeclared filter).
func TestLooseCopiesBounded(t *testing.T) {
	version := func(i int) *schema.Module {
		return &schema.Module{Name: "republished", API: "/x", Title: string(rune('a' + i%26)),
			Fields: []schema.Field{{Name: "amount", Type: schema.TypeInt}, {Name: "kind", Type: schema.TypeEnum}}}
	}
	size := func() int {
		n := 0
		loose.Range(func(_, _ any) bool { n++; return true })
		return n
	}
	start := size()
	held := version(0) // the version another instance serves
	heldCopy := looseOf(held)
	for i := range 300 {
		q, err := ParseCriteria(version(i), map[string][]string{"amount.greaterThan": {"3"}, "kind": {"1"}})
		if err != nil {
			t.Fatalf("version %d: %v", i, err)
		}
		if len(q.Filters) != 2 || q.Filters[0].Op != query.GreaterThan && q.Filters[1].Op != query.GreaterThan {
			t.Fatalf("version %d: filters %+v", i, q.Filters)
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for size()-start > 1 && time.Now().Before(deadline) {
		runtime.GC() // a copy goes with its module, by a cleanup run after a collection
		time.Sleep(10 * time.Millisecond)
	}
	if n := size() - start; n > 1 {
		t.Fatalf("%d loose copies kept after 300 versions, want only the one of the version still held", n)
	}
	New(Options{}).Swap(&schema.Set{Modules: []*schema.Module{version(1)}}) // this instance's reload
	if looseOf(held) != heldCopy {
		t.Fatal("the held version's copy was dropped and made again")
	}
}

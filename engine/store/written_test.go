package store

import (
	"context"
	"slices"
	"strconv"
	"sync"
	"testing"
)

// OnWritten hears every committed write with the writer's tenant and the
// modules whose tables changed — those a before hook wrote in the same
// transaction too — and nothing of a write that rolled back.
func TestOnWritten(t *testing.T) {
	s := openSQLite(t)
	m := setup(t, s)
	stock := testModule()
	stock.Name = "stockItem"
	if err := s.Migrate(ctx, stock, false); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var heard []string
	s.OnWritten(func(tenant int64, modules []string) {
		mu.Lock()
		defer mu.Unlock()
		for _, name := range modules {
			heard = append(heard, name+"@"+strconv.FormatInt(tenant, 10))
		}
	})
	take := func() []string {
		mu.Lock()
		defer mu.Unlock()
		out := heard
		heard = nil
		return out
	}
	rec := mustCreate(t, s, m, viewer, Record{"name": "甲"})
	if got := take(); !slices.Equal(got, []string{m.Name + "@1"}) {
		t.Fatalf("create heard %v", got)
	}
	id := rec["id"].(int64)
	if _, err := s.Update(ctx, m, viewer, id, Record{"name": "乙"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Delete(ctx, m, viewer, []int64{id}); err != nil {
		t.Fatal(err)
	}
	if got := take(); !slices.Equal(got, []string{m.Name + "@1", m.Name + "@1"}) {
		t.Fatalf("update and delete heard %v", got)
	}
	// A before hook writes another module in the same transaction.
	s.BeforeWrite(m.Name, OpCreate, func(_ context.Context, w *Write) error {
		_, err := w.Tx.Create(ctx, stock, Record{"name": "出库"})
		return err
	})
	mustCreate(t, s, m, viewer, Record{"name": "丙"})
	if got := take(); !slices.Equal(got, []string{m.Name + "@1", stock.Name + "@1"}) {
		t.Fatalf("a create with a hook's write heard %v", got)
	}
	// A write that fails is not heard.
	if _, err := s.Update(ctx, m, viewer, 999999, Record{"name": "丁"}); err == nil {
		t.Fatal("update of a missing record succeeded")
	}
	if got := take(); len(got) != 0 {
		t.Fatalf("a failed write heard %v", got)
	}
}

package store

import (
	"sync"
	"testing"

	"xiangzhi/engine/query"
)

// TestReadTurnsNoPoolWaits: on SQLite, 40 callers listing at once, each
// taking a read turn for its list, never wait in database/sql's pool —
// where a freed connection goes to a random waiter — but in the turns'
// queue, in arrival order; every list is whole. Without the turns the same
// lists wait in the pool hundreds of times.
func TestReadTurnsNoPoolWaits(t *testing.T) {
	s := openSQLite(t)
	m := setup(t, s)
	for range 30 {
		if _, err := s.Create(ctx, m, viewer, Record{"name": "张三", "mobile": "13800001111", "kind": 1}); err != nil {
			t.Fatal(err)
		}
	}
	if cap(s.turns) != s.db.Stats().MaxOpenConnections {
		t.Fatalf("%d turns for %d read connections", cap(s.turns), s.db.Stats().MaxOpenConnections)
	}
	before := s.db.Stats().WaitCount
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for range 40 {
		wg.Go(func() {
			for range 20 {
				done, err := s.ReadTurn(ctx)
				if err != nil {
					errs <- err
					return
				}
				tbl, err := s.ListTable(ctx, m, viewer, &query.Query{Size: 20, Page: 1})
				done()
				if err != nil {
					errs <- err
					return
				}
				if tbl.Total != 30 || len(tbl.Rows) != 10 {
					t.Errorf("total %d, %d rows, want 30 and 10", tbl.Total, len(tbl.Rows))
				}
				tbl.Release()
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if waits := s.db.Stats().WaitCount - before; waits != 0 {
		t.Fatalf("%d waits in the pool behind read turns, want none", waits)
	}
}

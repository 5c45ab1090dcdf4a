package store

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/schema"
)

func TestHooksSQLite(t *testing.T)   { runHookSuite(t, openSQLite) }
func TestHooksPostgres(t *testing.T) { runHookSuite(t, openPostgres) }
func TestHooksMySQL(t *testing.T)    { runHookSuite(t, openMySQL) }

// runHookSuite runs the write-hook tests against stores that open gives.
func runHookSuite(t *testing.T, open func(testing.TB) *Store) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s *Store)
	}{
		{"refusal leaves nothing written", testHookRefusal},
		{"after-commit runs once per write", testHookAfterCommit},
		{"after-commit outlives the client", testHookAfterClientGone},
		{"batch refusal rolls back all", testHookBatchRefusal},
		{"set status", testHookSetStatus},
		{"one per key under concurrent creates", testHookRace},
		{"stock of another module under concurrent creates", testHookStock},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.fn(t, open(t)) })
	}
}

// refuseWhen is a before hook that refuses (409 on name) when the record's
// name is bad, after writing through the transaction: a remark on record
// other and a bump of the module's write sequence, both to be rolled back.
func refuseWhen(bad string, other int64) HookFunc {
	return func(ctx context.Context, w *Write) error {
		if _, err := w.Tx.Update(ctx, w.Module, other, Record{"remark": "hook wrote"}); err != nil {
			return err
		}
		if w.Value("name") == bad {
			return Conflict("name", "该名称已被占用")
		}
		return nil
	}
}

// wantRefusal fails unless err is a Refusal with the status and field.
func wantRefusal(t *testing.T, err error, status int, field string) *Refusal {
	t.Helper()
	var r *Refusal
	if !errors.As(err, &r) {
		t.Fatalf("error = %v, want a *Refusal", err)
	}
	if r.HTTPStatus() != status || r.Field != field || r.PublicMessage() == "" {
		t.Fatalf("refusal = %d %s %q, want %d on %s with a message", r.HTTPStatus(), r.Field, r.PublicMessage(), status, field)
	}
	return r
}

func testHookRefusal(t *testing.T, s *Store) {
	m := setup(t, s)
	other := mustCreate(t, s, m, viewer, Record{"name": "别人"})
	otherID := other["id"].(int64)
	good := mustCreate(t, s, m, viewer, Record{"name": "好"})
	bad := mustCreate(t, s, m, viewer, Record{"name": "坏"}) // stored before the hooks came
	var after atomic.Int32
	for _, op := range []Op{OpCreate, OpUpdate, OpDelete, OpTransition} {
		s.BeforeWrite(m.Name, op, refuseWhen("坏", otherID))
		s.AfterCommit(m.Name, op, func(context.Context, *Write) error { after.Add(1); return nil })
	}
	total := listQ(t, s, m, viewer, "").Total // cached under the current write sequence

	_, err := s.Create(ctx, m, viewer, Record{"name": "坏"})
	wantRefusal(t, err, http.StatusConflict, "name")
	_, err = s.Update(ctx, m, viewer, good["id"].(int64), Record{"name": "坏"})
	wantRefusal(t, err, http.StatusConflict, "name")
	_, err = s.Delete(ctx, m, viewer, []int64{bad["id"].(int64)})
	wantRefusal(t, err, http.StatusConflict, "name")
	_, err = s.Transition(ctx, m, viewer, bad["id"].(int64), action(m, "approve"), "同意")
	wantRefusal(t, err, http.StatusConflict, "name")

	for _, sc := range []*Store{s, sibling(s)} { // cached and freshly counted
		if got := listQ(t, sc, m, viewer, "").Total; got != total {
			t.Errorf("total after refused writes = %d, want %d", got, total)
		}
		if got := listQ(t, sc, m, viewer, "name=坏").Total; got != 1 {
			t.Errorf("records named 坏 = %d, want the 1 stored before", got)
		}
	}
	for _, want := range []Record{other, good, bad} {
		got, err := s.Get(ctx, m, viewer, want["id"].(int64))
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"name", "remark", "version", "auditStatus"} {
			if got[k] != want[k] {
				t.Errorf("record %v: %s = %v after refused writes, want %v", want["id"], k, got[k], want[k])
			}
		}
		if h := got["history"].([]Transition); len(h) != 0 {
			t.Errorf("record %v: history %+v after a refused transition", want["id"], h)
		}
	}
	if after.Load() != 0 {
		t.Errorf("after-commit hooks ran %d times on refused writes", after.Load())
	}
	// An allowed write commits what its hook wrote.
	if _, err := s.Update(ctx, m, viewer, good["id"].(int64), Record{"age": 1}); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Get(ctx, m, viewer, otherID); got["remark"] != "hook wrote" {
		t.Errorf("the hook's write of an allowed update was lost: %v", got["remark"])
	}
	if after.Load() != 1 {
		t.Errorf("after-commit hooks ran %d times for one update, want 1", after.Load())
	}
}

func testHookAfterCommit(t *testing.T, s *Store) {
	m := setup(t, s)
	var mu sync.Mutex
	seen := map[Op][]int64{}
	for _, op := range []Op{OpCreate, OpUpdate, OpDelete, OpTransition} {
		s.AfterCommit(m.Name, op, func(_ context.Context, w *Write) error {
			if w.Tx != nil {
				t.Errorf("after-commit %s hook got a transaction", w.Op)
			}
			mu.Lock()
			seen[w.Op] = append(seen[w.Op], w.ID)
			mu.Unlock()
			return nil
		})
	}
	// A second after hook changes the answer of a transition, as
	// OnTransition hooks do.
	s.AfterCommit(m.Name, OpTransition, func(ctx context.Context, w *Write) error {
		out, err := s.Update(ctx, w.Module, w.Scope, w.ID, Record{"remark": "已" + w.Action.Label})
		w.New = out
		return err
	})
	rec := mustCreate(t, s, m, viewer, Record{"name": "甲"})
	id := rec["id"].(int64)
	if _, err := s.Update(ctx, m, viewer, id, Record{"age": 3}); err != nil {
		t.Fatal(err)
	}
	out, err := s.Transition(ctx, m, viewer, id, action(m, "approve"), "")
	if err != nil {
		t.Fatal(err)
	}
	if out["remark"] != "已通过" {
		t.Errorf("transition answered %v, want the after hook's record", out["remark"])
	}
	if _, err := s.Delete(ctx, m, viewer, []int64{id}); err != nil {
		t.Fatal(err)
	}
	// The after hook's own update ran the update hooks too: 2 updates.
	want := map[Op][]int64{OpCreate: {id}, OpUpdate: {id, id}, OpTransition: {id}, OpDelete: {id}}
	for op, ids := range want {
		if fmt.Sprint(seen[op]) != fmt.Sprint(ids) {
			t.Errorf("after-commit %s ran for %v, want %v", op, seen[op], ids)
		}
	}
	// A failing after hook answers its error, but the write stays done.
	s.AfterCommit(m.Name, OpCreate, func(context.Context, *Write) error { return errors.New("mail down") })
	if _, err := s.Create(ctx, m, viewer, Record{"name": "乙"}); err == nil {
		t.Error("a failing after-commit hook was not reported")
	}
	if got := listQ(t, s, m, viewer, "name=乙").Total; got != 1 {
		t.Errorf("write with a failing after hook: %d records, want 1 (committed)", got)
	}
}

// testHookAfterClientGone: a client that hangs up right after its write
// committed (its request's context cancelled) does not cut the write's
// after-commit work short: the next hook still writes.
func testHookAfterClientGone(t *testing.T, s *Store) {
	m := setup(t, s)
	req, hangUp := context.WithCancel(ctx)
	defer hangUp()
	s.AfterCommit(m.Name, OpCreate, func(context.Context, *Write) error { hangUp(); return nil })
	s.AfterCommit(m.Name, OpCreate, func(ctx context.Context, w *Write) error {
		if w.Value("name") != "甲" {
			return nil
		}
		_, err := s.Create(ctx, w.Module, w.Scope, Record{"name": "甲的回执"})
		return err
	})
	if _, err := s.Create(req, m, viewer, Record{"name": "甲"}); err != nil {
		t.Fatalf("create whose client hung up after the commit: %v", err)
	}
	if got := listQ(t, s, m, viewer, "name=甲的回执").Total; got != 1 {
		t.Errorf("the after hook's write: %d records, want 1", got)
	}
}

func testHookBatchRefusal(t *testing.T, s *Store) {
	m := setup(t, s)
	var ids []int64
	for _, n := range []string{"甲", "乙", "丙"} {
		ids = append(ids, mustCreate(t, s, m, viewer, Record{"name": n})["id"].(int64))
	}
	keep := func(name string) HookFunc {
		return func(ctx context.Context, w *Write) error {
			if w.Value("name") == name {
				return Refuse("name", name+"不能删除")
			}
			return nil
		}
	}
	s.BeforeWrite(m.Name, OpDelete, keep("乙"))
	s.BeforeWrite(m.Name, OpCreate, keep("戊"))
	var after atomic.Int32
	s.AfterCommit(m.Name, OpDelete, func(context.Context, *Write) error { after.Add(1); return nil })
	s.AfterCommit(m.Name, OpCreate, func(context.Context, *Write) error { after.Add(1); return nil })

	_, err := s.Delete(ctx, m, viewer, ids)
	wantRefusal(t, err, http.StatusBadRequest, "name")
	if got := listQ(t, s, m, viewer, "").Total; got != 3 {
		t.Errorf("records after a refused batch delete = %d, want 3", got)
	}
	err = s.CreateMany(ctx, m, viewer, []Record{{"name": "丁"}, {"name": "丁二"}, {"name": "戊"}, {"name": "己"}})
	if r := wantRefusal(t, err, http.StatusBadRequest, "name"); r.Row != 3 {
		t.Errorf("refused row = %d, want 3", r.Row)
	}
	if got := listQ(t, s, m, viewer, "").Total; got != 3 {
		t.Errorf("records after a refused import = %d, want 3", got)
	}
	if after.Load() != 0 {
		t.Errorf("after-commit hooks ran %d times on refused batches", after.Load())
	}
	if n, err := s.Delete(ctx, m, viewer, []int64{ids[0], ids[2]}); err != nil || n != 2 {
		t.Fatalf("Delete = %d, %v", n, err)
	}
	if err := s.CreateMany(ctx, m, viewer, []Record{{"name": "丁"}, {"name": "己"}}); err != nil {
		t.Fatal(err)
	}
	if after.Load() != 4 {
		t.Errorf("after-commit hooks ran %d times for 2 deletes and 2 creates, want 4", after.Load())
	}
}

func testHookSetStatus(t *testing.T, s *Store) {
	m := setup(t, s)
	s.BeforeWrite(m.Name, OpCreate, func(_ context.Context, w *Write) error {
		if w.Value("poor") == true {
			return w.SetStatus(2) // passed straight away
		}
		return nil
	})
	s.BeforeWrite(m.Name, OpTransition, func(_ context.Context, w *Write) error {
		if w.Action.Name == "reject" && w.Old["age"] == int64(99) {
			return w.SetStatus(1) // stays in review
		}
		return nil
	})
	s.BeforeWrite(m.Name, OpUpdate, func(_ context.Context, w *Write) error {
		// A record under review cannot be edited, as a workflow would have it.
		if w.Old["auditStatus"] == int64(2) {
			return Conflict("auditStatus", "已通过的记录不能修改")
		}
		if w.SetStatus(3) == nil {
			t.Error("SetStatus succeeded in an update")
		}
		return nil
	})
	passed := mustCreate(t, s, m, viewer, Record{"name": "甲", "poor": true})
	if passed["auditStatus"] != int64(2) {
		t.Errorf("status after create = %v, want 2", passed["auditStatus"])
	}
	_, err := s.Update(ctx, m, viewer, passed["id"].(int64), Record{"age": 1})
	wantRefusal(t, err, http.StatusConflict, "auditStatus")

	r := mustCreate(t, s, m, viewer, Record{"name": "乙", "age": 99})
	if r["auditStatus"] != int64(1) {
		t.Errorf("status after create = %v, want the initial 1", r["auditStatus"])
	}
	out, err := s.Transition(ctx, m, viewer, r["id"].(int64), action(m, "reject"), "再看看")
	if err != nil {
		t.Fatal(err)
	}
	h := out["history"].([]Transition)
	if out["auditStatus"] != int64(1) || len(h) != 1 || h[0].To != 1 {
		t.Errorf("after a hooked reject: status %v, history %+v; want 1 and one entry to 1", out["auditStatus"], h)
	}
}

// testHookRace races 20 creates of one key against a before-create hook
// allowing at most one record per name: exactly one wins on every database,
// because the module's write sequence serialises its writers.
func testHookRace(t *testing.T, s *Store) {
	m := setup(t, s)
	s.BeforeWrite(m.Name, OpCreate, func(ctx context.Context, w *Write) error {
		n, err := w.Tx.Count(ctx, w.Module, entsql.EQ(w.Tx.Column(w.Module, "name"), w.Value("name")))
		if err != nil {
			return err
		}
		if n > 0 {
			return Conflict("name", "该时段已被预约")
		}
		return nil
	})
	var won, refused atomic.Int32
	var wg sync.WaitGroup
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := s.Create(ctx, m, viewer, Record{"name": "周一上午"})
			var r *Refusal
			switch {
			case err == nil:
				won.Add(1)
			case errors.As(err, &r):
				refused.Add(1)
			default:
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if won.Load() != 1 || refused.Load() != 19 {
		t.Errorf("won %d, refused %d; want 1 and 19", won.Load(), refused.Load())
	}
	if got := listQ(t, s, m, viewer, "name=周一上午").Total; got != 1 {
		t.Errorf("records of the key = %d, want 1", got)
	}
}

// testHookStock races creates of two modules that each take one unit of a
// stock record of a third module: the stock row is read with ForUpdate and
// written through the transaction, so exactly the stock's units win.
func testHookStock(t *testing.T, s *Store) {
	a := setup(t, s)
	b, stock := testModule(), testModule()
	b.Name, stock.Name = "otherSubsidy", "stockItem"
	for _, m := range []*schema.Module{b, stock} {
		if err := s.Migrate(ctx, m, false); err != nil {
			t.Fatal(err)
		}
	}
	item := mustCreate(t, s, stock, viewer, Record{"name": "轮椅", "age": 5})
	itemID := item["id"].(int64)
	take := func(ctx context.Context, w *Write) error {
		tx := w.Tx
		sel := tx.SQL().Select(tx.Column(stock, "age")).From(entsql.Table(tx.Table(stock))).
			Where(entsql.And(tx.Live(), entsql.EQ("id", itemID)))
		rows, err := tx.Query(ctx, tx.ForUpdate(sel))
		if err != nil {
			return err
		}
		var left int64
		for rows.Next() {
			if err := rows.Scan(&left); err != nil {
				rows.Close()
				return err
			}
		}
		rows.Close()
		if left < 1 {
			return Conflict("name", "库存不足")
		}
		if _, err = tx.Update(ctx, stock, itemID, Record{"age": left - 1}); err != nil {
			return err
		}
		_, err = tx.Create(ctx, stock, Record{"name": "出库", "remark": w.Value("name")})
		return err
	}
	s.BeforeWrite(a.Name, OpCreate, take)
	s.BeforeWrite(b.Name, OpCreate, take)
	var won, refused atomic.Int32
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m := a
			if i%2 == 1 {
				m = b
			}
			_, err := s.Create(ctx, m, viewer, Record{"name": fmt.Sprint("申领", i)})
			var r *Refusal
			switch {
			case err == nil:
				won.Add(1)
			case errors.As(err, &r):
				refused.Add(1)
			default:
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if won.Load() != 5 || refused.Load() != 15 {
		t.Errorf("won %d, refused %d; want 5 and 15", won.Load(), refused.Load())
	}
	left, err := s.Get(ctx, stock, viewer, itemID)
	if err != nil {
		t.Fatal(err)
	}
	if left["age"] != int64(0) || left["version"] != int64(6) {
		t.Errorf("stock after the race: %v units at version %v, want 0 at 6", left["age"], left["version"])
	}
	if got := listQ(t, s, a, viewer, "").Total + listQ(t, s, b, viewer, "").Total; got != 5 {
		t.Errorf("claims recorded = %d, want 5", got)
	}
	if got := listQ(t, s, stock, viewer, "name=出库").Total; got != 5 {
		t.Errorf("ledger entries written by the hooks = %d, want 5", got)
	}
}

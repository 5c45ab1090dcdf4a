package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/query"
)

func testScope(t *testing.T, s *Store) {
	m := setup(t, s)
	paths := map[int64]string{5: "/1/5/", 6: "/1/5/6/", 7: "/1/7/"}
	s.orgPaths = func(_ context.Context, tenant, org int64) (string, error) {
		if p, ok := paths[org]; ok && tenant == 1 {
			return p, nil
		}
		return "", errors.New("no such organisation")
	}
	admin := Scope{TenantID: 1, UserID: 1, OrgID: 1, OrgPath: "/1/", Mode: ScopeAll}
	town := Scope{TenantID: 1, UserID: 10, OrgID: 5, OrgPath: "/1/5/", Mode: ScopeSubtree}
	village := Scope{TenantID: 1, UserID: 11, OrgID: 6, OrgPath: "/1/5/6/", Mode: ScopeOrg}
	own := Scope{TenantID: 1, UserID: 12, OrgID: 6, OrgPath: "/1/5/6/", Mode: ScopeOwn}
	other := Scope{TenantID: 2, UserID: 20, OrgID: 5, OrgPath: "/1/5/", Mode: ScopeAll}

	a := mustCreate(t, s, m, admin, Record{"name": "a", "orgId": 5})
	mustCreate(t, s, m, admin, Record{"name": "b", "orgId": 6})
	c := mustCreate(t, s, m, admin, Record{"name": "c", "orgId": 7})
	mustCreate(t, s, m, town, Record{"name": "d"})
	mustCreate(t, s, m, own, Record{"name": "e"})
	mustCreate(t, s, m, other, Record{"name": "x"})
	if a["orgId"] != int64(5) || c["orgId"] != int64(7) {
		t.Fatalf("orgId placed %v and %v, want 5 and 7", a["orgId"], c["orgId"])
	}

	tests := []struct {
		name string
		sc   Scope
		want []string
	}{
		{"all of the tenant", admin, []string{"a", "b", "c", "d", "e"}},
		{"subtree", town, []string{"a", "b", "d", "e"}},
		{"own organisation", village, []string{"b", "e"}},
		{"own records", own, []string{"e"}},
		{"other tenant", other, []string{"x"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := listQ(t, s, m, tt.sc, "size=100")
			if got := names(p.Rows); !sameSet(got, tt.want) || p.Total != int64(len(tt.want)) {
				t.Errorf("List = %q (total %d), want %q", got, p.Total, tt.want)
			}
			st, err := s.Stats(ctx, m, tt.sc, nil, "auditStatus", "")
			if err != nil || len(st) != 1 || st[0].Count != int64(len(tt.want)) {
				t.Errorf("Stats = %v, %v; want one bucket of %d", st, err, len(tt.want))
			}
		})
	}

	// Out of scope is not found, for every operation.
	cid := c["id"].(int64)
	if _, err := s.Get(ctx, m, town, cid); !errors.Is(err, ErrNotFound) {
		t.Errorf("Get out of scope: %v, want ErrNotFound", err)
	}
	if _, err := s.Get(ctx, m, other, cid); !errors.Is(err, ErrNotFound) {
		t.Errorf("Get of another tenant: %v, want ErrNotFound", err)
	}
	if _, err := s.Update(ctx, m, town, cid, Record{"name": "cc"}); !errors.Is(err, ErrNotFound) {
		t.Errorf("Update out of scope: %v, want ErrNotFound", err)
	}
	if _, err := s.Transition(ctx, m, town, cid, action(m, "approve"), ""); !errors.Is(err, ErrNotFound) {
		t.Errorf("Transition out of scope: %v, want ErrNotFound", err)
	}
	if _, err := s.History(ctx, m, town, cid); !errors.Is(err, ErrNotFound) {
		t.Errorf("History out of scope: %v, want ErrNotFound", err)
	}
	if _, err := s.Delete(ctx, m, town, []int64{cid}); !errors.Is(err, ErrNotFound) {
		t.Errorf("Delete out of scope: %v, want ErrNotFound", err)
	}
	wantStatus(t, func() error { _, err := s.Get(ctx, m, town, cid); return err }(), 404, "数据不存在或已被删除")

	// Placing a record: inside the subtree yes, outside no.
	in := mustCreate(t, s, m, town, Record{"name": "f", "orgId": 6})
	if in["orgId"] != int64(6) {
		t.Errorf("placed in %v, want 6", in["orgId"])
	}
	_, err := s.Create(ctx, m, town, Record{"name": "g", "orgId": 7})
	wantStatus(t, err, 403, "无权操作该组织的数据")
	if _, err := s.Create(ctx, m, village, Record{"name": "g", "orgId": 5}); !errors.Is(err, ErrOutOfScope) {
		t.Errorf("Create in another org with ScopeOrg: %v, want ErrOutOfScope", err)
	}
	if _, err := s.Update(ctx, m, town, in["id"].(int64), Record{"orgId": 7}); !errors.Is(err, ErrOutOfScope) {
		t.Errorf("moving a record out of the subtree: %v, want ErrOutOfScope", err)
	}
	moved, err := s.Update(ctx, m, admin, in["id"].(int64), Record{"orgId": 7})
	if err != nil || moved["orgId"] != int64(7) {
		t.Fatalf("admin moves record: %v, %v", moved["orgId"], err)
	}
	if _, err := s.Get(ctx, m, town, in["id"].(int64)); !errors.Is(err, ErrNotFound) {
		t.Errorf("moved record still visible in the old subtree: %v", err)
	}
	s.orgPaths = nil
	if _, err := s.Create(ctx, m, admin, Record{"name": "h", "orgId": 6}); !errors.Is(err, ErrOutOfScope) {
		t.Errorf("placing without a resolver: %v, want ErrOutOfScope", err)
	}
}

func testUnique(t *testing.T, s *Store) {
	m := setup(t, s)
	first := mustCreate(t, s, m, viewer, Record{"name": "a", "idCard": "110101199003077777"})
	_, err := s.Create(ctx, m, viewer, Record{"name": "b", "idCard": "110101199003077777"})
	wantStatus(t, err, 409, "身份证号已存在")
	var ue *UniqueError
	if !errors.As(err, &ue) || ue.Field != "idCard" {
		t.Fatalf("error %v, want *UniqueError for idCard", err)
	}
	// Another tenant may hold the same value.
	mustCreate(t, s, m, Scope{TenantID: 2, UserID: 3}, Record{"idCard": "110101199003077777"})
	// Updating another record to the value fails; keeping one's own is fine.
	second := mustCreate(t, s, m, viewer, Record{"name": "b", "idCard": "220"})
	_, err = s.Update(ctx, m, viewer, second["id"].(int64), Record{"idCard": "110101199003077777"})
	wantStatus(t, err, 409, "身份证号已存在")
	if _, err := s.Update(ctx, m, viewer, first["id"].(int64), Record{"idCard": "110101199003077777", "name": "a2"}); err != nil {
		t.Fatalf("update keeping its own unique value: %v", err)
	}
	// Soft-deleted records do not hold their values.
	if _, err := s.Delete(ctx, m, viewer, []int64{first["id"].(int64)}); err != nil {
		t.Fatal(err)
	}
	third := mustCreate(t, s, m, viewer, Record{"name": "c", "idCard": "110101199003077777"})
	// A writer that vouches for its values (UniqueKnown) skips the
	// pre-check, and a duplicate is still refused as the same error.
	_, err = s.CreateManyIDs(UniqueKnown(ctx), m, viewer, []Record{{"name": "d", "idCard": "330"},
		{"name": "e", "idCard": "110101199003077777"}})
	wantStatus(t, err, 409, "身份证号已存在")
	if !errors.As(err, &ue) || ue.Field != "idCard" {
		t.Fatalf("error %v with UniqueKnown, want *UniqueError for idCard", err)
	}
	if n, err := s.CountRows(ctx, s.metaOf(m).table); err != nil || n != 4 {
		t.Fatalf("rows after the refused batch = %d, %v; want 4 (none of the batch)", n, err)
	}

	// Behind the pre-check, the partial unique index guards on SQLite and
	// PostgreSQL; the driver's error is reported as the same UniqueError.
	if s.dialect == dialect.MySQL {
		return
	}
	mt := s.metaOf(m)
	qs, args := entsql.Dialect(s.dialect).Insert(mt.table).Columns(colTenant, colCreatedAt, colUpdatedAt, "id_card").
		Values(1, nowArg(), nowArg(), third["idCard"]).Query()
	_, err = s.DB().Exec(qs, args...)
	if err == nil {
		t.Fatal("duplicate insert behind the store's back succeeded, want the unique index to refuse")
	}
	if !errors.As(s.uniqueViolation(mt, err), &ue) || ue.Field != "idCard" {
		t.Fatalf("uniqueViolation(%v) is not a UniqueError for idCard", err)
	}
}

func testLocking(t *testing.T, s *Store) {
	m := setup(t, s)
	r := mustCreate(t, s, m, viewer, Record{"name": "a", "age": 1})
	id := r["id"].(int64)
	if r["version"] != int64(1) {
		t.Fatalf("new record version %v, want 1", r["version"])
	}
	up, err := s.Update(ctx, m, viewer, id, Record{"name": "b", "version": 1})
	if err != nil || up["version"] != int64(2) || up["name"] != "b" || up["age"] != int64(1) {
		t.Fatalf("Update = %v, %v; want version 2, name b, age kept", up, err)
	}
	_, err = s.Update(ctx, m, viewer, id, Record{"name": "c", "version": 1})
	if !errors.Is(err, ErrStale) {
		t.Fatalf("stale Update: %v, want ErrStale", err)
	}
	wantStatus(t, err, 409, "数据已被他人修改，请刷新后重试")
	if _, err := s.Update(ctx, m, viewer, id+1000, Record{"name": "c", "version": 1}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Update of a missing record: %v, want ErrNotFound", err)
	}
	up, err = s.Update(ctx, m, viewer, id, Record{"age": nil, "auditStatus": 2, "createdBy": 99})
	if err != nil || up["version"] != int64(3) || up["age"] != nil || up["auditStatus"] != int64(1) || up["createdBy"] != int64(10) {
		t.Fatalf("Update without version = %v, %v; want version 3, age cleared, status and creator kept", up, err)
	}
	if up["updatedBy"] != int64(10) {
		t.Errorf("updatedBy = %v, want 10", up["updatedBy"])
	}
}

func testSoftDelete(t *testing.T, s *Store) {
	m := setup(t, s)
	rs := seed(t, s, m, viewer, `{"name": "a"}`, `{"name": "b"}`, `{"name": "c"}`)
	a, b, c := rs[0]["id"].(int64), rs[1]["id"].(int64), rs[2]["id"].(int64)
	n, err := s.Delete(ctx, m, viewer, []int64{a, b})
	if err != nil || n != 2 {
		t.Fatalf("Delete = %d, %v; want 2", n, err)
	}
	if _, err := s.Get(ctx, m, viewer, a); !errors.Is(err, ErrNotFound) {
		t.Errorf("Get deleted: %v, want ErrNotFound", err)
	}
	if p := listQ(t, s, m, viewer, ""); p.Total != 1 || names(p.Rows)[0] != "c" {
		t.Errorf("List after delete = %q (%d), want [c]", names(p.Rows), p.Total)
	}
	if _, err := s.Delete(ctx, m, viewer, []int64{a}); !errors.Is(err, ErrNotFound) {
		t.Errorf("Delete again: %v, want ErrNotFound", err)
	}
	if _, err := s.Update(ctx, m, viewer, a, Record{"name": "z"}); !errors.Is(err, ErrNotFound) {
		t.Errorf("Update deleted: %v, want ErrNotFound", err)
	}
	if n, err := s.Delete(ctx, m, viewer, []int64{c, c + 1000}); err != nil || n != 1 {
		t.Errorf("Delete with a missing id = %d, %v; want 1", n, err)
	}
	var kept int
	if err := s.DB().QueryRow("SELECT COUNT(*) FROM " + s.metaOf(m).table + " WHERE deleted_at IS NOT NULL").Scan(&kept); err != nil || kept != 3 {
		t.Errorf("soft-deleted rows kept = %d, %v; want 3", kept, err)
	}
}

func testConcurrentWrites(t *testing.T, s *Store) {
	m := setup(t, s)
	var wg sync.WaitGroup
	errs := make(chan error, 200)
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 15 {
				if _, err := s.Create(ctx, m, viewer, Record{"name": fmt.Sprintf("w%d-%d", w, i)}); err != nil {
					errs <- err
				}
				if _, err := s.List(ctx, m, viewer, &query.Query{Size: 10}); err != nil {
					errs <- err
				}
			}
		}()
	}
	// Racing creates of one unique value: exactly one wins.
	var won sync.Map
	for w := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := s.Create(ctx, m, viewer, Record{"idCard": "999"}); err == nil {
				won.Store(w, true)
			} else if !errors.As(err, new(*UniqueError)) {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if p := listQ(t, s, m, viewer, "name.contains=w"); p.Total != 120 {
		t.Errorf("total after concurrent creates = %d, want 120", p.Total)
	}
	if p := listQ(t, s, m, viewer, "idCard=999"); p.Total != 1 {
		t.Errorf("records holding the raced unique value = %d, want 1", p.Total)
	}
}

// testConcurrentLists starts more lists of distinct shapes at once than the
// read pool has connections, on an instance that has prepared none of them
// (a statement must never be prepared while a transaction holds a
// connection: the pool would deadlock).
func testConcurrentLists(t *testing.T, s *Store) {
	m := setup(t, s)
	fresh := sibling(s)
	start := make(chan struct{})
	errs := make(chan error, 64)
	var wg sync.WaitGroup
	for i := range 48 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			q := &query.Query{Size: 10, Sort: []query.Sort{{Field: []string{"name", "age", "applyDate", "visitedAt"}[i%4], Desc: i%2 == 0}},
				Filters: []query.Filter{{Field: []string{"kind", "age", "villager"}[i%3], Op: query.In, Values: []any{int64(1)}}}}
			if _, err := fresh.List(ctx, m, viewer, q); err != nil {
				errs <- err
			}
		}()
	}
	close(start)
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("concurrent lists did not finish: the read pool is deadlocked")
	}
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

package store

import (
	"fmt"
	"slices"
	"testing"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/query"
)

// TestKeptStatementsAsBuilt: the statements kept by shape (a get by id,
// FieldValues' id list) are, for every scope mode, path, tenant, id and id
// count, on each dialect, exactly the text and arguments the builder makes
// for that call — the second and later calls of a shape included, where the
// kept text is reused with the call's own ids.
func TestKeptStatementsAsBuilt(t *testing.T) {
	scopes := []Scope{
		{TenantID: 1, Mode: ScopeAll},
		{TenantID: 2, Mode: ScopeAll},
		{TenantID: 1, Mode: ScopeSubtree, OrgID: 5, OrgPath: "/1/5/"},
		{TenantID: 1, Mode: ScopeSubtree, OrgID: 51, OrgPath: "/1/5/51/"},
		{TenantID: 1, Mode: ScopeSubtree, OrgID: 51, OrgPath: "/1/5/51/", Up: true},
		{TenantID: 1, Mode: ScopeSubtree, OrgID: 7},
		{TenantID: 1, Mode: ScopeOrg, OrgID: 5, OrgPath: "/1/5/"},
		{TenantID: 1, Mode: ScopeOrg, OrgID: 5, OrgPath: "/1/5/", Up: true},
		{TenantID: 1, Mode: ScopeOwn, UserID: 9, OrgPath: "/1/5/"},
		{TenantID: 3, Mode: ScopeOwn, UserID: 10},
	}
	for _, d := range []string{dialect.SQLite, dialect.Postgres, dialect.MySQL} {
		t.Run(d, func(t *testing.T) {
			s := &Store{dialect: d, grams: &gramSet{}}
			mt := s.metaOf(testModule())
			c := mt.byAPI["name"]
			for round := range 3 { // the first round builds and keeps, the later ones reuse
				for si, sc := range scopes {
					id := int64(100*round + si + 1)
					qs, args := s.getSQL(mt, sc, id, nil)
					wqs, wargs := s.selectRecords(mt).Where(entsql.And(append(s.scopeWhere(sc), entsql.EQ(colID, id))...)).Query()
					if qs != wqs || fmt.Sprint(args) != fmt.Sprint(wargs) {
						t.Fatalf("get, round %d, scope %+v:\n got %s %v\nwant %s %v", round, sc, qs, args, wqs, wargs)
					}
					for n := 1; n <= 4; n++ {
						ids := make([]any, n)
						for i := range ids {
							ids[i] = id*10 + int64(i)
						}
						qs, args, err := s.fieldValuesSQL(mt, sc, c, slices.Clone(ids))
						if err != nil {
							t.Fatal(err)
						}
						where, err := s.whereFor(mt, sc, []query.Filter{{Field: "id", Op: query.In, Values: ids}}, d != dialect.SQLite)
						if err != nil {
							t.Fatal(err)
						}
						wqs, wargs := entsql.Dialect(d).Select(colID, c.name).From(entsql.Table(mt.table)).Where(where).Query()
						if qs != wqs || fmt.Sprint(args) != fmt.Sprint(wargs) {
							t.Fatalf("values of %d ids, round %d, scope %+v:\n got %s %v\nwant %s %v", n, round, sc, qs, args, wqs, wargs)
						}
					}
				}
			}
			// Lists without filters, by scope, order and page.
			queries := []*query.Query{nil, {Size: 10}, {Page: 3, Size: 20, Sort: []query.Sort{{Field: "age", Desc: true}}},
				{Page: 3, Size: 20, Sort: []query.Sort{{Field: "age"}}}, {Page: 2, Size: 20, Sort: []query.Sort{{Field: "age", Desc: true}}},
				{Size: 20, Sort: []query.Sort{{Field: "applyDate"}, {Field: "name", Desc: true}}}, {Size: 0},
				{Page: 3, Size: 50, Sort: []query.Sort{{Field: "age", Desc: true}}}}
			for round := range 2 {
				for _, sc := range scopes {
					for qi, q := range queries {
						got, err := s.listStatementsFor(mt, sc, q)
						if err != nil {
							t.Fatal(err)
						}
						want, _ := s.listSQL(mt, sc, q)
						if fmt.Sprintf("%+v", *got) != fmt.Sprintf("%+v", *want) {
							t.Fatalf("list %d, round %d, scope %+v:\n got %+v\nwant %+v", qi, round, sc, *got, *want)
						}
					}
				}
			}
			// A list with a filter is never kept (its statements depend on the
			// values and the gram index).
			fq := &query.Query{Size: 10, Filters: []query.Filter{{Field: "name", Op: query.Contains, Values: []any{"张伟"}}}}
			a, _ := s.listStatementsFor(mt, scopes[0], fq)
			b, _ := s.listStatementsFor(mt, scopes[0], fq)
			if a == b {
				t.Error("a filtered list's statements were kept")
			}
			mt.sqls.mu.RLock()
			kept := len(mt.sqls.m)
			lists := len(mt.sqls.lists)
			mt.sqls.mu.RUnlock()
			if want := len(scopes) * 5; kept != want {
				t.Errorf("%d statements kept, want %d (one get and four id counts per scope)", kept, want)
			}
			if want := len(scopes) * (len(queries) - 1); lists != want { // a nil query is built each time
				t.Errorf("%d lists kept, want %d", lists, want)
			}
		})
	}
}

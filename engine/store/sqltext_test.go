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
					qs, args := s.getSQL(mt, sc, id)
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
			mt.sqls.mu.RLock()
			kept := len(mt.sqls.m)
			mt.sqls.mu.RUnlock()
			if want := len(scopes) * 5; kept != want {
				t.Errorf("%d statements kept, want %d (one get and four id counts per scope)", kept, want)
			}
		})
	}
}

package store

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	"github.com/google/go-cmp/cmp"

	"xiangzhi/engine/query"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// TestListSQL pins the statements a list builds on each dialect.
func TestListSQL(t *testing.T) {
	day := time.Date(2024, 3, 1, 0, 0, 0, 0, time.Local)
	tests := []struct {
		name string
		sc   Scope
		q    query.Query
	}{
		{"default order", Scope{TenantID: 1}, query.Query{Size: 10}},
		{"sort and page", Scope{TenantID: 1, Mode: ScopeSubtree, OrgPath: "/1/5/", OrgID: 5},
			query.Query{Page: 2, Size: 20, Sort: []query.Sort{{Field: "age", Desc: true}}}},
		{"sort asc two keys", Scope{TenantID: 1, Mode: ScopeOrg, OrgID: 5},
			query.Query{Size: 10, Sort: []query.Sort{{Field: "applyDate"}, {Field: "name"}}}},
		{"own scope sort by id", Scope{TenantID: 1, Mode: ScopeOwn, UserID: 9},
			query.Query{Size: 10, Sort: []query.Sort{{Field: "id"}}}},
		{"every operator", Scope{TenantID: 1}, query.Query{Size: 10, Filters: []query.Filter{
			{Field: "idCard", Op: query.Equals, Values: []any{"110"}},
			{Field: "idCard", Op: query.NotEquals, Values: []any{"111"}},
			{Field: "name", Op: query.Contains, Values: []any{"5%_\\x"}},
			{Field: "name", Op: query.DoesNotContain, Values: []any{"王"}},
			{Field: "kind", Op: query.In, Values: []any{int64(1), int64(2)}},
			{Field: "kind", Op: query.NotIn, Values: []any{int64(3)}},
			{Field: "age", Op: query.GreaterThan, Values: []any{int64(18)}},
			{Field: "age", Op: query.LessThanOrEqual, Values: []any{int64(60)}},
			{Field: "amount", Op: query.GreaterThanOrEqual, Values: []any{1.5}},
			{Field: "applyDate", Op: query.LessThan, Values: []any{day}},
			{Field: "visitedAt", Op: query.GreaterThan, Values: []any{day}},
			{Field: "poor", Op: query.Equals, Values: []any{true}},
			{Field: "remark", Op: query.Specified, Values: []any{false}},
			{Field: "proofs", Op: query.Specified, Values: []any{true}},
			{Field: "villager", Op: query.Specified, Values: []any{true}},
			{Field: "tags", Op: query.In, Values: []any{"a_1", "b"}},
			{Field: "helpers", Op: query.NotEquals, Values: []any{int64(7)}},
			{Field: "auditStatus", Op: query.Equals, Values: []any{int64(1)}},
		}}},
		{"contains through the gram index", Scope{TenantID: 1}, query.Query{Size: 10, Filters: []query.Filter{
			{Field: "name", Op: query.Contains, Values: []any{"张伟"}},
			{Field: "mobile", Op: query.Contains, Values: []any{"13800"}},
			{Field: "remark", Op: query.Contains, Values: []any{"备注"}},
		}}},
	}
	for _, d := range []string{dialect.SQLite, dialect.Postgres, dialect.MySQL} {
		t.Run(d, func(t *testing.T) {
			s := &Store{dialect: d, grams: &gramSet{}}
			mt := s.metaOf(testModule())
			s.grams.set(mt.table, "name", true)
			s.grams.set(mt.table, "mobile", true)
			var b strings.Builder
			for _, tt := range tests {
				st, err := s.listSQL(mt, tt.sc, &tt.q)
				if err != nil {
					t.Fatalf("%s: %v", tt.name, err)
				}
				fmt.Fprintf(&b, "-- %s\n%s\n%v\n%s\n%v\n", tt.name, st.count, st.countArgs, st.page, st.pageArgs)
				if st.pageFew != "" {
					fmt.Fprintf(&b, "few: %s\n%v\n", st.pageFew, st.pageFewArgs)
				}
				b.WriteString("\n")
			}
			golden(t, filepath.Join("testdata", "list_"+d+".golden"), b.String())
		})
	}
}

// TestListSQLErrors checks that names outside the module never reach SQL.
func TestListSQLErrors(t *testing.T) {
	s := &Store{dialect: dialect.SQLite, grams: &gramSet{}}
	mt := s.metaOf(testModule())
	tests := []struct {
		name string
		q    query.Query
	}{
		{"unknown filter field", query.Query{Filters: []query.Filter{{Field: "password", Op: query.Equals, Values: []any{"x"}}}}},
		{"column name as filter", query.Query{Filters: []query.Filter{{Field: "tenant_id", Op: query.Equals, Values: []any{int64(2)}}}}},
		{"unknown sort", query.Query{Sort: []query.Sort{{Field: "deleted_at"}}}},
		{"contains on a number", query.Query{Filters: []query.Filter{{Field: "age", Op: query.Contains, Values: []any{"1"}}}}},
		{"no values", query.Query{Filters: []query.Filter{{Field: "age", Op: query.Equals}}}},
		{"unknown operator", query.Query{Filters: []query.Filter{{Field: "age", Op: "like", Values: []any{int64(1)}}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := s.listSQL(mt, Scope{TenantID: 1}, &tt.q)
			var ie *InputError
			if !asError(err, &ie) || ie.HTTPStatus() != 400 {
				t.Fatalf("listSQL error = %v, want *InputError (400)", err)
			}
		})
	}
}

// golden compares got with a golden file, rewriting it under -update.
func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden file (run with -update to create): %v", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
	}
}

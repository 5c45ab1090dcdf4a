package store

import (
	"fmt"
	"maps"
	"strings"
	"testing"

	"entgo.io/ent/dialect"

	"xiangzhi/engine/query"
)

// testStatsIndex checks the statistics index (docs/store.md § Statistics
// index): the module's counted fields get one, after the organisation
// path, and the statistics of a subtree read it alone — on SQLite the
// planner chooses it without ANALYZE, on PostgreSQL it answers them with
// an index-only scan. A module with nothing counted has none.
func testStatsIndex(t *testing.T, s *Store) {
	m := setup(t, s)
	mt := s.metaOf(m)
	name := statsIndexName(mt)
	for _, r := range []Record{
		{"name": "a", "orgId": 5, "kind": 1, "amount": 10, "applyDate": "2026-03-02"},
		{"name": "b", "orgId": 5, "kind": 2, "amount": 20, "applyDate": "2026-04-02"},
	} {
		mustCreate(t, s, m, viewer, r)
	}
	if !s.hasIndex(t, mt.table, name) {
		t.Fatalf("no statistics index %s", name)
	}
	plain := testModule()
	plain.Name, plain.API, plain.Table, plain.Counted = "plainStats", "/plainStats", "mod_plain_stats", nil
	if err := s.Migrate(ctx, plain, false); err != nil {
		t.Fatal(err)
	}
	if pt := s.metaOf(plain); s.hasIndex(t, pt.table, statsIndexName(pt)) {
		t.Fatalf("a module with nothing counted has a statistics index")
	}
	if s.dialect == dialect.Postgres {
		// What autovacuum does to a table in use: without a visibility map
		// an index-only scan saves nothing over reading the rows.
		if _, err := s.db.ExecContext(ctx, "VACUUM ANALYZE "+mt.table); err != nil {
			t.Fatal(err)
		}
	}
	county := Scope{TenantID: 1, OrgID: 1, OrgPath: "/1/", Mode: ScopeSubtree}
	for _, spec := range []StatsSpec{
		{By: "orgId", Level: 3, Then: "auditStatus"},
		{By: "applyDate", Bucket: "month"},
		{By: "kind", Measure: "sum", Of: "amount"},
		{By: "kind", Under: "/1/5/"},
		{By: "createdAt", Bucket: "month"}, // the workbench's sparkline of every register
	} {
		st, err := s.statsSQL(mt, county, nil, &spec)
		if err != nil {
			t.Fatal(err)
		}
		// The statements that run: every organisation's rows, and after a
		// write the rows of one (orgseq.go).
		for _, paths := range [][]string{nil, {"/1/5/6/"}} {
			qs, args := st.build(paths)
			checkStatsPlan(t, s, name, spec, qs, args)
		}
	}
}

// checkStatsPlan checks that a statistic's statement reads the statistics
// index alone.
func checkStatsPlan(t *testing.T, s *Store, name string, spec StatsSpec, qs string, args []any) {
	t.Helper()
	var plan []string
	switch s.dialect {
	case dialect.SQLite:
		plan = s.explain(t, "EXPLAIN QUERY PLAN "+qs, args, 3)
		if !strings.Contains(strings.Join(plan, "\n"), "USING COVERING INDEX "+name+" ") {
			t.Errorf("%+v: plan of %s %q, want a covering read of %s", spec, qs, plan, name)
		}
	case dialect.Postgres:
		// Two rows would be read whole; with sequential scans off the
		// plan shows whether the index alone can answer. Sorts are off
		// too: org_path grouped needs one whatever the index (the
		// statistics index's pattern order is not the collation's), and
		// on two rows the planner may then take the tenant's index and a
		// sort, where on a real table it hashes the statistics index's
		// rows (checked on 20,000).
		tx, err := s.db.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, off := range []string{"enable_seqscan", "enable_sort"} {
			if _, err := tx.ExecContext(ctx, "SET LOCAL "+off+" = off"); err != nil {
				t.Fatal(err)
			}
		}
		rows, err := tx.QueryContext(ctx, "EXPLAIN "+qs, args...)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var line string
			if err := rows.Scan(&line); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, line)
		}
		rows.Close()
		tx.Rollback()
		if !strings.Contains(strings.Join(plan, "\n"), "Index Only Scan using "+name+" ") {
			t.Errorf("%+v: plan of %s %q, want an index-only scan of %s", spec, qs, plan, name)
		}
	}
}

// testStatsIndexMultiple checks a multiple choice the dashboards filter a
// module by (the county screen's 留守儿童 among the villagers' tags): on
// SQLite it joins the statistics index, so a count with that criterion
// reads the index alone, and on every database the counts stay those of
// the rows.
func testStatsIndexMultiple(t *testing.T, s *Store) {
	m := testModule()
	m.Name, m.API, m.Table = "taggedStats", "/taggedStats", "mod_tagged_stats"
	m.Counted = append(m.Counted, "tags")
	if err := s.Migrate(ctx, m, false); err != nil {
		t.Fatal(err)
	}
	mt := s.metaOf(m)
	for _, r := range []Record{
		{"name": "a", "orgId": 5, "kind": 1, "tags": []any{"a_1"}},
		{"name": "b", "orgId": 5, "kind": 1, "tags": []any{"b", "a_1", "c"}},
		{"name": "c", "orgId": 5, "kind": 2, "tags": []any{"b"}},
		{"name": "d", "orgId": 5, "kind": 2},
		{"name": "e", "orgId": 5, "kind": 1, "tags": []any{"c", "a_1"}},
	} {
		mustCreate(t, s, m, viewer, r)
	}
	county := Scope{TenantID: 1, OrgID: 1, OrgPath: "/1/", Mode: ScopeSubtree}
	tagged := func(tag string) *query.Query {
		return &query.Query{Filters: []query.Filter{{Field: "tags", Op: query.Equals, Values: []any{tag}}}}
	}
	if s.dialect == dialect.SQLite {
		st, err := s.statsSQL(mt, county, tagged("a_1"), &StatsSpec{By: "kind"})
		if err != nil {
			t.Fatal(err)
		}
		for _, paths := range [][]string{nil, {"/1/5/"}} {
			qs, args := st.build(paths)
			plan := s.explain(t, "EXPLAIN QUERY PLAN "+qs, args, 3)
			if name := statsIndexName(mt); !strings.Contains(strings.Join(plan, "\n"), "USING COVERING INDEX "+name+" ") {
				t.Errorf("count by a tag: plan %q, want a covering read of %s", plan, name)
			}
		}
	}
	for _, tc := range []struct {
		tag  string
		want map[any]int64
	}{
		{"a_1", map[any]int64{int64(1): 3}},
		{"b", map[any]int64{int64(1): 1, int64(2): 1}},
		{"c", map[any]int64{int64(1): 2}},
	} {
		got, err := s.Statistics(ctx, m, county, tagged(tc.tag), StatsSpec{By: "kind"})
		if err != nil {
			t.Fatal(err)
		}
		counts := map[any]int64{}
		for _, b := range got {
			counts[fmt.Sprint(b.Key)] += b.Count
		}
		want := map[any]int64{}
		for k, v := range tc.want {
			want[fmt.Sprint(k)] = v
		}
		if !maps.Equal(counts, want) {
			t.Errorf("kinds of the rows tagged %s: %v, want %v", tc.tag, counts, want)
		}
	}
}

// hasIndex reports whether the table has the index, from the database's
// own catalogue.
func (s *Store) hasIndex(t *testing.T, table, index string) bool {
	t.Helper()
	var q string
	switch s.dialect {
	case dialect.SQLite:
		q = "SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name = ?"
	case dialect.Postgres:
		q = "SELECT COUNT(*) FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1 AND indexname = $2"
	default:
		q = "SELECT COUNT(DISTINCT index_name) FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = ? AND index_name = ?"
	}
	var n int
	if err := s.db.QueryRowContext(ctx, q, table, index).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n == 1
}

// explain answers the detail column (at col) of a plan's rows.
func (s *Store) explain(t *testing.T, q string, args []any, col int) []string {
	t.Helper()
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var out []string
	for rows.Next() {
		raw := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range raw {
			ptrs[i] = &raw[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		out = append(out, strings.TrimSpace(toString(raw[col])))
	}
	return out
}

func toString(v any) string {
	switch x := v.(type) {
	case []byte:
		return string(x)
	case string:
		return x
	}
	return ""
}

// testStatsByFilters checks StatsSpec.ByFilters: a statistic of a subtree
// with a selective equality outside the statistics index reads that
// field's own index on SQLite (not the subtree's range of the statistics
// index, row by row), and answers what the statistic without it does on
// every database.
func testStatsByFilters(t *testing.T, s *Store) {
	m := setup(t, s)
	mt := s.metaOf(m)
	for i := range 12 {
		mustCreate(t, s, m, viewer, Record{"name": fmt.Sprint("r", i), "orgId": 5, "kind": 1 + i%2, "amount": 10 * i, "villager": 7 + i%3})
	}
	county := Scope{TenantID: 1, OrgID: 1, OrgPath: "/1/", Mode: ScopeSubtree}
	one := &query.Query{Filters: []query.Filter{{Field: "villager", Op: query.Equals, Values: []any{int64(8)}}}}
	spec := StatsSpec{By: "kind", Measure: MeasureMax, Of: "amount"}
	if s.dialect == dialect.SQLite {
		through := spec
		through.ByFilters = true
		st, err := s.statsSQL(mt, county, one, &through)
		if err != nil {
			t.Fatal(err)
		}
		for _, paths := range [][]string{nil, {"/1/5/"}} {
			qs, args := st.build(paths)
			plan := strings.Join(s.explain(t, "EXPLAIN QUERY PLAN "+qs, args, 3), "\n")
			if want := "INDEX " + ident("ix_"+mt.table+"_villager") + " "; !strings.Contains(plan, want) {
				t.Errorf("ByFilters: plan of %s %q, want a read of %s", qs, plan, want)
			}
		}
	}
	plain, err := s.Statistics(ctx, m, county, one, spec)
	if err != nil {
		t.Fatal(err)
	}
	spec.ByFilters = true
	through, err := s.Statistics(ctx, m, county, one, spec)
	if err != nil {
		t.Fatal(err)
	}
	// villager 8: rows 1, 4, 7, 10 — kinds 2, 1, 2, 1; the largest amounts 70 (kind 2) and 100 (kind 1)
	want := "1:2:100 2:2:70"
	for _, got := range [][]Bucket{plain, through} {
		var parts []string
		for _, b := range got {
			parts = append(parts, fmt.Sprintf("%v:%d:%v", b.Key, b.Count, *b.Value))
		}
		if strings.Join(parts, " ") != want {
			t.Errorf("kinds of villager 8's rows: %v, want %s", parts, want)
		}
	}
}

package store

import (
	"strings"
	"testing"

	"entgo.io/ent/dialect"
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
	} {
		st, err := s.statsSQL(mt, county, nil, &spec)
		if err != nil {
			t.Fatal(err)
		}
		var plan []string
		switch s.dialect {
		case dialect.SQLite:
			plan = s.explain(t, "EXPLAIN QUERY PLAN "+st.sql, st.args, 3)
			if !strings.Contains(strings.Join(plan, "\n"), "USING COVERING INDEX "+name+" ") {
				t.Errorf("%+v: plan %q, want a covering read of %s", spec, plan, name)
			}
		case dialect.Postgres:
			// Two rows would be read whole; with sequential scans off the
			// plan shows whether the index alone can answer.
			tx, err := s.db.BeginTx(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := tx.ExecContext(ctx, "SET LOCAL enable_seqscan = off"); err != nil {
				t.Fatal(err)
			}
			rows, err := tx.QueryContext(ctx, "EXPLAIN "+st.sql, st.args...)
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
				t.Errorf("%+v: plan %q, want an index-only scan of %s", spec, plan, name)
			}
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
		q = "SELECT COUNT(*) FROM pg_indexes WHERE tablename = $1 AND indexname = $2"
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

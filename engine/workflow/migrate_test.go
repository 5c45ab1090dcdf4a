package workflow

import (
	"context"
	"os"
	"slices"
	"testing"

	entsql "entgo.io/ent/dialect/sql"
	entschema "entgo.io/ent/dialect/sql/schema"

	"xiangzhi/engine/apitest"
	"xiangzhi/engine/store"
)

// TestOlderTaskTableMigrates: a task table of the first release (without
// kind, parent, delegation, acting-for and deadline columns) gains them,
// its rows reading as plain planned tasks.
func TestOlderTaskTableMigrates(t *testing.T) {
	dbs := map[string]func(*testing.T) string{"sqlite": apitest.SQLiteURL}
	if os.Getenv("XZ_TEST_POSTGRES") != "" {
		dbs["postgres"] = apitest.PostgresURL
	}
	if os.Getenv("XZ_TEST_MYSQL") != "" {
		dbs["mysql"] = apitest.MySQLURL
	}
	for name, url := range dbs {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			st, err := store.Open(ctx, url(t), t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			old := taskTable()
			added := []string{"kind", "parent_id", "delegate_of", "acting_for", "due_at", "timed_out_at", "group_of"}
			old.Columns = slices.DeleteFunc(old.Columns, func(c *entschema.Column) bool { return slices.Contains(added, c.Name) })
			old.Indexes = old.Indexes[:2]
			if err := st.MigrateTables(ctx, old); err != nil {
				t.Fatal(err)
			}
			e := New(Options{Store: st})
			qs, args := e.sqlb().Insert(TaskTable).Columns("tenant_id", "instance_id", "module", "record_id", "title",
				"applicant_id", "applicant_name", "batch", "stage", "lane", "step_idx", "step", "step_title",
				"assignee_id", "seq", "state", "auto", "created_at").Values(1, 1, "m", 1, "x", 1, "a", 1, 0, 0, 0, "s",
				"S", 7, 0, TaskOpen, false, "2026-01-05 09:00:00").Query()
			if _, err := st.DB().ExecContext(ctx, qs, args...); err != nil {
				t.Fatal(err)
			}
			if err := e.Migrate(ctx); err != nil {
				t.Fatalf("migrate an older task table: %v", err)
			}
			ts, err := readTasks(ctx, st.DB(), e.sqlb().Select(taskCols...).From(entsql.Table(TaskTable)))
			if err != nil || len(ts) != 1 {
				t.Fatalf("tasks %v, %v", ts, err)
			}
			if tk := ts[0]; tk.Kind != KindPlan || tk.ParentID != 0 || tk.ActingFor != 0 || tk.DueAt != "" || tk.AssigneeID != 7 {
				t.Fatalf("old task reads %+v", tk)
			}
		})
	}
}

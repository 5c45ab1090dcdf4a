package workbench

// Screen visits: the console reports each opening of a module's screen
// (POST /api/workbench/visits {module}); a counter per tenant, user and
// module feeds 常用功能 with the reads the operation log does not see.
// Bounded: one row per user and module the user may list (the report of a
// module the user cannot list is refused), so a user has at most as many
// rows as there are modules.

import (
	"context"
	"fmt"
	"time"

	"entgo.io/ent/dialect"
	entschema "entgo.io/ent/dialect/sql/schema"
	"entgo.io/ent/schema/field"
	"github.com/labstack/echo/v4"

	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/store"
)

// VisitTable holds the screen visit counters.
const VisitTable = "xz_screen_visit"

// visitTable is the counters' table: (tenant, user, module) unique.
func visitTable() *entschema.Table {
	t := entschema.NewTable(VisitTable)
	t.AddPrimary(&entschema.Column{Name: "id", Type: field.TypeInt64, Increment: true})
	tenant := &entschema.Column{Name: "tenant_id", Type: field.TypeInt64}
	user := &entschema.Column{Name: "user_id", Type: field.TypeInt64}
	module := &entschema.Column{Name: "module", Type: field.TypeString, Size: 60}
	dateTime := map[string]string{dialect.Postgres: "timestamp", dialect.MySQL: "datetime", dialect.SQLite: "datetime"}
	for _, c := range []*entschema.Column{tenant, user, module,
		{Name: "visits", Type: field.TypeInt64},
		{Name: "last_at", Type: field.TypeTime, SchemaType: dateTime}} {
		t.AddColumn(c)
	}
	t.Indexes = append(t.Indexes, &entschema.Index{Name: "ux_" + VisitTable, Unique: true,
		Columns: []*entschema.Column{tenant, user, module}})
	return t
}

// visit answers POST /api/workbench/visits: one more opening of a module's
// screen by the signed-in user, who must be allowed to list it.
func (s *Service) visit(c echo.Context) error {
	body, err := httpx.BindFields(c, 1<<10, "module")
	if err != nil {
		return err
	}
	name, _ := body["module"].(string)
	m := s.app.Modules().Module(name)
	if m == nil {
		return httpx.BadRequest(fmt.Sprintf(msg.WorkbenchUnknownModule, name))
	}
	viewer, err := s.app.Authorize(c, m.Code("list"))
	if err != nil {
		return err
	}
	if err := s.countVisit(c.Request().Context(), viewer, m.Name, time.Now()); err != nil {
		return err
	}
	return httpx.OK(c, nil)
}

// countVisit adds one visit of module by the viewer, in one statement.
func (s *Service) countVisit(ctx context.Context, viewer store.Scope, module string, at time.Time) error {
	st := s.app.Store()
	var q string
	switch st.Dialect() {
	case dialect.MySQL:
		q = "INSERT INTO " + VisitTable + " (tenant_id, user_id, module, visits, last_at) VALUES (?, ?, ?, 1, ?) " +
			"ON DUPLICATE KEY UPDATE visits = visits + 1, last_at = VALUES(last_at)"
	case dialect.Postgres:
		q = "INSERT INTO " + VisitTable + " (tenant_id, user_id, module, visits, last_at) VALUES ($1, $2, $3, 1, $4) " +
			"ON CONFLICT (tenant_id, user_id, module) DO UPDATE SET visits = " + VisitTable + ".visits + 1, last_at = EXCLUDED.last_at"
	default:
		q = "INSERT INTO " + VisitTable + " (tenant_id, user_id, module, visits, last_at) VALUES (?, ?, ?, 1, ?) " +
			"ON CONFLICT (tenant_id, user_id, module) DO UPDATE SET visits = visits + 1, last_at = excluded.last_at"
	}
	if _, err := st.DB().ExecContext(ctx, q, viewer.TenantID, viewer.UserID, module, at.UTC()); err != nil {
		return fmt.Errorf("count visit of %s: %w", module, err)
	}
	return nil
}

// visits are the user's screen visits per module, of modules opened in
// the last frequentSince.
func (s *Service) visits(ctx context.Context, viewer store.Scope) (map[string]int, error) {
	st := s.app.Store()
	q := "SELECT module, visits FROM " + VisitTable + " WHERE tenant_id = ? AND user_id = ? AND last_at >= ?"
	if st.Dialect() == dialect.Postgres {
		q = "SELECT module, visits FROM " + VisitTable + " WHERE tenant_id = $1 AND user_id = $2 AND last_at >= $3"
	}
	rows, err := st.ReadRows(ctx, q, viewer.TenantID, viewer.UserID, time.Now().Add(-frequentSince).UTC())
	if err != nil {
		return nil, fmt.Errorf("workbench visits: %w", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var m string
		var n int64
		if err := rows.Scan(&m, &n); err != nil {
			return nil, fmt.Errorf("workbench visits: %w", err)
		}
		out[m] = int(n)
	}
	return out, rows.Err()
}

package workbench

// Screen visits: the console reports each opening of a screen (POST
// /api/workbench/visits {module} for a module's, {route} for any other
// menu's); a counter per tenant, user and module or route feeds 常用功能
// with the reads the operation log does not see. Bounded: one row per user
// and module the user may list or menu route the user's roles hold (any
// other report is refused), so a user has at most as many rows as there
// are modules and menus.

import (
	"context"
	"fmt"
	"strings"
	"time"

	"entgo.io/ent/dialect"
	entschema "entgo.io/ent/dialect/sql/schema"
	"entgo.io/ent/schema/field"
	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/store"
	"xiangzhi/generated/ent/menu"
	"xiangzhi/generated/ent/role"
	"xiangzhi/generated/ent/rolemenu"
	"xiangzhi/generated/ent/user"
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

// visit answers POST /api/workbench/visits: one more opening of a screen
// by the signed-in user — {module} for a module's screen, which the user
// must be allowed to list, or {route} for any other screen (a workflow,
// system or designer page, a large screen), which must be a web menu the
// user's roles hold: its counter is keyed by the route, and its title is
// the menu's (the console sends none).
func (s *Service) visit(c echo.Context) error {
	body, err := httpx.BindFields(c, 1<<10, "module", "route")
	if err != nil {
		return err
	}
	name, _ := body["module"].(string)
	route, _ := body["route"].(string)
	if name == "" && route != "" {
		ctx := c.Request().Context()
		v := auth.ViewerFrom(ctx)
		if v == nil { // the route is for signed-in users: a wiring bug
			return fmt.Errorf("workbench: a visit without a viewer")
		}
		held, err := s.menuTitles(ctx, v)
		if err != nil {
			return err
		}
		if _, ok := held[route]; !ok || len(route) > maxVisitKey {
			return httpx.BadRequest(fmt.Sprintf(msg.WorkbenchUnknownRoute, route))
		}
		if err := s.countVisit(ctx, engine.ScopeOf(c), route, time.Now()); err != nil {
			return err
		}
		return httpx.OK(c, nil)
	}
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

// maxVisitKey is the size of the counters' module column: a module name,
// or a screen's route (which starts with "/", as no module name does).
const maxVisitKey = 60

// menuTitles are the routes of the web menus the viewer's roles hold
// (every web menu for a super administrator), normalised as the console
// does (a leading slash, no trailing one), with their titles.
func (s *Service) menuTitles(ctx context.Context, v *auth.Viewer) (map[string]string, error) {
	q := s.ent.Menu.Query().Where(menu.TerminalEQ(menu.TerminalWeb), menu.TypeNEQ(menu.TypeButton))
	if !v.SuperAdmin() {
		roles, err := s.ent.Role.Query().
			Where(role.TenantID(v.TenantID), role.HasUsersWith(user.ID(v.UserID))).IDs(ctx)
		if err != nil {
			return nil, fmt.Errorf("workbench: roles of user %d: %w", v.UserID, err)
		}
		q = q.Where(menu.HasRoleMenusWith(rolemenu.RoleIDIn(roles...), rolemenu.TerminalEQ(rolemenu.TerminalWeb)))
	}
	ms, err := q.All(ctx)
	if err != nil {
		return nil, fmt.Errorf("workbench: menus of user %d: %w", v.UserID, err)
	}
	out := map[string]string{}
	for _, m := range ms {
		if r := menuRoute(m.URL); r != "" {
			if _, dup := out[r]; !dup {
				out[r] = m.Title
			}
		}
	}
	return out, nil
}

// menuRoute is a menu URL as the console routes it, or "" for an
// external address or none.
func menuRoute(url string) string {
	url = strings.TrimSpace(url)
	if url == "" || strings.HasPrefix(strings.ToLower(url), "http://") || strings.HasPrefix(strings.ToLower(url), "https://") {
		return ""
	}
	if !strings.HasPrefix(url, "/") {
		url = "/" + url
	}
	if t := strings.TrimRight(url, "/"); t != "" {
		url = t
	}
	return url
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

package engine

import (
	"context"
	"net/http"

	"xiangzhi/engine/auth"
	"xiangzhi/engine/crud"
	"xiangzhi/engine/dashboard"
	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// dashboardRoutes serve the dashboards of schemas/dashboards
// (docs/dashboards.md). Each call checks the dashboard's own visit code
// beyond the signed-in session the route needs.
func (a *App) dashboardRoutes() []Route {
	svc := dashboard.New(dashboard.Options{Crud: a.crud, Store: a.store, Set: a.Modules, Authorize: a.Authorize,
		Orgs: func() dashboard.OrgLister {
			l, _ := a.currentSystem().(dashboard.OrgLister)
			return l
		}, Tasks: a.countOpenTasks, Logger: a.log})
	return []Route{
		{Method: http.MethodGet, Path: "/api/dashboards", Code: auth.SignedIn, Name: "dashboards", Handler: svc.List},
		{Method: http.MethodGet, Path: "/api/dashboards/:name", Code: auth.SignedIn, Name: "dashboard definition", Handler: svc.Definition},
		{Method: http.MethodGet, Path: "/api/dashboards/:name/data", Code: auth.SignedIn, Name: "dashboard data", Handler: svc.Data},
		{Method: http.MethodGet, Path: "/api/dashboards/:name/widgets/:widget/export", Code: auth.SignedIn, Name: "dashboard widget export", Handler: svc.Export},
	}
}

// Statistic evaluates one statistic of module m for the viewer exactly as
// GET {api}/stats does (data scope, cache, labels): for hand-written parts
// such as the workbench.
func (a *App) Statistic(ctx context.Context, m *schema.Module, viewer store.Scope, q *query.Query, r crud.StatsRequest) ([]store.Bucket, error) {
	return a.crud.Statistic(ctx, a.Modules(), m, viewer, q, r)
}

// OpenTasks counts a viewer's open workflow tasks (待办) of every
// workflow module: the dashboards' `tasks: open` number items.
type OpenTasks func(ctx context.Context, viewer store.Scope) (int64, error)

// SetOpenTasks installs the count of open tasks (modules/modules.go, from
// the approval workflow's to-do query); without it those items are empty.
func (a *App) SetOpenTasks(fn OpenTasks) { a.openTasks.Store(&fn) }

// countOpenTasks is the installed OpenTasks, or nil.
func (a *App) countOpenTasks() func(ctx context.Context, viewer store.Scope) (int64, error) {
	if p := a.openTasks.Load(); p != nil {
		return *p
	}
	return nil
}

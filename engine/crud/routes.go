package crud

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// Route is one generated module route: what the route table lists for
// authorization, the operation log and the API documentation.
type Route struct {
	Method string
	Path   string // echo-style pattern, e.g. /onlineVillage/handicappeds/:id
	Code   string // the permission code it needs
	Name   string // "<module title>-<operation>"
}

// op is one operation of the module API.
type op struct {
	method  string
	suffix  string // the route pattern after the module base
	label   string // the operation's name, msg.Op*
	code    string // the permission operation; "" for the status action, whose code depends on the body
	enabled func(m *schema.Module) bool
	run     func(d *Dispatcher, c echo.Context, x *call) error
}

// call is one request being served: its module, the set it belongs to, the
// id from the path, the scope the authorizer gave (viewer) and the scope
// the module's rows are reached in (scope: moduleScope of viewer).
type call struct {
	m      *schema.Module
	set    *schema.Set
	id     int64
	scope  store.Scope
	viewer store.Scope
}

func always(*schema.Module) bool        { return true }
func exportOn(m *schema.Module) bool    { return m.Export }
func importOn(m *schema.Module) bool    { return m.Import }
func hasWorkflow(m *schema.Module) bool { return m.Status != nil && len(m.Status.Actions) > 0 }

// ops is the module API, listed in the order the route table shows it.
var ops = []*op{
	{http.MethodGet, "", msg.OpList, "list", always, (*Dispatcher).list},
	{http.MethodGet, "/schema", msg.OpSchema, "list", always, (*Dispatcher).describe},
	{http.MethodGet, "/stats", msg.OpStats, "list", always, (*Dispatcher).stats},
	{http.MethodGet, "/:id", msg.OpView, "view", always, (*Dispatcher).get},
	{http.MethodPost, "", msg.OpAdd, "add", always, (*Dispatcher).create},
	{http.MethodPut, "/:id", msg.OpEdit, "edit", always, (*Dispatcher).update},
	{http.MethodPut, "", msg.OpEdit, "edit", always, (*Dispatcher).update},
	{http.MethodDelete, "/:id", msg.OpDelete, "del", always, (*Dispatcher).deleteOne},
	{http.MethodDelete, "", msg.OpBatchDelete, "del", always, (*Dispatcher).deleteMany},
	{http.MethodPut, "/:id/status", "", "", hasWorkflow, (*Dispatcher).transition},
	{http.MethodGet, "/export", msg.OpExport, "export", exportOn, (*Dispatcher).export},
	{http.MethodPost, "/import", msg.OpImport, "import", importOn, (*Dispatcher).importFile},
	{http.MethodGet, "/import/template", msg.OpTemplate, "import", importOn, (*Dispatcher).template},
}

// literal names the path segments that are operations, not ids.
var literal = map[string]bool{"schema": true, "stats": true, "export": true, "import": true}

// Routes lists the module's routes with their permission codes: one per
// operation, and one per status action (each with the action's code).
func Routes(m *schema.Module) []Route {
	base := strings.TrimSuffix(m.API, "/")
	var out []Route
	for _, o := range ops {
		if !o.enabled(m) {
			continue
		}
		if o.code == "" {
			for _, a := range m.Status.Actions {
				out = append(out, Route{o.method, base + o.suffix, m.ActionCode(a), m.Title + "-" + a.Label})
			}
			continue
		}
		out = append(out, Route{o.method, base + o.suffix, m.Code(o.code), m.Title + "-" + o.label})
	}
	for i := range m.Routes {
		r := &m.Routes[i]
		label := routeLabels[r.Op]
		if a := m.Action(r.Action); r.Op == "status" && a != nil {
			label = a.Label
		}
		out = append(out, Route{r.Method, strings.ReplaceAll(m.RoutePath(r), "{id}", ":id"), m.RouteCode(r), m.Title + "-" + label})
	}
	return out
}

// routeLabels name the operations of declared routes for people.
var routeLabels = map[string]string{
	"list": msg.OpList, "get": msg.OpView, "create": msg.OpAdd, "update": msg.OpEdit, "delete": msg.OpDelete,
	"export": msg.OpExport, "exists": msg.OpExists, "unique": msg.OpExists, "tree": msg.OpTree, "stats": msg.OpStats,
	"removeRow": msg.OpRemoveRow,
}

// shape turns the path after the module base into a route suffix and the
// id segment, if any.
func shape(rest string) (suffix, idText string, ok bool) {
	rest = strings.TrimSuffix(rest, "/")
	if rest == "" {
		return "", "", true
	}
	segs := strings.Split(strings.TrimPrefix(rest, "/"), "/")
	switch {
	case len(segs) == 1 && literal[segs[0]]:
		return "/" + segs[0], "", true
	case len(segs) == 1:
		return "/:id", segs[0], true
	case len(segs) == 2 && segs[0] == "import" && segs[1] == "template":
		return "/import/template", "", true
	case len(segs) == 2 && segs[1] == "status" && !literal[segs[0]]:
		return "/:id/status", segs[0], true
	}
	return "", "", false
}

// match finds the operation for method and the path after the base: 404
// when no operation has that path, 405 when none has that method, 400 when
// the id is not a positive integer.
func match(m *schema.Module, method, rest string) (*op, int64, error) {
	suffix, idText, ok := shape(rest)
	if !ok {
		return nil, 0, httpx.ErrRouteNotFound
	}
	pathKnown := false
	for _, o := range ops {
		if o.suffix != suffix || !o.enabled(m) {
			continue
		}
		pathKnown = true
		if o.method != method {
			continue
		}
		var id int64
		if idText != "" {
			var err error
			if id, err = httpx.ParseID(idText); err != nil {
				return nil, 0, err
			}
		}
		return o, id, nil
	}
	if pathKnown {
		return nil, 0, httpx.NewError(http.StatusMethodNotAllowed, msg.MethodNotAllowed)
	}
	return nil, 0, httpx.ErrRouteNotFound
}

// serve runs the operation the request names on module m.
func (d *Dispatcher) serve(c echo.Context, set *schema.Set, m *schema.Module, rest string) error {
	httpx.SetRouteGroup(c, strings.TrimSuffix(m.API, "/"))
	o, id, err := match(m, c.Request().Method, rest)
	if err != nil {
		httpx.SetRoute(c, strings.TrimSuffix(m.API, "/")+"/*")
		return err
	}
	httpx.SetRoute(c, strings.TrimSuffix(m.API, "/")+o.suffix)
	x := &call{m: m, set: set, id: id}
	if o.code != "" {
		if x.viewer, err = d.opts.Authorizer.Authorize(c, m.Code(o.code)); err != nil {
			return err
		}
		x.scope = moduleScope(m, x.viewer)
		if readCodes[o.code] {
			x.scope = readScope(m, x.viewer)
		}
	}
	return o.run(d, c, x)
}

// readCodes are the operations that only read rows.
var readCodes = map[string]bool{"list": true, "view": true, "export": true}

// readScope is the scope a module's rows are read or referenced in: its
// moduleScope, reaching up to the organisations above the viewer's when
// the module shares its records down (schema.Module.ShareDown).
func readScope(m *schema.Module, sc store.Scope) store.Scope {
	sc = moduleScope(m, sc)
	sc.Up = m.OrgScoped && m.ShareDown
	return sc
}

// moduleScope is the scope a module's rows are reached in: data scope
// applies to orgScoped modules only. The rows of any other module (shared
// code lists such as person tags, county-wide settings) belong to the whole
// tenant: every holder of the module's codes reaches all of them.
func moduleScope(m *schema.Module, sc store.Scope) store.Scope {
	if !m.OrgScoped {
		sc.Mode = store.ScopeAll
	}
	return sc
}

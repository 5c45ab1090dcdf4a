package engine

import (
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/crud"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
)

// Route is one entry of the route table. Every route declares the
// permission code it needs, or says explicitly that it is Public (health,
// metrics, login); the authorization layer walks Routes() to register the
// codes, so a route without either cannot be added.
type Route struct {
	Method string
	Path   string // echo pattern: /api/system/cscpUsers/:id
	Code   string // permission code, e.g. cscp.user.add
	Name   string // what the route does, for people (operation log, API docs)
	// Public routes need no login and no permission.
	Public  bool
	Handler echo.HandlerFunc
}

// AddRoutes registers routes under the group prefix. A non-public route
// runs only after the Authorizer allowed its code; the scope it returns is
// in ScopeOf(c). A route with neither Code nor Public, or without a
// handler, is a programming error and panics at start-up.
func (a *App) AddRoutes(group string, routes ...Route) {
	group = strings.TrimSuffix(group, "/")
	for _, r := range routes {
		r.Path = group + r.Path
		switch {
		case r.Handler == nil:
			panic(fmt.Sprintf("route %s %s has no handler", r.Method, r.Path))
		case r.Code == "" && !r.Public:
			panic(fmt.Sprintf("route %s %s declares no permission code and is not public", r.Method, r.Path))
		case r.Code != "" && r.Public:
			panic(fmt.Sprintf("route %s %s is public but declares code %s", r.Method, r.Path, r.Code))
		}
		h := r.Handler
		if !r.Public {
			h = a.authorized(r.Code, h)
		}
		a.echo.Add(r.Method, r.Path, h)
		a.mu.Lock()
		a.routes = append(a.routes, r)
		a.mu.Unlock()
	}
}

// Routes lists every route: the registered ones (system and hand-written)
// and the generated routes of every module served now, each with its code.
func (a *App) Routes() []Route {
	a.mu.Lock()
	out := slices.Clone(a.routes)
	a.mu.Unlock()
	for _, m := range a.Modules().Modules {
		for _, r := range crud.Routes(m) {
			out = append(out, Route{Method: r.Method, Path: r.Path, Code: r.Code, Name: r.Name, Handler: a.fallback})
		}
	}
	return out
}

// systemRoutes are the engine's own endpoints.
func (a *App) systemRoutes() []Route {
	return []Route{
		{Method: http.MethodGet, Path: "/healthz", Name: "liveness", Public: true, Handler: httpx.Healthz},
		{Method: http.MethodGet, Path: "/readyz", Name: "readiness", Public: true, Handler: httpx.Readyz(a.store)},
		{Method: http.MethodGet, Path: "/metrics", Name: "metrics", Public: true, Handler: a.metrics.Guarded(a.cfg.MetricsToken)},
		a.apiDocRoute(),
	}
}

// fallback serves every path no registered route has: a module's API when
// the path lies under a module base, else a 404 envelope for API-looking
// paths, else the console.
func (a *App) fallback(c echo.Context) error {
	if handled, err := a.crud.Serve(c); handled {
		return err
	}
	if a.otherMethodServes(c.Request()) {
		return httpx.NewError(http.StatusMethodNotAllowed, msg.MethodNotAllowed)
	}
	if isAPIPath(c.Request().URL.Path) {
		return httpx.ErrRouteNotFound
	}
	return a.console.Serve(c)
}

// otherMethodServes reports whether a registered route serves the request's
// path with another method (echo hands such requests to the catch-all
// instead of answering 405 itself).
func (a *App) otherMethodServes(req *http.Request) bool {
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodPatch} {
		if m == req.Method {
			continue
		}
		c := a.echo.NewContext(req, nil)
		a.echo.Router().Find(m, req.URL.Path, c)
		if p := c.Path(); p != "" && p != "/*" {
			return true
		}
	}
	return false
}

// apiRoots are first path segments that only ever hold API endpoints.
var apiRoots = map[string]bool{
	"api": true, "message": true, "metrics": true, "healthz": true, "readyz": true,
}

// isAPIPath reports whether a path belongs to the API rather than to the
// console: /api/…, /<prefix>/api/… (/cms/api, /cmzz/api, …), /message/…,
// and the system endpoints. Module bases are matched before this.
func isAPIPath(p string) bool {
	segs := strings.SplitN(strings.TrimPrefix(p, "/"), "/", 3)
	if apiRoots[segs[0]] {
		return true
	}
	return len(segs) > 1 && segs[1] == "api"
}

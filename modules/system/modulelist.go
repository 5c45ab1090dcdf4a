package system

import (
	"net/http"
	"net/url"
	"sort"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/schema"
)

// moduleListRoutes serve the console's module directory.
func (s *Service) moduleListRoutes() []engine.Route {
	return []engine.Route{
		{Method: http.MethodGet, Path: "/api/modules", Code: auth.SignedIn, Name: routeModuleList, Handler: s.moduleList},
		{Method: http.MethodGet, Path: "/api/modules/:name/schema", Code: auth.SignedIn, Name: routeModuleSchema, Handler: s.moduleSchema},
	}
}

// moduleEntry is one module of the directory: what the console needs to
// turn a SchemaModule menu item into its API base.
type moduleEntry struct {
	Name       string `json:"name"`
	Title      string `json:"title"`
	API        string `json:"api"`
	Permission string `json:"permission"`
	Group      string `json:"group"`
	Icon       string `json:"icon"`
	Order      int    `json:"order"`
}

// moduleList answers the modules the signed-in user may list, ordered by
// group, order and name.
func (s *Service) moduleList(c echo.Context) error {
	v := viewer(c)
	out := []moduleEntry{}
	for _, m := range s.app.Modules().Modules {
		if v.MustChangePassword || !v.Can(m.Code("list")) {
			continue
		}
		out = append(out, moduleEntry{m.Name, m.Title, m.API, m.Permission, m.Group, m.Icon, m.Order})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Group != b.Group {
			return a.Group < b.Group
		}
		if a.Order != b.Order {
			return a.Order < b.Order
		}
		return a.Name < b.Name
	})
	return httpx.OK(c, out)
}

// moduleSchema answers the same document as the module's GET {api}/schema,
// found by the module's name: the console knows the name from its URL
// before /api/modules has told it the module's API base, so it asks for
// the schema together with the module list instead of after it. It needs
// the module's list code, as {api}/schema does; an unknown name is 404.
//
// With rows=<criteria> (a list page's address criteria, query-encoded;
// empty for none) it answers {schema, rows}: the schema and the first page
// that list asks GET {api} for (crud.Dispatcher.FirstPage: the list call's
// authorization and data scope), rows.query being the query of that page.
// A module whose GET {api} is a declared route answers no rows.
func (s *Service) moduleSchema(c echo.Context) error {
	if err := onlyParams(c, "rows", "_t", "_"); err != nil {
		return err
	}
	set := s.app.Modules()
	m := set.Module(c.Param("name"))
	if m == nil {
		return httpx.ErrRouteNotFound
	}
	if _, err := s.Authorize(c, m.Code("list")); err != nil {
		return err
	}
	doc := schema.Describe(m, set)
	if !c.QueryParams().Has("rows") {
		return httpx.OK(c, doc)
	}
	// read as the list reads its own query (echo's QueryParams): a malformed pair is left out
	criteria, _ := url.ParseQuery(c.QueryParam("rows"))
	query, page, ok, err := s.app.FirstPage(c, m, criteria)
	if err != nil {
		return err
	}
	out := map[string]any{"schema": doc}
	if ok {
		out["rows"] = map[string]any{"query": query.Encode(), "data": httpx.Objects(page.Rows), "recordsTotal": page.Total}
	}
	return httpx.OK(c, out)
}

package system

import (
	"net/http"
	"sort"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
)

// moduleListRoutes serve the console's module directory.
func (s *Service) moduleListRoutes() []engine.Route {
	return []engine.Route{
		{Method: http.MethodGet, Path: "/api/modules", Code: auth.SignedIn, Name: routeModuleList, Handler: s.moduleList},
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

// Package village holds the Go hooks of the village and grid registers:
// the grid assignment calls of /cmzz/api/grid/gridInfo (members and
// villagers in and out of a grid, keeping the grid's household and
// population counts right) and tagging villagers with person tags. Every
// call runs in the caller's data scope: a record outside it answers 404
// like one that does not exist.
package village

import (
	"net/http"

	"xiangzhi/engine"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
)

// The base paths of the hooks, the modules' own api bases.
const (
	gridBase = "/cmzz/api/grid/gridInfo"
	tagBase  = "/cmzz/api/personTag"
)

// hooks carries the app the handlers read modules and the store from.
type hooks struct{ app *engine.App }

// Register adds the grid and tagging calls. Each declares a code of the
// module it changes: village.grid.edit / .list for the grid calls,
// village.villager.edit for tagging. Without the grid or villager
// module (a schema that failed to load) the calls are left out.
func Register(app *engine.App) error {
	h := &hooks{app: app}
	set := app.Modules()
	grid, villager := set.Module("grid"), set.Module("villager")
	if grid == nil || villager == nil {
		app.Logger().Warn("village hooks not registered: grid or villager module missing")
		return nil
	}
	app.AddRoutes(gridBase, h.gridRoutes(grid)...)
	app.AddRoutes(tagBase, engine.Route{Method: http.MethodPost, Path: "/setVillagerTags",
		Code: villager.Code("edit"), Name: villager.Title + routeSetVillagerTags, Handler: h.setVillagerTags})
	return nil
}

func (h *hooks) gridRoutes(grid *schema.Module) []engine.Route {
	edit, list := grid.Code("edit"), grid.Code("list")
	name := func(op string) string { return grid.Title + "-" + op }
	return []engine.Route{
		{Method: http.MethodPost, Path: "/setGridMember", Code: edit, Name: name(routeSetGridMember), Handler: h.setGridMember},
		{Method: http.MethodPost, Path: "/setGridVillager", Code: edit, Name: name(routeSetGridVillager), Handler: h.setGridVillager},
		{Method: http.MethodDelete, Path: "/deleteGridMemberById/:id", Code: edit, Name: name(routeDeleteGridMember),
			Handler: h.deleteGridMember},
		{Method: http.MethodDelete, Path: "/deleteGridVillagerById/:id", Code: edit, Name: name(routeDeleteGridVillager),
			Handler: h.deleteGridVillager},
		{Method: http.MethodGet, Path: "/getAllGridList", Code: list, Name: name(msg.OpList + routeAllGridsSuffix),
			Handler: h.allGrids},
	}
}

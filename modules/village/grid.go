package village

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
	"xiangzhi/modules/hook"
)

// setGridMember adds grid members to a grid: {gridId, memberIds,
// leaderId?}. The members join those the grid has; leaderId, when given,
// must be one of them and becomes the grid leader. It answers the grid.
func (h *hooks) setGridMember(c echo.Context) error {
	b, err := hook.Body(c, "gridId", "memberIds", "leaderId")
	if err != nil {
		return err
	}
	gid, ok := hook.ID(b["gridId"])
	if !ok {
		return hook.Required("gridId", GridRequired)
	}
	ids, err := hook.IDs(b["memberIds"], "memberIds")
	if err != nil || len(ids) == 0 {
		return hook.Required("memberIds", GridMembersRequired)
	}
	grid, members, err := h.modules("grid", "gridMember")
	if err != nil {
		return err
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	rec, err := h.app.Store().Get(ctx, grid, sc, gid)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := h.app.Store().Get(ctx, members, sc, id); err != nil {
			return fmt.Errorf("grid member %d: %w", id, err)
		}
	}
	all := refIDs(rec["members"])
	for _, id := range ids {
		if !slices.Contains(all, id) {
			all = append(all, id)
		}
	}
	upd := store.Record{"members": toAny(all)}
	if v, ok := b["leaderId"]; ok && v != nil {
		leader, ok := hook.ID(v)
		if !ok {
			return hook.BadParam("leaderId")
		}
		if !slices.Contains(all, leader) {
			return hook.Required("leaderId", GridLeaderNotMember)
		}
		upd["leader"] = leader
	}
	out, err := h.app.Store().Update(ctx, grid, sc, gid, upd)
	if err != nil {
		return err
	}
	return httpx.OK(c, out)
}

// deleteGridMember takes grid member :id out of the grids that list it
// (only grid ?gridId= when given), clearing it as their leader. It
// answers how many grids changed.
func (h *hooks) deleteGridMember(c echo.Context) error {
	id, err := hook.PathID(c)
	if err != nil {
		return err
	}
	grid, members, err := h.modules("grid", "gridMember")
	if err != nil {
		return err
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	if _, err := h.app.Store().Get(ctx, members, sc, id); err != nil {
		return err
	}
	q := &query.Query{Filters: []query.Filter{{Field: "members", Op: query.Equals, Values: []any{id}}}}
	if g := c.QueryParam("gridId"); g != "" {
		gid, ok := hook.ID(g)
		if !ok {
			return hook.BadParam("gridId")
		}
		if _, err := h.app.Store().Get(ctx, grid, sc, gid); err != nil {
			return err
		}
		q.Filters = append(q.Filters, query.Filter{Field: "id", Op: query.Equals, Values: []any{gid}})
	}
	var grids []store.Record
	if err := h.app.Store().Each(ctx, grid, sc, q, func(r store.Record) error {
		grids = append(grids, r)
		return nil
	}); err != nil {
		return err
	}
	for _, g := range grids {
		upd := store.Record{"members": toAny(slices.DeleteFunc(refIDs(g["members"]), func(x int64) bool { return x == id }))}
		if l, ok := g["leader"].(int64); ok && l == id {
			upd["leader"] = nil
		}
		if _, err := h.app.Store().Update(ctx, grid, sc, g["id"].(int64), upd); err != nil {
			return err
		}
	}
	return httpx.OK(c, map[string]any{"updated": len(grids)})
}

// setGridVillager puts villagers in a grid: {gridId, villagerIds}. A
// villager may only join a grid whose organisation covers the villager's.
// The grid counts of the grid and of the grids the villagers left are
// recomputed. It answers the grid.
func (h *hooks) setGridVillager(c echo.Context) error {
	b, err := hook.Body(c, "gridId", "villagerIds")
	if err != nil {
		return err
	}
	gid, ok := hook.ID(b["gridId"])
	if !ok {
		return hook.Required("gridId", GridRequired)
	}
	ids, err := hook.IDs(b["villagerIds"], "villagerIds")
	if err != nil || len(ids) == 0 {
		return hook.Required("villagerIds", GridVillagersRequired)
	}
	grid, villager, err := h.modules("grid", "villager")
	if err != nil {
		return err
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	st := h.app.Store()
	g, err := st.Get(ctx, grid, sc, gid)
	if err != nil {
		return err
	}
	touched := []int64{gid}
	var recs []store.Record
	for _, id := range ids {
		v, err := st.Get(ctx, villager, sc, id)
		if err != nil {
			return fmt.Errorf("villager %d: %w", id, err)
		}
		ok, err := h.covers(ctx, sc.TenantID, g["orgId"], v["orgId"])
		if err != nil {
			return err
		}
		if !ok {
			return hook.Required("villagerIds", GridOutsideVillage)
		}
		recs = append(recs, v)
	}
	for _, v := range recs {
		if old, ok := v["grid"].(int64); ok && old != gid && !slices.Contains(touched, old) {
			touched = append(touched, old)
		}
		if _, err := st.Update(ctx, villager, sc, v["id"].(int64), store.Record{"grid": gid}); err != nil {
			return err
		}
	}
	if err := h.recount(ctx, sc, touched...); err != nil {
		return err
	}
	out, err := st.Get(ctx, grid, sc, g["id"].(int64))
	if err != nil {
		return err
	}
	return httpx.OK(c, out)
}

// deleteGridVillager takes villager :id out of their grid (the villager
// becomes a candidate for another grid) and recomputes the grid's
// counts. It answers the villager.
func (h *hooks) deleteGridVillager(c echo.Context) error {
	id, err := hook.PathID(c)
	if err != nil {
		return err
	}
	villager, err := hook.Module(h.app, "villager")
	if err != nil {
		return err
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	v, err := h.app.Store().Get(ctx, villager, sc, id)
	if err != nil {
		return err
	}
	out, err := h.app.Store().Update(ctx, villager, sc, id, store.Record{"grid": nil})
	if err != nil {
		return err
	}
	if old, ok := v["grid"].(int64); ok {
		if err := h.recount(ctx, sc, old); err != nil {
			return err
		}
	}
	return httpx.OK(c, out)
}

// gridItem is one grid of getAllGridList: enough for a picker.
type gridItem struct {
	ID        int64 `json:"id"`
	GridCode  any   `json:"gridCode"`
	Name      any   `json:"name"`
	GridLevel any   `json:"gridLevel"`
	Parent    any   `json:"parent"`
	OrgID     any   `json:"orgId"`
	Enabled   any   `json:"enabled"`
	Members   any   `json:"members"`
	Leader    any   `json:"leader"`
	Residents any   `json:"residentPopulation"`
}

// allGrids answers every grid the caller reaches, in grid-code order,
// unpaged.
func (h *hooks) allGrids(c echo.Context) error {
	for k := range c.QueryParams() {
		if k != "_t" && k != "_" {
			return hook.BadParam(k)
		}
	}
	grid, err := hook.Module(h.app, "grid")
	if err != nil {
		return err
	}
	out := []gridItem{}
	err = h.app.Store().Each(c.Request().Context(), grid, engine.ScopeOf(c), nil, func(r store.Record) error {
		out = append(out, gridItem{ID: r["id"].(int64), GridCode: r["gridCode"], Name: r["name"],
			GridLevel: r["gridLevel"], Parent: r["parent"], OrgID: r["orgId"], Enabled: r["enabled"],
			Members: r["members"], Leader: r["leader"], Residents: r["residentPopulation"]})
		return nil
	})
	if err != nil {
		return err
	}
	slices.SortStableFunc(out, func(a, b gridItem) int { return strings.Compare(fmt.Sprint(a.GridCode), fmt.Sprint(b.GridCode)) })
	return httpx.OK(c, out)
}

// recount sets the household and resident counts of grids from the live
// villagers in them (deaths and moves excluded). The counts cover the
// whole tenant: a grid's villagers are its villagers whoever asks.
func (h *hooks) recount(ctx context.Context, sc store.Scope, grids ...int64) error {
	grid, villager, err := h.modules("grid", "villager")
	if err != nil {
		return err
	}
	all := store.Scope{TenantID: sc.TenantID, UserID: sc.UserID, Mode: store.ScopeAll}
	for _, gid := range grids {
		people, homes := 0, map[int64]bool{}
		q := &query.Query{Filters: []query.Filter{
			{Field: "grid", Op: query.Equals, Values: []any{gid}},
			{Field: "lifeStatus", Op: query.Equals, Values: []any{int64(1)}},
		}}
		err := h.app.Store().Each(ctx, villager, all, q, func(r store.Record) error {
			people++
			if hh, ok := r["household"].(int64); ok {
				homes[hh] = true
			}
			return nil
		})
		if err != nil {
			return err
		}
		_, err = h.app.Store().Update(ctx, grid, all, gid, store.Record{"residentPopulation": people,
			"households": len(homes)})
		if err != nil {
			return fmt.Errorf("recount grid %d: %w", gid, err)
		}
	}
	return nil
}

// covers reports whether the organisation of a record (orgId inner) lies
// within that of another (orgId outer): the same organisation, or one
// below it by the organisation paths the system gives (App.OrgPath).
func (h *hooks) covers(ctx context.Context, tenant int64, outer, inner any) (bool, error) {
	o, _ := outer.(int64)
	i, _ := inner.(int64)
	if o == i {
		return true, nil
	}
	op, err := h.app.OrgPath(ctx, tenant, o)
	if err != nil {
		return false, err
	}
	ip, err := h.app.OrgPath(ctx, tenant, i)
	if err != nil {
		return false, err
	}
	return strings.HasPrefix(ip, op), nil
}

// modules returns two served modules, or 503.
func (h *hooks) modules(a, b string) (*schema.Module, *schema.Module, error) {
	ma, err := hook.Module(h.app, a)
	if err != nil {
		return nil, nil, err
	}
	mb, err := hook.Module(h.app, b)
	return ma, mb, err
}

// refIDs reads the ids of a multiple reference as the store answers it.
func refIDs(v any) []int64 {
	list, _ := v.([]any)
	out := make([]int64, 0, len(list))
	for _, e := range list {
		if id, ok := e.(int64); ok {
			out = append(out, id)
		}
	}
	return out
}

func toAny(ids []int64) []any {
	out := make([]any, len(ids))
	for i, id := range ids {
		out[i] = id
	}
	return out
}

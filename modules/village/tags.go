package village

import (
	"fmt"
	"slices"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/store"
	"xiangzhi/modules/hook"
)

// Ways setVillagerTags changes a villager's tags.
const (
	tagsReplace = "replace"
	tagsAdd     = "add"
	tagsRemove  = "remove"
)

// setVillagerTags sets the person tags of villagers: {villagerId or
// villagerIds, tagIds, mode?}. mode replace (the default) makes tagIds the
// villagers' tags, add adds them, remove takes them away. Villagers are
// reached in the caller's scope; tags, a county-wide catalogue when the
// tag module is not organisation-scoped, in the whole tenant. It answers
// how many villagers changed and, for one villager, the villager.
func (h *hooks) setVillagerTags(c echo.Context) error {
	b, err := hook.Body(c, "villagerId", "villagerIds", "tagIds", "mode")
	if err != nil {
		return err
	}
	var villagers []int64
	if v, ok := b["villagerIds"]; ok {
		if villagers, err = hook.IDs(v, "villagerIds"); err != nil {
			return err
		}
	}
	if v, ok := b["villagerId"]; ok {
		id, ok := hook.ID(v)
		if !ok {
			return hook.BadParam("villagerId")
		}
		villagers = append(villagers, id)
	}
	if len(villagers) == 0 {
		return hook.Required("villagerIds", TagVillagersRequired)
	}
	raw, ok := b["tagIds"]
	if !ok {
		return hook.Required("tagIds", TagsRequired)
	}
	tags, err := hook.IDs(raw, "tagIds")
	if err != nil {
		return err
	}
	mode := tagsReplace
	if v, ok := b["mode"]; ok {
		if mode, _ = v.(string); mode != tagsReplace && mode != tagsAdd && mode != tagsRemove {
			return hook.Required("mode", TagModeInvalid)
		}
	}
	villager, tagModule, err := h.modules("villager", "personTag")
	if err != nil {
		return err
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	tagScope := sc
	if !tagModule.OrgScoped {
		tagScope = store.Scope{TenantID: sc.TenantID, UserID: sc.UserID, Mode: store.ScopeAll}
	}
	for _, id := range tags {
		if _, err := h.app.Store().Get(ctx, tagModule, tagScope, id); err != nil {
			return fmt.Errorf("person tag %d: %w", id, err)
		}
	}
	recs := make([]store.Record, 0, len(villagers))
	for _, id := range villagers {
		r, err := h.app.Store().Get(ctx, villager, sc, id)
		if err != nil {
			return fmt.Errorf("villager %d: %w", id, err)
		}
		recs = append(recs, r)
	}
	var last store.Record
	for _, r := range recs {
		have := refIDs(r["tags"])
		var next []int64
		switch mode {
		case tagsReplace:
			next = tags
		case tagsAdd:
			next = have
			for _, t := range tags {
				if !slices.Contains(next, t) {
					next = append(next, t)
				}
			}
		case tagsRemove:
			next = slices.DeleteFunc(slices.Clone(have), func(t int64) bool { return slices.Contains(tags, t) })
		}
		var val any = toAny(next)
		if len(next) == 0 {
			val = nil
		}
		if last, err = h.app.Store().Update(ctx, villager, sc, r["id"].(int64), store.Record{"tags": val}); err != nil {
			return err
		}
	}
	out := map[string]any{"updated": len(recs)}
	if len(recs) == 1 {
		out["villager"] = last
	}
	return httpx.OK(c, out)
}

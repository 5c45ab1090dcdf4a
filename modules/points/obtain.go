package points

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
	"xiangzhi/modules/hook"
)

// obtain awards or deducts points: {villagerId and/or householdId,
// ruleId?, points?, changeType?, reason?, occurTime?, evidence?}. With a
// rule (which must be enabled) the points are the rule's, signed by its
// direction, and the reason defaults to its name; without one, points
// (not 0) and reason are required. The entry records the balance it
// leaves and goes in the organisation of the villager (or household); the
// household's 户积分 follows. It answers the entry and the owner's total.
func (h *hooks) obtain(c echo.Context) error {
	b, err := hook.Body(c, "villagerId", "householdId", "ruleId", "points", "changeType", "reason", "occurTime", "evidence")
	if err != nil {
		return err
	}
	m, err := hook.Module(h.app, "pointsLog")
	if err != nil {
		return err
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	o, err := h.ownerOf(ctx, sc, b["villagerId"], b["householdId"])
	if err != nil {
		return err
	}
	rec := store.Record{"ownerType": o.kind, "reason": b["reason"], "occurTime": b["occurTime"],
		"evidence": b["evidence"], "changeType": b["changeType"], "operator": sc.UserID}
	if rec["occurTime"] == nil {
		rec["occurTime"] = now()
	}
	if o.villager != nil {
		rec["villager"] = o.villager["id"]
	}
	if o.household != nil {
		rec["household"] = o.household["id"]
	}
	points, err := h.pointsOf(c, b, rec)
	if err != nil {
		return err
	}
	if rec["changeType"] == nil {
		rec["changeType"] = changeObtain
		if points < 0 {
			rec["changeType"] = changeDeduct
		}
	}
	if rec["operator"] == int64(0) {
		delete(rec, "operator")
	}
	for k, v := range rec {
		if v == nil {
			delete(rec, k)
		}
	}
	if err := schema.Validate(m, h.app.Modules(), rec, false); err != nil {
		return err
	}
	before, err := h.sum(ctx, m, sc, o.kind, o.id())
	if err != nil {
		return err
	}
	rec["balanceAfter"] = before.Total + points
	placed := o.villager
	if placed == nil {
		placed = o.household
	}
	rec["orgId"] = placed["orgId"]
	created, err := h.app.Store().Create(ctx, m, sc, rec)
	if err != nil {
		return err
	}
	if o.household != nil {
		if err := h.syncHousehold(ctx, m, sc, o.household["id"].(int64)); err != nil {
			return err
		}
	}
	after, err := h.sum(ctx, m, sc, o.kind, o.id())
	if err != nil {
		return err
	}
	return httpx.OK(c, map[string]any{"record": created, "total": after})
}

// pointsOf decides the entry's points from its rule or the points given,
// filling rule, points and reason of rec.
func (h *hooks) pointsOf(c echo.Context, b map[string]any, rec store.Record) (int64, error) {
	var points int64
	if v, ok := b["points"]; ok && v != nil {
		n, ok := v.(json.Number)
		p, err := n.Int64()
		if !ok || err != nil {
			return 0, hook.BadParam("points")
		}
		points = p
	}
	if v, ok := b["ruleId"]; ok && v != nil {
		id, ok := hook.ID(v)
		if !ok {
			return 0, hook.BadParam("ruleId")
		}
		rm, err := hook.Module(h.app, "pointsRule")
		if err != nil {
			return 0, err
		}
		rule, err := h.app.Store().Get(c.Request().Context(), rm, engine.ScopeOf(c), id)
		if err != nil {
			return 0, fmt.Errorf("points rule %d: %w", id, err)
		}
		if rm.Status != nil && rule[rm.Status.Field] != int64(ruleEnabled) {
			return 0, httpx.NewError(http.StatusConflict, PointsRuleDisabled)
		}
		value, _ := rule["points"].(int64)
		dir, _ := rule["direction"].(int64)
		if dir < 0 {
			value = -value
		}
		if points == 0 {
			points = value
		}
		rec["rule"] = id
		if trimmed(rec["reason"]) == "" {
			rec["reason"] = rule["ruleName"]
		}
	}
	if points == 0 {
		return 0, hook.Required("points", PointsRequired)
	}
	rec["points"] = points
	return points, nil
}

// revoke revokes an entry: {id, comment}. The entry no longer counts;
// the household's 户积分 follows (afterTransition). It answers the entry and the owner's
// total.
func (h *hooks) revoke(c echo.Context) error {
	b, err := hook.Body(c, "id", "comment")
	if err != nil {
		return err
	}
	id, ok := hook.ID(b["id"])
	if !ok {
		return hook.Required("id", hook.IDsRequired)
	}
	m, err := hook.Module(h.app, "pointsLog")
	if err != nil {
		return err
	}
	var action *schema.Action
	for i, a := range m.Status.Actions {
		if a.Name == "revoke" {
			action = &m.Status.Actions[i]
		}
	}
	if action == nil {
		return httpx.BadRequest(fmt.Sprintf(msg.UnknownAction, "revoke"))
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	rec, err := h.app.Transition(ctx, m, sc, id, *action, trimmed(b["comment"]))
	if err != nil {
		return err
	}
	kind, owner := ownerHousehold, rec["household"]
	if v, ok := rec["villager"].(int64); ok && rec["ownerType"] == int64(ownerPerson) {
		kind, owner = ownerPerson, v
	}
	out := map[string]any{"record": rec}
	if id, ok := owner.(int64); ok {
		t, err := h.sum(ctx, m, sc, kind, id)
		if err != nil {
			return err
		}
		out["total"] = t
	}
	return httpx.OK(c, out)
}

// total answers the points of ?villagerId= (a person) or ?householdId=.
func (h *hooks) total(c echo.Context) error {
	for k := range c.QueryParams() {
		if k != "villagerId" && k != "householdId" && k != "_t" && k != "_" {
			return hook.BadParam(k)
		}
	}
	var v, hh any
	if s := c.QueryParam("villagerId"); s != "" {
		v = s
	}
	if s := c.QueryParam("householdId"); s != "" {
		hh = s
	}
	m, err := hook.Module(h.app, "pointsLog")
	if err != nil {
		return err
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	o, err := h.ownerOf(ctx, sc, v, hh)
	if err != nil {
		return err
	}
	if v == nil && hh != nil {
		o.kind = ownerHousehold
	}
	t, err := h.sum(ctx, m, sc, o.kind, o.id())
	if err != nil {
		return err
	}
	return httpx.OK(c, t)
}

// Package points holds the Go hooks of the points (积分) system: awarding
// or deducting points (obtain), revoking an entry (revoke) and a person's
// or household's total, served under /integral/api/pointsLogs. A total is
// the sum of the valid entries (a revoked entry no longer counts); every
// new entry records the balance it leaves, and the household register's
// 户积分 is kept equal to the household's total. Every call runs in the
// caller's data scope.
package points

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"xiangzhi/engine"
	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
	"xiangzhi/modules/hook"
)

// base is the points log module's api base.
const base = "/integral/api/pointsLogs"

// Values of the points log module.
const (
	ownerPerson    = 1
	ownerHousehold = 2
	changeObtain   = 1
	changeDeduct   = 2
	statusValid    = 1
	ruleEnabled    = 1
)

type hooks struct{ app *engine.App }

// Register adds obtain (code points.log.add), revoke (the revoke action's
// code) and total (points.log.list), the hook keeping 户积分 right
// after every status action, and the exchange order's write hooks
// (redeem.go: placing an order spends points and stock, rejecting or
// cancelling it gives them back). Without the points log module the
// calls are left out.
func Register(app *engine.App) error {
	m := app.Modules().Module("pointsLog")
	if m == nil || m.Status == nil {
		app.Logger().Warn("points hooks not registered: pointsLog module missing")
		return nil
	}
	revoke := m.Code("revoke")
	for _, a := range m.Status.Actions {
		if a.Name == "revoke" {
			revoke = m.ActionCode(a)
		}
	}
	h := &hooks{app: app}
	app.OnTransition(m.Name, h.afterTransition)
	app.BeforeWrite("pointsOrder", store.OpCreate, h.redeem)
	app.BeforeWrite("pointsOrder", store.OpUpdate, keep)
	app.BeforeWrite("pointsOrder", store.OpDelete, keepHeld)
	app.BeforeWrite("pointsOrder", store.OpTransition, h.settle)
	app.AddRoutes(base,
		engine.Route{Method: http.MethodPost, Path: "/obtain", Code: m.Code("add"), Name: m.Title + routeObtain,
			Handler: h.obtain},
		engine.Route{Method: http.MethodPost, Path: "/revoke", Code: revoke, Name: m.Title + routeRevoke, Handler: h.revoke},
		engine.Route{Method: http.MethodGet, Path: "/total", Code: m.Code("list"), Name: m.Title + routeTotal,
			Handler: h.total},
	)
	return nil
}

// Total is a person's or household's points.
type Total struct {
	OwnerType int   `json:"ownerType"`
	OwnerID   int64 `json:"ownerId"`
	// Total is the sum of the valid entries: Earned less Spent.
	Total  int64 `json:"total"`
	Earned int64 `json:"earned"`
	Spent  int64 `json:"spent"`
	// Entries counts the valid entries.
	Entries int `json:"entries"`
}

// owner is whose points an entry or a total is about.
type owner struct {
	kind      int
	villager  store.Record // nil for a household
	household store.Record // the villager's household, if any
}

func (o owner) id() int64 {
	if o.kind == ownerPerson {
		return o.villager["id"].(int64)
	}
	return o.household["id"].(int64)
}

// ownerOf reads villagerId and householdId (as given) and loads them in
// the caller's scope; a villager with a household must belong to it.
func (h *hooks) ownerOf(ctx context.Context, sc store.Scope, villagerID, householdID any) (owner, error) {
	var o owner
	st := h.app.Store()
	if villagerID != nil && villagerID != "" {
		id, ok := hook.ID(villagerID)
		if !ok {
			return o, hook.BadParam("villagerId")
		}
		vm, err := hook.Module(h.app, "villager")
		if err != nil {
			return o, err
		}
		if o.villager, err = st.Get(ctx, vm, sc, id); err != nil {
			return o, fmt.Errorf("villager %d: %w", id, err)
		}
		o.kind = ownerPerson
	}
	hhID := any(nil)
	if householdID != nil && householdID != "" {
		id, ok := hook.ID(householdID)
		if !ok {
			return o, hook.BadParam("householdId")
		}
		hhID = id
		if o.villager != nil && o.villager["household"] != id {
			return o, hook.Required("householdId", PointsHouseholdMismatch)
		}
	} else if o.villager != nil {
		hhID = o.villager["household"]
	}
	if hhID != nil {
		hm, err := hook.Module(h.app, "household")
		if err != nil {
			return o, err
		}
		if o.household, err = st.Get(ctx, hm, sc, hhID.(int64)); err != nil {
			return o, fmt.Errorf("household %v: %w", hhID, err)
		}
	}
	switch {
	case o.villager == nil && o.household == nil:
		return o, hook.Required("villagerId", PointsOwnerRequired)
	case o.villager == nil:
		o.kind = ownerHousehold
	}
	return o, nil
}

// sum adds up the valid entries of a villager (a person's total) or of a
// household (every valid entry naming it).
func (h *hooks) sum(ctx context.Context, m *schema.Module, sc store.Scope, kind int, id int64) (Total, error) {
	field := "villager"
	if kind == ownerHousehold {
		field = "household"
	}
	t := Total{OwnerType: kind, OwnerID: id}
	q := &query.Query{Filters: []query.Filter{
		{Field: field, Op: query.Equals, Values: []any{id}},
		{Field: m.Status.Field, Op: query.Equals, Values: []any{int64(statusValid)}},
	}}
	err := h.app.Store().Each(ctx, m, sc, q, func(r store.Record) error {
		p, _ := r["points"].(int64)
		if p >= 0 {
			t.Earned += p
		} else {
			t.Spent -= p
		}
		t.Entries++
		return nil
	})
	t.Total = t.Earned - t.Spent
	return t, err
}

// afterTransition keeps the household's 户积分 right after any status
// action on an entry (revoke, through /revoke or the generic status route).
func (h *hooks) afterTransition(ctx context.Context, m *schema.Module, sc store.Scope, _ schema.Action, _ string,
	rec store.Record) (store.Record, error) {
	if hh, ok := rec["household"].(int64); ok {
		if err := h.syncHousehold(ctx, m, sc, hh); err != nil {
			return nil, err
		}
	}
	return rec, nil
}

// syncHousehold makes the household's 户积分 its total.
func (h *hooks) syncHousehold(ctx context.Context, m *schema.Module, sc store.Scope, household int64) error {
	hm, err := hook.Module(h.app, "household")
	if err != nil {
		return err
	}
	all := store.Scope{TenantID: sc.TenantID, UserID: sc.UserID, Mode: store.ScopeAll}
	t, err := h.sum(ctx, m, all, ownerHousehold, household)
	if err != nil {
		return err
	}
	if _, err := h.app.Store().Update(ctx, hm, all, household, store.Record{"points": t.Total}); err != nil {
		return fmt.Errorf("household %d points: %w", household, err)
	}
	return nil
}

// now is the current time as a record's datetime.
func now() string { return time.Now().In(time.Local).Format(schema.DateTimeLayout) }

// trimmed is a string value without surrounding space ("" for others).
func trimmed(v any) string {
	s, _ := v.(string)
	return strings.TrimSpace(s)
}

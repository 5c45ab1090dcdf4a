// Package content holds the Go hooks of content management: putting
// articles on and off the shelf in a batch (POST
// /cms/api/article/updateArticleShelves), which runs the real shelve and
// unshelve actions, stamps the publish time of a first shelving and takes
// an unshelved article off the top; and the top flag (GET
// /cms/api/article/topFlagOn/{id}, topFlagOff/{id}), which only a shelved
// article may carry. The shelving side effects also hold when the actions
// run through the generic status route. Every call runs in the caller's
// data scope.
package content

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
	"xiangzhi/modules/hook"
)

// Shelf statuses of the article module.
const (
	shelfOn  = 1
	shelfOff = 2
)

const base = "/cms/api/article"

type hooks struct{ app *engine.App }

// Register adds the shelf and top-flag calls: updateArticleShelves needs
// the shelve action's code (and unshelve's to take articles off), the top
// flag the article edit code. Without the article module or its actions
// the calls are left out.
func Register(app *engine.App) error {
	m := app.Modules().Module("article")
	on, off := action(m, "shelve"), action(m, "unshelve")
	if on == nil || off == nil {
		app.Logger().Warn("content hooks not registered: article module or its shelf actions missing")
		return nil
	}
	h := &hooks{app: app}
	app.OnTransition(m.Name, h.afterTransition)
	app.AddRoutes(base,
		engine.Route{Method: http.MethodPost, Path: "/updateArticleShelves", Code: m.ActionCode(*on),
			Name: m.Title + routeShelves, Handler: h.shelves},
		engine.Route{Method: http.MethodGet, Path: "/topFlagOn/:id", Code: m.Code("edit"), Name: m.Title + routeTopFlagOn,
			Handler: h.topFlag(true)},
		engine.Route{Method: http.MethodGet, Path: "/topFlagOff/:id", Code: m.Code("edit"), Name: m.Title + routeTopFlagOff,
			Handler: h.topFlag(false)},
	)
	return nil
}

func action(m *schema.Module, name string) *schema.Action {
	if m == nil || m.Status == nil {
		return nil
	}
	for i := range m.Status.Actions {
		if m.Status.Actions[i].Name == name {
			return &m.Status.Actions[i]
		}
	}
	return nil
}

// shelves puts articles on or off the shelf: {id or ids, shelfStatus}
// with shelfStatus 1 (on) or 2 (off). Every article must be reachable
// (else 404) and allow the move (else 409) before any changes. It answers
// how many articles changed and them.
func (h *hooks) shelves(c echo.Context) error {
	b, err := hook.Body(c, "id", "ids", "shelfStatus")
	if err != nil {
		return err
	}
	ids, err := hook.IDList(b)
	if err != nil {
		return err
	}
	to, ok := hook.ID(b["shelfStatus"])
	if !ok || to != shelfOn && to != shelfOff {
		return hook.Required("shelfStatus", ShelfStatusInvalid)
	}
	m, err := hook.Module(h.app, "article")
	if err != nil {
		return err
	}
	a := action(m, "shelve")
	if to == shelfOff {
		a = action(m, "unshelve")
	}
	if a == nil {
		return httpx.BadRequest(ShelfStatusInvalid)
	}
	if v := auth.ViewerFrom(c.Request().Context()); v != nil && !v.Can(m.ActionCode(*a)) {
		return httpx.NewError(http.StatusForbidden, msg.Forbidden)
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	recs, err := h.reachable(ctx, m, sc, ids, *a)
	if err != nil {
		return err
	}
	out := make([]store.Record, 0, len(recs))
	for _, r := range recs {
		id := r["id"].(int64)
		rec, err := h.app.Transition(ctx, m, sc, id, *a, "")
		if err != nil {
			return err
		}
		out = append(out, rec)
	}
	return httpx.OK(c, map[string]any{"updated": len(out), "records": out})
}

// afterTransition stamps the publish time of a first shelving and takes an
// unshelved article off the top, whichever route moved it.
func (h *hooks) afterTransition(ctx context.Context, m *schema.Module, sc store.Scope, a schema.Action, _ string,
	rec store.Record) (store.Record, error) {
	upd := store.Record{}
	if a.To == shelfOn && rec["publishTime"] == nil {
		upd["publishTime"] = time.Now().In(time.Local).Format(schema.DateTimeLayout)
	}
	if a.To == shelfOff && rec["isTop"] == true {
		upd["isTop"] = false
	}
	if len(upd) == 0 {
		return rec, nil
	}
	return h.app.Store().Update(ctx, m, sc, rec["id"].(int64), upd)
}

// reachable loads the articles in the scope and checks that the action
// starts from each one's status.
func (h *hooks) reachable(ctx context.Context, m *schema.Module, sc store.Scope, ids []int64, a schema.Action) ([]store.Record, error) {
	recs := make([]store.Record, 0, len(ids))
	for _, id := range ids {
		r, err := h.app.Store().Get(ctx, m, sc, id)
		if err != nil {
			return nil, fmt.Errorf("article %d: %w", id, err)
		}
		cur, _ := r[m.Status.Field].(int64)
		if !slices.Contains(a.From, int(cur)) {
			return nil, &store.TransitionError{Action: a.Name, Label: a.Label, From: int(cur)}
		}
		recs = append(recs, r)
	}
	return recs, nil
}

// topFlag pins (on) or unpins an article; only a shelved article may be
// pinned (409 otherwise). It answers the article.
func (h *hooks) topFlag(on bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := hook.PathID(c)
		if err != nil {
			return err
		}
		m, err := hook.Module(h.app, "article")
		if err != nil {
			return err
		}
		ctx, sc := c.Request().Context(), engine.ScopeOf(c)
		r, err := h.app.Store().Get(ctx, m, sc, id)
		if err != nil {
			return err
		}
		if on && r[m.Status.Field] != int64(shelfOn) {
			return httpx.NewError(http.StatusConflict, ArticleNotShelved)
		}
		out, err := h.app.Store().Update(ctx, m, sc, id, store.Record{"isTop": on})
		if err != nil {
			return err
		}
		return httpx.OK(c, out)
	}
}

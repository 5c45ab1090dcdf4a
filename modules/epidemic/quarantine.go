// Package epidemic holds the Go hooks of epidemic prevention: ending a
// person's quarantine (PUT /epidemic/api/quarantines/{id}/end), which runs
// the end action and records the date the control ended. The date is
// recorded too (today) when the end action runs through the generic status
// route. The call runs in the caller's data scope.
package epidemic

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
	"xiangzhi/modules/hook"
)

type hooks struct{ app *engine.App }

// Register adds the end call with the end action's code. Without the
// quarantine module or its end action the call is left out.
func Register(app *engine.App) error {
	m := app.Modules().Module("quarantine")
	if endAction(m) == nil {
		app.Logger().Warn("epidemic hooks not registered: quarantine module or its end action missing")
		return nil
	}
	h := &hooks{app: app}
	app.OnTransition(m.Name, h.afterTransition)
	app.AddRoutes("/epidemic/api/quarantines", engine.Route{Method: http.MethodPut, Path: "/:id/end",
		Code: m.ActionCode(*endAction(m)), Name: m.Title + routeEnd, Handler: h.end})
	return nil
}

func endAction(m *schema.Module) *schema.Action {
	if m == nil || m.Status == nil {
		return nil
	}
	for i := range m.Status.Actions {
		if m.Status.Actions[i].Name == "end" {
			return &m.Status.Actions[i]
		}
	}
	return nil
}

// end ends the quarantine :id: {comment?, endDate?}. The record moves by
// the end action (only from 管控中; 409 otherwise) with the comment in its
// history, and its 解除日期 becomes endDate (today when not given; it may
// not come before the start). It answers the record.
func (h *hooks) end(c echo.Context) error {
	id, err := hook.PathID(c)
	if err != nil {
		return err
	}
	b, err := hook.Body(c, "comment", "endDate")
	if err != nil {
		return err
	}
	m, err := hook.Module(h.app, "quarantine")
	if err != nil {
		return err
	}
	day := today()
	if v, ok := b["endDate"]; ok && v != nil {
		s, _ := v.(string)
		if !schema.ValidDate(s) {
			return hook.BadParam("endDate")
		}
		day = s
	}
	comment, _ := b["comment"].(string)
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	rec, err := h.app.Store().Get(ctx, m, sc, id)
	if err != nil {
		return err
	}
	if start, _ := rec["startDate"].(string); start != "" && day < start {
		return hook.BadParam("endDate")
	}
	out, err := h.app.Transition(ctx, m, sc, id, *endAction(m), strings.TrimSpace(comment))
	if err != nil {
		return err
	}
	if out["endDate"] != day {
		if out, err = h.app.Store().Update(ctx, m, sc, id, store.Record{"endDate": day}); err != nil {
			return err
		}
	}
	return httpx.OK(c, out)
}

// afterTransition records today as the 解除日期 of a quarantine the end
// action ended without one (the generic status route gives no date).
func (h *hooks) afterTransition(ctx context.Context, m *schema.Module, sc store.Scope, a schema.Action, _ string,
	rec store.Record) (store.Record, error) {
	if a.Name != "end" || rec["endDate"] != nil {
		return rec, nil
	}
	return h.app.Store().Update(ctx, m, sc, rec["id"].(int64), store.Record{"endDate": today()})
}

// today is the local date as a record's date.
func today() string { return time.Now().In(time.Local).Format(schema.DateLayout) }

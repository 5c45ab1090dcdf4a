// Package security holds the Go hooks of video surveillance: where a
// camera's live video and recordings play (GET /cam/api/media/play and
// /playback, media.go), and handling
// alarms one at a time or in a batch through POST /cam/api/alertinfo/update,
// which moves each alarm through a real status action (history included)
// and records who handled it, when and how — the record is kept also when
// the action runs through the generic status route. Every call runs in
// the caller's data scope.
package security

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

// defaultAction is the alarm action update performs when the body names
// none.
const defaultAction = "handle"

type hooks struct{ app *engine.App }

// Register adds the camera media calls (media.go) and the alarm update
// call. The route needs the code of the
// handle action; an update naming another action (take, falseAlarm) also
// needs that action's code. Without the alarm module the call is left out.
func Register(app *engine.App) error {
	registerMedia(app, DirectSource{})
	m := app.Modules().Module("alarm")
	a := action(m, defaultAction)
	if a == nil {
		app.Logger().Warn("security hooks not registered: alarm module or its handle action missing")
		return nil
	}
	h := &hooks{app: app}
	app.OnTransition(m.Name, h.afterTransition)
	app.AddRoutes("/cam/api/alertinfo", engine.Route{Method: http.MethodPost, Path: "/update",
		Code: m.ActionCode(*a), Name: m.Title + routeUpdate, Handler: h.update})
	return nil
}

// action is the status action of m with the given name, or nil.
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

// update handles alarms: {id or ids, action?, handleStatus?, handleResult?}.
// The action is named (handle — the default —, take, falseAlarm) or given
// as the status to reach (handleStatus 1, 2, 3). Every alarm must be
// reachable (else 404) and in a status the action starts from (else 409)
// before any changes: all or none. Each then moves by the action, with
// handleResult as the comment, and records the caller as handler, the
// time and the result. It answers how many alarms changed and them.
func (h *hooks) update(c echo.Context) error {
	b, err := hook.Body(c, "id", "ids", "action", "handleStatus", "handleResult")
	if err != nil {
		return err
	}
	ids, err := hook.IDList(b)
	if err != nil {
		return err
	}
	m, err := hook.Module(h.app, "alarm")
	if err != nil {
		return err
	}
	a, err := chosenAction(m, b)
	if err != nil {
		return err
	}
	if !can(c, m.ActionCode(*a)) {
		return httpx.NewError(http.StatusForbidden, msg.Forbidden)
	}
	result, _ := b["handleResult"].(string)
	if a.Comment == schema.CommentRequired && result == "" {
		return hook.Required("handleResult", fmt.Sprintf(msg.CommentRequired, a.Label))
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	if err := h.check(ctx, m, sc, ids, *a); err != nil {
		return err
	}
	out := make([]store.Record, 0, len(ids))
	for _, id := range ids {
		rec, err := h.app.Transition(ctx, m, sc, id, *a, result)
		if err != nil {
			return err
		}
		out = append(out, rec)
	}
	return httpx.OK(c, map[string]any{"updated": len(out), "records": out})
}

// afterTransition records who handled the alarm, when and how (the
// action's comment), whichever route ran the action.
func (h *hooks) afterTransition(ctx context.Context, m *schema.Module, sc store.Scope, _ schema.Action,
	comment string, rec store.Record) (store.Record, error) {
	upd := store.Record{"handleTime": time.Now().In(time.Local).Format(schema.DateTimeLayout)}
	if sc.UserID != 0 {
		upd["handler"] = sc.UserID
	}
	if comment != "" {
		upd["handleResult"] = comment
	}
	return h.app.Store().Update(ctx, m, sc, rec["id"].(int64), upd)
}

// check loads every alarm in the scope and makes sure the action starts
// from its status.
func (h *hooks) check(ctx context.Context, m *schema.Module, sc store.Scope, ids []int64, a schema.Action) error {
	for _, id := range ids {
		rec, err := h.app.Store().Get(ctx, m, sc, id)
		if err != nil {
			return fmt.Errorf("alarm %d: %w", id, err)
		}
		cur, _ := rec[m.Status.Field].(int64)
		if !slices.Contains(a.From, int(cur)) {
			return &store.TransitionError{Action: a.Name, Label: a.Label, From: int(cur)}
		}
	}
	return nil
}

// chosenAction is the action the body names, by name or by the status it
// reaches; the handle action by default.
func chosenAction(m *schema.Module, b map[string]any) (*schema.Action, error) {
	if v, ok := b["action"]; ok {
		name, _ := v.(string)
		if a := action(m, name); a != nil {
			return a, nil
		}
		return nil, httpx.BadRequest(fmt.Sprintf(msg.UnknownAction, name))
	}
	if v, ok := b["handleStatus"]; ok {
		to, ok := hook.ID(v)
		if ok {
			for i, a := range m.Status.Actions {
				if int64(a.To) == to {
					return &m.Status.Actions[i], nil
				}
			}
		}
		return nil, hook.BadParam("handleStatus")
	}
	return action(m, defaultAction), nil
}

// can reports whether the signed-in viewer holds code. Without a viewer
// (the engine's open authorizer, before authentication is installed) every
// code is allowed, as the route itself was.
func can(c echo.Context, code string) bool {
	v := auth.ViewerFrom(c.Request().Context())
	return v == nil || v.Can(code)
}

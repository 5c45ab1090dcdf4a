package crud

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// StatusRequest is the body of PUT {api}/{id}/status.
type StatusRequest struct {
	Action  string
	Comment string
	// Version, when given, must still be the record's (optimistic lock).
	Version *int64
}

// transition runs a status action. The action names its own permission
// code, so authorization waits until the body is read.
func (d *Dispatcher) transition(c echo.Context, x *call) error {
	a, req, err := d.readAction(c, x)
	if err != nil {
		return err
	}
	if x.viewer, err = d.opts.Authorizer.Authorize(c, x.m.ActionCode(*a)); err != nil {
		return err
	}
	x.scope = moduleScope(x.m, x.viewer)
	return d.runAction(c, x, a, req)
}

// runAction runs status action a on record x.id with the request's comment,
// after checking the comment it requires and the version when sent.
func (d *Dispatcher) runAction(c echo.Context, x *call, a *schema.Action, req StatusRequest) error {
	if a.Comment == schema.CommentRequired && strings.TrimSpace(req.Comment) == "" {
		text := fmt.Sprintf(msg.CommentRequired, a.Label)
		return &httpx.Error{Status: http.StatusBadRequest, Message: text,
			Fields: []schema.FieldError{{Field: "comment", Message: text}}}
	}
	ctx := c.Request().Context()
	if req.Version != nil {
		cur, err := d.opts.Store.Get(ctx, x.m, x.scope, x.id)
		if err != nil {
			return fmt.Errorf("status %s %d: %w", x.m.Name, x.id, err)
		}
		if v, ok := asInt(cur["version"]); !ok || v != *req.Version {
			return fmt.Errorf("status %s %d: %w", x.m.Name, x.id, store.ErrStale)
		}
	}
	rec, err := d.Transition(ctx, x.m, x.scope, x.id, *a, strings.TrimSpace(req.Comment))
	if err != nil {
		return fmt.Errorf("status %s %d %s: %w", x.m.Name, x.id, a.Name, err)
	}
	return httpx.OK(c, rec)
}

// readAction reads the body and the action it names. The permission code
// depends on the action, so the body comes first; a body that names no
// valid action is still answered as the caller deserves: 401 or 403 before
// any 400, checked against the module's view code, so an anonymous caller
// learns nothing about the request's shape.
func (d *Dispatcher) readAction(c echo.Context, x *call) (*schema.Action, StatusRequest, error) {
	fail := func(err error) (*schema.Action, StatusRequest, error) {
		if _, aerr := d.opts.Authorizer.Authorize(c, x.m.Code("view")); aerr != nil {
			return nil, StatusRequest{}, aerr
		}
		return nil, StatusRequest{}, err
	}
	body, err := httpx.BindFields(c, d.opts.MaxBody, "action", "comment", "version")
	if err != nil {
		return fail(err)
	}
	req, err := readStatusRequest(body)
	if err != nil {
		return fail(err)
	}
	a := findAction(x.m, req.Action)
	if a == nil {
		return fail(httpx.NewError(http.StatusBadRequest, fmt.Sprintf(msg.UnknownAction, req.Action)))
	}
	return a, req, nil
}

// readStatusRequest checks the types of the body's keys (BindFields let
// only these through): action (text, required), comment (text) and version
// (integer).
func readStatusRequest(body map[string]any) (StatusRequest, error) {
	var req StatusRequest
	var errs []schema.FieldError
	for k, v := range body {
		switch k {
		case "action":
			s, ok := v.(string)
			if !ok {
				errs = append(errs, schema.FieldError{Field: k, Message: fmt.Sprintf(msg.BadParam, k)})
			}
			req.Action = strings.TrimSpace(s)
		case "comment":
			if v == nil {
				continue
			}
			s, ok := v.(string)
			if !ok {
				errs = append(errs, schema.FieldError{Field: k, Message: fmt.Sprintf(msg.BadParam, k)})
			}
			req.Comment = s
		case "version":
			if v == nil {
				continue
			}
			n, ok := asInt(v)
			if !ok {
				errs = append(errs, schema.FieldError{Field: k, Message: fmt.Sprintf(msg.BadParam, k)})
			}
			req.Version = &n
		}
	}
	if len(errs) > 0 {
		return req, &schema.ValidationError{Errors: errs}
	}
	if req.Action == "" {
		return req, httpx.BadRequest(msg.ActionRequired)
	}
	return req, nil
}

func findAction(m *schema.Module, name string) *schema.Action {
	for i := range m.Status.Actions {
		if m.Status.Actions[i].Name == name {
			return &m.Status.Actions[i]
		}
	}
	return nil
}

// asInt reads an integer from what JSON decoding or the store produce.
func asInt(v any) (int64, bool) {
	switch t := v.(type) {
	case json.Number:
		n, err := t.Int64()
		return n, err == nil
	case int64:
		return t, true
	case int:
		return int64(t), true
	case int32:
		return int64(t), true
	case float64:
		if t == float64(int64(t)) {
			return int64(t), true
		}
	}
	return 0, false
}

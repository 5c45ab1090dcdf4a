// Package hook holds what the hand-written hook routes of business modules share:
// finding their module, reading a strict JSON body, ids from the path and the
// body, and the 400 answers naming a parameter.
package hook

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
)

// MaxBatch is the most records one call may name.
const MaxBatch = 1000

// Module is the served Module name, or 503 when it is not loaded.
func Module(app *engine.App, name string) (*schema.Module, error) {
	if m := app.Modules().Module(name); m != nil {
		return m, nil
	}
	return nil, httpx.NewError(http.StatusServiceUnavailable, fmt.Sprintf(msg.HookModuleMissing, name))
}

// Body reads the JSON object of the request (an empty Body is an empty
// object) and refuses keys other than allowed.
func Body(c echo.Context, allowed ...string) (map[string]any, error) {
	if c.Request().ContentLength == 0 {
		return map[string]any{}, nil
	}
	b, err := httpx.BindObject(c, 0)
	if err != nil {
		return nil, err
	}
	var errs []schema.FieldError
	for k := range b {
		if !contains(allowed, k) {
			errs = append(errs, schema.FieldError{Field: k, Message: fmt.Sprintf(msg.UnknownField, k)})
		}
	}
	if len(errs) > 0 {
		return nil, &schema.ValidationError{Errors: errs}
	}
	return b, nil
}

func contains(xs []string, x string) bool {
	for _, s := range xs {
		if s == x {
			return true
		}
	}
	return false
}

// ID reads a positive id given as a JSON number or a decimal string.
func ID(v any) (int64, bool) {
	var s string
	switch x := v.(type) {
	case json.Number:
		s = x.String()
	case string:
		s = x
	default:
		return 0, false
	}
	id, err := strconv.ParseInt(s, 10, 64)
	return id, err == nil && id > 0
}

// IDs reads a list of ids, dropping repeats; key names the field in
// the error.
func IDs(v any, key string) ([]int64, error) {
	list, ok := v.([]any)
	if !ok {
		return nil, BadParam(key)
	}
	if len(list) > MaxBatch {
		return nil, httpx.BadRequest(fmt.Sprintf(msg.HookTooManyIDs, MaxBatch))
	}
	var out []int64
	for _, e := range list {
		id, ok := ID(e)
		if !ok {
			return nil, BadParam(key)
		}
		if !ContainsID(out, id) {
			out = append(out, id)
		}
	}
	return out, nil
}

// PathID reads the :id path parameter.
func PathID(c echo.Context) (int64, error) {
	id, ok := ID(c.Param("id"))
	if !ok {
		return 0, httpx.BadRequest(msg.BadID)
	}
	return id, nil
}

// ContainsID reports whether x is among xs.
func ContainsID(xs []int64, x int64) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// BadParam answers a malformed parameter.
func BadParam(key string) error {
	text := fmt.Sprintf(msg.BadParam, key)
	return &httpx.Error{Status: http.StatusBadRequest, Message: text,
		Fields: []schema.FieldError{{Field: key, Message: text}}}
}

// Required answers a missing parameter with text.
func Required(key, text string) error {
	return &httpx.Error{Status: http.StatusBadRequest, Message: text,
		Fields: []schema.FieldError{{Field: key, Message: text}}}
}

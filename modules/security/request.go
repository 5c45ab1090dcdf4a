package security

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

// maxBatch is the most records one call may name.
const maxBatch = 1000

// module is the served module name, or 503 when it is not loaded.
func module(app *engine.App, name string) (*schema.Module, error) {
	if m := app.Modules().Module(name); m != nil {
		return m, nil
	}
	return nil, httpx.NewError(http.StatusServiceUnavailable, fmt.Sprintf(msg.HookModuleMissing, name))
}

// body reads the JSON object of the request (an empty body is an empty
// object) and refuses keys other than allowed.
func body(c echo.Context, allowed ...string) (map[string]any, error) {
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

// idOf reads a positive id given as a JSON number or a decimal string.
func idOf(v any) (int64, bool) {
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

// idsOf reads a list of ids, dropping repeats; key names the field in
// the error.
func idsOf(v any, key string) ([]int64, error) {
	list, ok := v.([]any)
	if !ok {
		return nil, badParam(key)
	}
	if len(list) > maxBatch {
		return nil, httpx.BadRequest(fmt.Sprintf(msg.HookTooManyIDs, maxBatch))
	}
	var out []int64
	for _, e := range list {
		id, ok := idOf(e)
		if !ok {
			return nil, badParam(key)
		}
		if !containsID(out, id) {
			out = append(out, id)
		}
	}
	return out, nil
}

func containsID(xs []int64, x int64) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

func badParam(key string) error {
	text := fmt.Sprintf(msg.BadParam, key)
	return &httpx.Error{Status: http.StatusBadRequest, Message: text,
		Fields: []schema.FieldError{{Field: key, Message: text}}}
}

// required answers a missing parameter with text.
func required(key, text string) error {
	return &httpx.Error{Status: http.StatusBadRequest, Message: text,
		Fields: []schema.FieldError{{Field: key, Message: text}}}
}

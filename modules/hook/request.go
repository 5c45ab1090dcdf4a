// Package hook holds what the hand-written hook routes of business modules share:
// finding their module, reading a strict JSON body, ids from the path and the
// body, and the 400 answers naming a parameter.
package hook

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"

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
	return nil, httpx.NewError(http.StatusServiceUnavailable, fmt.Sprintf(ModuleMissing, name))
}

// Body reads the JSON object of the request (an empty Body is an empty
// object) and refuses keys other than allowed.
func Body(c echo.Context, allowed ...string) (map[string]any, error) {
	return httpx.BindFields(c, 0, allowed...)
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
	id, err := httpx.ParseID(s)
	return id, err == nil
}

// IDs reads a list of ids, dropping repeats; key names the field in
// the error.
func IDs(v any, key string) ([]int64, error) {
	list, ok := v.([]any)
	if !ok {
		return nil, BadParam(key)
	}
	if len(list) > MaxBatch {
		return nil, httpx.BadRequest(fmt.Sprintf(TooManyIDs, MaxBatch))
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

// PathID reads the :id path parameter (400 ID格式不正确 otherwise).
func PathID(c echo.Context) (int64, error) {
	return httpx.ParseID(c.Param("id"))
}

// IDList reads id (one record) or ids (several) of a batch body, dropping
// repeats; neither is a 400 asking to choose records.
func IDList(b map[string]any) ([]int64, error) {
	var ids []int64
	if v, ok := b["ids"]; ok {
		var err error
		if ids, err = IDs(v, "ids"); err != nil {
			return nil, err
		}
	}
	if v, ok := b["id"]; ok {
		id, ok := ID(v)
		if !ok {
			return nil, BadParam("id")
		}
		if !ContainsID(ids, id) {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil, Required("ids", IDsRequired)
	}
	return ids, nil
}

// ContainsID reports whether x is among xs.
func ContainsID(xs []int64, x int64) bool { return slices.Contains(xs, x) }

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

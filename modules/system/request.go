package system

// Reading requests and writing answers: the viewer, JSON bodies, ids,
// paging, query and form parameters, and the success envelope.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
)

// timeLayout is the specification's default date format.
const timeLayout = "2006-01-02 15:04:05"

// formatTime writes a time as the console shows it, "" for none.
func formatTime(t *time.Time) string {
	if t == nil || t.IsZero() {
		return ""
	}
	return t.Local().Format(timeLayout)
}

// viewer is the signed-in user of a guarded route. The Authorizer put it
// into the request context before the handler ran.
func viewer(c echo.Context) *auth.Viewer {
	v := auth.ViewerFrom(c.Request().Context())
	if v == nil {
		// A guarded route's handler runs only after Authorize put the
		// viewer there: reaching this is a wiring bug (Recover answers 500).
		panic("system: guarded handler without a viewer")
	}
	return v
}

// bodyError turns a decoding error into the 4xx it answers with.
func bodyError(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return httpx.ErrBodyTooLarge.Wrap(err)
	}
	const unknown = "json: unknown field "
	if text := err.Error(); strings.HasPrefix(text, unknown) {
		return httpx.UnknownFields(strings.Trim(strings.TrimPrefix(text, unknown), `"`)).Wrap(err)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return invalid(schema.FieldError{Field: te.Field, Message: fmt.Sprintf(msg.FieldBadFormat, te.Field)})
	}
	return httpx.ErrBadJSON.Wrap(err)
}

// likeParam reads a text filter, trimmed, refusing one longer than max.
func likeParam(c echo.Context, name string, max int) (string, error) {
	v := strings.TrimSpace(c.QueryParam(name))
	if utf8.RuneCountInString(v) > max {
		return "", httpx.BadRequest(fmt.Sprintf(ParamTooLong, name, max))
	}
	return v, nil
}

// okMsg answers 200 with a success envelope carrying text as msg.
func okMsg(c echo.Context, text string, data any) error {
	return c.JSON(http.StatusOK, httpx.Envelope{Code: 0, Msg: text, Data: data})
}

// onlyParams refuses a query parameter the call does not take (400 naming
// it); _method is the override the middleware already read.
func onlyParams(c echo.Context, allowed ...string) error {
	for k := range c.QueryParams() {
		if k == "_method" {
			continue
		}
		ok := false
		for _, a := range allowed {
			ok = ok || a == k
		}
		if !ok {
			return httpx.BadRequest(fmt.Sprintf(msg.QueryUnknownParam, k))
		}
	}
	return nil
}

// formFields reads the fields of a form call — an urlencoded or multipart
// form, or a JSON object — together with the query parameters, one text
// per field (repeated fields and JSON arrays become comma lists). A field
// the call does not take is a 400.
func formFields(c echo.Context, allowed ...string) (map[string]string, error) {
	out := map[string]string{}
	put := func(k, v string) error {
		if k == "_method" {
			return nil
		}
		if !slices.Contains(allowed, k) {
			return httpx.UnknownFields(k)
		}
		if old, ok := out[k]; ok && old != "" && v != "" {
			v = old + "," + v
		}
		out[k] = v
		return nil
	}
	req := c.Request()
	if ct := req.Header.Get(echo.HeaderContentType); strings.Contains(ct, "json") {
		obj, err := httpx.BindObject(c, 0)
		if err != nil {
			return nil, err
		}
		for k, v := range obj {
			text, ok := formText(v)
			if !ok {
				return nil, invalid(schema.FieldError{Field: k, Message: fmt.Sprintf(msg.FieldBadFormat, k)})
			}
			if err := put(k, text); err != nil {
				return nil, err
			}
		}
	} else if req.ContentLength != 0 && ct != "" {
		form, err := c.FormParams()
		if err != nil {
			return nil, httpx.ErrNotJSONType.Wrap(err)
		}
		for k, vs := range form {
			if _, inQuery := c.QueryParams()[k]; inQuery {
				continue // urlencoded forms repeat the query; read it once below
			}
			for _, v := range vs {
				if err := put(k, v); err != nil {
					return nil, err
				}
			}
		}
	}
	for k, vs := range c.QueryParams() {
		for _, v := range vs {
			if err := put(k, v); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// formText is a JSON form value as text: strings, numbers and booleans as
// written, null as "", an array of those as a comma list.
func formText(v any) (string, bool) {
	switch x := v.(type) {
	case nil:
		return "", true
	case string:
		return x, true
	case json.Number:
		return x.String(), true
	case bool:
		return strconv.FormatBool(x), true
	case []any:
		parts := make([]string, 0, len(x))
		for _, e := range x {
			if _, nested := e.([]any); nested {
				return "", false
			}
			t, ok := formText(e)
			if !ok {
				return "", false
			}
			parts = append(parts, t)
		}
		return strings.Join(parts, ","), true
	}
	return "", false
}

// decodeStrict decodes one JSON value into dst, refusing keys dst does not
// declare.
func decodeStrict(raw []byte, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return bodyError(err)
	}
	return nil
}

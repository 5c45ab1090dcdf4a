package httpx

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
)

// DefaultMaxBody is the default limit of a JSON request body (10 MB).
const DefaultMaxBody int64 = 10 << 20

// Binding errors. Each answers 400 (or 413, 415) with its Chinese message.
var (
	ErrBadJSON       = &Error{Status: http.StatusBadRequest, Message: msg.BadJSON}
	ErrNotObject     = &Error{Status: http.StatusBadRequest, Message: msg.NotJSONObject}
	ErrBodyTooLarge  = &Error{Status: http.StatusRequestEntityTooLarge, Message: msg.BodyTooLarge}
	ErrNotJSONType   = &Error{Status: http.StatusUnsupportedMediaType, Message: msg.UnsupportedMediaType}
	ErrRouteNotFound = &Error{Status: http.StatusNotFound, Message: msg.RouteNotFound}
)

// BindObject reads the request body as one JSON object of at most limit
// bytes (DefaultMaxBody when limit ≤ 0). Numbers stay json.Number so no
// precision is lost; duplicate keys, trailing data, a body that is not an
// object and a Content-Type other than JSON are refused.
func BindObject(c echo.Context, limit int64) (map[string]any, error) {
	if ct := c.Request().Header.Get(echo.HeaderContentType); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || !isJSONType(mt) {
			return nil, ErrNotJSONType
		}
	}
	if limit <= 0 {
		limit = DefaultMaxBody
	}
	body := http.MaxBytesReader(c.Response(), c.Request().Body, limit)
	return DecodeObject(body)
}

func isJSONType(mt string) bool {
	return mt == echo.MIMEApplicationJSON || (len(mt) > 5 && mt[len(mt)-5:] == "+json")
}

// DecodeObject decodes r as exactly one JSON object, keeping numbers as
// json.Number and refusing duplicate top-level keys and trailing data.
func DecodeObject(r io.Reader) (map[string]any, error) {
	dec := json.NewDecoder(r)
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return nil, decodeError(err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, ErrNotObject
	}
	obj := map[string]any{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, decodeError(err)
		}
		key, ok := tok.(string)
		if !ok {
			return nil, ErrBadJSON
		}
		if _, dup := obj[key]; dup {
			return nil, ErrBadJSON.Wrap(errors.New("duplicate key " + key))
		}
		var v any
		if err := dec.Decode(&v); err != nil {
			return nil, decodeError(err)
		}
		obj[key] = v
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return nil, decodeError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, ErrBadJSON.Wrap(errors.New("trailing data after the object"))
	}
	return obj, nil
}

func decodeError(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return ErrBodyTooLarge.Wrap(err)
	}
	return ErrBadJSON.Wrap(err)
}

// BindFields reads the body as one JSON object (BindObject) whose keys
// must all be in allowed; an empty body is an empty object. Unknown keys
// answer 400 不支持的字段：k, naming each in the envelope's errors.
func BindFields(c echo.Context, limit int64, allowed ...string) (map[string]any, error) {
	if c.Request().ContentLength == 0 {
		return map[string]any{}, nil
	}
	obj, err := BindObject(c, limit)
	if err != nil {
		return nil, err
	}
	var unknown []string
	for k := range obj {
		if !slices.Contains(allowed, k) {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		return nil, UnknownFields(unknown...)
	}
	return obj, nil
}

// UnknownFields is the 400 of body keys a call does not take: msg names the
// first (in sorted order), errors name them all.
func UnknownFields(keys ...string) *Error {
	slices.Sort(keys)
	e := &Error{Status: http.StatusBadRequest}
	for _, k := range keys {
		e.Fields = append(e.Fields, schema.FieldError{Field: k, Message: fmt.Sprintf(msg.UnknownBodyField, k)})
	}
	e.Message = e.Fields[0].Message
	return e
}

// BindInto decodes the JSON body into the struct dst, whose JSON fields are
// the allow-list: a key dst does not declare answers 400 不支持的字段：k, a
// value of the wrong type 400 naming the field, trailing data and a body
// over limit (DefaultMaxBody when ≤ 0) are refused. An empty body leaves dst
// as it is.
func BindInto(c echo.Context, limit int64, dst any) error {
	req := c.Request()
	if ct := req.Header.Get(echo.HeaderContentType); ct != "" && !strings.Contains(ct, "json") {
		return ErrNotJSONType
	}
	if limit <= 0 {
		limit = DefaultMaxBody
	}
	dec := json.NewDecoder(http.MaxBytesReader(c.Response(), req.Body, limit))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		if errors.Is(err, io.EOF) {
			return nil
		}
		return bindError(err)
	}
	if dec.More() {
		return ErrBadJSON.Wrap(errors.New("trailing data"))
	}
	return nil
}

// bindError turns a struct decoding error into the 4xx it answers with.
func bindError(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return ErrBodyTooLarge.Wrap(err)
	}
	const unknown = "json: unknown field "
	if text := err.Error(); strings.HasPrefix(text, unknown) {
		return UnknownFields(strings.Trim(strings.TrimPrefix(text, unknown), `"`)).Wrap(err)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		text := fmt.Sprintf(msg.BodyFieldBadFormat, te.Field)
		return &Error{Status: http.StatusBadRequest, Message: text,
			Fields: []schema.FieldError{{Field: te.Field, Message: text}}, Err: err}
	}
	return ErrBadJSON.Wrap(err)
}

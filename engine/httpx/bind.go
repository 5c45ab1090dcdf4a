package httpx

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/msg"
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

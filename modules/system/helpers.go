package system

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
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

// bind decodes the JSON body into dst, refusing keys dst does not declare,
// trailing data and bodies over the configured limit. An empty body
// leaves dst as it is.
func (s *Service) bind(c echo.Context, dst any) error {
	req := c.Request()
	if ct := req.Header.Get(echo.HeaderContentType); ct != "" && !strings.Contains(ct, "json") {
		return httpx.ErrNotJSONType
	}
	limit := s.app.Config().MaxBodyBytes
	if limit <= 0 {
		limit = httpx.DefaultMaxBody
	}
	dec := json.NewDecoder(http.MaxBytesReader(c.Response(), req.Body, limit))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		if errors.Is(err, io.EOF) {
			return nil
		}
		return bodyError(err)
	}
	if dec.More() {
		return httpx.ErrBadJSON.Wrap(errors.New("trailing data"))
	}
	return nil
}

// bodyError turns a decoding error into the 4xx it answers with.
func bodyError(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return httpx.ErrBodyTooLarge.Wrap(err)
	}
	const unknown = "json: unknown field "
	if text := err.Error(); strings.HasPrefix(text, unknown) {
		name := strings.Trim(strings.TrimPrefix(text, unknown), `"`)
		return httpx.BadRequest(fmt.Sprintf(FieldUnknownInBody, name)).Wrap(err)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return invalid(schema.FieldError{Field: te.Field, Message: fmt.Sprintf(msg.FieldBadFormat, te.Field)})
	}
	return httpx.ErrBadJSON.Wrap(err)
}

// invalid is the 400 of a refused form: msg is the first field's message,
// errors lists them all.
func invalid(errs ...schema.FieldError) error {
	return &httpx.Error{Status: http.StatusBadRequest, Message: errs[0].Message, Fields: errs}
}

// checks collects field errors in the order they are found.
type checks []schema.FieldError

func (cs *checks) add(field, message string) {
	*cs = append(*cs, schema.FieldError{Field: field, Message: message})
}

// maxLen adds message when value has more than n characters.
func (cs *checks) maxLen(field, value string, n int, message string) {
	if utf8.RuneCountInString(value) > n {
		cs.add(field, message)
	}
}

// has reports whether field already has an error.
func (cs checks) has(field string) bool {
	for _, e := range cs {
		if e.Field == field {
			return true
		}
	}
	return false
}

// err is the collected errors as one 400, or nil.
func (cs checks) err() error {
	if len(cs) == 0 {
		return nil
	}
	return invalid(cs...)
}

// notFound is the 404 of an id that does not exist, belongs to another
// tenant or lies outside the viewer's reach.
func notFound(text string) error { return httpx.NewError(http.StatusNotFound, text) }

// pathID reads a positive id path parameter (400 otherwise).
func pathID(c echo.Context, name string) (int64, error) {
	return parseID(c.Param(name), name)
}

// queryID reads a positive id query parameter; required says whether it
// may be absent (0).
func queryID(c echo.Context, name string, required bool) (int64, error) {
	text := strings.TrimSpace(c.QueryParam(name))
	if text == "" {
		if required {
			return 0, httpx.BadRequest(fmt.Sprintf(ParamRequired, name))
		}
		return 0, nil
	}
	return parseID(text, name)
}

func parseID(text, name string) (int64, error) {
	id, err := strconv.ParseInt(strings.TrimSpace(text), 10, 64)
	if err != nil || id <= 0 {
		return 0, httpx.BadRequest(fmt.Sprintf(msg.BadParam, name))
	}
	return id, nil
}

// paging reads page (zero-based) and size (default 10, at most 1000).
func paging(c echo.Context) (page, size int, err error) {
	page, size = 0, 10
	if t := strings.TrimSpace(c.QueryParam("page")); t != "" {
		if page, err = strconv.Atoi(t); err != nil || page < 0 {
			return 0, 0, httpx.BadRequest(fmt.Sprintf(msg.BadParam, "page"))
		}
	}
	if t := strings.TrimSpace(c.QueryParam("size")); t != "" {
		if size, err = strconv.Atoi(t); err != nil || size < 1 {
			return 0, 0, httpx.BadRequest(fmt.Sprintf(msg.BadParam, "size"))
		}
		if size > 1000 {
			return 0, 0, httpx.BadRequest(msg.QuerySizeTooLarge)
		}
	}
	if page > 1_000_000 {
		return 0, 0, httpx.BadRequest(fmt.Sprintf(msg.BadParam, "page"))
	}
	return page, size, nil
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

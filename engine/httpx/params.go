package httpx

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/msg"
)

// ErrBadID answers an id that is not a positive decimal integer.
var ErrBadID = BadRequest(msg.BadID)

// ParseID reads a positive decimal id: digits only (no sign, no spaces), at
// most 19 of them. Anything else is ErrBadID (400 ID格式不正确).
func ParseID(s string) (int64, error) {
	if s == "" || len(s) > 19 {
		return 0, ErrBadID
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, ErrBadID
		}
	}
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id <= 0 {
		return 0, ErrBadID
	}
	return id, nil
}

// PathID reads the path parameter name as a positive id (surrounding spaces
// allowed); anything else is a 400 naming the parameter.
func PathID(c echo.Context, name string) (int64, error) {
	return namedID(c.Param(name), name)
}

// QueryID reads the query parameter name as a positive id. An absent or
// blank one is 0 unless required, when it is a 400 naming the parameter;
// a malformed one is a 400 naming it too.
func QueryID(c echo.Context, name string, required bool) (int64, error) {
	text := strings.TrimSpace(c.QueryParam(name))
	if text == "" {
		if required {
			return 0, BadRequest(fmt.Sprintf(msg.MissingParam, name))
		}
		return 0, nil
	}
	return namedID(text, name)
}

// namedID is ParseID of text (trimmed) answering a malformed id with a 400
// that names the parameter.
func namedID(text, name string) (int64, error) {
	id, err := ParseID(strings.TrimSpace(text))
	if err != nil {
		return 0, BadParam(name)
	}
	return id, nil
}

// BadParam is the 400 of a parameter whose value is not understood,
// naming it: 参数 name 的值格式不正确.
func BadParam(name string) *Error {
	return BadRequest(fmt.Sprintf(msg.BadParam, name))
}

// Paging defaults and limits of every list (docs/api.md): page is
// zero-based, size is DefaultPageSize unless a module says otherwise and
// at most MaxPageSize.
const (
	DefaultPageSize = 10
	MaxPageSize     = 1000
)

// PageRule says how a list reads page and size.
type PageRule struct {
	// DefaultSize is the size when none is given (DefaultPageSize when 0).
	DefaultSize int
	// MaxPage is the highest page accepted; 0 accepts any int32 page.
	MaxPage int
	// BadValue is the message format (one %s, the parameter) of a page or
	// size that is not understood; msg.BadParam when "".
	BadValue string
}

// PageError is a page or size parameter a list refuses. It answers 400
// with its Chinese message.
type PageError struct {
	Param  string // "page" or "size"
	Reason string // lower-case English, for logs
	Public string // the Chinese message
}

// Error names the parameter and the reason, for logs.
func (e *PageError) Error() string { return fmt.Sprintf("query parameter %q: %s", e.Param, e.Reason) }

// HTTPStatus is 400: a bad page is the client's mistake.
func (e *PageError) HTTPStatus() int { return 400 }

// PublicMessage is the Chinese message.
func (e *PageError) PublicMessage() string { return e.Public }

// Paging reads page (zero-based, default 0) and size (default
// rule.DefaultSize, 1 to MaxPageSize) from the values of a list request.
// A parameter given twice with different values, a negative page, a page
// over rule.MaxPage and a size below 1 are refused with rule.BadValue; a
// size over the limit with 每页条数不能超过1000. Empty values are absent.
func Paging(v url.Values, rule PageRule) (page, size int, err error) {
	if rule.DefaultSize <= 0 {
		rule.DefaultSize = DefaultPageSize
	}
	if rule.BadValue == "" {
		rule.BadValue = msg.BadParam
	}
	bad := func(key, reason string) *PageError {
		return &PageError{Param: key, Reason: reason, Public: fmt.Sprintf(rule.BadValue, key)}
	}
	s, err := SingleValue(v["page"])
	if err != nil {
		return 0, 0, bad("page", err.Error())
	}
	if s != "" {
		n, err := strconv.ParseInt(s, 10, 32)
		if err != nil || n < 0 || rule.MaxPage > 0 && n > int64(rule.MaxPage) {
			return 0, 0, bad("page", "not a page number")
		}
		page = int(n)
	}
	size = rule.DefaultSize
	if s, err = SingleValue(v["size"]); err != nil {
		return 0, 0, bad("size", err.Error())
	}
	if s != "" {
		n, err := strconv.ParseInt(s, 10, 32)
		if err != nil && !isRangeErr(err) || n < 1 {
			return 0, 0, bad("size", "not a page size")
		}
		if n > MaxPageSize || err != nil {
			return 0, 0, &PageError{Param: "size", Reason: "page size over the limit", Public: msg.QuerySizeTooLarge}
		}
		size = int(n)
	}
	return page, size, nil
}

// SingleValue is the one non-empty value (trimmed) of a parameter given
// once or repeated with the same value, "" when none; different values are
// an error.
func SingleValue(vals []string) (string, error) {
	var out string
	for _, s := range vals {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		if out != "" && out != s {
			return "", fmt.Errorf("more than one value")
		}
		out = s
	}
	return out, nil
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

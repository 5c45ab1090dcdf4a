package httpx

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
)

// PublicError is an error that knows how it reaches a person: its HTTP
// status and its Chinese message. Packages implement it on their own error
// types so the adapter needs to know none of them.
type PublicError interface {
	error
	HTTPStatus() int
	PublicMessage() string
}

// FieldErrorer is implemented by validation errors that name fields.
type FieldErrorer interface {
	FieldErrors() []schema.FieldError
}

// DataCarrier is implemented by errors whose envelope also carries data
// (an import's report of bad rows, for instance).
type DataCarrier interface {
	ErrorData() any
}

// Error is the HTTP layer's own public error: a status, a Chinese message,
// optional field errors, optional data for the envelope and the underlying
// cause for the log.
type Error struct {
	Status  int
	Message string
	Fields  []schema.FieldError
	Data    any
	Err     error
}

// NewError returns an error answering status with the Chinese message text.
func NewError(status int, text string) *Error {
	return &Error{Status: status, Message: text}
}

// BadRequest returns a 400 error with the Chinese message text.
func BadRequest(text string) *Error { return NewError(http.StatusBadRequest, text) }

// Wrap returns a copy of e carrying err as its cause.
func (e *Error) Wrap(err error) *Error {
	c := *e
	c.Err = err
	return &c
}

// Error describes the error for logs.
func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("http %d: %v", e.Status, e.Err)
	}
	return fmt.Sprintf("http %d: %s", e.Status, e.Message)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// HTTPStatus is the status the error answers with.
func (e *Error) HTTPStatus() int { return e.Status }

// PublicMessage is the Chinese text shown to people.
func (e *Error) PublicMessage() string { return e.Message }

// FieldErrors lists the fields the error is about.
func (e *Error) FieldErrors() []schema.FieldError { return e.Fields }

// ErrorData is the data the error's envelope carries, if any.
func (e *Error) ErrorData() any { return e.Data }

// Resolve turns any error into the status and envelope it answers with.
// internal is true when the error is not a public one: the envelope then
// says only 服务器内部错误 and the caller must log the error.
func Resolve(err error) (status int, env Envelope, internal bool) {
	var pe PublicError
	if errors.As(err, &pe) {
		env = Envelope{Code: pe.HTTPStatus(), Msg: pe.PublicMessage()}
		var fe FieldErrorer
		if errors.As(err, &fe) {
			env.Errors = fe.FieldErrors()
		}
		var dc DataCarrier
		if errors.As(err, &dc) {
			env.Data = dc.ErrorData()
		}
		return env.Code, env, false
	}
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return http.StatusRequestEntityTooLarge,
			Envelope{Code: http.StatusRequestEntityTooLarge, Msg: msg.BodyTooLarge}, false
	}
	// echo's own errors (unknown route, wrong method, …); errors.As above
	// already looked through their Internal cause for a public error.
	var he *echo.HTTPError
	if errors.As(err, &he) {
		text, ok := statusText(he.Code)
		if !ok {
			return internalError()
		}
		return he.Code, Envelope{Code: he.Code, Msg: text}, false
	}
	var se *json.SyntaxError
	var ue *json.UnmarshalTypeError
	if errors.As(err, &se) || errors.As(err, &ue) {
		return http.StatusBadRequest, Envelope{Code: http.StatusBadRequest, Msg: msg.BadJSON}, false
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return http.StatusServiceUnavailable,
			Envelope{Code: http.StatusServiceUnavailable, Msg: msg.Timeout}, false
	}
	return internalError()
}

func internalError() (int, Envelope, bool) {
	return http.StatusInternalServerError,
		Envelope{Code: http.StatusInternalServerError, Msg: msg.Internal}, true
}

// statusText is the Chinese text of the statuses echo and the standard
// library produce on their own. Other 5xx codes are treated as internal.
func statusText(code int) (string, bool) {
	switch code {
	case http.StatusBadRequest:
		return msg.BadRequest, true
	case http.StatusUnauthorized:
		return msg.Unauthorized, true
	case http.StatusForbidden:
		return msg.Forbidden, true
	case http.StatusNotFound:
		return msg.RouteNotFound, true
	case http.StatusMethodNotAllowed:
		return msg.MethodNotAllowed, true
	case http.StatusConflict:
		return msg.Conflict, true
	case http.StatusRequestEntityTooLarge:
		return msg.BodyTooLarge, true
	case http.StatusUnsupportedMediaType:
		return msg.UnsupportedMediaType, true
	case http.StatusTooManyRequests:
		return msg.TooManyRequests, true
	case http.StatusServiceUnavailable:
		return msg.Unavailable, true
	}
	if code >= 400 && code < 500 {
		return msg.BadRequest, true
	}
	return "", false
}

// StatusClientClosed is the status logged for a request whose client went
// away before its answer (nginx's 499): it is never read by anyone.
const StatusClientClosed = 499

// ErrorHandler is the echo HTTPErrorHandler: it answers every error with the
// envelope and logs internal errors (and public 5xx ones) with the request
// id. Internal details never reach the client. The message is worded in
// the request's locale where it has a translation (LocalizeMessage).
func ErrorHandler(log *slog.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		status, env, internal := Resolve(err)
		if errors.Is(err, context.Canceled) || errors.Is(c.Request().Context().Err(), context.Canceled) {
			// The client went away (the driver may say so in its own words,
			// not as context.Canceled): nobody reads the answer, and it is no
			// server failure. 499, as proxies log it, keeps it out of the 5xx
			// figures of the access log and the metrics.
			log.Info("request canceled", "requestId", RequestID(c), "path", c.Request().URL.Path)
			if !c.Response().Committed {
				c.Response().WriteHeader(StatusClientClosed)
			}
			return
		}
		switch {
		case internal:
			log.Error("request failed", "requestId", RequestID(c), "method", c.Request().Method,
				"path", c.Request().URL.Path, "err", err.Error())
		case status >= 500:
			log.Warn("request failed", "requestId", RequestID(c), "status", status, "err", err.Error())
		}
		if c.Response().Committed {
			return
		}
		// The message in the locale the request asks for (locale.go).
		if locale := RequestLocale(c.Request()); locale != "" {
			env.Msg = LocalizeMessage(env.Msg, locale)
			c.Response().Header().Add("Vary", "Accept-Language")
		}
		var werr error
		if c.Request().Method == http.MethodHead {
			werr = c.NoContent(status)
		} else {
			werr = c.JSON(status, env)
		}
		if werr != nil {
			log.Warn("write error answer", "requestId", RequestID(c), "err", werr.Error())
		}
	}
}

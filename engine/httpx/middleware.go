package httpx

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"runtime"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
)

// HeaderRequestID carries the request id in both directions.
const HeaderRequestID = "X-Request-Id"

// MethodOverride turns `POST …?_method=PUT` (or DELETE, PATCH) into that
// method. It must run before routing (echo's Pre), so the router sees the
// real method. Other methods and other values are left alone.
func MethodOverride() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			req := c.Request()
			if req.Method == http.MethodPost {
				switch m := strings.ToUpper(c.QueryParam("_method")); m {
				case http.MethodPut, http.MethodDelete, http.MethodPatch:
					req.Method = m
				}
			}
			return next(c)
		}
	}
}

// RequestIDs honours a well-formed incoming X-Request-Id or makes one, keeps
// it in the context (RequestID) and sends it back in the answer.
func RequestIDs() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			id := c.Request().Header.Get(HeaderRequestID)
			if !validRequestID(id) {
				id = newRequestID()
			}
			c.Set(keyRequestID, id)
			c.Response().Header().Set(HeaderRequestID, id)
			return next(c)
		}
	}
}

// validRequestID accepts ids of 1–128 characters from a safe alphabet, so a
// client cannot inject anything into logs through the header.
func validRequestID(id string) bool {
	if id == "" || len(id) > 128 {
		return false
	}
	for _, r := range id {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' ||
			r == '-' || r == '_' || r == '.' || r == ':'
		if !ok {
			return false
		}
	}
	return true
}

func newRequestID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return hex.EncodeToString(b[:])
}

// Recover turns a panic in a handler into an error (so the error handler
// answers 500 and logs it) and logs the stack with the request id.
func Recover(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) (err error) {
			defer func() {
				r := recover()
				if r == nil {
					return
				}
				if r == http.ErrAbortHandler {
					panic(r)
				}
				stack := make([]byte, 8<<10)
				stack = stack[:runtime.Stack(stack, false)]
				log.Error("panic recovered", "requestId", RequestID(c), "panic", fmt.Sprint(r),
					"stack", string(stack))
				err = fmt.Errorf("panic: %v", r)
			}()
			return next(c)
		}
	}
}

// AccessLog writes one structured line per request: method, path, route,
// status, latency, bytes written, request id and the user when known. It
// hands an error to the error handler first, so the status logged is the
// one sent.
func AccessLog(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			if err := next(c); err != nil {
				c.Error(err)
			}
			res := c.Response()
			level := slog.LevelInfo
			if res.Status >= 500 {
				level = slog.LevelError
			}
			if !log.Enabled(c.Request().Context(), level) {
				return nil // a server logging warnings only: no line to build
			}
			attrs := []slog.Attr{
				slog.String("method", c.Request().Method),
				slog.String("path", c.Request().URL.Path),
				slog.String("route", Route(c)),
				slog.Int("status", res.Status),
				slog.Duration("latency", time.Since(start)),
				slog.Int64("bytes", res.Size),
				slog.String("requestId", RequestID(c)),
				slog.String("ip", c.RealIP()),
			}
			if u := User(c); u != "" {
				attrs = append(attrs, slog.String("user", u))
			}
			log.LogAttrs(c.Request().Context(), level, "http request", attrs...)
			return nil
		}
	}
}

package engine

import (
	"github.com/labstack/echo/v4"

	"xiangzhi/engine/store"
)

// Authorizer decides whether the request may use the permission code and
// returns the data scope the request runs in; an error (answering 401 or
// 403) stops the request. The App asks it before every non-public route
// and every module operation.
type Authorizer interface {
	Authorize(c echo.Context, code string) (store.Scope, error)
}

// OpenAuthorizer is the pre-authentication default: it allows every code
// and scopes every request to all rows of tenant 1. The authentication
// layer replaces it with SetAuthorizer; a deployment must never run with it
// exposed beyond a developer's machine.
type OpenAuthorizer struct{}

// Authorize allows everything within tenant 1.
func (OpenAuthorizer) Authorize(echo.Context, string) (store.Scope, error) {
	return store.Scope{TenantID: 1, Mode: store.ScopeAll}, nil
}

// Authorizer is the Authorizer in force now (hand-written parts that
// authenticate outside a route, such as the message socket's fan-out, ask
// it for more through an interface of their own).
func (a *App) Authorizer() Authorizer { return a.authz.Load().Authorizer }

// authorizerBox lets an interface value live in an atomic.Pointer.
type authorizerBox struct{ Authorizer }

// SetAuthorizer replaces the Authorizer; requests already running keep the
// one they started with.
func (a *App) SetAuthorizer(az Authorizer) { a.authz.Store(&authorizerBox{az}) }

// appAuthorizer forwards to whichever Authorizer is current, so the
// dispatcher built in New sees a later SetAuthorizer.
type appAuthorizer struct{ a *App }

func (f appAuthorizer) Authorize(c echo.Context, code string) (store.Scope, error) {
	sc, err := f.a.authz.Load().Authorize(c, code)
	if err == nil {
		c.Set(scopeKey, sc)
	}
	return sc, err
}

// scopeKey keeps the request's scope in the echo context.
const scopeKey = "xz.scope"

// ScopeOf is the data scope the Authorizer gave the request (the zero
// Scope on public routes).
func ScopeOf(c echo.Context) store.Scope {
	sc, _ := c.Get(scopeKey).(store.Scope)
	return sc
}

// authorized wraps a route handler with the permission check of its code.
func (a *App) authorized(code string, h echo.HandlerFunc) echo.HandlerFunc {
	check := appAuthorizer{a}
	return func(c echo.Context) error {
		if _, err := check.Authorize(c, code); err != nil {
			return err
		}
		return h(c)
	}
}

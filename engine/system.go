package engine

import (
	"context"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/crud"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/store"
)

// System is system administration as the engine needs it: who a request
// is, where an organisation lies, what users and organisations are called,
// and the operation log. The product's system module implements it and
// registers it once with RegisterSystem; tests register a small stand-in
// (engine/apitest). Until one is registered the engine refuses every
// non-public route and every module operation.
type System interface {
	// Authorize decides whether the request may use the permission code
	// and returns the data scope the request runs in; an error (answering
	// 401 or 403) stops the request. The engine asks it before every
	// non-public route and every module operation.
	Authorize(c echo.Context, code string) (store.Scope, error)
	// OrgPath is the materialised path ("/1/5/") of an organisation of a
	// tenant, so that a record can be placed in an organisation other than
	// the viewer's own (a record's orgId).
	OrgPath(ctx context.Context, tenantID, orgID int64) (string, error)
	// Labels names system entities of a tenant by id in the module API's
	// answers: ref is "user", "org" or "grid", display the field shown.
	// Ids it does not know are left out.
	Labels(ctx context.Context, tenantID int64, ref, display string, ids []int64) (map[int64]string, error)
	// OperationLog wraps every request (after the _method override) to
	// record the mutating ones.
	OperationLog(next echo.HandlerFunc) echo.HandlerFunc
}

// ErrSystemRegistered is a second RegisterSystem.
var ErrSystemRegistered = errors.New("a system is registered already")

// errNoSystem answers every guarded request while no System is registered.
var errNoSystem = httpx.NewError(http.StatusServiceUnavailable, msg.Unavailable)

// systemBox lets an interface value live in an atomic.Pointer.
type systemBox struct{ System }

// RegisterSystem installs sys: from now on it authorizes every guarded
// request, resolves organisation paths for the store, names users and
// organisations in module answers and logs operations. It may be called
// once; Serve refuses to start before it.
func (a *App) RegisterSystem(sys System) error {
	if sys == nil {
		return errors.New("register system: nil")
	}
	if !a.system.CompareAndSwap(nil, &systemBox{sys}) {
		return ErrSystemRegistered
	}
	a.crud.SetSystemLabels(sys.Labels)
	a.crud.SetSystemRefs(crud.RefsFromLabels(sys.Labels, sys.OrgPath))
	a.crud.SetOrgPaths(sys.OrgPath)
	a.echo.Use(sys.OperationLog)
	return nil
}

// System is the registered System, nil before RegisterSystem: for a
// hand-written part that needs more of system administration than the
// engine does, through an interface of its own.
func (a *App) System() System { return a.currentSystem() }

// Authorize asks the registered System whether the request may use code
// and answers its data scope (503 while none is registered): for
// hand-written handlers whose code depends on the request.
func (a *App) Authorize(c echo.Context, code string) (store.Scope, error) {
	return appAuthorizer{a}.Authorize(c, code)
}

// currentSystem is the registered System, or nil.
func (a *App) currentSystem() System {
	if b := a.system.Load(); b != nil {
		return b.System
	}
	return nil
}

// OrgPath is the materialised path of an organisation of a tenant, as the
// registered System knows it (what a hook that compares organisations
// needs). Without a System every organisation is out of scope.
func (a *App) OrgPath(ctx context.Context, tenantID, orgID int64) (string, error) {
	sys := a.currentSystem()
	if sys == nil {
		return "", store.ErrOutOfScope
	}
	return sys.OrgPath(ctx, tenantID, orgID)
}

// appAuthorizer asks the registered System, refusing everything while
// there is none; the dispatcher built in New holds it.
type appAuthorizer struct{ a *App }

func (f appAuthorizer) Authorize(c echo.Context, code string) (store.Scope, error) {
	sys := f.a.currentSystem()
	if sys == nil {
		return store.Scope{}, errNoSystem
	}
	sc, err := sys.Authorize(c, code)
	if err == nil {
		c.Set(scopeKey, sc)
	}
	return sc, err
}

// scopeKey keeps the request's scope in the echo context.
const scopeKey = "xz.scope"

// ScopeOf is the data scope the System gave the request (the zero Scope on
// public routes).
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

package apitest

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/dashboard"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/store"
)

// Headers the test System reads.
const (
	// HeaderDeny names the one permission code the request is refused.
	HeaderDeny = "X-Test-Deny"
	// HeaderTenant picks the caller's tenant (1 when absent).
	HeaderTenant = "X-Test-Tenant"
	// HeaderOrg makes the caller a member of that organisation (path
	// /<org>/) who reaches its subtree only; without it the caller belongs
	// to organisation 1 and reaches all rows of the tenant.
	HeaderOrg = "X-Test-Org"
)

// System is the engine.System of tests that run the engine without the
// product's system module: every request is user 7, allowed every code but
// the one HeaderDeny names, in the tenant and organisation the headers
// pick. It knows the organisation paths in Orgs (others are out of scope),
// names nobody and logs no operation. It records each code it was asked.
type System struct {
	// Orgs are the paths OrgPath knows, by organisation id, in every
	// tenant.
	Orgs map[int64]string
	// Paths, when set, answers OrgPath instead of Orgs (per tenant).
	Paths func(ctx context.Context, tenantID, orgID int64) (string, error)
	// Names, when set, answers Labels (which also decides which users and
	// organisations a write may reference).
	Names func(ctx context.Context, tenantID int64, ref, display string, ids []int64) (map[int64]string, error)

	mu    sync.Mutex
	codes []string
}

// NewSystem registers a test System with app and returns it.
func NewSystem(t interface{ Fatalf(string, ...any) }, app *engine.App) *System {
	sys := &System{}
	if err := app.RegisterSystem(sys); err != nil {
		t.Fatalf("register test system: %v", err)
	}
	return sys
}

// Authorize allows every code but the denied one, in the scope the
// headers pick.
func (s *System) Authorize(c echo.Context, code string) (store.Scope, error) {
	s.mu.Lock()
	s.codes = append(s.codes, code)
	s.mu.Unlock()
	h := c.Request().Header
	if h.Get(HeaderDeny) == code {
		return store.Scope{}, httpx.NewError(http.StatusForbidden, msg.Forbidden)
	}
	tenant := int64(1)
	if v := h.Get(HeaderTenant); v != "" {
		tenant, _ = strconv.ParseInt(v, 10, 64)
	}
	if v := h.Get(HeaderOrg); v != "" {
		org, _ := strconv.ParseInt(v, 10, 64)
		path := "/" + v + "/"
		if p, ok := s.Orgs[org]; ok { // a member of a tree the test drew
			path = p
		}
		return store.Scope{TenantID: tenant, UserID: 7, OrgID: org, OrgPath: path, Mode: store.ScopeSubtree}, nil
	}
	return store.Scope{TenantID: tenant, UserID: 7, OrgID: 1, OrgPath: "/1/", Mode: store.ScopeAll}, nil
}

// OrgPath is the path Paths or Orgs gives, else out of scope.
func (s *System) OrgPath(ctx context.Context, tenantID, orgID int64) (string, error) {
	if s.Paths != nil {
		return s.Paths(ctx, tenantID, orgID)
	}
	if p, ok := s.Orgs[orgID]; ok {
		return p, nil
	}
	return "", store.ErrOutOfScope
}

// Labels names what Names names, else nobody.
func (s *System) Labels(ctx context.Context, tenantID int64, ref, display string, ids []int64) (map[int64]string, error) {
	if s.Names != nil {
		return s.Names(ctx, tenantID, ref, display, ids)
	}
	return nil, nil
}

// OrgsUnder lists the organisations of Orgs under path, named by Names
// (dashboard.OrgLister).
func (s *System) OrgsUnder(ctx context.Context, tenantID int64, path string) ([]dashboard.OrgNode, error) {
	var out []dashboard.OrgNode
	var ids []int64
	for id, p := range s.Orgs {
		if strings.HasPrefix(p, path) {
			out = append(out, dashboard.OrgNode{ID: id, Path: p})
			ids = append(ids, id)
		}
	}
	names, err := s.Labels(ctx, tenantID, "org", "name", ids)
	if err != nil {
		return nil, err
	}
	for i := range out {
		out[i].Name = names[out[i].ID]
	}
	slices.SortFunc(out, func(a, b dashboard.OrgNode) int { return strings.Compare(a.Path, b.Path) })
	return out, nil
}

// OperationLog logs nothing.
func (s *System) OperationLog(next echo.HandlerFunc) echo.HandlerFunc { return next }

// LastCode is the code Authorize was last asked for ("" before any).
func (s *System) LastCode() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.codes) == 0 {
		return ""
	}
	return s.codes[len(s.codes)-1]
}

// The test System is an engine.System.
var _ engine.System = (*System)(nil)

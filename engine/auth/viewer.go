package auth

import (
	"context"
	"fmt"
	"net/http"

	"xiangzhi/engine/store"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/user"
)

// AllCodes is the member of a CodeSet that stands for every permission
// code, including codes registered after the set was made: the
// super-administrator role's.
const AllCodes = "*"

// CodeSet is a set of permission codes. Sets handed out by Permissions are
// shared: never modify one.
type CodeSet map[string]struct{}

// Has reports whether the set grants code (AllCodes grants every code but
// Platform, which no set grants).
func (s CodeSet) Has(code string) bool {
	if code == "" || code == Platform {
		return false
	}
	if _, ok := s[AllCodes]; ok {
		return true
	}
	_, ok := s[code]
	return ok
}

// Viewer is who is making a request: the user, their tenant and primary
// organisation, the codes they hold, their data scope and their session.
type Viewer struct {
	UserID     int64
	TenantID   int64
	Username   string
	OrgID      int64
	OrgPath    string
	Codes      CodeSet
	VisitCodes []string
	ScopeMode  store.ScopeMode
	SessionID  string
	// MustChangePassword is set while the user still has an initial password
	// (or one that breaks the policy): only sign-in-only calls are allowed.
	MustChangePassword bool
	// Platform says the user may call the platform administration (the
	// Platform code), whatever their roles.
	Platform bool
}

// Can reports whether the viewer holds code.
func (v *Viewer) Can(code string) bool { return v.Codes.Has(code) }

// SuperAdmin reports whether the viewer holds every code.
func (v *Viewer) SuperAdmin() bool {
	_, ok := v.Codes[AllCodes]
	return ok
}

// Scope is the store scope of the viewer's requests.
func (v *Viewer) Scope() store.Scope {
	return store.Scope{TenantID: v.TenantID, UserID: v.UserID, OrgID: v.OrgID,
		OrgPath: v.OrgPath, Mode: v.ScopeMode}
}

type viewerKey struct{}

// WithViewer returns ctx carrying v.
func WithViewer(ctx context.Context, v *Viewer) context.Context {
	return context.WithValue(ctx, viewerKey{}, v)
}

// ViewerFrom returns the viewer ctx carries, or nil.
func ViewerFrom(ctx context.Context) *Viewer {
	v, _ := ctx.Value(viewerKey{}).(*Viewer)
	return v
}

// Authenticate checks a token — signature, expiry, and a live session that
// belongs to the token's user and tenant — and returns its viewer, built
// from the database as it is now (a disabled user or tenant is refused at
// once). Failures answer 401.
func (s *Service) Authenticate(ctx context.Context, token string) (*Viewer, error) {
	claims, err := s.tokens.Parse(token)
	if err != nil {
		return nil, err
	}
	if v := s.viewers.get(claims.ID); v != nil && v.UserID == claims.UserID() && v.TenantID == claims.TenantID {
		return v, nil
	}
	gen := s.viewers.gen.Load()
	sess, err := s.sessions.Check(ctx, claims.ID)
	if err != nil {
		return nil, err
	}
	if sess.UserID != claims.UserID() || sess.TenantID != claims.TenantID {
		return nil, invalidToken(fmt.Errorf("session %s belongs to another user", claims.ID))
	}
	v, err := s.ViewerFor(ctx, claims.TenantID, claims.UserID())
	if err != nil {
		return nil, err
	}
	v.SessionID = sess.Jti
	s.viewers.put(sess.Jti, v, gen)
	return v, nil
}

// InvalidateViewers drops every cached viewer, for changes made outside the
// ent client (the cache already follows every identity mutation through it).
func (s *Service) InvalidateViewers() { s.viewers.invalidate() }

// ViewersGeneration counts the invalidations of the viewer cache: a viewer
// kept elsewhere (a socket's) is current while the count has not moved.
func (s *Service) ViewersGeneration() uint64 { return s.viewers.gen.Load() }

// ViewerFor builds the viewer of a user of a tenant without a token (the
// session id stays empty): for background work and tests. An unknown user
// answers 401, a disabled user or tenant 401 with 账号已停用.
func (s *Service) ViewerFor(ctx context.Context, tenantID, userID int64) (*Viewer, error) {
	u, err := s.client.User.Query().
		Where(user.ID(userID), user.TenantID(tenantID)).
		WithTenant().WithOrg().
		WithRoles().
		Only(ctx)
	if ent.IsNotFound(err) {
		return nil, sessionEnded()
	}
	if err != nil {
		return nil, fmt.Errorf("load viewer %d: %w", userID, err)
	}
	if u.Disabled || u.Edges.Tenant == nil || u.Edges.Tenant.Disabled {
		return nil, disabledError(http.StatusUnauthorized)
	}
	v := &Viewer{
		UserID:             u.ID,
		TenantID:           u.TenantID,
		Username:           u.Username,
		MustChangePassword: u.MustChangePassword,
		Platform:           u.PlatformAdmin,
		Codes:              CodeSet{},
	}
	if o := u.Edges.Org; o != nil {
		v.OrgID, v.OrgPath = o.ID, o.Path
	}
	if s.perms != nil {
		if set := s.perms.CodeSet(tenantID, userID); set != nil {
			v.Codes = set
		}
		v.VisitCodes = s.perms.VisitCodes(tenantID, userID)
	}
	v.ScopeMode = scopeMode(u, v.OrgPath)
	return v, nil
}

// scopeModes maps the stored data-scope names onto the store's modes.
var scopeModes = map[string]store.ScopeMode{
	"all": store.ScopeAll, "subtree": store.ScopeSubtree, "org": store.ScopeOrg, "own": store.ScopeOwn,
}

// scopeMode decides a user's data scope: the user's own override when set;
// otherwise the widest scope of their roles (a system role gives all); a
// user without roles gets the subtree of their organisation. Without an
// organisation, subtree and org scopes narrow to the user's own rows, so a
// missing organisation never widens what is seen.
func scopeMode(u *ent.User, orgPath string) store.ScopeMode {
	mode := store.ScopeSubtree
	switch {
	case u.DataScope != nil:
		mode = scopeModes[string(*u.DataScope)]
	case len(u.Edges.Roles) > 0:
		mode = store.ScopeOwn
		for _, r := range u.Edges.Roles {
			m := scopeModes[string(r.DataScope)]
			if r.System {
				m = store.ScopeAll
			}
			if m < mode {
				mode = m
			}
		}
	}
	if orgPath == "" && (mode == store.ScopeSubtree || mode == store.ScopeOrg) {
		mode = store.ScopeOwn
	}
	return mode
}

package system

import (
	"context"
	"fmt"

	"xiangzhi/engine/auth"
	"xiangzhi/engine/store"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/org"
	"xiangzhi/generated/ent/predicate"
	"xiangzhi/generated/ent/user"
)

// Reach of the system screens. Users and organisations are administered
// within the viewer's organisation subtree; a viewer whose data scope is
// all (the 超级管理员 role, or a role or user override saying so) reaches
// the whole tenant. A viewer without an organisation reaches only
// themselves and no organisation. Another tenant is never reached: its ids
// answer 404 like ids that do not exist.

// reachAll reports whether v administers the whole tenant.
func reachAll(v *auth.Viewer) bool { return v.ScopeMode == store.ScopeAll }

// userReach is the predicate of the users v may see and edit.
func userReach(v *auth.Viewer) predicate.User {
	ps := []predicate.User{user.TenantID(v.TenantID)}
	switch {
	case reachAll(v):
	case v.OrgPath != "":
		ps = append(ps, user.HasOrgWith(org.PathHasPrefix(v.OrgPath), org.TenantID(v.TenantID)))
	default:
		ps = append(ps, user.ID(v.UserID))
	}
	return user.And(ps...)
}

// orgReach is the predicate of the organisations v may see and edit.
func orgReach(v *auth.Viewer) predicate.Org {
	ps := []predicate.Org{org.TenantID(v.TenantID)}
	switch {
	case reachAll(v):
	case v.OrgPath != "":
		ps = append(ps, org.PathHasPrefix(v.OrgPath))
	default:
		ps = append(ps, org.ID(0)) // nothing: no row has id 0
	}
	return org.And(ps...)
}

// reachableOrg loads organisation id if v reaches it; otherwise (missing,
// another tenant, outside the subtree) it answers 404.
func (s *Service) reachableOrg(ctx context.Context, v *auth.Viewer, id int64) (*ent.Org, error) {
	o, err := s.ent.Org.Query().Where(org.ID(id), orgReach(v)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, notFound(OrgNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("load organisation %d: %w", id, err)
	}
	return o, nil
}

// OrgPath is the materialised path (engine.System) of an
// organisation of the tenant. An organisation that does not exist or
// belongs to another tenant is out of scope (403); the store then checks
// the path against the viewer's subtree.
func (s *Service) OrgPath(ctx context.Context, tenantID, orgID int64) (string, error) {
	o, err := s.ent.Org.Query().Where(org.ID(orgID), org.TenantID(tenantID)).Only(ctx)
	if ent.IsNotFound(err) {
		return "", store.ErrOutOfScope
	}
	if err != nil {
		return "", err
	}
	return o.Path, nil
}

// scopeModes maps the stored data-scope names onto the store's modes.
var scopeModes = map[string]store.ScopeMode{
	"all": store.ScopeAll, "subtree": store.ScopeSubtree, "org": store.ScopeOrg, "own": store.ScopeOwn,
}

// Package authz is the permission model: casbin RBAC with domains, the
// domains being tenants. Its policies are derived from the database — a
// role holds the permission code of every menu it is granted (any
// terminal), a user holds their roles, and a system role (the super
// administrator's) holds every code, including codes registered later —
// and rebuilt by Reload whenever role menus, user roles or menus change.
// The enforcer lives in memory; no casbin adapter is involved.
package authz

import (
	"context"
	_ "embed"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/casbin/casbin/v2"
	"github.com/casbin/casbin/v2/model"

	"xiangzhi/engine/auth"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/menu"
)

//go:embed model.conf
var modelText string

// Enforcer answers permission questions from a snapshot of the policies.
// It is safe for concurrent use; Reload swaps the snapshot atomically.
type Enforcer struct {
	client *ent.Client
	snap   atomic.Pointer[snapshot]

	mu         sync.Mutex
	registered map[string]struct{}
}

// snapshot is one immutable generation of the policies, with the code sets
// computed from it memoised per user.
type snapshot struct {
	enf *casbin.SyncedEnforcer
	// codes are the permission codes of all menus; pages those of page-type
	// menus, which are visit codes.
	codes, pages map[string]struct{}
	// tenants are the tenants with at least one role when loaded.
	tenants map[int64]struct{}
	sets    sync.Map // userKey → auth.CodeSet
	visits  sync.Map // userKey → []string
}

type userKey struct{ tenant, user int64 }

// New returns an enforcer over client with no policies; call Reload.
func New(client *ent.Client) *Enforcer {
	e := &Enforcer{client: client, registered: map[string]struct{}{}}
	s, err := newSnapshot()
	if err != nil {
		// The embedded model is fixed; failing to load it is a build bug.
		panic(err)
	}
	e.snap.Store(s)
	return e
}

func newSnapshot() (*snapshot, error) {
	m, err := model.NewModelFromString(modelText)
	if err != nil {
		return nil, fmt.Errorf("casbin model: %w", err)
	}
	enf, err := casbin.NewSyncedEnforcer(m)
	if err != nil {
		return nil, fmt.Errorf("casbin enforcer: %w", err)
	}
	enf.EnableLog(false)
	return &snapshot{enf: enf, codes: map[string]struct{}{}, pages: map[string]struct{}{},
		tenants: map[int64]struct{}{}}, nil
}

// Subjects and domains as casbin sees them.
func userSubject(id int64) string  { return "u:" + strconv.FormatInt(id, 10) }
func roleSubject(id int64) string  { return "r:" + strconv.FormatInt(id, 10) }
func domain(tenantID int64) string { return strconv.FormatInt(tenantID, 10) }

// Reload rebuilds the policies from the database and swaps them in. Call
// it after a change to role menus, user roles, roles or menus.
func (e *Enforcer) Reload(ctx context.Context) error {
	s, err := newSnapshot()
	if err != nil {
		return err
	}
	roles, err := e.client.Role.Query().All(ctx)
	if err != nil {
		return fmt.Errorf("reload policies: roles: %w", err)
	}
	tenantOf := make(map[int64]int64, len(roles))
	var policies, groupings [][]string
	for _, r := range roles {
		tenantOf[r.ID] = r.TenantID
		s.tenants[r.TenantID] = struct{}{}
		if r.System {
			policies = append(policies, []string{roleSubject(r.ID), domain(r.TenantID), auth.AllCodes})
		}
	}
	menus, err := e.client.Menu.Query().Where(menu.PermissionCodeNEQ("")).
		Select(menu.FieldID, menu.FieldPermissionCode, menu.FieldType).All(ctx)
	if err != nil {
		return fmt.Errorf("reload policies: menus: %w", err)
	}
	codeOf := make(map[int64]string, len(menus))
	for _, m := range menus {
		codeOf[m.ID] = m.PermissionCode
		s.codes[m.PermissionCode] = struct{}{}
		if m.Type == menu.TypePage {
			s.pages[m.PermissionCode] = struct{}{}
		}
	}
	grants, err := e.client.RoleMenu.Query().All(ctx)
	if err != nil {
		return fmt.Errorf("reload policies: role menus: %w", err)
	}
	seen := map[[2]string]bool{}
	for _, g := range grants {
		code, ok := codeOf[g.MenuID]
		tenant, known := tenantOf[g.RoleID]
		if !ok || !known || seen[[2]string{roleSubject(g.RoleID), code}] {
			continue
		}
		seen[[2]string{roleSubject(g.RoleID), code}] = true
		policies = append(policies, []string{roleSubject(g.RoleID), domain(tenant), code})
	}
	links, err := e.client.UserRole.Query().All(ctx)
	if err != nil {
		return fmt.Errorf("reload policies: user roles: %w", err)
	}
	for _, l := range links {
		if tenant, ok := tenantOf[l.RoleID]; ok {
			groupings = append(groupings, []string{userSubject(l.UserID), roleSubject(l.RoleID), domain(tenant)})
		}
	}
	if len(policies) > 0 {
		if _, err := s.enf.AddPolicies(policies); err != nil {
			return fmt.Errorf("reload policies: %w", err)
		}
	}
	if len(groupings) > 0 {
		if _, err := s.enf.AddGroupingPolicies(groupings); err != nil {
			return fmt.Errorf("reload policies: groupings: %w", err)
		}
	}
	e.snap.Store(s)
	return nil
}

// KnowsTenant reports whether the loaded policies include roles of the
// tenant: a tenant made since (by another process, such as the command
// line) is unknown until the next Reload.
func (e *Enforcer) KnowsTenant(tenantID int64) bool {
	_, ok := e.snap.Load().tenants[tenantID]
	return ok
}

// Register adds codes that exist without a menu (declared by routes), so
// that Codes lists them for a super administrator. Registered codes
// survive Reload.
func (e *Enforcer) Register(codes ...string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, c := range codes {
		if c != "" {
			e.registered[c] = struct{}{}
		}
	}
}

// Allowed reports whether a user of a tenant holds code.
func (e *Enforcer) Allowed(tenantID, userID int64, code string) bool {
	return e.CodeSet(tenantID, userID).Has(code)
}

// CodeSet is the set of codes a user holds in a tenant, as casbin derives
// it from their roles; it contains auth.AllCodes for a super administrator.
// The set is shared and must not be modified.
func (e *Enforcer) CodeSet(tenantID, userID int64) auth.CodeSet {
	return e.snap.Load().codeSet(tenantID, userID)
}

func (s *snapshot) codeSet(tenantID, userID int64) auth.CodeSet {
	k := userKey{tenantID, userID}
	if v, ok := s.sets.Load(k); ok {
		return v.(auth.CodeSet)
	}
	set := auth.CodeSet{}
	perms, err := s.enf.GetImplicitPermissionsForUser(userSubject(userID), domain(tenantID))
	if err == nil {
		for _, p := range perms {
			if len(p) == 3 && p[1] == domain(tenantID) {
				set[p[2]] = struct{}{}
			}
		}
	}
	v, _ := s.sets.LoadOrStore(k, set)
	return v.(auth.CodeSet)
}

// Codes lists, sorted, the codes a user holds in a tenant; for a super
// administrator every known code: those of all menus and the registered
// ones.
func (e *Enforcer) Codes(tenantID, userID int64) []string {
	s := e.snap.Load()
	set := s.codeSet(tenantID, userID)
	if _, super := set[auth.AllCodes]; !super {
		out := make([]string, 0, len(set))
		for c := range set {
			out = append(out, c)
		}
		sort.Strings(out)
		return out
	}
	all := map[string]struct{}{}
	for c := range s.codes {
		all[c] = struct{}{}
	}
	e.mu.Lock()
	for c := range e.registered {
		all[c] = struct{}{}
	}
	e.mu.Unlock()
	out := make([]string, 0, len(all))
	for c := range all {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// VisitCodes lists, sorted, the visit codes a user holds in a tenant: the
// codes of page-type menus (dataStatistics, formDesign, …) that go into
// the token's auth claim.
func (e *Enforcer) VisitCodes(tenantID, userID int64) []string {
	s := e.snap.Load()
	k := userKey{tenantID, userID}
	if v, ok := s.visits.Load(k); ok {
		return slices.Clone(v.([]string))
	}
	set := s.codeSet(tenantID, userID)
	out := []string{}
	for c := range s.pages {
		if set.Has(c) {
			out = append(out, c)
		}
	}
	sort.Strings(out)
	v, _ := s.visits.LoadOrStore(k, out)
	return slices.Clone(v.([]string))
}

// The enforcer is the auth service's source of codes.
var _ auth.Permissions = (*Enforcer)(nil)

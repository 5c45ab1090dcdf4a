package system

// The approval workflow's view of people and organisations
// (workflow.Directory), answered from the core tables.

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"xiangzhi/engine/schema"
	"xiangzhi/engine/workflow"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/org"
	"xiangzhi/generated/ent/predicate"
	"xiangzhi/generated/ent/role"
	"xiangzhi/generated/ent/user"
)

// RoleExtentLeader marks a role whose holders lead their organisation (the
// role's 扩展属性, roleExtent): a workflow's `leader: true` approvers.
const RoleExtentLeader = "leader"

// Directory answers the workflow's questions from users, roles and the
// organisation tree. Organisation levels follow the tree's depth: level 1
// is the county, 2 a township, 3 a village. Administrators of an
// organisation are its members holding the system role or a role whose
// roleExtent names the organisation's level (county, township, village).
type Directory struct {
	client *ent.Client
}

// NewDirectory returns the Directory over client.
func NewDirectory(client *ent.Client) *Directory { return &Directory{client: client} }

var _ workflow.Directory = (*Directory)(nil)

// levelNames are the workflow levels of the tree's depths.
var levelNames = map[int]string{1: schema.LevelCounty, 2: schema.LevelTownship, 3: schema.LevelVillage}

// OrgChain is the organisation and its ancestors, nearest first.
func (d *Directory) OrgChain(ctx context.Context, tenantID, orgID int64) ([]workflow.Org, error) {
	o, err := d.client.Org.Query().Where(org.TenantID(tenantID), org.ID(orgID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("organisation %d: %w", orgID, err)
	}
	var ids []int64
	for _, p := range strings.Split(strings.Trim(o.Path, "/"), "/") {
		if id, err := strconv.ParseInt(p, 10, 64); err == nil {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		ids = []int64{o.ID}
	}
	rows, err := d.client.Org.Query().Where(org.TenantID(tenantID), org.IDIn(ids...)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("organisation chain of %d: %w", orgID, err)
	}
	byID := map[int64]*ent.Org{}
	for _, r := range rows {
		byID[r.ID] = r
	}
	var out []workflow.Org
	for i := len(ids) - 1; i >= 0; i-- {
		if r := byID[ids[i]]; r != nil {
			out = append(out, workflow.Org{ID: r.ID, Name: r.OrgName, Level: levelNames[r.Level]})
		}
	}
	return out, nil
}

// members are the active users of the organisation (primary or member)
// holding a role that matches p.
func (d *Directory) members(ctx context.Context, tenantID, orgID int64, p predicate.Role) ([]int64, error) {
	ids, err := d.client.User.Query().Where(user.TenantID(tenantID), user.Disabled(false),
		user.Or(user.OrgIDEQ(orgID), user.HasOrgsWith(org.ID(orgID))), user.HasRolesWith(p)).
		Order(ent.Asc(user.FieldID)).IDs(ctx)
	if err != nil {
		return nil, fmt.Errorf("members of organisation %d: %w", orgID, err)
	}
	return ids, nil
}

// RoleHolders are the organisation's members holding the role.
func (d *Directory) RoleHolders(ctx context.Context, tenantID, orgID int64, name string) ([]int64, error) {
	return d.members(ctx, tenantID, orgID, role.And(role.TenantID(tenantID), role.Name(name)))
}

// Leaders are the organisation's members holding a role marked leader.
func (d *Directory) Leaders(ctx context.Context, tenantID, orgID int64) ([]int64, error) {
	return d.members(ctx, tenantID, orgID, role.And(role.TenantID(tenantID), role.RoleExtent(RoleExtentLeader)))
}

// Admins are the organisation's members holding the system role or the
// administrator role of its level.
func (d *Directory) Admins(ctx context.Context, tenantID, orgID int64) ([]int64, error) {
	o, err := d.client.Org.Query().Where(org.TenantID(tenantID), org.ID(orgID)).Only(ctx)
	if err != nil {
		return nil, fmt.Errorf("organisation %d: %w", orgID, err)
	}
	p := role.System(true)
	if lv := levelNames[o.Level]; lv != "" {
		p = role.Or(p, role.RoleExtent(lv))
	}
	return d.members(ctx, tenantID, orgID, role.And(role.TenantID(tenantID), p))
}

// TenantAdmins are the tenant's active users holding its system role.
func (d *Directory) TenantAdmins(ctx context.Context, tenantID int64) ([]int64, error) {
	ids, err := d.client.User.Query().Where(user.TenantID(tenantID), user.Disabled(false),
		user.HasRolesWith(role.TenantID(tenantID), role.System(true))).Order(ent.Asc(user.FieldID)).IDs(ctx)
	if err != nil {
		return nil, fmt.Errorf("administrators of tenant %d: %w", tenantID, err)
	}
	return ids, nil
}

// UserIDs are the ids of the active users with these usernames.
func (d *Directory) UserIDs(ctx context.Context, tenantID int64, usernames []string) ([]int64, error) {
	ids, err := d.client.User.Query().Where(user.TenantID(tenantID), user.Disabled(false),
		user.UsernameIn(usernames...)).Order(ent.Asc(user.FieldID)).IDs(ctx)
	if err != nil {
		return nil, fmt.Errorf("users %v: %w", usernames, err)
	}
	return ids, nil
}

// UserOrg is the user's primary organisation.
func (d *Directory) UserOrg(ctx context.Context, tenantID, userID int64) (int64, error) {
	u, err := d.client.User.Query().Where(user.TenantID(tenantID), user.ID(userID)).Only(ctx)
	if err != nil {
		return 0, fmt.Errorf("user %d: %w", userID, err)
	}
	if u.OrgID == nil {
		return 0, nil
	}
	return *u.OrgID, nil
}

// UserNames are the users' display names: family and given name, else the
// username.
func (d *Directory) UserNames(ctx context.Context, tenantID int64, ids []int64) (map[int64]string, error) {
	us, err := d.client.User.Query().Where(user.TenantID(tenantID), user.IDIn(ids...)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("user names: %w", err)
	}
	out := make(map[int64]string, len(us))
	for _, u := range us {
		out[u.ID] = u.FamilyName + u.Name
		if out[u.ID] == "" {
			out[u.ID] = u.Username
		}
	}
	return out, nil
}

package demo

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"xiangzhi/engine/auth"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/menu"
	"xiangzhi/generated/ent/role"
	"xiangzhi/generated/ent/rolemenu"
	"xiangzhi/generated/ent/user"
)

// Password is the password of every demo user. It follows the password
// policy, and the users are not asked to change it.
const Password = "Demo@2025"

// Account is one demo user, as docs/demo.md lists it.
type Account struct {
	ID       int64
	Username string
	Name     string
	Role     string
	OrgID    int64
	OrgName  string
	// Sees says, for people, what the user's data scope reaches.
	Sees string
}

// buildRoles creates (or resets) the four demo roles and grants each the
// web menus of what it may do: the generated module menus and buttons
// (keys module:<name> and module:<name>:<code>), the menu groups above
// them, and the system menus the role names.
func (g *gen) buildRoles(ctx context.Context) error {
	keyed, err := g.ent.Menu.Query().Where(menu.KeyNotNil(), menu.TerminalEQ(menu.TerminalWeb)).All(ctx)
	if err != nil {
		return fmt.Errorf("read menus: %w", err)
	}
	byKey := make(map[string]*ent.Menu, len(keyed))
	for _, m := range keyed {
		byKey[*m.Key] = m
	}
	g.roles = map[string]int64{}
	for _, spec := range roleSpecs() {
		r, err := g.ensureRole(ctx, spec)
		if err != nil {
			return err
		}
		ids := g.grantedMenus(spec, byKey)
		if _, err := g.ent.RoleMenu.Delete().Where(rolemenu.RoleID(r.ID)).Exec(ctx); err != nil {
			return fmt.Errorf("reset menus of role %s: %w", spec.Name, err)
		}
		bulk := make([]*ent.RoleMenuCreate, 0, len(ids))
		for _, id := range ids {
			bulk = append(bulk, g.ent.RoleMenu.Create().SetRoleID(r.ID).SetMenuID(id).SetTerminal(rolemenu.TerminalWeb))
		}
		for start := 0; start < len(bulk); start += 500 {
			end := min(start+500, len(bulk))
			if err := g.ent.RoleMenu.CreateBulk(bulk[start:end]...).Exec(ctx); err != nil {
				return fmt.Errorf("grant menus to role %s: %w", spec.Name, err)
			}
		}
		g.roles[spec.Name] = r.ID
		g.grants[spec.Name] = len(ids)
	}
	return nil
}

func (g *gen) ensureRole(ctx context.Context, spec roleSpec) (*ent.Role, error) {
	r, err := g.ent.Role.Query().Where(role.TenantID(g.tenant), role.Name(spec.Name)).Only(ctx)
	switch {
	case ent.IsNotFound(err):
		r, err = g.ent.Role.Create().SetTenantID(g.tenant).SetName(spec.Name).SetRoleExtent(spec.Extent).
			SetIcon(spec.Icon).SetDataScope(spec.Scope).Save(ctx)
	case err == nil:
		r, err = r.Update().SetRoleExtent(spec.Extent).SetIcon(spec.Icon).SetDataScope(spec.Scope).Save(ctx)
	}
	if err != nil {
		return nil, fmt.Errorf("role %s: %w", spec.Name, err)
	}
	return r, nil
}

// grantedMenus are the ids of the menus a role spec holds.
func (g *gen) grantedMenus(spec roleSpec, byKey map[string]*ent.Menu) []int64 {
	byID := make(map[int64]*ent.Menu, len(byKey))
	for _, m := range byKey {
		byID[m.ID] = m
	}
	keys := map[string]bool{}
	for _, m := range g.set.Modules {
		codes := spec.codes(m)
		if len(codes) == 0 {
			continue
		}
		mk := "module:" + m.Name
		keys[mk] = true
		for _, c := range codes {
			keys[mk+":"+c] = true
		}
		// The module's own screens, for holders of their code.
		for _, sc := range m.Screens {
			if slices.Contains(codes, m.Code(sc.Op)) {
				keys[mk+":screen:"+sc.Name] = true
			}
		}
		// The groups above the module menu, so the menu tree shows it.
		for p := byKey[mk]; p != nil && p.ParentID != 0; p = byID[p.ParentID] {
			if parent := byID[p.ParentID]; parent != nil && parent.Key != nil {
				keys[*parent.Key] = true
			}
		}
	}
	for _, k := range spec.system {
		if strings.HasSuffix(k, ":") {
			for key := range byKey {
				if strings.HasPrefix(key, k) {
					keys[key] = true
				}
			}
			continue
		}
		keys[k] = true
	}
	var ids []int64
	for k := range keys {
		if m, ok := byKey[k]; ok {
			ids = append(ids, m.ID)
		}
	}
	return sortedIDs(ids)
}

// buildUsers creates (or resets) the demo users: the county administrator,
// one administrator per township and per village, and the grid members of
// each village, all with Password and no forced change.
func (g *gen) buildUsers(ctx context.Context) error {
	hash, err := auth.HashPassword(Password)
	if err != nil {
		return err
	}
	add := func(p *place, username, roleName, sees string) (int64, error) {
		male := g.rng.IntN(3) > 0
		family := g.ppl.surname()
		given := g.ppl.given(male)
		u, err := g.ensureUser(ctx, hash, username, family, given, roleName, p)
		if err != nil {
			return 0, err
		}
		g.accounts = append(g.accounts, Account{ID: u.ID, Username: username, Name: family + given,
			Role: roleName, OrgID: p.ID, OrgName: p.FullName(), Sees: sees})
		return u.ID, nil
	}
	var err2 error
	if g.county.Admin, err2 = add(g.county, "county_admin", RoleCounty, "全县所有乡镇、村的数据"); err2 != nil {
		return err2
	}
	for _, t := range g.county.Towns {
		if t.Admin, err2 = add(t, t.Key+"_admin", RoleTownship,
			fmt.Sprintf("%s及所辖%d个村的数据", t.Name, len(t.Villas))); err2 != nil {
			return err2
		}
	}
	for _, v := range g.villages {
		if v.Admin, err2 = add(v, v.Key+"_admin", RoleVillage, v.Name+"的数据"); err2 != nil {
			return err2
		}
		for k := 1; k <= g.gridCount[v.ID]; k++ {
			id, err := add(v, fmt.Sprintf("%s_grid%d", v.Key, k), RoleGrid, v.Name+"的数据（本机构）")
			if err != nil {
				return err
			}
			v.Grid = append(v.Grid, id)
		}
	}
	return nil
}

func (g *gen) ensureUser(ctx context.Context, hash, username, family, given, roleName string, p *place) (*ent.User, error) {
	roleID := g.roles[roleName]
	mobile := g.ppl.mobile() // drawn on every run, so a rerun draws the same numbers
	u, err := g.ent.User.Query().Where(user.TenantID(g.tenant), user.Username(username)).Only(ctx)
	switch {
	case ent.IsNotFound(err):
		u, err = g.ent.User.Create().SetTenantID(g.tenant).SetUsername(username).SetFamilyName(family).
			SetName(given).SetMobile(mobile).SetPasswordHash(hash).SetMustChangePassword(false).
			SetDiscTitle(roleName).SetDiscDetail(DemoAccountDetail).SetOrgID(p.ID).
			AddOrgIDs(p.ID).AddRoleIDs(roleID).Save(ctx)
	case err == nil:
		u, err = u.Update().SetFamilyName(family).SetName(given).SetMobile(mobile).SetPasswordHash(hash).SetMustChangePassword(false).SetLocked(false).
			ClearThrottleSince().SetDisabled(false).ClearDataScope().SetOrgID(p.ID).
			ClearRoles().AddRoleIDs(roleID).ClearOrgs().AddOrgIDs(p.ID).Save(ctx)
	}
	if err != nil {
		return nil, fmt.Errorf("user %s: %w", username, err)
	}
	return u, nil
}

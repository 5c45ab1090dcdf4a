package system

import (
	"context"
	"fmt"
	"slices"

	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/menu"
	"xiangzhi/generated/ent/role"
	"xiangzhi/generated/ent/rolemenu"
	"xiangzhi/generated/ent/userrole"
)

// RoleRef names a role.
type RoleRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// TenantRoles lists the roles of a tenant, by id.
func (s *Service) TenantRoles(ctx context.Context, tenantID int64) ([]RoleRef, error) {
	rs, err := s.ent.Role.Query().Where(role.TenantID(tenantID)).Order(ent.Asc(role.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("read roles: %w", err)
	}
	out := make([]RoleRef, len(rs))
	for i, r := range rs {
		out[i] = RoleRef{ID: r.ID, Name: r.Name}
	}
	return out, nil
}

// GrantModule makes a schema module usable at once (the form designer's
// publish): it grants the module's web menus — its menu, its buttons and
// the groups above it, and with them the module's permission codes — to
// the roles of userID and to roleIDs (roles of the same tenant; others are
// ignored), then reloads the permissions. It answers the roles granted.
func (s *Service) GrantModule(ctx context.Context, tenantID, userID int64, roleIDs []int64, module string) ([]int64, error) {
	own, err := s.ent.UserRole.Query().Where(userrole.UserID(userID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("read roles of user %d: %w", userID, err)
	}
	want := slices.Clone(roleIDs)
	for _, ur := range own {
		want = append(want, ur.RoleID)
	}
	roles, err := s.ent.Role.Query().Where(role.TenantID(tenantID), role.IDIn(want...)).IDs(ctx)
	if err != nil {
		return nil, fmt.Errorf("read roles: %w", err)
	}
	slices.Sort(roles)
	menus, err := s.ent.Menu.Query().Where(menu.Module(module), menu.TerminalEQ(menu.TerminalWeb)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("read menus of %s: %w", module, err)
	}
	ids := map[int64]bool{}
	var parents []int64
	for _, m := range menus {
		ids[m.ID] = true
		parents = append(parents, m.ParentID)
	}
	for len(parents) > 0 {
		var next []int64
		ups, err := s.ent.Menu.Query().Where(menu.IDIn(parents...)).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("read menu groups: %w", err)
		}
		for _, m := range ups {
			if !ids[m.ID] {
				ids[m.ID] = true
				next = append(next, m.ParentID)
			}
		}
		parents = next
	}
	err = withTx(ctx, s.ent, func(tx *ent.Tx) error {
		for _, r := range roles {
			held, err := tx.RoleMenu.Query().Where(rolemenu.RoleID(r)).All(ctx)
			if err != nil {
				return err
			}
			has := map[int64]bool{}
			for _, h := range held {
				has[h.MenuID] = true
			}
			var add []*ent.RoleMenuCreate
			for id := range ids {
				if !has[id] {
					add = append(add, tx.RoleMenu.Create().SetRoleID(r).SetMenuID(id).SetTerminal(rolemenu.TerminalWeb))
				}
			}
			if len(add) > 0 {
				if err := tx.RoleMenu.CreateBulk(add...).Exec(ctx); err != nil {
					return fmt.Errorf("grant %s to role %d: %w", module, r, err)
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := s.authz.Reload(ctx); err != nil {
		return nil, fmt.Errorf("reload permissions: %w", err)
	}
	return roles, nil
}

// Client is the ent client system administration runs on.
func (s *Service) Client() *ent.Client { return s.ent }

package system

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/role"
	"xiangzhi/generated/ent/rolemenu"
	"xiangzhi/generated/ent/userrole"
)

// Roles (specification §2 role list and editor, §5 Role, §6): the roles of
// the viewer's tenant, and the menus each holds per terminal (web, mini
// program 0, app 1; rolemenus.go).
func (s *Service) roleRoutes() []engine.Route {
	return append([]engine.Route{
		{Method: http.MethodGet, Path: "/api/system/cscpRolessByCriteria", Code: CodeRoleList,
			Name: routeListRoles, Handler: s.listRoles},
		{Method: http.MethodGet, Path: "/api/system/cscpRoleUsers/:id", Code: CodeRoleList,
			Name: routeRoleUserCount, Handler: s.roleUserCount},
		{Method: http.MethodGet, Path: "/api/system/cscpRoless/:id", Code: CodeRoleList,
			Name: routeGetRole, Handler: s.getRole},
		{Method: http.MethodPost, Path: "/api/system/cscpRoless", Code: CodeRoleAdd,
			Name: routeCreateRole, Handler: s.createRole},
		{Method: http.MethodPut, Path: "/api/system/cscpRoless", Code: CodeRoleEdit,
			Name: routeUpdateRole, Handler: s.updateRole},
		{Method: http.MethodDelete, Path: "/api/system/cscpRoless/:id", Code: CodeRoleDel,
			Name: routeDeleteRole, Handler: s.deleteRole},
	}, s.roleMenuRoutes()...)
}

// roleDTO is a role as the console reads it. system marks the tenant's
// 超级管理员 role, which holds every code and cannot be deleted.
type roleDTO struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	RoleExtent string `json:"roleExtent"`
	ParentID   int64  `json:"parentId"`
	Icon       string `json:"icon"`
	DataScope  string `json:"dataScope"`
	System     bool   `json:"system"`
	// RequireTotp makes the role's holders sign in with a two-factor code.
	RequireTotp bool `json:"requireTotp"`
}

func toRoleDTO(r *ent.Role) roleDTO {
	return roleDTO{ID: r.ID, Name: r.Name, RoleExtent: r.RoleExtent, ParentID: r.ParentID, Icon: r.Icon,
		DataScope: string(r.DataScope), System: r.System, RequireTotp: r.RequireTotp}
}

// roleBody is the role form. system is what the detail answered and is
// ignored; dataScope is optional (subtree on create, unchanged on update).
type roleBody struct {
	ID         *int64  `json:"id"`
	Name       string  `json:"name"`
	RoleExtent string  `json:"roleExtent"`
	ParentID   *int64  `json:"parentId"`
	Icon       string  `json:"icon"`
	DataScope  *string `json:"dataScope"`
	System     *bool   `json:"system"`
	// RequireTotp is optional: false on create, unchanged on update.
	RequireTotp *bool `json:"requireTotp"`
}

// check trims the form and applies the rules of specification §5 Role.
func (b *roleBody) check() error {
	b.Name, b.RoleExtent, b.Icon = strings.TrimSpace(b.Name), strings.TrimSpace(b.RoleExtent), strings.TrimSpace(b.Icon)
	var cs checks
	if b.Name == "" {
		cs.add("name", RoleNameRequired)
	}
	cs.maxLen("name", b.Name, 20, fmt.Sprintf(msg.FieldTooLong, RoleName, 20))
	cs.maxLen("roleExtent", b.RoleExtent, 20, fmt.Sprintf(msg.FieldTooLong, RoleExtent, 20))
	if b.Icon == "" {
		cs.add("icon", RoleIconRequired)
	}
	cs.maxLen("icon", b.Icon, 20, fmt.Sprintf(msg.FieldTooLong, RoleIcon, 20))
	if b.DataScope != nil && role.DataScopeValidator(role.DataScope(*b.DataScope)) != nil {
		cs.add("dataScope", RoleDataScopeInvalid)
	}
	if b.ParentID != nil && *b.ParentID < 0 {
		cs.add("parentId", fmt.Sprintf(msg.FieldBadFormat, "parentId"))
	}
	return cs.err()
}

// listRoles answers a page of the tenant's roles (the card grid asks for
// up to 1000), filtered by name (name, nameLike or name.contains).
func (s *Service) listRoles(c echo.Context) error {
	if err := onlyParams(c, "page", "size", "name", "nameLike", "name.contains"); err != nil {
		return err
	}
	page, size, err := pageParams(c)
	if err != nil {
		return err
	}
	q := s.ent.Role.Query().Where(role.TenantID(viewer(c).TenantID))
	for _, p := range []string{"name", "nameLike", "name.contains"} {
		text, err := likeParam(c, p, 20)
		if err != nil {
			return err
		}
		if text != "" {
			q = q.Where(role.NameContains(text))
		}
	}
	return answerPage(c, q.Order(ent.Asc(role.FieldID)), page, size, "roles", toRoleDTO)
}

// tenantRole loads a role of the viewer's tenant; any other id is a 404.
func (s *Service) tenantRole(ctx context.Context, tenantID, id int64) (*ent.Role, error) {
	r, err := s.ent.Role.Query().Where(role.ID(id), role.TenantID(tenantID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, notFound(RoleNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("load role %d: %w", id, err)
	}
	return r, nil
}

// roleFromPath loads the role the :id path parameter names.
func (s *Service) roleFromPath(c echo.Context) (*ent.Role, error) {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return nil, err
	}
	return s.tenantRole(c.Request().Context(), viewer(c).TenantID, id)
}

// getRole answers one role.
func (s *Service) getRole(c echo.Context) error {
	r, err := s.roleFromPath(c)
	if err != nil {
		return err
	}
	return httpx.OK(c, toRoleDTO(r))
}

// roleUserCount answers how many accounts use the role.
func (s *Service) roleUserCount(c echo.Context) error {
	r, err := s.roleFromPath(c)
	if err != nil {
		return err
	}
	n, err := s.ent.UserRole.Query().Where(userrole.RoleID(r.ID)).Count(c.Request().Context())
	if err != nil {
		return fmt.Errorf("count users of role %d: %w", r.ID, err)
	}
	return httpx.OK(c, n)
}

// createRole adds a role to the viewer's tenant and answers it with its
// id; the editor then saves its menus per terminal.
func (s *Service) createRole(c echo.Context) error {
	var b roleBody
	if err := httpx.BindInto(c, s.maxBody, &b); err != nil {
		return err
	}
	if b.ID != nil && *b.ID != 0 {
		return httpx.BadRequest(CreateWithID)
	}
	if err := b.check(); err != nil {
		return err
	}
	ctx, tenantID := c.Request().Context(), viewer(c).TenantID
	if err := s.roleNameFree(ctx, tenantID, b.Name, 0); err != nil {
		return err
	}
	cr := s.ent.Role.Create().SetTenantID(tenantID).SetName(b.Name).SetRoleExtent(b.RoleExtent).
		SetIcon(b.Icon)
	if b.ParentID != nil {
		cr.SetParentID(*b.ParentID)
	}
	if b.DataScope != nil {
		cr.SetDataScope(role.DataScope(*b.DataScope))
	}
	if b.RequireTotp != nil {
		cr.SetRequireTotp(*b.RequireTotp)
	}
	r, err := cr.Save(ctx)
	if ent.IsConstraintError(err) {
		return invalid(schema.FieldError{Field: "name", Message: RoleNameTaken})
	}
	if err != nil {
		return fmt.Errorf("create role: %w", err)
	}
	return httpx.OK(c, toRoleDTO(r))
}

// updateRole changes a role of the viewer's tenant (the id is in the body).
func (s *Service) updateRole(c echo.Context) error {
	var b roleBody
	if err := httpx.BindInto(c, s.maxBody, &b); err != nil {
		return err
	}
	if b.ID == nil || *b.ID <= 0 {
		return httpx.BadRequest(msg.IDRequired)
	}
	if err := b.check(); err != nil {
		return err
	}
	ctx, tenantID := c.Request().Context(), viewer(c).TenantID
	r, err := s.tenantRole(ctx, tenantID, *b.ID)
	if err != nil {
		return err
	}
	if err := s.roleNameFree(ctx, tenantID, b.Name, r.ID); err != nil {
		return err
	}
	up := r.Update().SetName(b.Name).SetRoleExtent(b.RoleExtent).SetIcon(b.Icon)
	if b.ParentID != nil {
		up.SetParentID(*b.ParentID)
	}
	if b.DataScope != nil {
		up.SetDataScope(role.DataScope(*b.DataScope))
	}
	if b.RequireTotp != nil {
		up.SetRequireTotp(*b.RequireTotp)
	}
	r, err = up.Save(ctx)
	if ent.IsConstraintError(err) {
		return invalid(schema.FieldError{Field: "name", Message: RoleNameTaken})
	}
	if err != nil {
		return fmt.Errorf("update role %d: %w", *b.ID, err)
	}
	return httpx.OK(c, toRoleDTO(r))
}

// roleNameFree refuses a name another role of the tenant has.
func (s *Service) roleNameFree(ctx context.Context, tenantID int64, name string, self int64) error {
	taken, err := s.ent.Role.Query().Where(role.TenantID(tenantID), role.Name(name), role.IDNEQ(self)).Exist(ctx)
	if err != nil {
		return fmt.Errorf("check role name: %w", err)
	}
	if taken {
		return invalid(schema.FieldError{Field: "name", Message: RoleNameTaken})
	}
	return nil
}

// deleteRole removes a role no account uses, with its menu grants. The
// tenant's 超级管理员 role is never removed.
func (s *Service) deleteRole(c echo.Context) error {
	r, err := s.roleFromPath(c)
	if err != nil {
		return err
	}
	if r.System {
		return httpx.NewError(http.StatusForbidden, RoleSystemUndeletable)
	}
	ctx := c.Request().Context()
	err = withTx(ctx, s.ent, func(tx *ent.Tx) error {
		n, err := tx.UserRole.Query().Where(userrole.RoleID(r.ID)).Count(ctx)
		if err != nil {
			return fmt.Errorf("count users of role %d: %w", r.ID, err)
		}
		if n > 0 {
			return httpx.NewError(http.StatusConflict, fmt.Sprintf(RoleInUse, n))
		}
		if _, err := tx.RoleMenu.Delete().Where(rolemenu.RoleID(r.ID)).Exec(ctx); err != nil {
			return fmt.Errorf("delete menus of role %d: %w", r.ID, err)
		}
		if err := tx.Role.DeleteOneID(r.ID).Exec(ctx); err != nil {
			return fmt.Errorf("delete role %d: %w", r.ID, err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := s.authz.Reload(ctx); err != nil {
		return fmt.Errorf("reload permissions: %w", err)
	}
	return httpx.OK(c, nil)
}

package system

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/menu"
	"xiangzhi/generated/ent/role"
	"xiangzhi/generated/ent/rolemenu"
	"xiangzhi/generated/ent/userrole"
)

// Roles (specification §2 role list and editor, §5 Role, §6): the roles of
// the viewer's tenant, and the menus each holds per terminal (web, mini
// program 0, app 1; roleMenuRoutes below).
func (s *Service) roleRoutes() []engine.Route {
	return append([]engine.Route{
		{Method: http.MethodGet, Path: "/api/system/cscpRolessByCriteria", Code: CodeRoleList,
			Name: "角色列表", Handler: s.listRoles},
		{Method: http.MethodGet, Path: "/api/system/cscpRoleUsers/:id", Code: CodeRoleList,
			Name: "角色的账号数", Handler: s.roleUserCount},
		{Method: http.MethodGet, Path: "/api/system/cscpRoless/:id", Code: CodeRoleList,
			Name: "角色详情", Handler: s.getRole},
		{Method: http.MethodPost, Path: "/api/system/cscpRoless", Code: CodeRoleAdd,
			Name: "新增角色", Handler: s.createRole},
		{Method: http.MethodPut, Path: "/api/system/cscpRoless", Code: CodeRoleEdit,
			Name: "修改角色", Handler: s.updateRole},
		{Method: http.MethodDelete, Path: "/api/system/cscpRoless/:id", Code: CodeRoleDel,
			Name: "删除角色", Handler: s.deleteRole},
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
}

func toRoleDTO(r *ent.Role) roleDTO {
	return roleDTO{ID: r.ID, Name: r.Name, RoleExtent: r.RoleExtent, ParentID: r.ParentID, Icon: r.Icon,
		DataScope: string(r.DataScope), System: r.System}
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
	page, size, err := paging(c)
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
	ctx := c.Request().Context()
	total, err := q.Clone().Count(ctx)
	if err != nil {
		return fmt.Errorf("count roles: %w", err)
	}
	rows, err := q.Order(ent.Asc(role.FieldID)).Offset(page * size).Limit(size).All(ctx)
	if err != nil {
		return fmt.Errorf("list roles: %w", err)
	}
	out := make([]roleDTO, len(rows))
	for i, r := range rows {
		out[i] = toRoleDTO(r)
	}
	return httpx.OKPage(c, out, int64(total))
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
	id, err := pathID(c, "id")
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
	if err := s.bind(c, &b); err != nil {
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
	if err := s.bind(c, &b); err != nil {
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

// withTx runs fn in a transaction, committing when it returns nil.
func withTx(ctx context.Context, client *ent.Client, fn func(tx *ent.Tx) error) error {
	tx, err := client.Tx(ctx)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	if err := fn(tx); err != nil {
		if rerr := tx.Rollback(); rerr != nil {
			return fmt.Errorf("%w (rollback: %v)", err, rerr)
		}
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// onlyParams refuses a query parameter the call does not take (400 naming
// it); _method is the override the middleware already read.
func onlyParams(c echo.Context, allowed ...string) error {
	for k := range c.QueryParams() {
		if k == "_method" {
			continue
		}
		ok := false
		for _, a := range allowed {
			ok = ok || a == k
		}
		if !ok {
			return httpx.BadRequest(fmt.Sprintf(msg.QueryUnknownParam, k))
		}
	}
	return nil
}

// roleMenuRoutes are the role editor's three menu trees: the web tree under
// /api/system/menu, the mini-program (terminalType 0) and app (1) trees
// under /api/appMenu. Both calls send form fields (roles is the role id).
func (s *Service) roleMenuRoutes() []engine.Route {
	return []engine.Route{
		{Method: http.MethodPost, Path: "/api/system/menu/queryByRoleId", Code: CodeRoleList,
			Name: "角色的Web菜单", Handler: s.queryRoleMenus(false)},
		{Method: http.MethodPost, Path: "/api/appMenu/queryByRoleId", Code: CodeRoleList,
			Name: "角色的小程序和APP菜单", Handler: s.queryRoleMenus(true)},
		{Method: http.MethodPost, Path: "/api/system/menu/save", Code: CodeRoleEdit,
			Name: "保存角色的Web菜单", Handler: s.saveRoleMenus(false)},
		{Method: http.MethodPost, Path: "/api/appMenu/save", Code: CodeRoleEdit,
			Name: "保存角色的小程序和APP菜单", Handler: s.saveRoleMenus(true)},
	}
}

// menuCheckNode is a node of the role editor's menu tree (specification
// §3 "Menu tree node: id, title, checked, items"); disabled marks the
// workbench, which every role holds.
type menuCheckNode struct {
	ID       int64            `json:"id"`
	Title    string           `json:"title"`
	Checked  bool             `json:"checked"`
	Disabled bool             `json:"disabled,omitempty"`
	Items    []*menuCheckNode `json:"items"`
}

// queryRoleMenus answers the whole menu tree of the terminal with the
// role's menus checked (every node for the 超级管理员 role, which holds
// every code). Without a role (roles empty or 0: the editor of a new role)
// only the workbench is checked.
func (s *Service) queryRoleMenus(app bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		f, err := formFields(c, "roles", "terminalType")
		if err != nil {
			return err
		}
		var r *ent.Role
		var term menu.Terminal
		if text := strings.TrimSpace(f["roles"]); text == "" || text == "0" {
			term, err = terminalOf(f["terminalType"], app)
		} else {
			r, term, err = s.roleAndTerminal(c, f, app)
		}
		if err != nil {
			return err
		}
		ctx := c.Request().Context()
		menus, err := s.terminalMenus(ctx, term)
		if err != nil {
			return err
		}
		checked, err := s.heldMenus(ctx, r, term)
		if err != nil {
			return err
		}
		nodes := make(map[int64]*menuCheckNode, len(menus))
		for _, m := range menus {
			nodes[m.ID] = &menuCheckNode{ID: m.ID, Title: m.Title, Checked: (r != nil && r.System) || checked[m.ID],
				Items: []*menuCheckNode{}}
			if isWorkbench(m) {
				nodes[m.ID].Checked, nodes[m.ID].Disabled = true, true
			}
		}
		roots := []*menuCheckNode{}
		for _, m := range menus { // menus come in display order, so items do too
			if p := nodes[m.ParentID]; p != nil && m.ParentID != 0 {
				p.Items = append(p.Items, nodes[m.ID])
			} else {
				roots = append(roots, nodes[m.ID])
			}
		}
		return httpx.OK(c, roots)
	}
}

// heldMenus answers the ids of the menus role r holds on the terminal
// (none without a role).
func (s *Service) heldMenus(ctx context.Context, r *ent.Role, term menu.Terminal) (map[int64]bool, error) {
	checked := map[int64]bool{}
	if r == nil {
		return checked, nil
	}
	held, err := s.ent.RoleMenu.Query().
		Where(rolemenu.RoleID(r.ID), rolemenu.TerminalEQ(rolemenu.Terminal(term))).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("read menus of role %d: %w", r.ID, err)
	}
	for _, h := range held {
		checked[h.MenuID] = true
	}
	return checked, nil
}

// saveRoleMenus replaces the role's menus of the terminal with the menus
// listed (a comma list of ids) and their ancestors; the web tree always
// keeps the workbench. permissions (the checked buttons' codes) is
// accepted and not needed: the codes follow from the menus. The web tree
// needs at least one menu; a mini-program or app tree may be emptied.
func (s *Service) saveRoleMenus(app bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		f, err := formFields(c, "roles", "menus", "permissions", "terminalType")
		if err != nil {
			return err
		}
		r, term, err := s.roleAndTerminal(c, f, app)
		if err != nil {
			return err
		}
		ctx := c.Request().Context()
		menus, err := s.terminalMenus(ctx, term)
		if err != nil {
			return err
		}
		ids, err := s.grantedMenus(f["menus"], menus, term)
		if err != nil {
			return err
		}
		err = withTx(ctx, s.ent, func(tx *ent.Tx) error {
			rt := rolemenu.Terminal(term)
			if _, err := tx.RoleMenu.Delete().Where(rolemenu.RoleID(r.ID), rolemenu.TerminalEQ(rt)).
				Exec(ctx); err != nil {
				return fmt.Errorf("clear menus of role %d: %w", r.ID, err)
			}
			add := make([]*ent.RoleMenuCreate, len(ids))
			for i, id := range ids {
				add[i] = tx.RoleMenu.Create().SetRoleID(r.ID).SetMenuID(id).SetTerminal(rt)
			}
			for start := 0; start < len(add); start += 200 {
				if err := tx.RoleMenu.CreateBulk(add[start:min(start+200, len(add))]...).Exec(ctx); err != nil {
					return fmt.Errorf("grant menus to role %d: %w", r.ID, err)
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		if err := s.authz.Reload(ctx); err != nil {
			return fmt.Errorf("reload permissions: %w", err)
		}
		return httpx.OK(c, ids)
	}
}

// grantedMenus turns the menus field into the ids to grant: each listed
// menu of the terminal, its ancestors, and on the web the workbench, in
// display order.
func (s *Service) grantedMenus(text string, menus []*ent.Menu, term menu.Terminal) ([]int64, error) {
	byID := make(map[int64]*ent.Menu, len(menus))
	for _, m := range menus {
		byID[m.ID] = m
	}
	want := map[int64]bool{}
	for _, part := range strings.Split(text, ",") {
		if part = strings.TrimSpace(part); part == "" {
			continue
		}
		id, err := strconv.ParseInt(part, 10, 64)
		if err != nil || byID[id] == nil {
			return nil, invalid(schema.FieldError{Field: "menus", Message: fmt.Sprintf(MenuUnknown, part)})
		}
		for m := byID[id]; m != nil && !want[m.ID]; m = byID[m.ParentID] {
			want[m.ID] = true
		}
	}
	if len(want) == 0 && term == menu.TerminalWeb {
		return nil, invalid(schema.FieldError{Field: "menus", Message: RoleMenuRequired})
	}
	ids := []int64{}
	for _, m := range menus {
		if want[m.ID] || isWorkbench(m) {
			ids = append(ids, m.ID)
		}
	}
	return ids, nil
}

// roleAndTerminal reads the roles and terminalType fields: the role of the
// viewer's tenant and the terminal (the web tree takes no terminalType,
// the app tree 0 for the mini program or 1 for the app).
func (s *Service) roleAndTerminal(c echo.Context, f map[string]string, app bool) (*ent.Role, menu.Terminal, error) {
	term, err := terminalOf(f["terminalType"], app)
	if err != nil {
		return nil, "", err
	}
	text := strings.TrimSpace(f["roles"])
	if text == "" {
		return nil, "", invalid(schema.FieldError{Field: "roles", Message: RoleRequired})
	}
	id, err := parseID(text, "roles")
	if err != nil {
		return nil, "", err
	}
	r, err := s.tenantRole(c.Request().Context(), viewer(c).TenantID, id)
	return r, term, err
}

// terminalOf reads a terminalType: 0 is the mini program, 1 the app; the
// web tree's calls send none (or "web").
func terminalOf(text string, app bool) (menu.Terminal, error) {
	text = strings.TrimSpace(text)
	switch {
	case !app && (text == "" || text == string(menu.TerminalWeb)):
		return menu.TerminalWeb, nil
	case app && text == "0":
		return menu.TerminalMini, nil
	case app && text == "1":
		return menu.TerminalApp, nil
	}
	return "", invalid(schema.FieldError{Field: "terminalType", Message: TerminalTypeInvalid})
}

// formFields reads the fields of a form call — an urlencoded or multipart
// form, or a JSON object — together with the query parameters, one text
// per field (repeated fields and JSON arrays become comma lists). A field
// the call does not take is a 400.
func formFields(c echo.Context, allowed ...string) (map[string]string, error) {
	out := map[string]string{}
	put := func(k, v string) error {
		if k == "_method" {
			return nil
		}
		if !slices.Contains(allowed, k) {
			return httpx.BadRequest(fmt.Sprintf(FieldUnknownInBody, k))
		}
		if old, ok := out[k]; ok && old != "" && v != "" {
			v = old + "," + v
		}
		out[k] = v
		return nil
	}
	req := c.Request()
	if ct := req.Header.Get(echo.HeaderContentType); strings.Contains(ct, "json") {
		obj, err := httpx.BindObject(c, 0)
		if err != nil {
			return nil, err
		}
		for k, v := range obj {
			text, ok := formText(v)
			if !ok {
				return nil, invalid(schema.FieldError{Field: k, Message: fmt.Sprintf(msg.FieldBadFormat, k)})
			}
			if err := put(k, text); err != nil {
				return nil, err
			}
		}
	} else if req.ContentLength != 0 && ct != "" {
		form, err := c.FormParams()
		if err != nil {
			return nil, httpx.ErrNotJSONType.Wrap(err)
		}
		for k, vs := range form {
			if _, inQuery := c.QueryParams()[k]; inQuery {
				continue // urlencoded forms repeat the query; read it once below
			}
			for _, v := range vs {
				if err := put(k, v); err != nil {
					return nil, err
				}
			}
		}
	}
	for k, vs := range c.QueryParams() {
		for _, v := range vs {
			if err := put(k, v); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// formText is a JSON form value as text: strings, numbers and booleans as
// written, null as "", an array of those as a comma list.
func formText(v any) (string, bool) {
	switch x := v.(type) {
	case nil:
		return "", true
	case string:
		return x, true
	case json.Number:
		return x.String(), true
	case bool:
		return strconv.FormatBool(x), true
	case []any:
		parts := make([]string, 0, len(x))
		for _, e := range x {
			if _, nested := e.([]any); nested {
				return "", false
			}
			t, ok := formText(e)
			if !ok {
				return "", false
			}
			parts = append(parts, t)
		}
		return strings.Join(parts, ","), true
	}
	return "", false
}

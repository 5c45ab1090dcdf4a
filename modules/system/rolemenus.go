package system

// Role menus: the menus a role holds in each terminal's tree, read and
// saved from the role editor.

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/schema"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/menu"
	"xiangzhi/generated/ent/rolemenu"
)

// roleMenuRoutes are the role editor's three menu trees: the web tree under
// /api/system/menu, the mini-program (terminalType 0) and app (1) trees
// under /api/appMenu. Both calls send form fields (roles is the role id).
func (s *Service) roleMenuRoutes() []engine.Route {
	return []engine.Route{
		{Method: http.MethodPost, Path: "/api/system/menu/queryByRoleId", Code: CodeRoleList,
			Name: routeQueryRoleMenusWeb, Handler: s.queryRoleMenus(false)},
		{Method: http.MethodPost, Path: "/api/appMenu/queryByRoleId", Code: CodeRoleList,
			Name: routeQueryRoleMenusApp, Handler: s.queryRoleMenus(true)},
		{Method: http.MethodPost, Path: "/api/system/menu/save", Code: CodeRoleEdit,
			Name: routeSaveRoleMenusWeb, Handler: s.saveRoleMenus(false)},
		{Method: http.MethodPost, Path: "/api/appMenu/save", Code: CodeRoleEdit,
			Name: routeSaveRoleMenusApp, Handler: s.saveRoleMenus(true)},
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
	id, err := httpx.ParseID(text)
	if err != nil {
		return nil, "", httpx.BadParam("roles")
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

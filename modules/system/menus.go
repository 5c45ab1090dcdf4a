package system

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/menu"
	"xiangzhi/generated/ent/role"
	"xiangzhi/generated/ent/rolemenu"
	"xiangzhi/generated/ent/user"
)

// Menus (specification §2 menu configuration, §3 menu nodes, §4 menu
// types, §5 menu forms and dragging): the signed-in user's web menus, and
// the lazy trees of the web, mini-program and app menus with their forms.
// Menus are installation-wide; roles (per tenant) choose among them.
func (s *Service) menuRoutes() []engine.Route {
	return []engine.Route{
		{Method: http.MethodGet, Path: "/api/system/cscpMenus", Code: auth.SignedIn,
			Name: routeMyMenus, Handler: s.myMenus},
		{Method: http.MethodGet, Path: "/api/system/menu/getMenu", Code: CodeMenuList,
			Name: routeMenuChildrenWeb, Handler: s.menuChildren(false)},
		{Method: http.MethodPut, Path: "/api/system/menu/addMenu", Code: CodeMenuAdd,
			Name: routeAddMenuWeb, Handler: s.addMenu(false)},
		{Method: http.MethodPut, Path: "/api/system/menu/updateMenu", Code: CodeMenuEdit,
			Name: routeUpdateMenusWeb, Handler: s.updateMenus(false)},
		{Method: http.MethodDelete, Path: "/api/system/menu/deleteMenu/:id", Code: CodeMenuDel,
			Name: routeDeleteMenuWeb, Handler: s.deleteMenu(false)},
		{Method: http.MethodGet, Path: "/api/menu/getAppMenu", Code: CodeMenuList,
			Name: routeMenuChildrenApp, Handler: s.menuChildren(true)},
		{Method: http.MethodPut, Path: "/api/menu/addAppMenu", Code: CodeMenuAdd,
			Name: routeAddMenuApp, Handler: s.addMenu(true)},
		{Method: http.MethodPut, Path: "/api/menu/updateAppMenu", Code: CodeMenuEdit,
			Name: routeUpdateMenusApp, Handler: s.updateMenus(true)},
		{Method: http.MethodDelete, Path: "/api/appMenu/deleteMenu/:id", Code: CodeMenuDel,
			Name: routeDeleteMenuApp, Handler: s.deleteMenu(true)},
	}
}

// workbenchKey is the key of the workbench menu the bootstrap creates
// (engine/auth systemMenus): every role holds it.
const workbenchKey = "sys:workbench"

// The address-process page an external jump opens (specification §4:
// choosing external jump fixes name, url and component to it).
const (
	externalName      = "addressProcess"
	externalURL       = "/addressProcess"
	externalComponent = "AddressProcess"
)

func isWorkbench(m *ent.Menu) bool { return m.Key != nil && *m.Key == workbenchKey }

// menuDTO is a menu node as the console reads it: the web fields (url,
// address, choose) or the app fields (path, terminalType, icon an image)
// by terminal, hasChildren for the lazy tree, and system for a menu the
// server owns (system screens, generated module menus), which cannot be
// deleted and of which only the title and icon may change.
type menuDTO struct {
	ID             int64   `json:"id"`
	ParentID       int64   `json:"parentId"`
	Orderby        int     `json:"orderby"`
	Type           string  `json:"type"`
	Title          string  `json:"title"`
	Icon           string  `json:"icon"`
	Name           string  `json:"name"`
	URL            *string `json:"url,omitempty"`
	Path           *string `json:"path,omitempty"`
	Component      string  `json:"component"`
	PermissionCode string  `json:"permissionCode"`
	Address        *string `json:"address,omitempty"`
	Choose         *bool   `json:"choose,omitempty"`
	TerminalType   *int    `json:"terminalType,omitempty"`
	HasChildren    bool    `json:"hasChildren"`
	System         bool    `json:"system"`
}

func toMenuDTO(m *ent.Menu, hasChildren bool) menuDTO {
	d := menuDTO{ID: m.ID, ParentID: m.ParentID, Orderby: m.Orderby, Type: string(m.Type), Title: m.Title,
		Icon: m.Icon, Name: m.Name, Component: m.Component, PermissionCode: m.PermissionCode,
		HasChildren: hasChildren, System: m.Key != nil}
	if m.Terminal == menu.TerminalWeb {
		url, address, choose := m.URL, m.Address, m.Choose
		d.URL, d.Address, d.Choose = &url, &address, &choose
	} else {
		path, t := m.Path, terminalTypeOf(m.Terminal)
		d.Path, d.TerminalType = &path, &t
	}
	return d
}

// terminalTypeOf is the API's terminalType of an app terminal.
func terminalTypeOf(t menu.Terminal) int {
	if t == menu.TerminalApp {
		return 1
	}
	return 0
}

// byDisplayOrder orders menus as trees show them.
func byDisplayOrder(q *ent.MenuQuery) *ent.MenuQuery {
	return q.Order(ent.Asc(menu.FieldOrderby), ent.Asc(menu.FieldID))
}

// terminalMenus are all menus of a terminal in display order.
func (s *Service) terminalMenus(ctx context.Context, terms ...menu.Terminal) ([]*ent.Menu, error) {
	ms, err := byDisplayOrder(s.ent.Menu.Query().Where(menu.TerminalIn(terms...))).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("read %v menus: %w", terms, err)
	}
	return ms, nil
}

// myMenus answers the signed-in user's web menus, flat, in display order:
// every web menu their roles hold (every web menu for a super
// administrator). The console builds its routes from the page menus and
// its button codes from the buttons' permission codes.
func (s *Service) myMenus(c echo.Context) error {
	if err := onlyParams(c); err != nil {
		return err
	}
	v, ctx := viewer(c), c.Request().Context()
	q := s.ent.Menu.Query().Where(menu.TerminalEQ(menu.TerminalWeb))
	if !v.SuperAdmin() {
		roles, err := s.ent.Role.Query().
			Where(role.TenantID(v.TenantID), role.HasUsersWith(user.ID(v.UserID))).IDs(ctx)
		if err != nil {
			return fmt.Errorf("read roles of user %d: %w", v.UserID, err)
		}
		q = q.Where(menu.HasRoleMenusWith(rolemenu.RoleIDIn(roles...),
			rolemenu.TerminalEQ(rolemenu.TerminalWeb)))
	}
	ms, err := byDisplayOrder(q).All(ctx)
	if err != nil {
		return fmt.Errorf("read menus of user %d: %w", v.UserID, err)
	}
	parents := map[int64]bool{}
	for _, m := range ms {
		parents[m.ParentID] = true
	}
	out := make([]menuDTO, len(ms))
	for i, m := range ms {
		out[i] = toMenuDTO(m, parents[m.ID])
	}
	return httpx.OK(c, out)
}

// menuChildren answers the children of parentId (0: the first level) in
// one tree, for the lazy menu trees; the app trees need terminalType.
func (s *Service) menuChildren(app bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		if err := onlyParams(c, "parentId", "terminalType"); err != nil {
			return err
		}
		term, err := terminalOf(c.QueryParam("terminalType"), app)
		if err != nil {
			return err
		}
		parent, err := parentParam(c.QueryParam("parentId"))
		if err != nil {
			return err
		}
		ctx := c.Request().Context()
		ms, err := byDisplayOrder(s.ent.Menu.Query().
			Where(menu.TerminalEQ(term), menu.ParentID(parent))).All(ctx)
		if err != nil {
			return fmt.Errorf("read menus under %d: %w", parent, err)
		}
		ids := make([]int64, len(ms))
		for i, m := range ms {
			ids[i] = m.ID
		}
		withKids := map[int64]bool{}
		if len(ids) > 0 {
			kids, err := s.ent.Menu.Query().Where(menu.ParentIDIn(ids...)).
				Select(menu.FieldParentID).Ints(ctx)
			if err != nil {
				return fmt.Errorf("read grandchildren of %d: %w", parent, err)
			}
			for _, k := range kids {
				withKids[int64(k)] = true
			}
		}
		out := make([]menuDTO, len(ms))
		for i, m := range ms {
			out[i] = toMenuDTO(m, withKids[m.ID])
		}
		return httpx.OK(c, out)
	}
}

// parentParam reads a parentId: 0 (the default) or a positive id.
func parentParam(text string) (int64, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return 0, nil
	}
	id, err := strconv.ParseInt(text, 10, 64)
	if err != nil || id < 0 {
		return 0, httpx.BadRequest(fmt.Sprintf(msg.BadParam, "parentId"))
	}
	return id, nil
}

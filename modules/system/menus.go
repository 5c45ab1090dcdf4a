package system

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
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
			Name: "当前用户的菜单", Handler: s.myMenus},
		{Method: http.MethodGet, Path: "/api/system/menu/getMenu", Code: CodeMenuList,
			Name: "Web菜单子节点", Handler: s.menuChildren(false)},
		{Method: http.MethodPut, Path: "/api/system/menu/addMenu", Code: CodeMenuAdd,
			Name: "新增Web菜单", Handler: s.addMenu(false)},
		{Method: http.MethodPut, Path: "/api/system/menu/updateMenu", Code: CodeMenuEdit,
			Name: "修改或排序Web菜单", Handler: s.updateMenus(false)},
		{Method: http.MethodDelete, Path: "/api/system/menu/deleteMenu/:id", Code: CodeMenuDel,
			Name: "删除Web菜单", Handler: s.deleteMenu(false)},
		{Method: http.MethodGet, Path: "/api/menu/getAppMenu", Code: CodeMenuList,
			Name: "小程序和APP菜单子节点", Handler: s.menuChildren(true)},
		{Method: http.MethodPut, Path: "/api/menu/addAppMenu", Code: CodeMenuAdd,
			Name: "新增小程序和APP菜单", Handler: s.addMenu(true)},
		{Method: http.MethodPut, Path: "/api/menu/updateAppMenu", Code: CodeMenuEdit,
			Name: "修改或排序小程序和APP菜单", Handler: s.updateMenus(true)},
		{Method: http.MethodDelete, Path: "/api/appMenu/deleteMenu/:id", Code: CodeMenuDel,
			Name: "删除小程序和APP菜单", Handler: s.deleteMenu(true)},
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

// menuForm is what the web and the app menu forms have in common.
type menuForm interface {
	node() (id, parentID *int64, orderby *int)
	check() error
	// apply sets the form's fields on a menu being created or changed.
	apply(mu *ent.MenuMutation)
	// lockedChange reports whether the form changes a field other than the
	// title and icon of menu m.
	lockedChange(m *ent.Menu) bool
	title() string
	icon() string
}

// addMenu creates a node under parentId (0: first level) from its form
// and answers its id. Without an orderby it goes after its siblings.
func (s *Service) addMenu(app bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		f, term, err := s.bindMenuForm(c, app)
		if err != nil {
			return err
		}
		id, parentID, orderby := f.node()
		if id != nil && *id != 0 {
			return httpx.BadRequest(CreateWithID)
		}
		if err := f.check(); err != nil {
			return err
		}
		ctx, parent := c.Request().Context(), int64(0)
		if parentID != nil {
			parent = *parentID
		}
		order, err := s.placeMenu(ctx, term, parent, orderby)
		if err != nil {
			return err
		}
		cr := s.ent.Menu.Create().SetTerminal(term).SetParentID(parent).SetOrderby(order)
		f.apply(cr.Mutation())
		m, err := cr.Save(ctx)
		if err != nil {
			return fmt.Errorf("create menu: %w", err)
		}
		if err := s.authz.Reload(ctx); err != nil {
			return fmt.Errorf("reload permissions: %w", err)
		}
		return httpx.OK(c, m.ID)
	}
}

// bindMenuForm reads the web form, or the app form with the tree its
// terminalType names.
func (s *Service) bindMenuForm(c echo.Context, app bool) (menuForm, menu.Terminal, error) {
	if !app {
		b := &webMenuBody{}
		return b, menu.TerminalWeb, s.bind(c, b)
	}
	b := &appMenuBody{}
	if err := s.bind(c, b); err != nil {
		return nil, "", err
	}
	term, err := b.terminal()
	return b, term, err
}

// placeMenu checks that parent is 0 or a menu of the terminal's tree and
// returns the new node's order: the one given, else after its siblings.
func (s *Service) placeMenu(ctx context.Context, term menu.Terminal, parent int64, orderby *int) (int, error) {
	if parent != 0 {
		ok, err := s.ent.Menu.Query().Where(menu.ID(parent), menu.TerminalEQ(term)).Exist(ctx)
		if err != nil {
			return 0, fmt.Errorf("read parent menu %d: %w", parent, err)
		}
		if !ok {
			return 0, invalid(schema.FieldError{Field: "parentId", Message: MenuParentNotFound})
		}
	}
	if orderby != nil {
		return *orderby, nil
	}
	last, err := s.ent.Menu.Query().Where(menu.TerminalEQ(term), menu.ParentID(parent)).
		Order(ent.Desc(menu.FieldOrderby)).First(ctx)
	if ent.IsNotFound(err) {
		return 1, nil
	}
	if err != nil {
		return 0, fmt.Errorf("read siblings under %d: %w", parent, err)
	}
	return last.Orderby + 1, nil
}

// updateMenus takes an array of reordered nodes (after a drag: only id,
// parentId and each node's place in the array are read) or one node
// object (the edit form: its fields, and orderby when given; moving is
// done by dragging).
func (s *Service) updateMenus(app bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		var raw json.RawMessage
		if err := s.bind(c, &raw); err != nil {
			return err
		}
		raw = bytes.TrimSpace(raw)
		if len(raw) == 0 || string(raw) == "null" {
			return httpx.BadRequest(MenuNodesRequired)
		}
		newForm := func() menuForm {
			if app {
				return &appMenuBody{}
			}
			return &webMenuBody{}
		}
		terms := []menu.Terminal{menu.TerminalWeb}
		if app {
			terms = []menu.Terminal{menu.TerminalMini, menu.TerminalApp}
		}
		if raw[0] != '[' {
			f := newForm()
			if err := decodeStrict(raw, f); err != nil {
				return err
			}
			return s.editMenu(c, f, terms)
		}
		var items []json.RawMessage
		if err := json.Unmarshal(raw, &items); err != nil {
			return bodyError(err)
		}
		moves := make([]menuMove, 0, len(items))
		for _, item := range items {
			f := newForm()
			if err := decodeStrict(item, f); err != nil {
				return err
			}
			id, parent, _ := f.node()
			if id == nil {
				return httpx.BadRequest(msg.IDRequired)
			}
			moves = append(moves, menuMove{id: *id, parent: parent})
		}
		if err := s.reorderMenus(c.Request().Context(), moves, terms); err != nil {
			return err
		}
		return httpx.OK(c, nil)
	}
}

// decodeStrict decodes one JSON value into dst, refusing keys dst does not
// declare.
func decodeStrict(raw []byte, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return bodyError(err)
	}
	return nil
}

// editMenu changes one node from its form. A menu the server owns keeps
// everything but its title, icon and order.
func (s *Service) editMenu(c echo.Context, f menuForm, terms []menu.Terminal) error {
	id, _, orderby := f.node()
	if id == nil || *id <= 0 {
		return httpx.BadRequest(msg.IDRequired)
	}
	ctx := c.Request().Context()
	m, err := s.ent.Menu.Query().Where(menu.ID(*id), menu.TerminalIn(terms...)).Only(ctx)
	if ent.IsNotFound(err) {
		return notFound(MenuNotFound)
	}
	if err != nil {
		return fmt.Errorf("load menu %d: %w", *id, err)
	}
	up := m.Update()
	if m.Key != nil {
		if f.lockedChange(m) {
			return httpx.NewError(http.StatusForbidden, MenuSystemLocked)
		}
		var cs checks
		checkTitle(&cs, strings.TrimSpace(f.title()))
		cs.maxLen("icon", strings.TrimSpace(f.icon()), 1000, fmt.Sprintf(msg.FieldTooLong, MenuIcon, 1000))
		if err := cs.err(); err != nil {
			return err
		}
		up.SetTitle(strings.TrimSpace(f.title())).SetIcon(strings.TrimSpace(f.icon()))
	} else {
		if err := f.check(); err != nil {
			return err
		}
		f.apply(up.Mutation())
	}
	if orderby != nil {
		up.SetOrderby(*orderby)
	}
	if err := up.Exec(ctx); err != nil {
		return fmt.Errorf("update menu %d: %w", m.ID, err)
	}
	if err := s.authz.Reload(ctx); err != nil {
		return fmt.Errorf("reload permissions: %w", err)
	}
	return httpx.OK(c, m.ID)
}

// deleteMenu removes a node with everything below it, and their grants.
// A subtree holding a menu the server owns is refused.
func (s *Service) deleteMenu(app bool) echo.HandlerFunc {
	terms := []menu.Terminal{menu.TerminalWeb}
	if app {
		terms = []menu.Terminal{menu.TerminalMini, menu.TerminalApp}
	}
	return func(c echo.Context) error {
		id, err := pathID(c, "id")
		if err != nil {
			return err
		}
		ctx := c.Request().Context()
		m, err := s.ent.Menu.Query().Where(menu.ID(id), menu.TerminalIn(terms...)).Only(ctx)
		if ent.IsNotFound(err) {
			return notFound(MenuNotFound)
		}
		if err != nil {
			return fmt.Errorf("load menu %d: %w", id, err)
		}
		all, err := s.terminalMenus(ctx, m.Terminal)
		if err != nil {
			return err
		}
		doomed := subtree(all, m.ID)
		for _, d := range all {
			if doomed[d.ID] && d.Key != nil {
				return httpx.NewError(http.StatusForbidden, MenuSystemUndeletable)
			}
		}
		ids := make([]int64, 0, len(doomed))
		for id := range doomed {
			ids = append(ids, id)
		}
		err = withTx(ctx, s.ent, func(tx *ent.Tx) error {
			if _, err := tx.RoleMenu.Delete().Where(rolemenu.MenuIDIn(ids...)).Exec(ctx); err != nil {
				return fmt.Errorf("delete grants of menu %d: %w", m.ID, err)
			}
			if _, err := tx.Menu.Delete().Where(menu.IDIn(ids...)).Exec(ctx); err != nil {
				return fmt.Errorf("delete menu %d: %w", m.ID, err)
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
}

// subtree is the set of root and every menu below it.
func subtree(all []*ent.Menu, root int64) map[int64]bool {
	kids := map[int64][]int64{}
	for _, m := range all {
		kids[m.ParentID] = append(kids[m.ParentID], m.ID)
	}
	in := map[int64]bool{root: true}
	for queue := []int64{root}; len(queue) > 0; queue = queue[1:] {
		for _, k := range kids[queue[0]] {
			if !in[k] {
				in[k] = true
				queue = append(queue, k)
			}
		}
	}
	return in
}

// hasChinese reports whether s holds a Chinese (Han) character.
func hasChinese(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) }) >= 0
}

// checkTitle applies the title rule both menu forms share.
func checkTitle(cs *checks, title string) {
	if title == "" {
		cs.add("title", MenuTitleRequired)
	}
	cs.maxLen("title", title, 20, fmt.Sprintf(msg.FieldTooLong, MenuTitle, 20))
}

// checkCode applies the rules of a text field that must not hold Chinese.
func checkCode(cs *checks, field, label, value string, max int, required bool, requiredMsg string) {
	if required && value == "" {
		cs.add(field, requiredMsg)
	}
	if hasChinese(value) {
		cs.add(field, fmt.Sprintf(FieldNoChinese, label))
	}
	cs.maxLen(field, value, max, fmt.Sprintf(msg.FieldTooLong, label, max))
}

// webMenuBody is the web menu form (specification §3 web menu node, §5 web
// menu form). hasChildren and system are what the tree answered and are
// ignored.
type webMenuBody struct {
	ID             *int64 `json:"id"`
	ParentID       *int64 `json:"parentId"`
	Orderby        *int   `json:"orderby"`
	Type           string `json:"type"`
	Title          string `json:"title"`
	Icon           string `json:"icon"`
	Name           string `json:"name"`
	URL            string `json:"url"`
	Component      string `json:"component"`
	PermissionCode string `json:"permissionCode"`
	Address        string `json:"address"`
	Choose         choice `json:"choose"`
	HasChildren    *bool  `json:"hasChildren"`
	System         *bool  `json:"system"`
}

func (b *webMenuBody) node() (*int64, *int64, *int) { return b.ID, b.ParentID, b.Orderby }
func (b *webMenuBody) title() string                { return b.Title }
func (b *webMenuBody) icon() string                 { return b.Icon }

// externalTypes are the types an external jump may have: the four others
// show only without one (specification §4).
var externalTypes = []menu.Type{menu.TypeMenu1, menu.TypeMenu2, menu.TypeMenu2Sp}

// check trims the form and applies its rules: type required; title
// required, at most 20; name, url and component required, without Chinese
// (a button, which is no route, needs no url or component); an external
// jump (choose) only on the first- and second-level types, with its address
// required, and name, url and component fixed to the address-process page;
// permissionCode at most 50.
func (b *webMenuBody) check() error {
	for _, p := range []*string{&b.Type, &b.Title, &b.Icon, &b.Name, &b.URL, &b.Component,
		&b.PermissionCode, &b.Address} {
		*p = strings.TrimSpace(*p)
	}
	var cs checks
	t := menu.Type(b.Type)
	switch {
	case b.Type == "":
		cs.add("type", MenuTypeRequired)
	case menu.TypeValidator(t) != nil:
		cs.add("type", MenuTypeInvalid)
	}
	if b.Choose {
		if b.Type != "" && !slices.Contains(externalTypes, t) {
			cs.add("choose", MenuExternalType)
		}
		b.Name, b.URL, b.Component = externalName, externalURL, externalComponent
		if b.Address == "" {
			cs.add("address", MenuAddressRequired)
		}
	}
	checkTitle(&cs, b.Title)
	route := t != menu.TypeButton
	checkCode(&cs, "name", MenuName, b.Name, 100, true, MenuNameRequired)
	checkCode(&cs, "url", MenuURL, b.URL, 255, route, MenuURLRequired)
	checkCode(&cs, "component", MenuComponent, b.Component, 100, route, MenuComponentRequired)
	cs.maxLen("address", b.Address, 500, fmt.Sprintf(msg.FieldTooLong, MenuAddress, 500))
	cs.maxLen("icon", b.Icon, 100, fmt.Sprintf(msg.FieldTooLong, MenuIcon, 100))
	cs.maxLen("permissionCode", b.PermissionCode, 50, fmt.Sprintf(msg.FieldTooLong, MenuPermissionCode, 50))
	return cs.err()
}

func (b *webMenuBody) apply(mu *ent.MenuMutation) {
	mu.SetType(menu.Type(b.Type))
	mu.SetTitle(b.Title)
	mu.SetIcon(b.Icon)
	mu.SetName(b.Name)
	mu.SetURL(b.URL)
	mu.SetComponent(b.Component)
	mu.SetPermissionCode(b.PermissionCode)
	mu.SetAddress(b.Address)
	mu.SetChoose(bool(b.Choose))
}

func (b *webMenuBody) lockedChange(m *ent.Menu) bool {
	return changed(b.Type, string(m.Type)) || changed(b.Name, m.Name) || changed(b.URL, m.URL) ||
		changed(b.Component, m.Component) || changed(b.PermissionCode, m.PermissionCode) ||
		changed(b.Address, m.Address) || bool(b.Choose) != m.Choose
}

// changed reports whether a form sent a value other than the stored one
// (an empty value is "not sent").
func changed(sent, stored string) bool {
	sent = strings.TrimSpace(sent)
	return sent != "" && sent != stored
}

// choice is the external-jump switch as a form sends it: true/false, 1/0,
// "yes"/"no" (absent or null is no).
type choice bool

// UnmarshalJSON reads the accepted spellings.
func (c *choice) UnmarshalJSON(b []byte) error {
	switch strings.ToLower(strings.Trim(string(b), `"`)) {
	case "true", "1", "yes", "y":
		*c = true
	case "false", "0", "no", "n", "", "null":
		*c = false
	default:
		return &json.UnmarshalTypeError{Value: string(b), Type: reflect.TypeOf(true)}
	}
	return nil
}

// appMenuBody is the app and mini-program menu form (specification §3 app
// node, §5 app menu form).
type appMenuBody struct {
	ID             *int64       `json:"id"`
	ParentID       *int64       `json:"parentId"`
	Orderby        *int         `json:"orderby"`
	Type           string       `json:"type"`
	Title          string       `json:"title"`
	Name           string       `json:"name"`
	Path           string       `json:"path"`
	Component      string       `json:"component"`
	PermissionCode string       `json:"permissionCode"`
	Icon           string       `json:"icon"`
	TerminalType   *json.Number `json:"terminalType"`
	HasChildren    *bool        `json:"hasChildren"`
	System         *bool        `json:"system"`
}

func (b *appMenuBody) node() (*int64, *int64, *int) { return b.ID, b.ParentID, b.Orderby }
func (b *appMenuBody) title() string                { return b.Title }
func (b *appMenuBody) icon() string                 { return b.Icon }

// terminal is the tree the form's terminalType names (0 mini program, 1
// app).
func (b *appMenuBody) terminal() (menu.Terminal, error) {
	if b.TerminalType == nil {
		return terminalOf("", true)
	}
	return terminalOf(b.TerminalType.String(), true)
}

// appTypes are the types of the app and mini-program trees.
var appTypes = []menu.Type{menu.TypeMenu1, menu.TypeMenu2}

// check trims the form and applies its rules: title required, at most 20;
// name required, at most 100, without Chinese; path required, at most 100,
// starting with a slash; component required for a second-level menu, at
// most 100, without Chinese; a second-level menu needs its image; type
// required (menu1 or menu2); permissionCode at most 50.
func (b *appMenuBody) check() error {
	for _, p := range []*string{&b.Type, &b.Title, &b.Name, &b.Path, &b.Component, &b.PermissionCode, &b.Icon} {
		*p = strings.TrimSpace(*p)
	}
	var cs checks
	t := menu.Type(b.Type)
	switch {
	case b.Type == "":
		cs.add("type", MenuTypeRequired)
	case !slices.Contains(appTypes, t):
		cs.add("type", MenuTypeInvalid)
	}
	checkTitle(&cs, b.Title)
	checkCode(&cs, "name", MenuName, b.Name, 100, true, MenuNameRequired)
	if b.Path == "" {
		cs.add("path", MenuPathRequired)
	} else if !strings.HasPrefix(b.Path, "/") {
		cs.add("path", MenuPathSlash)
	}
	cs.maxLen("path", b.Path, 100, fmt.Sprintf(msg.FieldTooLong, MenuPath, 100))
	checkCode(&cs, "component", MenuComponent, b.Component, 100, t == menu.TypeMenu2, MenuComponentRequired)
	if t == menu.TypeMenu2 && b.Icon == "" {
		cs.add("icon", MenuImageRequired)
	}
	cs.maxLen("icon", b.Icon, 1000, fmt.Sprintf(msg.FieldTooLong, MenuIcon, 1000))
	cs.maxLen("permissionCode", b.PermissionCode, 50, fmt.Sprintf(msg.FieldTooLong, MenuPermissionCode, 50))
	return cs.err()
}

func (b *appMenuBody) apply(mu *ent.MenuMutation) {
	mu.SetType(menu.Type(b.Type))
	mu.SetTitle(b.Title)
	mu.SetIcon(b.Icon)
	mu.SetName(b.Name)
	mu.SetPath(b.Path)
	mu.SetComponent(b.Component)
	mu.SetPermissionCode(b.PermissionCode)
}

func (b *appMenuBody) lockedChange(m *ent.Menu) bool {
	return changed(b.Type, string(m.Type)) || changed(b.Name, m.Name) || changed(b.Path, m.Path) ||
		changed(b.Component, m.Component) || changed(b.PermissionCode, m.PermissionCode)
}

// menuMove is one node of a reorder: its id and its parent after the drop
// (nil when the console sent none: beside the root).
type menuMove struct {
	id     int64
	parent *int64
}

// reorderMenus applies a drop (specification §5 menu dragging): the root
// (id 0) cannot move and nothing goes beside it; a first-level menu stays
// first-level (it moves only among its siblings); a lower menu never
// becomes first-level; nothing moves below itself. The nodes of each
// parent named are numbered from 1 in the order sent, followed by that
// parent's other children in their old order; the parents the moved nodes
// left are renumbered too.
func (s *Service) reorderMenus(ctx context.Context, moves []menuMove, terms []menu.Terminal) error {
	if len(moves) == 0 {
		return httpx.BadRequest(MenuNodesRequired)
	}
	all, err := s.terminalMenus(ctx, terms...)
	if err != nil {
		return err
	}
	byID := make(map[int64]*ent.Menu, len(all))
	parentOf := make(map[int64]int64, len(all))
	for _, m := range all {
		byID[m.ID], parentOf[m.ID] = m, m.ParentID
	}
	moved := map[int64]bool{}
	for _, mv := range moves {
		if err := checkMove(mv, byID, moved); err != nil {
			return err
		}
		moved[mv.id], parentOf[mv.id] = true, *mv.parent
	}
	for _, mv := range moves {
		for p, steps := parentOf[mv.id], 0; p != 0; p, steps = parentOf[p], steps+1 {
			if p == mv.id || steps > len(all) {
				return httpx.BadRequest(MenuIntoOwnChild)
			}
		}
	}
	var parents []int64
	for _, mv := range moves {
		for _, p := range []int64{*mv.parent, byID[mv.id].ParentID} {
			if !slices.Contains(parents, p) {
				parents = append(parents, p)
			}
		}
	}
	order := map[int64]int{}
	for _, p := range parents {
		n := 0
		for _, mv := range moves {
			if *mv.parent == p {
				n++
				order[mv.id] = n
			}
		}
		for _, m := range all {
			if parentOf[m.ID] == p && !moved[m.ID] {
				n++
				order[m.ID] = n
			}
		}
	}
	err = withTx(ctx, s.ent, func(tx *ent.Tx) error {
		for id, o := range order {
			if m := byID[id]; m.ParentID != parentOf[id] || m.Orderby != o {
				if err := tx.Menu.UpdateOneID(id).SetParentID(parentOf[id]).SetOrderby(o).Exec(ctx); err != nil {
					return fmt.Errorf("move menu %d: %w", id, err)
				}
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
	return nil
}

// checkMove applies the drag rules that concern one node on its own.
func checkMove(mv menuMove, byID map[int64]*ent.Menu, moved map[int64]bool) error {
	if mv.id == 0 {
		return httpx.BadRequest(MenuRootNotMovable)
	}
	if moved[mv.id] {
		return httpx.BadRequest(fmt.Sprintf(MenuNodeRepeated, mv.id))
	}
	m := byID[mv.id]
	if m == nil {
		return notFound(MenuNotFound)
	}
	if mv.parent == nil || *mv.parent < 0 {
		return httpx.BadRequest(MenuRootNoSiblings)
	}
	p := *mv.parent
	switch {
	case m.ParentID == 0 && p != 0:
		return httpx.BadRequest(MenuTopLevelFixed)
	case m.ParentID != 0 && p == 0:
		return httpx.BadRequest(MenuNotTopLevel)
	}
	if pm := byID[p]; p != 0 && (pm == nil || pm.Terminal != m.Terminal) {
		return httpx.BadRequest(MenuParentNotFound)
	}
	return nil
}

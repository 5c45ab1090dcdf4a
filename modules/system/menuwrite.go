package system

// Writing the menu trees: adding, editing, reordering and deleting nodes.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/menu"
	"xiangzhi/generated/ent/rolemenu"
)

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
		return b, menu.TerminalWeb, httpx.BindInto(c, s.maxBody, b)
	}
	b := &appMenuBody{}
	if err := httpx.BindInto(c, s.maxBody, b); err != nil {
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
		if err := httpx.BindInto(c, s.maxBody, &raw); err != nil {
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
		id, err := httpx.PathID(c, "id")
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

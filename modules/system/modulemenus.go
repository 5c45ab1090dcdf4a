package system

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"xiangzhi/engine/schema"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/menu"
	"xiangzhi/generated/ent/rolemenu"
)

// Keys of generated menus: "group:<group>", "module:<module>" and
// "module:<module>:<code>" for the module's buttons.
const (
	groupKeyPrefix  = "group:"
	moduleKeyPrefix = "module:"
	// screenKeyInfix joins a module's key and one of its screens' names:
	// "module:<module>:screen:<name>".
	screenKeyInfix = ":screen:"
)

// ModuleURL is the console route of a schema module's screen.
func ModuleURL(module string) string { return "/m/" + module }

// SyncModuleMenus makes the web menus of the loaded schema modules match
// set, idempotently: a first-level menu per _menus.yaml group that has
// modules (a group with a parent group nests under it), one menu per
// module under its group (url /m/<module>, component SchemaModule, name
// the module's name, permission code the module's list code), and a button
// under it for each of the module's other codes. Menus found by their key
// are updated when the module changed (their order is kept, an
// administrator may have set it); buttons of codes a module no longer has
// are removed. Nothing without a generated key is touched — menus an
// administrator created stay — except under the menu of a removed module:
// a module neither in set.Modules nor in set.Failed (its file has
// problems: it keeps its menus and grants) loses its menu, the menus
// under it and their grants, and a generated group left without modules
// goes too; while a file whose module cannot be named has problems
// (set.Failed[""]), nothing is removed. Every
// generated menu is granted to the system (超级管理员) roles. Reload the
// authorizer afterwards.
func SyncModuleMenus(ctx context.Context, client *ent.Client, set *schema.Set) error {
	specs, err := moduleMenuSpecs(set)
	if err != nil {
		return err
	}
	tx, err := client.Tx(ctx)
	if err != nil {
		return fmt.Errorf("sync module menus: begin: %w", err)
	}
	if err := syncModuleMenusTx(ctx, tx, set, specs); err != nil {
		return fmt.Errorf("sync module menus: %w", errors.Join(err, tx.Rollback()))
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sync module menus: commit: %w", err)
	}
	return nil
}

func syncModuleMenusTx(ctx context.Context, tx *ent.Tx, set *schema.Set, specs []menuSpec) error {
	ids, err := syncMenus(ctx, tx, specs, true)
	if err != nil {
		return err
	}
	// Buttons of codes a loaded module no longer declares.
	names := make([]string, len(set.Modules))
	for i, m := range set.Modules {
		names[i] = m.Name
	}
	buttons, err := tx.Menu.Query().
		Where(menu.ModuleIn(names...), menu.TypeEQ(menu.TypeButton), menu.KeyHasPrefix(moduleKeyPrefix)).
		All(ctx)
	if err != nil {
		return fmt.Errorf("read module buttons: %w", err)
	}
	var stale []int64
	for _, b := range buttons {
		if _, ok := ids[*b.Key]; !ok {
			stale = append(stale, b.ID)
		}
	}
	if len(stale) > 0 {
		if _, err := tx.Menu.Delete().Where(menu.IDIn(stale...)).Exec(ctx); err != nil {
			return fmt.Errorf("remove stale module buttons: %w", err)
		}
	}
	// Screens a loaded module no longer declares, with their grants.
	screens, err := tx.Menu.Query().
		Where(menu.ModuleIn(names...), menu.TypeNEQ(menu.TypeButton), menu.KeyContains(screenKeyInfix)).
		All(ctx)
	if err != nil {
		return fmt.Errorf("read module screens: %w", err)
	}
	var gone []int64
	for _, sc := range screens {
		if _, ok := ids[*sc.Key]; !ok && strings.HasPrefix(*sc.Key, moduleKeyPrefix) {
			gone = append(gone, sc.ID)
		}
	}
	if err := deleteMenus(ctx, tx, gone); err != nil {
		return err
	}
	if !set.Failed[""] {
		if err := removeModuleMenus(ctx, tx, set, ids); err != nil {
			return err
		}
	}
	return grantServerMenus(ctx, tx)
}

// moduleMenuSpecs lists the generated menus of set, parents first.
func moduleMenuSpecs(set *schema.Set) ([]menuSpec, error) {
	groups := make(map[string]schema.Group, len(set.Groups))
	for _, g := range set.Groups {
		groups[g.Name] = g
	}
	// A group appears when a module uses it or one of its descendants.
	used := map[string]bool{}
	for _, m := range set.Modules {
		for g, seen := m.Group, 0; g != "" && !used[g]; g, seen = groups[g].Parent, seen+1 {
			if _, ok := groups[g]; !ok || seen > len(groups) {
				return nil, fmt.Errorf("module %s: unknown or cyclic menu group %q", m.Name, g)
			}
			used[g] = true
		}
	}
	depth := func(name string) int {
		d := 0
		for g := name; g != ""; g = groups[g].Parent {
			d++
		}
		return d
	}
	var usedGroups []schema.Group
	for _, g := range set.Groups {
		if used[g.Name] {
			usedGroups = append(usedGroups, g)
		}
	}
	sort.SliceStable(usedGroups, func(i, j int) bool { return depth(usedGroups[i].Name) < depth(usedGroups[j].Name) })
	var specs []menuSpec
	for _, g := range usedGroups {
		s := menuSpec{Key: groupKeyPrefix + g.Name, Type: groupType(depth(g.Name)), Title: g.Title,
			Icon: g.Icon, Name: g.Name, URL: "/" + g.Name, Order: g.Order}
		if g.Parent != "" {
			s.Parent = groupKeyPrefix + g.Parent
		}
		specs = append(specs, s)
	}
	for _, m := range set.Modules {
		key := moduleKeyPrefix + m.Name
		s := menuSpec{Key: key, Type: menu.TypeMenu1, Title: m.Title, Icon: m.Icon, Name: m.Name,
			URL: ModuleURL(m.Name), Component: ComponentSchemaModule, Code: m.Code("list"),
			Order: m.Order, Module: m.Name}
		if m.Group != "" {
			s.Parent = groupKeyPrefix + m.Group
			s.Type = menu.TypeMenu2
			if depth(m.Group) > 1 {
				s.Type = menu.TypeMenu3
			}
		}
		specs = append(specs, s)
		for i, code := range m.Codes() {
			if code == s.Code {
				continue
			}
			op, title := buttonOf(m, code)
			specs = append(specs, menuSpec{Key: key + ":" + code, Parent: key, Type: menu.TypeButton,
				Title: title, Name: op, Code: code, Order: i, Module: m.Name})
		}
		// The module's own screens sit beside its menu, for the holders of their code.
		for _, sc := range m.Screens {
			order := sc.Order
			if order == 0 {
				order = m.Order
			}
			specs = append(specs, menuSpec{Key: key + screenKeyInfix + sc.Name, Parent: s.Parent, Type: s.Type,
				Title: sc.Title, Icon: sc.Icon, Name: m.Name + "-" + sc.Name, URL: sc.URL,
				Component: ComponentModuleScreen, Code: m.Code(sc.Op), Order: order, Module: m.Name})
		}
	}
	for i := range specs {
		specs[i].Terminal = menu.TerminalWeb
	}
	return specs, nil
}

// groupType is the menu type of a group at depth d (1 = first level).
func groupType(d int) menu.Type {
	switch d {
	case 1:
		return menu.TypeMenu1
	case 2:
		return menu.TypeMenu2Sp
	}
	return menu.TypeMenu3Sp
}

// standardButtons are the titles of the standard operations' buttons.
var standardButtons = map[string]string{
	"list": ButtonList, "view": ButtonView, "add": ButtonAdd, "edit": ButtonEdit,
	"del": ButtonDelete, "export": ButtonExport, "import": ButtonImport,
}

// buttonOf names the button of one of m's codes: the operation (or status
// action) and its title.
func buttonOf(m *schema.Module, code string) (op, title string) {
	if m.Status != nil {
		for _, a := range m.Status.Actions {
			if m.ActionCode(a) == code {
				return a.Name, a.Label
			}
		}
	}
	op = strings.TrimPrefix(code, m.Permission+".")
	if t, ok := standardButtons[op]; ok {
		return op, t
	}
	return op, op
}

// removeModuleMenus deletes the generated menus of removed modules (with
// every menu under them) and then the generated groups nothing is left
// under, with their grants. keep holds the keys synchronised now.
func removeModuleMenus(ctx context.Context, tx *ent.Tx, set *schema.Set, keep map[string]int64) error {
	generated, err := tx.Menu.Query().
		Where(menu.Or(menu.KeyHasPrefix(moduleKeyPrefix), menu.KeyHasPrefix(groupKeyPrefix)), menu.TerminalEQ(menu.TerminalWeb)).
		All(ctx)
	if err != nil {
		return fmt.Errorf("read generated menus: %w", err)
	}
	var gone, groups []int64
	for _, m := range generated {
		key := *m.Key
		if _, ok := keep[key]; ok {
			continue
		}
		if strings.HasPrefix(key, groupKeyPrefix) {
			groups = append(groups, m.ID)
			continue
		}
		name := strings.TrimPrefix(key, moduleKeyPrefix)
		if i := strings.IndexByte(name, ':'); i >= 0 {
			name = name[:i]
		}
		if set.Module(name) == nil && !set.Failed[name] {
			gone = append(gone, m.ID)
		}
	}
	// Menus under a removed one (an administrator's buttons) go with it.
	for parents := gone; len(parents) > 0; {
		kids, err := tx.Menu.Query().Where(menu.ParentIDIn(parents...)).IDs(ctx)
		if err != nil {
			return fmt.Errorf("read menus of removed modules: %w", err)
		}
		kids = slices.DeleteFunc(kids, func(id int64) bool { return slices.Contains(gone, id) })
		gone, parents = append(gone, kids...), kids
	}
	if err := deleteMenus(ctx, tx, gone); err != nil {
		return err
	}
	// Unused groups, deepest first: each goes once nothing is under it.
	for removed := true; removed && len(groups) > 0; {
		removed = false
		for i := 0; i < len(groups); i++ {
			n, err := tx.Menu.Query().Where(menu.ParentID(groups[i])).Count(ctx)
			if err != nil {
				return fmt.Errorf("read menus of a group: %w", err)
			}
			if n > 0 {
				continue
			}
			if err := deleteMenus(ctx, tx, groups[i:i+1]); err != nil {
				return err
			}
			groups = slices.Delete(groups, i, i+1)
			removed, i = true, i-1
		}
	}
	return nil
}

// deleteMenus deletes menus and their grants.
func deleteMenus(ctx context.Context, tx *ent.Tx, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	if _, err := tx.RoleMenu.Delete().Where(rolemenu.MenuIDIn(ids...)).Exec(ctx); err != nil {
		return fmt.Errorf("revoke menus of removed modules: %w", err)
	}
	if _, err := tx.Menu.Delete().Where(menu.IDIn(ids...)).Exec(ctx); err != nil {
		return fmt.Errorf("remove menus of removed modules: %w", err)
	}
	return nil
}

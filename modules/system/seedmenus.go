package system

import (
	"context"
	"fmt"

	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/menu"
	"xiangzhi/generated/ent/role"
	"xiangzhi/generated/ent/rolemenu"
)

// menuSpec is a menu the server owns, found again by its key.
type menuSpec struct {
	Key       string
	Parent    string // the parent's key; "" for a first-level node
	Type      menu.Type
	Terminal  menu.Terminal
	Title     string
	Icon      string
	Name      string
	URL       string
	Path      string
	Component string
	Code      string
	Order     int
	Module    string
	System    bool
}

// Components the system menus name; the console maps each to a screen.
const (
	// ComponentSchemaModule is the generic list/detail/form screen of a
	// schema module, the component of every generated module menu.
	ComponentSchemaModule = "SchemaModule"
	// ComponentModuleScreen is the component of a module's own screen
	// (schema.Screen): the console routes its /m/ address itself.
	ComponentModuleScreen = "ModuleScreen"
)

// approvalKey is the key of the approval centre's menu; its screens are
// "sys:approval:<todo|done|cc|mine|simulate>".
const approvalKey = "sys:approval"

// screen is one system screen: its menu and its button codes.
type screen struct {
	key, title, name, url, component, code string
	buttons                                [][2]string // code, title
}

func crudButtons(view, add, edit, del string) [][2]string {
	b := [][2]string{}
	if view != "" {
		b = append(b, [2]string{view, ButtonView})
	}
	return append(b, [2]string{add, ButtonAdd}, [2]string{edit, ButtonEdit},
		[2]string{del, ButtonDelete})
}

// systemMenus are the menus of the built-in screens (specification §2) for
// the web console, and a minimal tree for the app and the mini program.
func systemMenus() []menuSpec {
	web := menu.TerminalWeb
	specs := []menuSpec{
		{Key: "sys:workbench", Type: menu.TypeMenu1, Title: MenuWorkbench, Icon: "HomeOutlined",
			Name: "UserWorkbench", URL: "/workbench", Component: "UserWorkbench", Order: 1},
		{Key: "sys:system", Type: menu.TypeMenu1, Title: MenuSystem, Icon: "SettingOutlined",
			Name: "system", URL: "/system", Order: 1000},
	}
	screens := []screen{
		{"user-management", MenuUsers, "user-management", "/system/user-management", "UserManagement",
			CodeUserList, crudButtons(CodeUserView, CodeUserAdd, CodeUserEdit, CodeUserDel)},
		{"role-management", MenuRoles, "role-management", "/system/role-management", "RoleManagement",
			CodeRoleList, crudButtons("", CodeRoleAdd, CodeRoleEdit, CodeRoleDel)},
		{"organization-management", MenuOrgs, "organization-management", "/system/organization-management",
			"OrganizationManagement", CodeOrgList, crudButtons("", CodeOrgAdd, CodeOrgEdit, CodeOrgDel)},
		{"workgroup-management", MenuWorkGroups, "workgroup-management", "/system/workgroup-management",
			"WorkgroupManagement", CodeWorkGroupList,
			crudButtons("", CodeWorkGroupAdd, CodeWorkGroupEdit, CodeWorkGroupDel)},
		{"async-routes-config", MenuMenus, "async-routes-config", "/system/async-routes-config",
			"AsyncRoutesConfig", CodeMenuList, crudButtons("", CodeMenuAdd, CodeMenuEdit, CodeMenuDel)},
		{"zidianbiao", MenuDicts, "zidianbiao", "/zidianbiao", "Zidianbiao",
			CodeDictList, crudButtons("", CodeDictAdd, CodeDictEdit, CodeDictDel)},
		{"logging-login", MenuLoginLog, "logging-login", "/system/logging-login", "LoggingLogin",
			CodeLoginLogList, nil},
		{"logging-operation", MenuOperationLog, "logging-operation", "/system/logging-operation",
			"LoggingOperation", CodeOperationLogList, nil},
	}
	for i, sc := range screens {
		key := "sys:" + sc.key
		specs = append(specs, menuSpec{Key: key, Parent: "sys:system", Type: menu.TypeMenu2,
			Title: sc.title, Name: sc.name, URL: sc.url, Component: sc.component, Code: sc.code, Order: i + 1})
		for j, b := range sc.buttons {
			specs = append(specs, menuSpec{Key: key + ":" + b[0], Parent: key, Type: menu.TypeButton,
				Title: b[1], Name: b[0], Code: b[0], Order: j + 1})
		}
	}
	// The approval centre (docs/workflow.md): every user's to-do, done, copies and applications, and the
	// path simulator; the screens need no code (each call acts on the caller's own tasks).
	specs = append(specs, menuSpec{Key: approvalKey, Type: menu.TypeMenu1, Title: MenuApproval,
		Icon: "AuditOutlined", Name: "approval", URL: "/workflow", Order: 900})
	for i, a := range []struct{ key, title, component string }{
		{"todo", MenuTodo, "WorkflowTodo"}, {"done", MenuDone, "WorkflowDone"}, {"cc", MenuCopied, "WorkflowCc"},
		{"mine", MenuMine, "WorkflowMine"}, {"simulate", MenuSimulate, "WorkflowSimulate"},
	} {
		specs = append(specs, menuSpec{Key: approvalKey + ":" + a.key, Parent: approvalKey, Type: menu.TypeMenu2,
			Title: a.title, Name: "workflow-" + a.key, URL: "/workflow/" + a.key, Component: a.component, Order: i + 1})
	}
	pages := []menuSpec{
		{Key: "sys:self-edit", Title: MenuProfile, Name: "self-edit", URL: "/self-edit", Component: "SelfEdit"},
		{Key: "sys:dataStatistics", Title: MenuDataStatistics, Name: "dataStatistics",
			URL: "/dataStatistics", Component: "DataStatistics", Code: CodeDataStatistics},
		{Key: "sys:dataStatisticsForSix", Title: MenuDataStatsForSix, Name: "dataStatisticsForSix",
			URL: "/dataStatisticsForSix", Component: "DataStatisticsForSix", Code: CodeDataStatisticsForSix},
		{Key: "sys:form-design", Title: MenuFormDesign, Name: "form-design", URL: "/form-design",
			Component: "FormDesign", Code: CodeFormDesign},
		{Key: "sys:message-announce", Title: MenuAnnounce, Name: "message-announce", URL: "/messages",
			Component: "MessageCenter", Code: CodeMessageAnnounce},
	}
	for i, p := range pages {
		p.Type, p.Order = menu.TypePage, 2000+i
		specs = append(specs, p)
	}
	for _, t := range []menu.Terminal{menu.TerminalMini, menu.TerminalApp} {
		for i, m := range []struct{ name, title string }{
			{"home", MenuAppHome}, {"work", MenuAppWork}, {"mine", MenuAppMine},
		} {
			specs = append(specs, menuSpec{Key: fmt.Sprintf("sys:%s:%s", t, m.name), Terminal: t,
				Type: menu.TypeMenu1, Title: m.title, Name: m.name, Path: "/pages/" + m.name + "/index",
				Order: i + 1})
		}
	}
	for i := range specs {
		specs[i].System = true
		if specs[i].Terminal == "" {
			specs[i].Terminal = web
		}
	}
	return specs
}

// syncMenus makes the menus of specs exist, parents before children (specs
// must list a parent before its children). A menu found by its key is
// updated when update is set and it differs; its order is left as an
// administrator may have set it. It returns the id of every spec's menu.
func syncMenus(ctx context.Context, tx *ent.Tx, specs []menuSpec, update bool) (map[string]int64, error) {
	keys := make([]string, len(specs))
	for i, s := range specs {
		keys[i] = s.Key
	}
	existing := map[string]*ent.Menu{}
	for start := 0; start < len(keys); start += 500 {
		end := min(start+500, len(keys))
		rows, err := tx.Menu.Query().Where(menu.KeyIn(keys[start:end]...)).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("read menus: %w", err)
		}
		for _, m := range rows {
			existing[*m.Key] = m
		}
	}
	ids := make(map[string]int64, len(specs))
	for _, s := range specs {
		parentID := int64(0)
		if s.Parent != "" {
			id, ok := ids[s.Parent]
			if !ok {
				return nil, fmt.Errorf("menu %s: parent %s comes later or is missing", s.Key, s.Parent)
			}
			parentID = id
		}
		m, ok := existing[s.Key]
		if !ok {
			created, err := tx.Menu.Create().
				SetKey(s.Key).SetParentID(parentID).SetOrderby(s.Order).SetType(s.Type).
				SetTerminal(s.Terminal).SetTitle(s.Title).SetIcon(s.Icon).SetName(s.Name).
				SetURL(s.URL).SetPath(s.Path).SetComponent(s.Component).SetPermissionCode(s.Code).
				SetModule(s.Module).SetSystem(s.System).
				Save(ctx)
			if err != nil {
				return nil, fmt.Errorf("create menu %s: %w", s.Key, err)
			}
			ids[s.Key] = created.ID
			continue
		}
		ids[s.Key] = m.ID
		if !update || sameMenu(m, s, parentID) {
			continue
		}
		err := tx.Menu.UpdateOneID(m.ID).
			SetParentID(parentID).SetType(s.Type).SetTerminal(s.Terminal).SetTitle(s.Title).
			SetIcon(s.Icon).SetName(s.Name).SetURL(s.URL).SetPath(s.Path).SetComponent(s.Component).
			SetPermissionCode(s.Code).SetModule(s.Module).SetSystem(s.System).
			Exec(ctx)
		if err != nil {
			return nil, fmt.Errorf("update menu %s: %w", s.Key, err)
		}
	}
	return ids, nil
}

func sameMenu(m *ent.Menu, s menuSpec, parentID int64) bool {
	return m.ParentID == parentID && m.Type == s.Type && m.Terminal == s.Terminal &&
		m.Title == s.Title && m.Icon == s.Icon && m.Name == s.Name && m.URL == s.URL &&
		m.Path == s.Path && m.Component == s.Component && m.PermissionCode == s.Code &&
		m.Module == s.Module && m.System == s.System
}

// grantServerMenus grants every menu the server owns (those with a key) to
// every system (超级管理员) role that lacks it, on the menu's terminal. The
// role holds every code anyway; the grant makes the menus show and the
// role editor show them checked.
func grantServerMenus(ctx context.Context, tx *ent.Tx) error {
	roles, err := tx.Role.Query().Where(role.System(true)).IDs(ctx)
	if err != nil {
		return fmt.Errorf("read system roles: %w", err)
	}
	if len(roles) == 0 {
		return nil
	}
	menus, err := tx.Menu.Query().Where(menu.KeyNotNil()).Select(menu.FieldID, menu.FieldTerminal).All(ctx)
	if err != nil {
		return fmt.Errorf("read server menus: %w", err)
	}
	for _, roleID := range roles {
		held, err := tx.RoleMenu.Query().Where(rolemenu.RoleID(roleID)).All(ctx)
		if err != nil {
			return fmt.Errorf("read menus of role %d: %w", roleID, err)
		}
		has := make(map[int64]bool, len(held))
		for _, h := range held {
			has[h.MenuID] = true
		}
		var add []*ent.RoleMenuCreate
		for _, m := range menus {
			if !has[m.ID] {
				add = append(add, tx.RoleMenu.Create().SetRoleID(roleID).SetMenuID(m.ID).
					SetTerminal(rolemenu.Terminal(m.Terminal)))
			}
		}
		for start := 0; start < len(add); start += 200 {
			end := min(start+200, len(add))
			if err := tx.RoleMenu.CreateBulk(add[start:end]...).Exec(ctx); err != nil {
				return fmt.Errorf("grant menus to role %d: %w", roleID, err)
			}
		}
	}
	return nil
}

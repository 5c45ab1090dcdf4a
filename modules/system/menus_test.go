package system

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"xiangzhi/engine"
	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/menu"
	"xiangzhi/generated/ent/rolemenu"
)

// addWebMenu adds a web menu through the API and returns its id.
func addWebMenu(t *testing.T, app *engine.App, token string, node map[string]any) int64 {
	t.Helper()
	return num(mustOK(t, app, token, http.MethodPut, "/api/system/menu/addMenu", node))
}

// webNode is a valid web menu form; extra replaces or adds keys.
func webNode(parentID int64, typ, title string, extra ...any) map[string]any {
	n := map[string]any{"parentId": parentID, "type": typ, "title": title, "name": "n" + typ,
		"url": "/u/" + typ, "component": "Comp", "icon": "FolderOutlined"}
	for i := 0; i+1 < len(extra); i += 2 {
		n[extra[i].(string)] = extra[i+1]
	}
	return n
}

// loadMenu reads a menu straight from the database.
func loadMenu(t *testing.T, s *Service, id int64) *ent.Menu {
	t.Helper()
	m, err := s.ent.Menu.Get(context.Background(), id)
	if err != nil {
		t.Fatalf("menu %d: %v", id, err)
	}
	return m
}

// children answers the ids and titles of a lazy-tree level.
func children(t *testing.T, app *engine.App, token, path string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, n := range mustOK(t, app, token, http.MethodGet, path, nil).([]any) {
		out = append(out, n.(map[string]any))
	}
	return out
}

func TestMyMenus(t *testing.T) {
	app, s := newTestApp(t)
	ctx := context.Background()
	admin := adminToken(t, app, s)
	all, err := s.ent.Menu.Query().Where(menu.TerminalEQ(menu.TerminalWeb)).Count(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got := mustOK(t, app, admin, http.MethodGet, "/api/system/cscpMenus", nil).([]any)
	if len(got) != all {
		t.Errorf("admin menus = %d, want every web menu (%d)", len(got), all)
	}
	first := got[0].(map[string]any)
	for _, k := range []string{"id", "parentId", "type", "name", "title", "icon", "orderby", "url", "component",
		"permissionCode"} {
		if _, ok := first[k]; !ok {
			t.Errorf("menu item %v lacks %s", first, k)
		}
	}

	r := createRole(t, s, s.tenantID, "用户管理员", CodeUserList)
	u := createUser(t, s, userSpec{RoleIDs: []int64{r.ID}})
	var titles []string
	for _, m := range mustOK(t, app, login(t, app, u.Username, testPassword), http.MethodGet, "/api/system/cscpMenus", nil).([]any) {
		titles = append(titles, m.(map[string]any)["title"].(string))
	}
	if diff := cmp.Diff([]string{MenuUsers}, titles); diff != "" {
		t.Errorf("menus of a user-list role (-want +got):\n%s", diff)
	}
	none := tokenWithCodes(t, app, s)
	if got := mustOK(t, app, none, http.MethodGet, "/api/system/cscpMenus", nil).([]any); len(got) != 0 {
		t.Errorf("menus of a user without roles = %v, want []", got)
	}
}

func TestWebMenuLifecycle(t *testing.T) {
	forEachDB(t, func(t *testing.T, app *engine.App, s *Service) {
		ctx := context.Background()
		admin := adminToken(t, app, s)
		top := children(t, app, admin, "/api/system/menu/getMenu?parentId=0")
		if top[0]["title"] != MenuWorkbench || top[0]["hasChildren"] != false || top[0]["system"] != true {
			t.Errorf("first top-level menu = %v, want the workbench", top[0])
		}
		last := top[len(top)-1]

		parent := addWebMenu(t, app, admin, webNode(0, "menu1", "测试分组"))
		if got := loadMenu(t, s, parent); got.Orderby != int(num(last["orderby"]))+1 || got.Terminal != menu.TerminalWeb {
			t.Errorf("new menu = order %d terminal %s, want after its siblings on the web", got.Orderby, got.Terminal)
		}
		page := addWebMenu(t, app, admin, webNode(parent, "menu2", "测试页面", "permissionCode", "test.list"))
		button := addWebMenu(t, app, admin, map[string]any{"parentId": page, "type": "button", "title": "新增",
			"name": "testAdd", "permissionCode": "test.add"})
		kids := children(t, app, admin, fmt.Sprintf("/api/system/menu/getMenu?parentId=%d", parent))
		if len(kids) != 1 || num(kids[0]["id"]) != page || kids[0]["hasChildren"] != true {
			t.Errorf("children of the new group = %v", kids)
		}

		// What the tree answered goes back unchanged, as an edit and as a drop.
		mustOK(t, app, admin, http.MethodPut, "/api/system/menu/updateMenu", kids[0])
		mustOK(t, app, admin, http.MethodPut, "/api/system/menu/updateMenu", []any{kids[0]})

		// The edit form: an object.
		edit := webNode(parent, "menu2", "改名页面", "id", page, "permissionCode", "test.list", "orderby", 5)
		mustOK(t, app, admin, http.MethodPut, "/api/system/menu/updateMenu", edit)
		if m := loadMenu(t, s, page); m.Title != "改名页面" || m.Orderby != 5 || m.ParentID != parent {
			t.Errorf("edited menu = %q order %d parent %d", m.Title, m.Orderby, m.ParentID)
		}

		// An external jump fixes name, url and component.
		ext := addWebMenu(t, app, admin, map[string]any{"parentId": parent, "type": "menu2", "title": "外链",
			"choose": "yes", "address": "https://example.com", "name": "x", "url": "/x", "component": "X"})
		if m := loadMenu(t, s, ext); !m.Choose || m.Name != externalName || m.URL != externalURL ||
			m.Component != externalComponent || m.Address != "https://example.com" {
			t.Errorf("external jump = %+v", m)
		}

		r := createRole(t, s, s.tenantID, "测试角色", "test.add")
		mustOK(t, app, admin, http.MethodDelete, fmt.Sprintf("/api/system/menu/deleteMenu/%d", parent), nil)
		n, err := s.ent.Menu.Query().Where(menu.IDIn(parent, page, button, ext)).Count(ctx)
		if err != nil || n != 0 {
			t.Errorf("menus left after deleting the group = %d, %v", n, err)
		}
		if n, err := s.ent.RoleMenu.Query().Where(rolemenu.RoleID(r.ID)).Count(ctx); err != nil || n != 0 {
			t.Errorf("grants left = %d, %v", n, err)
		}
		status, env := call(t, app, admin, http.MethodDelete, fmt.Sprintf("/api/system/menu/deleteMenu/%d", parent), nil)
		wantError(t, status, env, http.StatusNotFound, MenuNotFound)
	})
}

func TestWebMenuValidation(t *testing.T) {
	app, s := newTestApp(t)
	admin := adminToken(t, app, s)
	appMenu := menuByKey(t, s, "sys:app:home")
	tests := []struct {
		name  string
		node  map[string]any
		field string
		msg   string
	}{
		{"type required", webNode(0, "", "标题"), "type", MenuTypeRequired},
		{"type unknown", webNode(0, "menu9", "标题"), "type", MenuTypeInvalid},
		{"title required", webNode(0, "menu1", " "), "title", MenuTitleRequired},
		{"title max 20", webNode(0, "menu1", strings.Repeat("题", 21)), "title",
			fmt.Sprintf(msg.FieldTooLong, MenuTitle, 20)},
		{"name required", webNode(0, "menu1", "标题", "name", ""), "name", MenuNameRequired},
		{"name without Chinese", webNode(0, "menu1", "标题", "name", "名字"), "name",
			fmt.Sprintf(FieldNoChinese, MenuName)},
		{"url required", webNode(0, "menu1", "标题", "url", ""), "url", MenuURLRequired},
		{"url without Chinese", webNode(0, "menu1", "标题", "url", "/路径"), "url",
			fmt.Sprintf(FieldNoChinese, MenuURL)},
		{"component required", webNode(0, "menu1", "标题", "component", ""), "component", MenuComponentRequired},
		{"component without Chinese", webNode(0, "menu1", "标题", "component", "组件"), "component",
			fmt.Sprintf(FieldNoChinese, MenuComponent)},
		{"address required with external jump", webNode(0, "menu1", "标题", "choose", true), "address",
			MenuAddressRequired},
		{"external jump only on menus", webNode(0, "page", "标题", "choose", 1, "address", "https://a"), "choose",
			MenuExternalType},
		{"permissionCode max 50", webNode(0, "menu1", "标题", "permissionCode", strings.Repeat("a", 51)),
			"permissionCode", fmt.Sprintf(msg.FieldTooLong, MenuPermissionCode, 50)},
		{"parent missing", webNode(999999, "menu2", "标题"), "parentId", MenuParentNotFound},
		{"parent of another tree", webNode(appMenu, "menu2", "标题"), "parentId", MenuParentNotFound},
		{"bad choose", webNode(0, "menu1", "标题", "choose", "maybe"), "choose",
			fmt.Sprintf(msg.FieldBadFormat, "choose")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, env := call(t, app, admin, http.MethodPut, "/api/system/menu/addMenu", tt.node)
			wantError(t, status, env, http.StatusBadRequest, tt.msg)
			errs, _ := env["errors"].([]any)
			if len(errs) == 0 || errs[0].(map[string]any)["field"] != tt.field {
				t.Errorf("errors = %v, want the first on %s", env["errors"], tt.field)
			}
		})
	}
	others := []struct {
		name, method, path string
		body               any
		status             int
		msg                string
	}{
		{"create with id", http.MethodPut, "/api/system/menu/addMenu", webNode(0, "menu1", "标题", "id", 5), 400,
			CreateWithID},
		{"unknown field", http.MethodPut, "/api/system/menu/addMenu", webNode(0, "menu1", "标题", "path", "/p"), 400,
			fmt.Sprintf(msg.UnknownBodyField, "path")},
		{"edit without id", http.MethodPut, "/api/system/menu/updateMenu", webNode(0, "menu1", "标题"), 400,
			msg.IDRequired},
		{"edit of an app menu", http.MethodPut, "/api/system/menu/updateMenu", webNode(0, "menu1", "标题", "id", appMenu),
			404, MenuNotFound},
		{"empty update", http.MethodPut, "/api/system/menu/updateMenu", nil, 400, MenuNodesRequired},
		{"negative parent", http.MethodGet, "/api/system/menu/getMenu?parentId=-1", nil, 400,
			fmt.Sprintf(msg.BadParam, "parentId")},
		{"unknown parameter", http.MethodGet, "/api/system/menu/getMenu?pid=1", nil, 400,
			fmt.Sprintf(msg.QueryUnknownParam, "pid")},
		{"delete an app menu on the web", http.MethodDelete, fmt.Sprintf("/api/system/menu/deleteMenu/%d", appMenu),
			nil, 404, MenuNotFound},
	}
	for _, tt := range others {
		t.Run(tt.name, func(t *testing.T) {
			status, env := call(t, app, admin, tt.method, tt.path, tt.body)
			wantError(t, status, env, tt.status, tt.msg)
		})
	}
}

// appNode is a valid app menu form; extra replaces or adds keys.
func appNode(terminalType any, typ string, extra ...any) map[string]any {
	n := map[string]any{"parentId": 0, "type": typ, "title": "办事", "name": "work", "path": "/pages/work",
		"component": "Work", "icon": "https://img.example/work.png", "terminalType": terminalType}
	for i := 0; i+1 < len(extra); i += 2 {
		n[extra[i].(string)] = extra[i+1]
	}
	return n
}

func TestAppMenuValidation(t *testing.T) {
	app, s := newTestApp(t)
	admin := adminToken(t, app, s)
	tests := []struct {
		name  string
		node  map[string]any
		field string
		msg   string
	}{
		{"title required", appNode(1, "menu1", "title", ""), "title", MenuTitleRequired},
		{"title max 20", appNode(1, "menu1", "title", strings.Repeat("题", 21)), "title",
			fmt.Sprintf(msg.FieldTooLong, MenuTitle, 20)},
		{"name required", appNode(1, "menu1", "name", ""), "name", MenuNameRequired},
		{"name max 100", appNode(1, "menu1", "name", strings.Repeat("n", 101)), "name",
			fmt.Sprintf(msg.FieldTooLong, MenuName, 100)},
		{"name without Chinese", appNode(1, "menu1", "name", "办事"), "name",
			fmt.Sprintf(FieldNoChinese, MenuName)},
		{"path required", appNode(1, "menu1", "path", ""), "path", MenuPathRequired},
		{"path starts with a slash", appNode(1, "menu1", "path", "pages/work"), "path", MenuPathSlash},
		{"path max 100", appNode(1, "menu1", "path", "/"+strings.Repeat("p", 100)), "path",
			fmt.Sprintf(msg.FieldTooLong, MenuPath, 100)},
		{"component required for menu2", appNode(0, "menu2", "component", ""), "component",
			MenuComponentRequired},
		{"component without Chinese", appNode(1, "menu1", "component", "组件"), "component",
			fmt.Sprintf(FieldNoChinese, MenuComponent)},
		{"image required for menu2", appNode(1, "menu2", "icon", ""), "icon", MenuImageRequired},
		{"type required", appNode(1, ""), "type", MenuTypeRequired},
		{"type of the web only", appNode(1, "button"), "type", MenuTypeInvalid},
		{"terminal required", appNode(nil, "menu1"), "terminalType", TerminalTypeInvalid},
		{"terminal 0 or 1", appNode(2, "menu1"), "terminalType", TerminalTypeInvalid},
		{"permissionCode max 50", appNode(1, "menu1", "permissionCode", strings.Repeat("a", 51)), "permissionCode",
			fmt.Sprintf(msg.FieldTooLong, MenuPermissionCode, 50)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, env := call(t, app, admin, http.MethodPut, "/api/menu/addAppMenu", tt.node)
			wantError(t, status, env, http.StatusBadRequest, tt.msg)
			errs, _ := env["errors"].([]any)
			if len(errs) == 0 || errs[0].(map[string]any)["field"] != tt.field {
				t.Errorf("errors = %v, want the first on %s", env["errors"], tt.field)
			}
		})
	}
	// A first-level menu needs neither a component nor an image.
	mustOK(t, app, admin, http.MethodPut, "/api/menu/addAppMenu", appNode("1", "menu1", "component", "", "icon", ""))
}

func TestAppMenuLifecycle(t *testing.T) {
	forEachDB(t, func(t *testing.T, app *engine.App, s *Service) {
		admin := adminToken(t, app, s)
		mini := children(t, app, admin, "/api/menu/getAppMenu?parentId=0&terminalType=0")
		if len(mini) != 3 || mini[0]["title"] != MenuAppHome || num(mini[0]["terminalType"]) != 0 {
			t.Errorf("mini-program first level = %v", mini)
		}
		group := num(mustOK(t, app, admin, http.MethodPut, "/api/menu/addAppMenu", appNode(1, "menu1", "title", "服务")))
		page := num(mustOK(t, app, admin, http.MethodPut, "/api/menu/addAppMenu",
			appNode(1, "menu2", "parentId", group, "title", "缴费", "name", "pay", "path", "/pages/pay")))
		if m := loadMenu(t, s, page); m.Terminal != menu.TerminalApp || m.ParentID != group || m.Path != "/pages/pay" {
			t.Errorf("app page = %+v", m)
		}
		if got := children(t, app, admin, "/api/menu/getAppMenu?parentId=0&terminalType=0"); len(got) != 3 {
			t.Errorf("mini-program first level after an app add = %d nodes, want 3", len(got))
		}
		kids := children(t, app, admin, fmt.Sprintf("/api/menu/getAppMenu?parentId=%d&terminalType=1", group))
		if len(kids) != 1 || kids[0]["path"] != "/pages/pay" {
			t.Fatalf("children of the app group = %v", kids)
		}
		mustOK(t, app, admin, http.MethodPut, "/api/menu/updateAppMenu", kids[0])
		mustOK(t, app, admin, http.MethodPut, "/api/menu/updateAppMenu", []any{kids[0]})
		// A mini-program parent is no parent for an app menu.
		status, env := call(t, app, admin, http.MethodPut, "/api/menu/addAppMenu",
			appNode(1, "menu2", "parentId", num(mini[0]["id"])))
		wantError(t, status, env, http.StatusBadRequest, MenuParentNotFound)

		mustOK(t, app, admin, http.MethodPut, "/api/menu/updateAppMenu",
			appNode(1, "menu2", "id", page, "parentId", group, "title", "在线缴费", "name", "pay", "path", "/pages/pay"))
		if m := loadMenu(t, s, page); m.Title != "在线缴费" {
			t.Errorf("edited app title = %q", m.Title)
		}
		status, env = call(t, app, admin, http.MethodDelete, fmt.Sprintf("/api/system/menu/deleteMenu/%d", group), nil)
		wantError(t, status, env, http.StatusNotFound, MenuNotFound)
		mustOK(t, app, admin, http.MethodDelete, fmt.Sprintf("/api/appMenu/deleteMenu/%d", group), nil)
		if got := children(t, app, admin, "/api/menu/getAppMenu?parentId=0&terminalType=1"); len(got) != 3 {
			t.Errorf("app first level after the delete = %d nodes, want the 3 system ones", len(got))
		}
		status, env = call(t, app, admin, http.MethodGet, "/api/menu/getAppMenu?parentId=0", nil)
		wantError(t, status, env, http.StatusBadRequest, TerminalTypeInvalid)
	})
}

// TestServerMenusProtected: a menu the server owns keeps everything but
// its title and icon, and is never deleted, alone or with a parent.
func TestServerMenusProtected(t *testing.T) {
	app, s := newTestApp(t)
	admin := adminToken(t, app, s)
	users := menuByKey(t, s, "sys:user-management")
	path := fmt.Sprintf("/api/system/menu/deleteMenu/%d", users)
	status, env := call(t, app, admin, http.MethodDelete, path, nil)
	wantError(t, status, env, http.StatusForbidden, MenuSystemUndeletable)

	before := loadMenu(t, s, users)
	status, env = call(t, app, admin, http.MethodPut, "/api/system/menu/updateMenu",
		map[string]any{"id": users, "type": "menu2", "title": "用户", "url": "/elsewhere"})
	wantError(t, status, env, http.StatusForbidden, MenuSystemLocked)
	mustOK(t, app, admin, http.MethodPut, "/api/system/menu/updateMenu",
		map[string]any{"id": users, "type": "menu2", "title": "账号管理", "url": before.URL, "icon": "UserOutlined",
			"name": before.Name, "component": before.Component, "permissionCode": before.PermissionCode})
	after := loadMenu(t, s, users)
	if after.Title != "账号管理" || after.Icon != "UserOutlined" || after.URL != before.URL ||
		after.PermissionCode != before.PermissionCode {
		t.Errorf("server menu after a title edit = %+v", after)
	}
	status, env = call(t, app, admin, http.MethodPut, "/api/system/menu/updateMenu",
		map[string]any{"id": users, "title": ""})
	wantError(t, status, env, http.StatusBadRequest, MenuTitleRequired)

	group := addWebMenu(t, app, admin, webNode(0, "menu1", "分组"))
	mustOK(t, app, admin, http.MethodPut, "/api/system/menu/updateMenu", []map[string]any{{"id": users, "parentId": group}})
	status, env = call(t, app, admin, http.MethodDelete, fmt.Sprintf("/api/system/menu/deleteMenu/%d", group), nil)
	wantError(t, status, env, http.StatusForbidden, MenuSystemUndeletable)
	loadMenu(t, s, group)
}

func TestMenuDrag(t *testing.T) {
	forEachDB(t, func(t *testing.T, app *engine.App, s *Service) {
		ctx := context.Background()
		admin := adminToken(t, app, s)
		a := addWebMenu(t, app, admin, webNode(0, "menu1", "甲"))
		b := addWebMenu(t, app, admin, webNode(0, "menu1", "乙"))
		a1 := addWebMenu(t, app, admin, webNode(a, "menu2-sp", "甲一"))
		a2 := addWebMenu(t, app, admin, webNode(a, "menu2", "甲二"))
		a1x := addWebMenu(t, app, admin, webNode(a1, "menu3", "甲一子"))
		appHome := menuByKey(t, s, "sys:app:home")
		move := func(id any, parent any) map[string]any {
			return map[string]any{"id": id, "parentId": parent, "title": "ignored"}
		}
		refused := []struct {
			name   string
			body   any
			status int
			msg    string
		}{
			{"root", []any{move(0, 0)}, 400, MenuRootNotMovable},
			{"beside the root", []any{move(a, nil)}, 400, MenuRootNoSiblings},
			{"beside the root, negative", []any{move(a, -1)}, 400, MenuRootNoSiblings},
			{"first level deeper", []any{move(a, b)}, 400, MenuTopLevelFixed},
			{"first level into a second-level node", []any{move(b, a1)}, 400, MenuTopLevelFixed},
			{"lower node to the first level", []any{move(a1, 0)}, 400, MenuNotTopLevel},
			{"into its own child", []any{move(a1, a1x)}, 400, MenuIntoOwnChild},
			{"into itself", []any{move(a1, a1)}, 400, MenuIntoOwnChild},
			{"missing parent", []any{move(a1, 999999)}, 400, MenuParentNotFound},
			{"parent in another tree", []any{move(a1, appHome)}, 400, MenuParentNotFound},
			{"unknown node", []any{move(999999, a)}, 404, MenuNotFound},
			{"node twice", []any{move(a1, a), move(a1, a)}, 400, fmt.Sprintf(MenuNodeRepeated, a1)},
			{"no nodes", []any{}, 400, MenuNodesRequired},
			{"node without id", []any{map[string]any{"parentId": a}}, 400, msg.IDRequired},
		}
		for _, tt := range refused {
			t.Run(tt.name, func(t *testing.T) {
				status, env := call(t, app, admin, http.MethodPut, "/api/system/menu/updateMenu", tt.body)
				wantError(t, status, env, tt.status, tt.msg)
			})
		}
		status, env := call(t, app, admin, http.MethodPut, "/api/menu/updateAppMenu",
			[]any{map[string]any{"id": a1, "parentId": a}})
		wantError(t, status, env, http.StatusNotFound, MenuNotFound)

		order := func(ids ...int64) []string {
			var out []string
			for _, id := range ids {
				m := loadMenu(t, s, id)
				out = append(out, fmt.Sprintf("%d:%d:%d", m.ID, m.ParentID, m.Orderby))
			}
			return out
		}
		// Reorder siblings: numbered from 1 in the order sent.
		mustOK(t, app, admin, http.MethodPut, "/api/system/menu/updateMenu", []any{move(a2, a), move(a1, a)})
		want := []string{fmt.Sprintf("%d:%d:2", a1, a), fmt.Sprintf("%d:%d:1", a2, a)}
		if diff := cmp.Diff(want, order(a1, a2)); diff != "" {
			t.Errorf("after the reorder (-want +got):\n%s", diff)
		}
		// Move a lower node under another parent; the old parent's remaining
		// children are renumbered too.
		mustOK(t, app, admin, http.MethodPut, "/api/system/menu/updateMenu", []any{move(a2, b)})
		want = []string{fmt.Sprintf("%d:%d:1", a1, a), fmt.Sprintf("%d:%d:1", a2, b)}
		if diff := cmp.Diff(want, order(a1, a2)); diff != "" {
			t.Errorf("after the move (-want +got):\n%s", diff)
		}
		mustOK(t, app, admin, http.MethodPut, "/api/system/menu/updateMenu", []any{move(a1x, a2)})
		if m := loadMenu(t, s, a1x); m.ParentID != a2 || m.Orderby != 1 {
			t.Errorf("moved third-level node = parent %d order %d", m.ParentID, m.Orderby)
		}
		// First-level menus move among themselves.
		top, err := s.ent.Menu.Query().Where(menu.TerminalEQ(menu.TerminalWeb), menu.ParentID(0)).
			Order(ent.Asc(menu.FieldOrderby), ent.Asc(menu.FieldID)).IDs(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var nodes []any
		for i := len(top) - 1; i >= 0; i-- {
			nodes = append(nodes, move(top[i], 0))
		}
		mustOK(t, app, admin, http.MethodPut, "/api/system/menu/updateMenu", nodes)
		if m := loadMenu(t, s, top[len(top)-1]); m.Orderby != 1 {
			t.Errorf("last first-level menu now has order %d, want 1", m.Orderby)
		}
		if m := loadMenu(t, s, top[0]); m.Orderby != len(top) {
			t.Errorf("first first-level menu now has order %d, want %d", m.Orderby, len(top))
		}
	})
}

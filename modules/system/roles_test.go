package system

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent/menu"
	"xiangzhi/generated/ent/role"
	"xiangzhi/generated/ent/rolemenu"
)

// postForm sends an urlencoded form and decodes the envelope.
func postForm(t *testing.T, app *engine.App, token, path string, form url.Values) (int, map[string]any) {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	rec := httptest.NewRecorder()
	app.Handler().ServeHTTP(rec, req)
	env := map[string]any{}
	if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil {
		t.Fatalf("POST %s: answer is not JSON: %v\n%s", path, err, rec.Body.String())
	}
	return rec.Code, env
}

// wantError fails unless the call answered status with msg text.
func wantError(t *testing.T, status int, env map[string]any, wantStatus int, wantMsg string) {
	t.Helper()
	if status != wantStatus || env["msg"] != wantMsg {
		t.Errorf("got %d %q (%v), want %d %q", status, env["msg"], env["errors"], wantStatus, wantMsg)
	}
}

// areaRoutes are the routes of roles, menus, work groups and dictionaries.
func areaRoutes(s *Service) []engine.Route {
	var rs []engine.Route
	for _, f := range []func() []engine.Route{s.roleRoutes, s.menuRoutes, s.workGroupRoutes, s.dictRoutes} {
		rs = append(rs, f()...)
	}
	return rs
}

// TestAreaRoutesGuarded calls every route of these areas without a token
// (401) and as a user without codes (403, except the signed-in-only ones).
func TestAreaRoutesGuarded(t *testing.T) {
	app, s := newTestApp(t)
	noCodes := tokenWithCodes(t, app, s)
	for _, r := range areaRoutes(s) {
		path := strings.ReplaceAll(r.Path, ":id", "1")
		t.Run(r.Method+" "+r.Path, func(t *testing.T) {
			if r.Public || r.Code == "" {
				t.Fatalf("route declares no code")
			}
			status, env := call(t, app, "", r.Method, path, nil)
			wantError(t, status, env, http.StatusUnauthorized, msg.Unauthorized)
			if r.Code == auth.SignedIn {
				return
			}
			status, env = call(t, app, noCodes, r.Method, path, nil)
			wantError(t, status, env, http.StatusForbidden, msg.Forbidden)
		})
	}
}

// roleData is a role answer.
func roleData(t *testing.T, data any) map[string]any {
	t.Helper()
	m, ok := data.(map[string]any)
	if !ok {
		t.Fatalf("role answer %v is not an object", data)
	}
	return m
}

func TestRoleCRUD(t *testing.T) {
	forEachDB(t, func(t *testing.T, app *engine.App, s *Service) {
		admin := adminToken(t, app, s)
		created := roleData(t, mustOK(t, app, admin, http.MethodPost, "/api/system/cscpRoless",
			map[string]any{"name": " 村干部 ", "roleExtent": "ext", "icon": "UserOutlined", "parentId": 0}))
		id := num(created["id"])
		want := map[string]any{"id": float64(id), "name": "村干部", "roleExtent": "ext", "parentId": float64(0),
			"icon": "UserOutlined", "dataScope": "subtree", "system": false, "requireTotp": false}
		if diff := cmp.Diff(want, created); diff != "" {
			t.Errorf("created role (-want +got):\n%s", diff)
		}
		got := roleData(t, mustOK(t, app, admin, http.MethodGet, fmt.Sprintf("/api/system/cscpRoless/%d", id), nil))
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("role detail (-want +got):\n%s", diff)
		}

		upd := roleData(t, mustOK(t, app, admin, http.MethodPut, "/api/system/cscpRoless",
			map[string]any{"id": id, "name": "网格员", "roleExtent": "", "icon": "TeamOutlined", "dataScope": "org"}))
		if upd["name"] != "网格员" || upd["dataScope"] != "org" || upd["icon"] != "TeamOutlined" {
			t.Errorf("updated role = %v", upd)
		}

		page := mustOK(t, app, admin, http.MethodGet, "/api/system/cscpRolessByCriteria?page=0&size=1000", nil).(map[string]any)
		rows := page["data"].([]any)
		if num(page["recordsTotal"]) != 2 || len(rows) != 2 {
			t.Fatalf("role page = %v, want the super-admin role and the new one", page)
		}
		first := rows[0].(map[string]any)
		if first["name"] != SuperAdminRole || first["system"] != true {
			t.Errorf("first role = %v, want the super-admin role", first)
		}
		page = mustOK(t, app, admin, http.MethodGet, "/api/system/cscpRolessByCriteria?name=%E7%BD%91%E6%A0%BC", nil).(map[string]any)
		if num(page["recordsTotal"]) != 1 {
			t.Errorf("filtered role page = %v, want 1 row", page)
		}
	})
}

func TestRoleValidation(t *testing.T) {
	app, s := newTestApp(t)
	admin := adminToken(t, app, s)
	existing := createRole(t, s, s.tenantID, "已存在")
	long := strings.Repeat("长", 21)
	tests := []struct {
		name   string
		method string
		path   string
		body   any
		status int
		msg    string
	}{
		{"name required", http.MethodPost, "/api/system/cscpRoless", map[string]any{"name": " ", "icon": "i"},
			400, RoleNameRequired},
		{"icon required", http.MethodPost, "/api/system/cscpRoless", map[string]any{"name": "甲"}, 400,
			RoleIconRequired},
		{"name max 20", http.MethodPost, "/api/system/cscpRoless", map[string]any{"name": long, "icon": "i"}, 400,
			fmt.Sprintf(msg.FieldTooLong, RoleName, 20)},
		{"roleExtent max 20", http.MethodPost, "/api/system/cscpRoless",
			map[string]any{"name": "甲", "roleExtent": long, "icon": "i"}, 400,
			fmt.Sprintf(msg.FieldTooLong, RoleExtent, 20)},
		{"icon max 20", http.MethodPost, "/api/system/cscpRoless", map[string]any{"name": "甲", "icon": long}, 400,
			fmt.Sprintf(msg.FieldTooLong, RoleIcon, 20)},
		{"bad data scope", http.MethodPost, "/api/system/cscpRoless",
			map[string]any{"name": "甲", "icon": "i", "dataScope": "world"}, 400, RoleDataScopeInvalid},
		{"name taken", http.MethodPost, "/api/system/cscpRoless", map[string]any{"name": "已存在", "icon": "i"},
			400, RoleNameTaken},
		{"unknown field", http.MethodPost, "/api/system/cscpRoless",
			map[string]any{"name": "甲", "icon": "i", "menus": "1"}, 400, fmt.Sprintf(msg.UnknownBodyField, "menus")},
		{"create with id", http.MethodPost, "/api/system/cscpRoless",
			map[string]any{"id": existing.ID, "name": "甲", "icon": "i"}, 400, CreateWithID},
		{"update without id", http.MethodPut, "/api/system/cscpRoless", map[string]any{"name": "甲", "icon": "i"},
			400, msg.IDRequired},
		{"update to a taken name", http.MethodPut, "/api/system/cscpRoless",
			map[string]any{"id": existing.ID, "name": SuperAdminRole, "icon": "i"}, 400, RoleNameTaken},
		{"size over 1000", http.MethodGet, "/api/system/cscpRolessByCriteria?size=1001", nil, 400,
			msg.QuerySizeTooLarge},
		{"unknown parameter", http.MethodGet, "/api/system/cscpRolessByCriteria?icon=x", nil, 400,
			fmt.Sprintf(msg.QueryUnknownParam, "icon")},
		{"bad id", http.MethodGet, "/api/system/cscpRoless/abc", nil, 400, fmt.Sprintf(msg.BadParam, "id")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, env := call(t, app, admin, tt.method, tt.path, tt.body)
			wantError(t, status, env, tt.status, tt.msg)
		})
	}
}

// TestRoleOtherTenant: another tenant's role answers 404 on every call.
func TestRoleOtherTenant(t *testing.T) {
	app, s := newTestApp(t)
	admin := adminToken(t, app, s)
	other, _ := createTenant(t, s, "t2")
	foreign := createRole(t, s, other.ID, "外租户角色")
	id := strconv.FormatInt(foreign.ID, 10)
	tests := []struct {
		method, path string
		body         any
	}{
		{http.MethodGet, "/api/system/cscpRoless/" + id, nil},
		{http.MethodGet, "/api/system/cscpRoleUsers/" + id, nil},
		{http.MethodDelete, "/api/system/cscpRoless/" + id, nil},
		{http.MethodPut, "/api/system/cscpRoless", map[string]any{"id": foreign.ID, "name": "x", "icon": "i"}},
		{http.MethodPost, "/api/system/menu/queryByRoleId", map[string]any{"roles": id}},
		{http.MethodPost, "/api/appMenu/queryByRoleId", map[string]any{"roles": id, "terminalType": 1}},
		{http.MethodPost, "/api/system/menu/save", map[string]any{"roles": id, "menus": "1"}},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			status, env := call(t, app, admin, tt.method, tt.path, tt.body)
			wantError(t, status, env, http.StatusNotFound, RoleNotFound)
		})
	}
	if _, err := s.ent.Role.Get(context.Background(), foreign.ID); err != nil {
		t.Errorf("foreign role after the calls: %v", err)
	}
}

func TestRoleDelete(t *testing.T) {
	forEachDB(t, func(t *testing.T, app *engine.App, s *Service) {
		ctx := context.Background()
		admin := adminToken(t, app, s)
		used := createRole(t, s, s.tenantID, "在用角色", CodeUserList)
		createUser(t, s, userSpec{RoleIDs: []int64{used.ID}})
		createUser(t, s, userSpec{RoleIDs: []int64{used.ID}})
		path := fmt.Sprintf("/api/system/cscpRoless/%d", used.ID)

		if n := num(mustOK(t, app, admin, http.MethodGet, fmt.Sprintf("/api/system/cscpRoleUsers/%d", used.ID), nil)); n != 2 {
			t.Errorf("cscpRoleUsers = %d, want 2", n)
		}
		status, env := call(t, app, admin, http.MethodDelete, path, nil)
		wantError(t, status, env, http.StatusConflict, "该角色已被2个账号使用，禁止删除")

		super, err := s.ent.Role.Query().Where(role.TenantID(s.tenantID), role.System(true)).Only(ctx)
		if err != nil {
			t.Fatal(err)
		}
		status, env = call(t, app, admin, http.MethodDelete, fmt.Sprintf("/api/system/cscpRoless/%d", super.ID), nil)
		wantError(t, status, env, http.StatusForbidden, RoleSystemUndeletable)

		free := createRole(t, s, s.tenantID, "空闲角色", CodeUserList)
		mustOK(t, app, admin, http.MethodDelete, fmt.Sprintf("/api/system/cscpRoless/%d", free.ID), nil)
		status, env = call(t, app, admin, http.MethodGet, fmt.Sprintf("/api/system/cscpRoless/%d", free.ID), nil)
		wantError(t, status, env, http.StatusNotFound, RoleNotFound)
		if n, err := s.ent.RoleMenu.Query().Where(rolemenu.RoleID(free.ID)).Count(ctx); err != nil || n != 0 {
			t.Errorf("grants of the deleted role = %d, %v; want 0", n, err)
		}
	})
}

// menuByKey is the id of a server-owned menu.
func menuByKey(t *testing.T, s *Service, key string) int64 {
	t.Helper()
	m, err := s.ent.Menu.Query().Where(menu.Key(key)).Only(context.Background())
	if err != nil {
		t.Fatalf("menu %s: %v", key, err)
	}
	return m.ID
}

// checkedIDs walks a queryByRoleId tree and lists the checked ids.
func checkedIDs(t *testing.T, data any) []int64 {
	t.Helper()
	var out []int64
	var walk func(nodes []any)
	walk = func(nodes []any) {
		for _, n := range nodes {
			node := n.(map[string]any)
			if node["checked"] == true {
				out = append(out, num(node["id"]))
			}
			items, ok := node["items"].([]any)
			if !ok {
				t.Fatalf("node %v has no items array", node)
			}
			walk(items)
		}
	}
	walk(data.([]any))
	slices.Sort(out)
	return out
}

func sortedIDs(ids ...int64) []int64 {
	out := slices.Clone(ids)
	slices.Sort(out)
	return out
}

func TestRoleMenusPerTerminal(t *testing.T) {
	forEachDB(t, func(t *testing.T, app *engine.App, s *Service) {
		admin := adminToken(t, app, s)
		r := createRole(t, s, s.tenantID, "菜单角色")
		rid := strconv.FormatInt(r.ID, 10)
		workbench := menuByKey(t, s, workbenchKey)
		system := menuByKey(t, s, "sys:system")
		users := menuByKey(t, s, "sys:user-management")
		addUser := menuByKey(t, s, "sys:user-management:"+CodeUserAdd)
		miniHome := menuByKey(t, s, "sys:mini:home")
		appWork := menuByKey(t, s, "sys:app:work")

		// The web save adds the button's ancestors and the workbench.
		saved := mustOK(t, app, admin, http.MethodPost, "/api/system/menu/save",
			map[string]any{"roles": rid, "menus": strconv.FormatInt(addUser, 10), "permissions": CodeUserAdd})
		if len(saved.([]any)) != 4 {
			t.Errorf("saved web menus = %v, want 4 ids", saved)
		}
		status, env := postForm(t, app, admin, "/api/system/menu/queryByRoleId", url.Values{"roles": {rid}})
		if status != http.StatusOK {
			t.Fatalf("queryByRoleId = %d %v", status, env)
		}
		if diff := cmp.Diff(sortedIDs(workbench, system, users, addUser), checkedIDs(t, env["data"])); diff != "" {
			t.Errorf("checked web menus (-want +got):\n%s", diff)
		}
		root := env["data"].([]any)[0].(map[string]any)
		if num(root["id"]) != workbench || root["disabled"] != true {
			t.Errorf("first node = %v, want the disabled workbench", root)
		}

		// Mini program and app are saved apart, as forms.
		status, env = postForm(t, app, admin, "/api/appMenu/save",
			url.Values{"roles": {rid}, "menus": {strconv.FormatInt(miniHome, 10)}, "terminalType": {"0"}})
		if status != http.StatusOK {
			t.Fatalf("mini save = %d %v", status, env)
		}
		mini := mustOK(t, app, admin, http.MethodPost, "/api/appMenu/queryByRoleId",
			map[string]any{"roles": rid, "terminalType": "0"})
		if diff := cmp.Diff([]int64{miniHome}, checkedIDs(t, mini)); diff != "" {
			t.Errorf("checked mini menus (-want +got):\n%s", diff)
		}
		appTree := mustOK(t, app, admin, http.MethodPost, "/api/appMenu/queryByRoleId",
			map[string]any{"roles": rid, "terminalType": 1})
		if got := checkedIDs(t, appTree); len(got) != 0 {
			t.Errorf("checked app menus = %v, want none", got)
		}
		// The web grants are untouched by the mini-program save.
		web := mustOK(t, app, admin, http.MethodPost, "/api/system/menu/queryByRoleId", map[string]any{"roles": rid})
		if got := checkedIDs(t, web); len(got) != 4 {
			t.Errorf("web menus after the mini save = %v", got)
		}
		// Without a role (a new role's editor) the tree has only the workbench checked.
		for _, roles := range []string{"", "0"} {
			fresh := mustOK(t, app, admin, http.MethodPost, "/api/system/menu/queryByRoleId", map[string]any{"roles": roles})
			if diff := cmp.Diff([]int64{workbench}, checkedIDs(t, fresh)); diff != "" {
				t.Errorf("checked menus of a new role %q (-want +got):\n%s", roles, diff)
			}
			freshApp := mustOK(t, app, admin, http.MethodPost, "/api/appMenu/queryByRoleId",
				map[string]any{"roles": roles, "terminalType": 1})
			if got := checkedIDs(t, freshApp); len(got) != 0 || len(freshApp.([]any)) == 0 {
				t.Errorf("app tree of a new role = %v, want menus none checked", freshApp)
			}
		}
		// An app tree may be emptied.
		mustOK(t, app, admin, http.MethodPost, "/api/appMenu/save", map[string]any{"roles": rid, "menus": "", "terminalType": 0})

		tests := []struct {
			name, path string
			body       any
			msg        string
		}{
			{"no menu", "/api/system/menu/save", map[string]any{"roles": rid, "menus": ""}, RoleMenuRequired},
			{"no role", "/api/system/menu/save", map[string]any{"menus": "1"}, RoleRequired},
			{"app menu on the web", "/api/system/menu/save",
				map[string]any{"roles": rid, "menus": strconv.FormatInt(appWork, 10)},
				fmt.Sprintf(MenuUnknown, strconv.FormatInt(appWork, 10))},
			{"web menu on the app", "/api/appMenu/save",
				map[string]any{"roles": rid, "menus": strconv.FormatInt(users, 10), "terminalType": 1},
				fmt.Sprintf(MenuUnknown, strconv.FormatInt(users, 10))},
			{"not an id", "/api/system/menu/save", map[string]any{"roles": rid, "menus": "1,x"},
				fmt.Sprintf(MenuUnknown, "x")},
			{"bad terminal", "/api/appMenu/save", map[string]any{"roles": rid, "menus": "1", "terminalType": 2},
				TerminalTypeInvalid},
			{"missing terminal", "/api/appMenu/queryByRoleId", map[string]any{"roles": rid}, TerminalTypeInvalid},
			{"unknown field", "/api/system/menu/save", map[string]any{"roles": rid, "menus": "1", "x": 1},
				fmt.Sprintf(msg.UnknownBodyField, "x")},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				status, env := call(t, app, admin, http.MethodPost, tt.path, tt.body)
				wantError(t, status, env, http.StatusBadRequest, tt.msg)
			})
		}
	})
}

// buttonCodes are the permission codes of the button menus cscpMenus
// answers: what the console keeps as button codes.
func buttonCodes(t *testing.T, app *engine.App, token string) []string {
	t.Helper()
	var out []string
	for _, m := range mustOK(t, app, token, http.MethodGet, "/api/system/cscpMenus", nil).([]any) {
		node := m.(map[string]any)
		if node["type"] == string(menu.TypeButton) {
			out = append(out, node["permissionCode"].(string))
		}
	}
	slices.Sort(out)
	return out
}

// TestRoleMenusGrantCodes: a user gains a button code (in their menus and
// at the route) once their role gets its menu, and loses it after removal.
func TestRoleMenusGrantCodes(t *testing.T) {
	app, s := newTestApp(t)
	admin := adminToken(t, app, s)
	r := createRole(t, s, s.tenantID, "工作组管理员")
	u := createUser(t, s, userSpec{RoleIDs: []int64{r.ID}})
	token := login(t, app, u.Username, testPassword)
	rid := strconv.FormatInt(r.ID, 10)
	add := menuByKey(t, s, "sys:workgroup-management:"+CodeWorkGroupAdd)
	body := map[string]any{"groupName": "组", "description": "描述", "userDetail": []map[string]any{{"userId": u.ID}}}

	if got := buttonCodes(t, app, token); len(got) != 0 {
		t.Errorf("button codes before = %v, want none", got)
	}
	status, env := call(t, app, token, http.MethodPost, "/api/system/cscpWorkGroups", body)
	wantError(t, status, env, http.StatusForbidden, msg.Forbidden)

	mustOK(t, app, admin, http.MethodPost, "/api/system/menu/save",
		map[string]any{"roles": rid, "menus": strconv.FormatInt(add, 10)})
	if diff := cmp.Diff([]string{CodeWorkGroupAdd}, buttonCodes(t, app, token)); diff != "" {
		t.Errorf("button codes after the grant (-want +got):\n%s", diff)
	}
	mustOK(t, app, token, http.MethodPost, "/api/system/cscpWorkGroups", body)

	mustOK(t, app, admin, http.MethodPost, "/api/system/menu/save",
		map[string]any{"roles": rid, "menus": strconv.FormatInt(menuByKey(t, s, workbenchKey), 10)})
	if got := buttonCodes(t, app, token); len(got) != 0 {
		t.Errorf("button codes after the removal = %v, want none", got)
	}
	status, env = call(t, app, token, http.MethodPost, "/api/system/cscpWorkGroups", body)
	wantError(t, status, env, http.StatusForbidden, msg.Forbidden)
}

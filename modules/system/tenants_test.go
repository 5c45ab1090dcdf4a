package system

import (
	"context"
	"net/http"
	"strconv"
	"testing"
	"time"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/org"
	"xiangzhi/generated/ent/tenant"
	"xiangzhi/generated/ent/user"
)

const tenantsAPI = "/api/platform/tenants"

// outsideClient is an ent client of its own over the app's database, as
// the command line has: its writes reach the server through the database
// only (no mutation hook of the server's client sees them).
func outsideClient(app *engine.App) *ent.Client {
	st := app.Store()
	return ent.NewClient(ent.Driver(entsql.OpenDB(st.Dialect(), st.DB())))
}

// TestPlatformTenants drives the platform API on every database: the
// platform administrator creates a tenant (generated password shown once),
// its administrator signs in with the tenant code and must change the
// password, sees only their tenant and cannot reach the platform; a tenant
// is disabled (its sessions end, its sign-in is refused) and enabled again.
func TestPlatformTenants(t *testing.T) {
	forEachDB(t, func(t *testing.T, app *engine.App, s *Service) {
		ctx := context.Background()
		admin := adminToken(t, app, s)
		me := mustOK(t, app, admin, http.MethodGet, "/api/system/cscpCurrentUserDetails", nil).(map[string]any)
		if me["platformAdmin"] != true {
			t.Fatalf("the first start's admin is not the platform administrator: %v", me)
		}

		// Refusals of the form.
		for _, tc := range []struct {
			body map[string]any
			want string
		}{
			{map[string]any{"name": "邻县"}, TenantCodeRequired},
			{map[string]any{"code": "Bad Code", "name": "邻县"}, TenantCodeInvalid},
			{map[string]any{"code": "linxian"}, TenantNameRequired},
			{map[string]any{"code": DefaultTenantCode, "name": "重复"}, TenantCodeTaken},
			{map[string]any{"code": "weak", "name": "弱", "adminPassword": encrypt(t, app, "123")}, msg.PasswordPolicy},
		} {
			status, env := call(t, app, admin, http.MethodPost, tenantsAPI, tc.body)
			if status != http.StatusBadRequest || env["msg"] != tc.want {
				t.Errorf("create %v = %d %v, want 400 %s", tc.body, status, env, tc.want)
			}
		}

		created := mustOK(t, app, admin, http.MethodPost, tenantsAPI,
			map[string]any{"code": "linxian", "name": "邻县", "adminUsername": "lx_admin"}).(map[string]any)
		password, _ := created["generatedPassword"].(string)
		if password == "" || created["adminUsername"] != "lx_admin" || created["code"] != "linxian" {
			t.Fatalf("created = %v", created)
		}
		tenantID := num(created["id"])
		if n, err := s.ent.Org.Query().Where(org.TenantID(tenantID)).Count(ctx); err != nil || n != 1 {
			t.Fatalf("the new tenant has %d organisations (%v), want its first-level one", n, err)
		}

		// Its administrator: tenant code, forced change, own tenant only.
		status, env := tryLogin(t, app, map[string]any{"username": "lx_admin"}, password)
		if status != http.StatusBadRequest || env["msg"] != msg.BadCredentials {
			t.Errorf("login without the tenant code = %d %v, want 400 %s", status, env, msg.BadCredentials)
		}
		status, env = tryLogin(t, app, map[string]any{"username": "lx_admin", "tenantCode": "linxian"}, password)
		if status != http.StatusOK || env["data"].(map[string]any)["mustChangePassword"] != true {
			t.Fatalf("first login = %d %v, want a forced password change", status, env)
		}
		lx := login(t, app, "lx_admin", password, "linxian")
		users := mustOK(t, app, lx, http.MethodGet, "/api/getTenantUserList", nil).([]any)
		if len(users) != 1 || users[0].(map[string]any)["username"] != "lx_admin" {
			t.Errorf("the new tenant's users = %v, want its administrator only", users)
		}
		roles := mustOK(t, app, lx, http.MethodGet, "/api/getTenantRoleList", nil).([]any)
		if len(roles) != 1 || roles[0].(map[string]any)["name"] != SuperAdminRole {
			t.Errorf("the new tenant's roles = %v, want its %s only", roles, SuperAdminRole)
		}
		// A tenant's super administrator holds every code but the platform's.
		mustOK(t, app, lx, http.MethodGet, "/api/system/cscpUserDetailsOr?page=0&size=10", nil)
		for _, c := range []struct{ method, path string }{
			{http.MethodGet, tenantsAPI},
			{http.MethodPost, tenantsAPI},
			{http.MethodPut, tenantsAPI + "/" + strconv.FormatInt(s.tenantID, 10) + "/disable"},
		} {
			status, env := call(t, app, lx, c.method, c.path, map[string]any{"code": "x9", "name": "x"})
			if status != http.StatusForbidden || env["msg"] != msg.Forbidden {
				t.Errorf("tenant administrator %s %s = %d %v, want 403", c.method, c.path, status, env)
			}
		}
		status, env = call(t, app, lx, http.MethodPut, "/api/system/menu/updateMenu", []any{})
		if status != http.StatusForbidden || env["msg"] != PlatformOnly {
			t.Errorf("tenant administrator changing the shared menus = %d %v, want 403 %s", status, env, PlatformOnly)
		}
		// No API sets the platform flag: not the profile, not the user form.
		lxAdmin, err := s.ent.User.Query().Where(user.TenantID(tenantID), user.Username("lx_admin")).Only(ctx)
		if err != nil {
			t.Fatal(err)
		}
		call(t, app, lx, http.MethodPut, "/api/user/cscpUserDetails",
			map[string]any{"cscpUserDetailDTO": map[string]any{"id": lxAdmin.ID, "platformAdmin": true}})
		call(t, app, lx, http.MethodPut, "/api/system/cscpUserDetails",
			map[string]any{"id": lxAdmin.ID, "userId": lxAdmin.ID, "platformAdmin": true})
		if n, err := s.ent.User.Query().Where(user.PlatformAdmin(true)).Count(ctx); err != nil || n != 1 {
			t.Errorf("%d platform administrators (%v), want the first start's only", n, err)
		}

		// The list.
		list := mustOK(t, app, admin, http.MethodGet, tenantsAPI, nil).([]any)
		if len(list) != 2 || list[1].(map[string]any)["code"] != "linxian" || num(list[1].(map[string]any)["users"]) != 1 ||
			list[0].(map[string]any)["platform"] != true {
			t.Errorf("tenants = %v", list)
		}

		// Disable: the session ends at once, sign-in is refused.
		status, env = call(t, app, admin, http.MethodPut, tenantsAPI+"/"+strconv.FormatInt(s.tenantID, 10)+"/disable", nil)
		if status != http.StatusBadRequest || env["msg"] != TenantPlatformKept {
			t.Errorf("disable the platform tenant = %d %v, want 400 %s", status, env, TenantPlatformKept)
		}
		status, env = call(t, app, admin, http.MethodPut, tenantsAPI+"/"+missingID+"/disable", nil)
		if status != http.StatusNotFound || env["msg"] != TenantNotFound {
			t.Errorf("disable a missing tenant = %d %v, want 404", status, env)
		}
		mustOK(t, app, admin, http.MethodPut, tenantsAPI+"/"+strconv.FormatInt(tenantID, 10)+"/disable", nil)
		if status, env := call(t, app, lx, http.MethodGet, "/api/getTenantUserList", nil); status != http.StatusUnauthorized {
			t.Errorf("a disabled tenant's token = %d %v, want 401", status, env)
		}
		status, env = tryLogin(t, app, map[string]any{"username": "lx_admin", "tenantCode": "linxian"}, rotated(password))
		if status != http.StatusForbidden || env["msg"] != msg.AccountDisabled {
			t.Errorf("sign-in to a disabled tenant = %d %v, want 403 %s", status, env, msg.AccountDisabled)
		}
		mustOK(t, app, admin, http.MethodPut, tenantsAPI+"/"+strconv.FormatInt(tenantID, 10)+"/enable", nil)
		login(t, app, "lx_admin", rotated(password), "linxian")
	})
}

// TestTenantFromOutside makes and disables a tenant the way the command
// line does, through a client of its own, while the server runs: the new
// administrator's codes are there at the first sign-in, and the disabled
// tenant's sessions end within the viewer cache's time.
func TestTenantFromOutside(t *testing.T) {
	app, s := newTestApp(t)
	ctx := context.Background()
	out := outsideClient(app)
	created, err := CreateTenant(ctx, out, TenantSpec{Code: "cli", Name: "命令行县", AdminPassword: testPassword})
	if err != nil {
		t.Fatal(err)
	}
	if created.GeneratedPassword != "" || created.AdminUsername != AdminUsername {
		t.Errorf("created = %+v, want the given password and the default username", created)
	}
	if _, err := CreateTenant(ctx, out, TenantSpec{Code: "cli", Name: "again"}); err == nil {
		t.Error("a second tenant with the same code was created")
	}
	token := login(t, app, AdminUsername, testPassword, "cli")
	mustOK(t, app, token, http.MethodGet, "/api/system/cscpRolessByCriteria?size=10", nil)

	if _, err := SetTenantDisabled(ctx, out, "cli", true); err != nil {
		t.Fatal(err)
	}
	if _, err := SetTenantDisabled(ctx, out, DefaultTenantCode, true); err == nil {
		t.Error("the platform tenant was disabled")
	}
	if _, err := SetTenantDisabled(ctx, out, "nosuch", true); err == nil {
		t.Error("an unknown tenant code was accepted")
	}
	advance(t, s, auth.DefaultViewerCacheTTL+time.Second)
	if status, env := call(t, app, token, http.MethodGet, "/api/getTenantRoleList", nil); status != http.StatusUnauthorized {
		t.Errorf("a token of a tenant disabled elsewhere = %d %v, want 401", status, env)
	}
	rows, err := ListTenants(ctx, out)
	if err != nil || len(rows) != 2 || !rows[1].Disabled || rows[1].Users != 1 {
		t.Errorf("tenants = %+v (%v)", rows, err)
	}
	if err := GrantPlatformAdmin(ctx, out, "nobody", true); err == nil {
		t.Error("the platform flag went to a user that does not exist")
	}
	// Only users of the default tenant can be platform administrators.
	n, err := out.User.Query().Where(user.PlatformAdmin(true), user.HasTenantWith(tenant.CodeNEQ(DefaultTenantCode))).Count(ctx)
	if err != nil || n != 0 {
		t.Errorf("%d platform administrators outside the default tenant (%v)", n, err)
	}
}

// TestPlatformUserKept: the default tenant's 超级管理员 (every code, no
// platform flag) cannot change the platform administrator's account —
// edit, lock, unlock, reset two-factor, delete — while it still manages
// every other user.
func TestPlatformUserKept(t *testing.T) {
	app, s := newTestApp(t)
	ctx := context.Background()
	adminToken(t, app, s)
	admin, err := s.ent.User.Query().Where(user.TenantID(s.tenantID), user.Username(AdminUsername)).Only(ctx)
	if err != nil || !admin.PlatformAdmin {
		t.Fatalf("admin %+v (%v)", admin, err)
	}
	super := createUser(t, s, userSpec{RoleIDs: rolesOf(t, s, admin.ID)})
	other := createUser(t, s, userSpec{})
	tok := login(t, app, super.Username, testPassword)
	id := strconv.FormatInt(admin.ID, 10)
	for _, c := range []struct {
		method, path string
		body         any
	}{
		{http.MethodPut, "/api/system/cscpUserDetails", map[string]any{"id": admin.ID, "familyName": "夺", "name": "权"}},
		{http.MethodPut, "/api/system/cscpUserDetails", map[string]any{"cscpUserDetailDTO": map[string]any{"userId": id, "familyName": "夺"}}},
		{http.MethodPut, "/api/system/cscpUsers/" + id + "/lock", nil},
		{http.MethodPut, "/api/system/cscpUsers/" + id + "/unlock", nil},
		{http.MethodPut, "/api/system/cscpUsers/" + id + "/totpReset", nil},
		{http.MethodDelete, "/api/system/cscpUsers/" + id, nil},
	} {
		status, env := call(t, app, tok, c.method, c.path, c.body)
		if status != http.StatusForbidden || env["msg"] != PlatformUserKept {
			t.Errorf("%s %s %v = %d %v, want 403 %s", c.method, c.path, c.body, status, env, PlatformUserKept)
		}
	}
	after, err := s.ent.User.Get(ctx, admin.ID)
	if err != nil || after.FamilyName != admin.FamilyName || after.Locked || after.PasswordHash != admin.PasswordHash {
		t.Errorf("the platform administrator changed: %+v (%v)", after, err)
	}
	// Every other user is the super administrator's as before.
	mustOK(t, app, tok, http.MethodPut, "/api/system/cscpUsers/"+strconv.FormatInt(other.ID, 10)+"/lock", nil)
	// The platform administrator manages platform administrators.
	plat := login(t, app, AdminUsername, testPassword)
	if err := s.ent.User.UpdateOne(super).SetPlatformAdmin(true).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	mustOK(t, app, plat, http.MethodPut, "/api/system/cscpUsers/"+strconv.FormatInt(super.ID, 10)+"/lock", nil)
}

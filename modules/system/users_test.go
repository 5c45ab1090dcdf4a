package system

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent"
)

// tree is a default-tenant organisation tree for scope tests:
//
//	root (bootstrap) ─┬─ town1 ─┬─ village1
//	                  │         └─ village2
//	                  └─ town2
//
// with an administrator of town1 holding every user and organisation code
// (data scope subtree), and the super administrator.
type tree struct {
	app                     *engine.App
	s                       *Service
	root, town1, town2      *ent.Org
	village1, village2      *ent.Org
	admin, townAdmin        string
	townAdminRow, superRole int64
	townRole                *ent.Role
}

func newTree(t *testing.T) *tree {
	t.Helper()
	app, s := newTestApp(t)
	tr := &tree{app: app, s: s}
	tr.root = rootOrg(t, s, s.tenantID)
	tr.town1 = createOrg(t, s, s.tenantID, tr.root.ID, "一镇")
	tr.town2 = createOrg(t, s, s.tenantID, tr.root.ID, "二镇")
	tr.village1 = createOrg(t, s, s.tenantID, tr.town1.ID, "甲村")
	tr.village2 = createOrg(t, s, s.tenantID, tr.town1.ID, "乙村")
	tr.admin = adminToken(t, app, s)
	tr.townRole = createRole(t, s, s.tenantID, "镇管理员",
		CodeUserList, CodeUserView, CodeUserAdd, CodeUserEdit, CodeUserDel,
		CodeOrgList, CodeOrgAdd, CodeOrgEdit, CodeOrgDel,
		CodeLoginLogList, CodeOperationLogList)
	u := createUser(t, s, userSpec{Username: "townadmin", OrgID: tr.town1.ID, RoleIDs: []int64{tr.townRole.ID}})
	tr.townAdminRow = u.ID
	tr.townAdmin = login(t, app, u.Username, testPassword)
	return tr
}

// validUser is a user form that passes every rule.
func validUser(tr *tree, username, mobile string) map[string]any {
	return map[string]any{
		"username": username, "familyName": "李", "name": "四", "mobile": mobile,
		"email": "li@example.com", "discTitle": "村干部", "discDetail": "负责村务",
		"roleIds": fmt.Sprint(tr.townRole.ID), "orgId": tr.village1.ID,
	}
}

func with(m map[string]any, kv ...any) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = v
	}
	for i := 0; i < len(kv); i += 2 {
		if kv[i+1] == nil {
			delete(out, kv[i].(string))
			continue
		}
		out[kv[i].(string)] = kv[i+1]
	}
	return out
}

func TestCreateUser(t *testing.T) {
	tr := newTree(t)
	app := tr.app
	data := mustOK(t, app, tr.townAdmin, http.MethodPost, "/api/system/cscpUserDetails",
		validUser(tr, "liSi", "13800000001")).(map[string]any)
	initial, _ := data["initialPassword"].(string)
	if num(data["userId"]) <= 0 || data["username"] != "liSi" || data["roleIds"] != fmt.Sprint(tr.townRole.ID) ||
		num(data["orgId"]) != tr.village1.ID || data["registerTime"] == "" || initial == "" {
		t.Fatalf("created = %v", data)
	}
	if auth.CheckPasswordPolicy(initial) != nil {
		t.Errorf("generated password %q breaks the policy", initial)
	}
	// The generated password must be changed at the first login.
	status, env := tryLogin(t, app, map[string]any{"username": "liSi"}, initial)
	if status != http.StatusOK || env["data"].(map[string]any)["mustChangePassword"] != true {
		t.Errorf("first login = %d %v", status, env)
	}
	// A password chosen by the administrator (encrypted) is taken, and
	// must be changed too.
	data = mustOK(t, app, tr.townAdmin, http.MethodPost, "/api/system/cscpUserDetails",
		with(validUser(tr, "wangWu", "13800000002"), "password", encrypt(t, app, "Chosen-pass-1"))).(map[string]any)
	if _, ok := data["initialPassword"]; ok {
		t.Errorf("chosen password echoed back: %v", data)
	}
	login(t, app, "wangWu", "Chosen-pass-1")
}

func TestUserValidation(t *testing.T) {
	tr := newTree(t)
	app := tr.app
	mustOK(t, app, tr.admin, http.MethodPost, "/api/system/cscpUserDetails", validUser(tr, "taken", "13900000000"))
	base := validUser(tr, "fresh", "13900000001")
	tests := []struct {
		name  string
		body  map[string]any
		field string
		msg   string
	}{
		{"username required", with(base, "username", " "), "username", UsernameRequired},
		{"username too long", with(base, "username", strings.Repeat("a", 21)), "username", UsernameTooLong},
		{"username taken", with(base, "username", "taken"), "username", UsernameTaken},
		{"family name required", with(base, "familyName", ""), "familyName", FamilyNameRequired},
		{"family name too long", with(base, "familyName", strings.Repeat("李", 21)), "familyName", FamilyNameTooLong},
		{"name required", with(base, "name", ""), "name", NameRequired},
		{"mobile required", with(base, "mobile", ""), "mobile", MobileRequired},
		{"mobile 12 digits", with(base, "mobile", "139000000011"), "mobile", MobileInvalid},
		{"mobile starting 12", with(base, "mobile", "12900000001"), "mobile", MobileInvalid},
		{"mobile letters", with(base, "mobile", "1390000000a"), "mobile", MobileInvalid},
		{"mobile taken", with(base, "mobile", "13900000000"), "mobile", MobileTaken},
		{"email too long", with(base, "email", strings.Repeat("a", 30)+"@example.com"), "email", EmailTooLong},
		{"email invalid", with(base, "email", "not-an-email"), "email", EmailInvalid},
		{"disc title too long", with(base, "discTitle", strings.Repeat("题", 31)), "discTitle", DiscTitleTooLong},
		{"disc detail too long", with(base, "discDetail", strings.Repeat("述", 351)), "discDetail", DiscDetailTooLong},
		{"roles required", with(base, "roleIds", ""), "roleIds", RolesRequired},
		{"org required", with(base, "orgId", nil), "orgId", OrgRequired},
		{"avatar too large", with(base, "imgPath", "data:image/png;base64,"+strings.Repeat("A", 256000)), "imgPath", AvatarTooLarge},
		{"password policy", with(base, "password", encrypt(t, app, "abcdefgh")), "password", msg.PasswordPolicy},
		{"unknown role", with(base, "roleIds", "987654"), "roleIds", RoleUnknown},
		{"org of another subtree", with(base, "orgId", tr.town2.ID), "orgId", OrgUnknown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, env := call(t, app, tr.townAdmin, http.MethodPost, "/api/system/cscpUserDetails", tt.body)
			if status != http.StatusBadRequest || env["msg"] != tt.msg {
				t.Fatalf("= %d %v, want 400 %s", status, env, tt.msg)
			}
			errs, _ := env["errors"].([]any)
			if len(errs) == 0 || errs[0].(map[string]any)["field"] != tt.field {
				t.Errorf("errors = %v, want first on %s", errs, tt.field)
			}
		})
	}
	t.Run("every message at once", func(t *testing.T) {
		status, env := call(t, app, tr.townAdmin, http.MethodPost, "/api/system/cscpUserDetails", map[string]any{})
		errs, _ := env["errors"].([]any)
		if status != 400 || env["msg"] != UsernameRequired || len(errs) < 6 {
			t.Errorf("= %d %v", status, env)
		}
	})
	t.Run("unknown field", func(t *testing.T) {
		status, env := call(t, app, tr.townAdmin, http.MethodPost, "/api/system/cscpUserDetails", with(base, "isAdmin", true))
		if status != 400 || env["msg"] != fmt.Sprintf(msg.UnknownBodyField, "isAdmin") {
			t.Errorf("= %d %v", status, env)
		}
	})
	t.Run("avatar at the limit", func(t *testing.T) {
		img := "data:image/png;base64," + strings.Repeat("A", 256000-len("data:image/png;base64,"))
		mustOK(t, app, tr.townAdmin, http.MethodPost, "/api/system/cscpUserDetails",
			with(validUser(tr, "avatar", "13900000009"), "imgPath", img))
	})
}

func TestUserPrivilege(t *testing.T) {
	tr := newTree(t)
	super := rolesOf(t, tr.s, 1)[0]
	status, env := call(t, tr.app, tr.townAdmin, http.MethodPost, "/api/system/cscpUserDetails",
		with(validUser(tr, "sneaky", "13700000000"), "roleIds", []any{super}))
	if status != http.StatusForbidden {
		t.Errorf("granting the super-admin role = %d %v, want 403", status, env)
	}
	wide := createRole(t, tr.s, tr.s.tenantID, "多权限", CodeRoleDel)
	status, _ = call(t, tr.app, tr.townAdmin, http.MethodPost, "/api/system/cscpUserDetails",
		with(validUser(tr, "sneaky", "13700000000"), "roleIds", []any{wide.ID}))
	if status != http.StatusForbidden {
		t.Errorf("granting a code the granter lacks = %d, want 403", status)
	}
	// The super administrator is out of a town administrator's reach.
	status, _ = call(t, tr.app, tr.townAdmin, http.MethodDelete, "/api/system/cscpUsers/1", nil)
	if status != http.StatusNotFound {
		t.Errorf("deleting the admin = %d, want 404", status)
	}
}

func TestUserReads(t *testing.T) {
	tr := newTree(t)
	app, s := tr.app, tr.s
	inV1 := createUser(t, s, userSpec{Username: "zhaoliu", OrgID: tr.village1.ID, Mobile: "13600000001"})
	inT2 := createUser(t, s, userSpec{Username: "zhaoqi", OrgID: tr.town2.ID, Mobile: "13600000002"})
	other, otherOrg := createTenant(t, s, "west")
	foreign := createUser(t, s, userSpec{Username: "zhaoba", TenantID: other.ID, OrgID: otherOrg.ID})

	list := func(token, q string) (int64, []string) {
		d := mustOK(t, app, token, http.MethodGet, "/api/userDetails/userDetailsOr?"+q, nil).(map[string]any)
		var names []string
		for _, r := range d["data"].([]any) {
			names = append(names, r.(map[string]any)["username"].(string))
		}
		return num(d["recordsTotal"]), names
	}
	// The town administrator sees the users of town1's subtree only.
	total, names := list(tr.townAdmin, "usernameLike=zhao&sort=register_time,desc&page=0&size=10")
	if total != 1 || len(names) != 1 || names[0] != "zhaoliu" {
		t.Errorf("town admin's list = %d %v, want only zhaoliu", total, names)
	}
	total, _ = list(tr.admin, "usernameLike=zhao")
	if total != 2 {
		t.Errorf("admin's list = %d, want 2 (not the other tenant's)", total)
	}
	// OR semantics of the one search box, and paging.
	total, names = list(tr.admin, "usernameLike=zhaoqi&mobileLike=13600000001&size=1&page=1")
	if total != 2 || len(names) != 1 {
		t.Errorf("or-filter page 2 = %d %v", total, names)
	}
	d := mustOK(t, app, tr.admin, http.MethodGet, "/api/system/cscpUserDetailsOr?page=0&size=1000&username=zhaoliu", nil).(map[string]any)
	if num(d["recordsTotal"]) != 1 {
		t.Errorf("cscpUserDetailsOr = %v", d)
	}
	for _, bad := range []string{"size=1001", "page=-1", "sort=password,desc", "usernameLike=" + strings.Repeat("x", 51)} {
		if status, _ := call(t, app, tr.admin, http.MethodGet, "/api/userDetails/userDetailsOr?"+bad, nil); status != 400 {
			t.Errorf("%s = %d, want 400", bad, status)
		}
	}

	byID := func(token string, id int64) (int, map[string]any) {
		return call(t, app, token, http.MethodGet, fmt.Sprintf("/api/system/cscpUserDetailsByUserId?userId=%d", id), nil)
	}
	if status, env := byID(tr.townAdmin, inV1.ID); status != 200 || env["data"].(map[string]any)["username"] != "zhaoliu" {
		t.Errorf("own subtree user = %d %v", status, env)
	}
	for name, id := range map[string]int64{"other subtree": inT2.ID, "other tenant": foreign.ID, "missing": 987654} {
		status, env := byID(tr.townAdmin, id)
		if status != http.StatusNotFound || env["data"] != nil || strings.Contains(fmt.Sprint(env), "zhao") {
			t.Errorf("%s = %d %v, want a bare 404", name, status, env)
		}
	}
	if status, _ := byID(tr.admin, foreign.ID); status != http.StatusNotFound {
		t.Errorf("super admin reading another tenant = %d, want 404", status)
	}
	orgs := mustOK(t, app, tr.townAdmin, http.MethodGet, fmt.Sprintf("/api/system/cscpUserOrgs?userId=%d", inV1.ID), nil).([]any)
	if len(orgs) != 1 || num(orgs[0].(map[string]any)["orgId"]) != tr.village1.ID {
		t.Errorf("user orgs = %v", orgs)
	}

	// Existence checks.
	_, env := call(t, app, tr.townAdmin, http.MethodGet, "/api/system/cscpUserExistByUsername?username=zhaoqi", nil)
	if env["success"] != true || env["data"] != true || num(env["code"]) != 0 {
		t.Errorf("existing username = %v", env)
	}
	_, env = call(t, app, tr.townAdmin, http.MethodGet, "/api/system/cscpUserExistByUsername?username=nobody", nil)
	if env["success"] != false || env["data"] != false {
		t.Errorf("free username = %v", env)
	}
	_, env = call(t, app, tr.townAdmin, http.MethodGet, "/api/userDetails/checkMobileExist?mobile=13600000001", nil)
	if env["data"] != true {
		t.Errorf("taken mobile = %v", env)
	}
	_, env = call(t, app, tr.townAdmin, http.MethodGet, fmt.Sprintf("/api/userDetails/checkMobileExist?mobile=13600000001&userId=%d", inV1.ID), nil)
	if env["data"] != false {
		t.Errorf("own mobile = %v", env)
	}

	// The pickers answer options within reach.
	opts := mustOK(t, app, tr.townAdmin, http.MethodGet, "/api/getTenantUserList", nil).([]any)
	for _, o := range opts {
		if n := o.(map[string]any)["username"]; n == "zhaoqi" || n == "zhaoba" || n == "admin" {
			t.Errorf("picker leaks %v", n)
		}
	}
	if status, _ := call(t, app, tr.townAdmin, http.MethodGet, "/api/userDetails/getUserDetailsByUserName?username=zhaoqi", nil); status != 404 {
		t.Errorf("picker by name outside reach = %d", status)
	}
	got := mustOK(t, app, tr.townAdmin, http.MethodPost, "/api/userDetails/getUserDetailsByRoles",
		map[string]any{"roleIds": fmt.Sprint(tr.townRole.ID)}).([]any)
	if len(got) != 1 || got[0].(map[string]any)["username"] != "townadmin" {
		t.Errorf("users by role = %v", got)
	}
	roles := mustOK(t, app, tr.townAdmin, http.MethodGet, "/api/getTenantRoleList", nil).([]any)
	if len(roles) < 2 {
		t.Errorf("tenant roles = %v", roles)
	}
}

func TestUpdateAndDeleteUser(t *testing.T) {
	tr := newTree(t)
	app, s := tr.app, tr.s
	target := createUser(t, s, userSpec{Username: "edited", OrgID: tr.village1.ID, Mobile: "13500000001"})
	outside := createUser(t, s, userSpec{Username: "outside", OrgID: tr.town2.ID})
	targetToken := login(t, app, target.Username, testPassword)
	form := with(validUser(tr, "edited", "13500000001"), "id", target.ID,
		"currentUserPwd", encrypt(t, app, testPassword), "lastLogin", "x", "registerTime", "y", "roleNames", "z")
	put := func(body map[string]any) (int, map[string]any) {
		return call(t, app, tr.townAdmin, http.MethodPut, "/api/system/cscpUserDetails", body)
	}
	tests := []struct {
		name   string
		body   map[string]any
		status int
		msg    string
	}{
		{"current password required", with(form, "currentUserPwd", nil), 400, CurrentPwdRequired},
		{"current password wrong", with(form, "currentUserPwd", encrypt(t, app, "Wrong-pass-1")), 400, msg.AdminPasswordWrong},
		{"username locked", with(form, "username", "renamed"), 400, UsernameLocked},
		{"new password policy", with(form, "newPassword", encrypt(t, app, "short")), 400, msg.PasswordPolicy},
		{"another subtree", with(form, "id", outside.ID), 404, UserNotFound},
		{"no id", with(form, "id", nil), 400, msg.IDRequired},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if status, env := put(tt.body); status != tt.status || env["msg"] != tt.msg {
				t.Errorf("= %d %v, want %d %s", status, env, tt.status, tt.msg)
			}
		})
	}
	// Wrapped in cscpUserDetailDTO, with a new password.
	status, env := put(map[string]any{
		"cscpUserDetailDTO": with(form, "familyName", "钱", "currentUserPwd", nil),
		"currentUserPwd":    encrypt(t, app, testPassword),
		"newPassword":       encrypt(t, app, "Reset-pass-22"),
	})
	if status != 200 || env["data"].(map[string]any)["familyName"] != "钱" {
		t.Fatalf("update = %d %v", status, env)
	}
	if tok, ok := env["data"].(map[string]any)["token"]; ok {
		t.Errorf("resetting another user's password answered a token %v", tok)
	}
	// The reset ended the user's sessions; the new password is an
	// initial one.
	if status, _ := call(t, app, targetToken, http.MethodGet, "/api/system/cscpCurrentUserDetails", nil); status != 401 {
		t.Errorf("target's token after reset = %d, want 401", status)
	}
	status, env = tryLogin(t, app, map[string]any{"username": "edited"}, "Reset-pass-22")
	if status != 200 || env["data"].(map[string]any)["mustChangePassword"] != true {
		t.Errorf("login after reset = %d %v", status, env)
	}

	del := func(id int64) (int, map[string]any) {
		return call(t, app, tr.townAdmin, http.MethodDelete, fmt.Sprintf("/api/system/cscpUsers/%d", id), nil)
	}
	if status, _ := del(outside.ID); status != 404 {
		t.Errorf("delete outside = %d, want 404", status)
	}
	if status, env := del(tr.townAdminRow); status != 400 || env["msg"] != CannotDeleteSelf {
		t.Errorf("delete self = %d %v", status, env)
	}
	if status, env := del(target.ID); status != 200 || env["msg"] != UserDeleted {
		t.Errorf("delete = %d %v", status, env)
	}
	if status, _ := del(target.ID); status != 404 {
		t.Errorf("delete again = %d, want 404", status)
	}
	// _method override works for the console's POST-as-DELETE.
	if status, _ := call(t, app, tr.townAdmin, http.MethodPost, fmt.Sprintf("/api/system/cscpUsers/%d?_method=DELETE", outside.ID), nil); status != 404 {
		t.Errorf("override delete outside = %d, want 404", status)
	}
}

// An administrator resetting their own password through the user form
// gets a new token: the old session ends, the new one works, and the new
// password is theirs (not an initial one to change).
func TestUpdateOwnPassword(t *testing.T) {
	tr := newTree(t)
	app := tr.app
	form := with(validUser(tr, "townadmin", "13500000009"), "id", tr.townAdminRow, "orgId", tr.town1.ID,
		"currentUserPwd", encrypt(t, app, testPassword), "newPassword", encrypt(t, app, "Own-reset-33"))
	d := mustOK(t, app, tr.townAdmin, http.MethodPut, "/api/system/cscpUserDetails", form).(map[string]any)
	fresh, _ := d["token"].(string)
	if fresh == "" || d["username"] != "townadmin" {
		t.Fatalf("own password reset answered %v, want the user and a token", d)
	}
	if status, _ := call(t, app, tr.townAdmin, http.MethodGet, "/api/system/cscpCurrentUserDetails", nil); status != 401 {
		t.Errorf("old token = %d, want 401", status)
	}
	mustOK(t, app, fresh, http.MethodGet, "/api/system/cscpCurrentUserDetails", nil)
	status, env := tryLogin(t, app, map[string]any{"username": "townadmin"}, "Own-reset-33")
	if status != 200 || env["data"].(map[string]any)["mustChangePassword"] != false {
		t.Errorf("login with the own new password = %d %v", status, env)
	}
}

func TestProfile(t *testing.T) {
	tr := newTree(t)
	app, s := tr.app, tr.s
	me := createUser(t, s, userSpec{Username: "self", OrgID: tr.village1.ID})
	createUser(t, s, userSpec{Username: "twin", Mobile: "13400000001"})
	token := login(t, app, me.Username, testPassword)
	base := map[string]any{"username": "self", "familyName": "孙", "name": "七", "mobile": "", "email": "",
		"roleIds": "999", "orgId": tr.town2.ID}
	tests := []struct {
		name  string
		body  map[string]any
		field string
		msg   string
	}{
		{"mobile not 11 digits", with(base, "mobile", "1340000"), "mobile", MobileInvalid},
		{"mobile taken", with(base, "mobile", "13400000001"), "mobile", MobileTaken},
		{"email invalid", with(base, "email", "a@b"), "email", EmailInvalid},
		{"family name required", with(base, "familyName", ""), "familyName", FamilyNameRequired},
		{"new password without current", with(base, "newPassword", encrypt(t, app, "Other-pass-1")), "currentUserPwd", CurrentPwdRequired},
		{"avatar too large", with(base, "imgPath", "data:image/png;base64,"+strings.Repeat("A", 256001)), "imgPath", AvatarTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, env := call(t, app, token, http.MethodPut, "/api/user/cscpUserDetails", tt.body)
			if status != 400 || env["msg"] != tt.msg {
				t.Errorf("= %d %v, want 400 %s", status, env, tt.msg)
			}
		})
	}
	// Empty mobile and email are fine; roles and organisation are not the
	// profile's to change.
	d := mustOK(t, app, token, http.MethodPut, "/api/user/cscpUserDetails", base).(map[string]any)
	if d["familyName"] != "孙" || num(d["orgId"]) != tr.village1.ID || d["roleIds"] != "" {
		t.Errorf("profile = %v", d)
	}
	d = mustOK(t, app, token, http.MethodPut, "/api/user/cscpUserDetails", with(base,
		"currentUserPwd", encrypt(t, app, testPassword), "newPassword", encrypt(t, app, "Other-pass-1"))).(map[string]any)
	fresh, _ := d["token"].(string)
	if fresh == "" {
		t.Fatalf("profile password change answered no token: %v", d)
	}
	if status, _ := call(t, app, token, http.MethodGet, "/api/system/cscpCurrentUserDetails", nil); status != 401 {
		t.Errorf("old token = %d, want 401", status)
	}
	mustOK(t, app, fresh, http.MethodGet, "/api/system/cscpCurrentUserDetails", nil)
	login(t, app, "self", "Other-pass-1")
}

// query builds a query string.
func query(kv ...string) string {
	v := url.Values{}
	for i := 0; i < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	return v.Encode()
}

func TestUserPickers(t *testing.T) {
	tr := newTree(t)
	app, s := tr.app, tr.s
	in := createUser(t, s, userSpec{Username: "pickme", OrgID: tr.village2.ID, Mobile: "13200000001"})
	createUser(t, s, userSpec{Username: "pickother", OrgID: tr.town2.ID})
	// Any signed-in user of town1's subtree may pick, within that subtree.
	villager := login(t, app, createUser(t, s, userSpec{Username: "picker", OrgID: tr.town1.ID}).Username, testPassword)
	o := mustOK(t, app, villager, http.MethodGet, "/api/userDetails/getUserDetailsByUserName?username=pickme", nil).(map[string]any)
	if num(o["userId"]) != in.ID || o["mobile"] != "13200000001" || num(o["orgId"]) != tr.village2.ID {
		t.Errorf("by name = %v", o)
	}
	if _, ok := o["imgPath"]; ok {
		t.Errorf("option carries the avatar: %v", o)
	}
	page := mustOK(t, app, villager, http.MethodGet, "/api/userDetails/cscpUserDetailsOrLike?usernameLike=pick&page=0&size=10", nil).(map[string]any)
	if num(page["recordsTotal"]) != 2 { // pickme and picker, not pickother
		t.Errorf("like page = %v", page)
	}
	for _, p := range []string{"/api/userDetails/getUsers", "/api/userDetails/getUserDetailsForCsgmReporting", "/api/getTenantUserList"} {
		got := mustOK(t, app, villager, http.MethodGet, p+"?"+query("name", "pick", "orgId", fmt.Sprint(tr.village2.ID)), nil).([]any)
		if len(got) != 1 || got[0].(map[string]any)["username"] != "pickme" {
			t.Errorf("%s = %v", p, got)
		}
		if status, _ := call(t, app, villager, http.MethodGet, p+"?orgId="+fmt.Sprint(tr.town2.ID), nil); status != 404 {
			t.Errorf("%s of another subtree = %d, want 404", p, status)
		}
	}
}

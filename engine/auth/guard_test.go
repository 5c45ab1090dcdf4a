package auth_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/auth"
	"xiangzhi/engine/auth/authtest"
	"xiangzhi/engine/authz"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/store"
	"xiangzhi/generated/ent/menu"
)

func TestAuthorize(t *testing.T) {
	ctx := context.Background()
	client := authtest.SQLite(t)
	enf := authz.New(client)
	f := newFixture(t, client, auth.Options{Permissions: enf})
	clerk := f.user(t, "clerk", "Abc12345!", false)
	fresh := f.user(t, "fresh", "Abc12345!", true)
	m, err := client.Menu.Create().SetType(menu.TypeMenu2).SetTitle("用户管理").
		SetPermissionCode(codeList).Save(ctx)
	if err != nil {
		t.Fatal(err)
	}
	err = client.Role.Create().SetTenantID(f.tenantID).SetName("办事员").AddMenus(m).
		AddUserIDs(clerk.ID, fresh.ID).Exec(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := enf.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	token := func(username string) string {
		res, err := f.login(t, username, "Abc12345!")
		if err != nil {
			t.Fatal(err)
		}
		return "Bearer " + res.Token
	}
	clerkToken, freshToken := token("clerk"), token("fresh")
	e := echo.New()
	tests := []struct {
		name, header, code string
		status             int
		message            string
		sentinel           error
	}{
		{"allowed code", clerkToken, codeList, 0, "", nil},
		{"signed-in only", clerkToken, auth.SignedIn, 0, "", nil},
		{"raw token without Bearer", clerkToken[len("Bearer "):], codeList, 0, "", nil},
		{"code not held", clerkToken, codeDel, http.StatusForbidden, msg.Forbidden, auth.ErrForbidden},
		{"no token", "", auth.SignedIn, http.StatusUnauthorized, msg.Unauthorized, auth.ErrInvalidToken},
		{"garbage token", "Bearer abc.def.ghi", auth.SignedIn, http.StatusUnauthorized, msg.Unauthorized, auth.ErrInvalidToken},
		{"must change password: code", freshToken, codeList, http.StatusForbidden,
			msg.MustChangePassword, auth.ErrMustChangePassword},
		{"must change password: signed-in only", freshToken, auth.SignedIn, 0, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, "/api/system/cscpUserDetailsOr", nil)
			if tt.header != "" {
				req.Header.Set(echo.HeaderAuthorization, tt.header)
			}
			c := e.NewContext(req, httptest.NewRecorder())
			sc, err := f.svc.Authorize(c, tt.code)
			if tt.status != 0 {
				publicError(t, err, tt.status, tt.message, tt.sentinel)
				return
			}
			if err != nil {
				t.Fatalf("Authorize = %v", err)
			}
			v := auth.ViewerFrom(c.Request().Context())
			if v == nil {
				t.Fatal("no viewer in the request context")
			}
			want := store.Scope{TenantID: f.tenantID, UserID: v.UserID, OrgID: f.orgID,
				OrgPath: rootPath(f.orgID), Mode: store.ScopeSubtree}
			if sc != want || v.Scope() != want {
				t.Errorf("scope = %+v, viewer scope %+v, want %+v", sc, v.Scope(), want)
			}
		})
	}
}

func TestScopeMode(t *testing.T) {
	ctx := context.Background()
	client := authtest.SQLite(t)
	f := newFixture(t, client, auth.Options{})
	mk := func(name string, scope string, system bool) int64 {
		r := client.Role.Create().SetTenantID(f.tenantID).SetName(name).SetSystem(system)
		if scope != "" {
			r.SetDataScope(roleScope(scope))
		}
		return r.SaveX(ctx).ID
	}
	own, org, all, sys := mk("own", "own", false), mk("org", "org", false), mk("all", "all", false), mk("sys", "own", true)
	tests := []struct {
		name     string
		roles    []int64
		override string
		noOrg    bool
		want     store.ScopeMode
	}{
		{"no roles: subtree", nil, "", false, store.ScopeSubtree},
		{"own only", []int64{own}, "", false, store.ScopeOwn},
		{"widest of own and org", []int64{own, org}, "", false, store.ScopeOrg},
		{"a role with all", []int64{own, all}, "", false, store.ScopeAll},
		{"system role", []int64{sys}, "", false, store.ScopeAll},
		{"user override narrows", []int64{all}, "org", false, store.ScopeOrg},
		{"no organisation narrows subtree to own", nil, "", true, store.ScopeOwn},
		{"no organisation keeps all", []int64{all}, "", true, store.ScopeAll},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u := f.user(t, "scope"+itoa(i), "Abc12345!", false)
			upd := u.Update().AddRoleIDs(tt.roles...)
			if tt.override != "" {
				upd.SetDataScope(userScope(tt.override))
			}
			if tt.noOrg {
				upd.ClearOrgID()
			}
			upd.SaveX(ctx)
			v, err := f.svc.ViewerFor(ctx, f.tenantID, u.ID)
			if err != nil {
				t.Fatal(err)
			}
			if v.ScopeMode != tt.want {
				t.Errorf("ScopeMode = %v, want %v", v.ScopeMode, tt.want)
			}
		})
	}
}

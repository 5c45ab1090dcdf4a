package authz_test

import (
	"context"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"xiangzhi/engine/auth/authtest"
	"xiangzhi/engine/authz"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/menu"
	"xiangzhi/generated/ent/rolemenu"
)

// world is two tenants, each with a user holding a role; the roles hold
// menus of different terminals.
type world struct {
	client               *ent.Client
	t1, t2               int64
	clerk, other, admin  int64
	clerkRole, adminRole int64
	menus                map[string]int64 // code → menu id
}

func newWorld(t *testing.T, client *ent.Client) *world {
	t.Helper()
	ctx := context.Background()
	w := &world{client: client, menus: map[string]int64{}}
	w.t1 = client.Tenant.Create().SetName("一县").SetCode("one").SaveX(ctx).ID
	w.t2 = client.Tenant.Create().SetName("二县").SetCode("two").SaveX(ctx).ID
	for _, m := range []struct {
		code string
		typ  menu.Type
		term menu.Terminal
	}{
		{"cscp.user.list", menu.TypeMenu2, menu.TerminalWeb},
		{"cscp.user.add", menu.TypeButton, menu.TerminalWeb},
		{"cscp.user.del", menu.TypeButton, menu.TerminalWeb},
		{"app.patrol", menu.TypeMenu1, menu.TerminalApp},
		{"mini.notice", menu.TypeMenu1, menu.TerminalMini},
		{"dataStatistics", menu.TypePage, menu.TerminalWeb},
		{"formDesign", menu.TypePage, menu.TerminalWeb},
	} {
		w.menus[m.code] = client.Menu.Create().SetTitle(m.code).SetType(m.typ).SetTerminal(m.term).
			SetPermissionCode(m.code).SaveX(ctx).ID
	}
	user := func(tenant int64, name string) int64 {
		return client.User.Create().SetTenantID(tenant).SetUsername(name).SetPasswordHash("x").SaveX(ctx).ID
	}
	w.clerk, w.admin = user(w.t1, "clerk"), user(w.t1, "admin")
	w.other = user(w.t2, "clerk")
	w.clerkRole = client.Role.Create().SetTenantID(w.t1).SetName("办事员").AddUserIDs(w.clerk).SaveX(ctx).ID
	w.adminRole = client.Role.Create().SetTenantID(w.t1).SetName("超级管理员").SetSystem(true).
		AddUserIDs(w.admin).SaveX(ctx).ID
	// The other tenant's role holds the same menus: it must not leak.
	otherRole := client.Role.Create().SetTenantID(w.t2).SetName("办事员").AddUserIDs(w.other).SaveX(ctx).ID
	w.grant(t, w.clerkRole, "cscp.user.list", "cscp.user.add", "app.patrol", "mini.notice", "dataStatistics")
	w.grant(t, otherRole, "cscp.user.list", "cscp.user.del")
	return w
}

func (w *world) grant(t *testing.T, roleID int64, codes ...string) {
	t.Helper()
	ctx := context.Background()
	for _, c := range codes {
		m := w.client.Menu.GetX(ctx, w.menus[c])
		w.client.RoleMenu.Create().SetRoleID(roleID).SetMenuID(m.ID).
			SetTerminal(rolemenu.Terminal(m.Terminal)).ExecX(ctx)
	}
}

func TestAllowed(t *testing.T) {
	for _, db := range authtest.All(t) {
		t.Run(db.Name, func(t *testing.T) {
			w := newWorld(t, db.Client)
			e := authz.New(db.Client)
			if err := e.Reload(context.Background()); err != nil {
				t.Fatal(err)
			}
			tests := []struct {
				name         string
				tenant, user int64
				code         string
				want         bool
			}{
				{"web menu code held", w.t1, w.clerk, "cscp.user.list", true},
				{"button code held", w.t1, w.clerk, "cscp.user.add", true},
				{"app menu code held", w.t1, w.clerk, "app.patrol", true},
				{"mini-program menu code held", w.t1, w.clerk, "mini.notice", true},
				{"code not held", w.t1, w.clerk, "cscp.user.del", false},
				{"unknown code", w.t1, w.clerk, "nothing.at.all", false},
				{"empty code", w.t1, w.clerk, "", false},
				{"other tenant's role grants nothing here", w.t1, w.other, "cscp.user.del", false},
				{"user asked for in another tenant", w.t2, w.clerk, "cscp.user.list", false},
				{"other tenant's user in their own tenant", w.t2, w.other, "cscp.user.del", true},
				{"super admin, menu code", w.t1, w.admin, "cscp.user.del", true},
				{"super admin, code registered later", w.t1, w.admin, "module.added.tomorrow", true},
				{"super admin of tenant 1 in tenant 2", w.t2, w.admin, "cscp.user.list", false},
				{"unknown user", w.t1, 999999, "cscp.user.list", false},
			}
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					if got := e.Allowed(tt.tenant, tt.user, tt.code); got != tt.want {
						t.Errorf("Allowed(%d, %d, %q) = %v, want %v", tt.tenant, tt.user, tt.code, got, tt.want)
					}
				})
			}
			wantCodes := []string{"app.patrol", "cscp.user.add", "cscp.user.list", "dataStatistics", "mini.notice"}
			if diff := cmp.Diff(wantCodes, e.Codes(w.t1, w.clerk)); diff != "" {
				t.Errorf("Codes(clerk) (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff([]string{"dataStatistics"}, e.VisitCodes(w.t1, w.clerk)); diff != "" {
				t.Errorf("VisitCodes(clerk) (-want +got):\n%s", diff)
			}
			e.Register("route.only.code")
			all := e.Codes(w.t1, w.admin)
			if len(all) != len(w.menus)+1 || !contains(all, "route.only.code") || !contains(all, "formDesign") {
				t.Errorf("Codes(super admin) = %v, want every menu code and the registered one", all)
			}
			if diff := cmp.Diff([]string{"dataStatistics", "formDesign"}, e.VisitCodes(w.t1, w.admin)); diff != "" {
				t.Errorf("VisitCodes(super admin) (-want +got):\n%s", diff)
			}
		})
	}
}

func TestReload(t *testing.T) {
	ctx := context.Background()
	client := authtest.SQLite(t)
	w := newWorld(t, client)
	e := authz.New(client)
	if e.Allowed(w.t1, w.clerk, "cscp.user.list") {
		t.Fatal("allowed before the first Reload")
	}
	if err := e.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name   string
		change func()
		code   string
		want   bool
	}{
		{"grant a menu to the role", func() { w.grant(t, w.clerkRole, "cscp.user.del") }, "cscp.user.del", true},
		{"take a menu from the role", func() {
			client.RoleMenu.Delete().Where(rolemenu.RoleID(w.clerkRole), rolemenu.MenuID(w.menus["cscp.user.add"])).ExecX(ctx)
		}, "cscp.user.add", false},
		{"change a menu's code", func() {
			client.Menu.UpdateOneID(w.menus["cscp.user.list"]).SetPermissionCode("cscp.user.query").ExecX(ctx)
		}, "cscp.user.query", true},
		{"take the role from the user", func() {
			client.User.UpdateOneID(w.clerk).RemoveRoleIDs(w.clerkRole).ExecX(ctx)
		}, "cscp.user.del", false},
		{"give the user the super-admin role", func() {
			client.User.UpdateOneID(w.clerk).AddRoleIDs(w.adminRole).ExecX(ctx)
		}, "anything.at.all", true},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			before := e.Allowed(w.t1, w.clerk, s.code)
			s.change()
			if got := e.Allowed(w.t1, w.clerk, s.code); got != before {
				t.Errorf("answer changed before Reload")
			}
			if err := e.Reload(ctx); err != nil {
				t.Fatal(err)
			}
			if got := e.Allowed(w.t1, w.clerk, s.code); got != s.want {
				t.Errorf("after Reload Allowed(%q) = %v, want %v", s.code, got, s.want)
			}
		})
	}
}

// Readers and a reloader at once; run with -race.
func TestConcurrentUse(t *testing.T) {
	ctx := context.Background()
	client := authtest.SQLite(t)
	w := newWorld(t, client)
	e := authz.New(client)
	if err := e.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 200; j++ {
				if !e.Allowed(w.t1, w.clerk, "cscp.user.list") || e.Allowed(w.t1, w.clerk, "cscp.user.del") {
					t.Error("wrong answer during reloads")
					return
				}
				_ = e.Codes(w.t1, w.admin)
				_ = e.VisitCodes(w.t1, w.clerk)
			}
		}()
	}
	for i := 0; i < 5; i++ {
		if err := e.Reload(ctx); err != nil {
			t.Error(err)
		}
		e.Register("x.y.z")
	}
	wg.Wait()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

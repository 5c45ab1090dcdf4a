package system_test

import (
	"context"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"xiangzhi/engine/auth/authtest"
	"xiangzhi/engine/authz"
	"xiangzhi/engine/schema"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/menu"
	"xiangzhi/generated/ent/rolemenu"
	"xiangzhi/modules/system"
)

func testSet() *schema.Set {
	return &schema.Set{
		Groups: []schema.Group{
			{Name: "onlineVillage", Title: "社会救助", Icon: "SafetyCertificateOutlined", Order: 60},
			{Name: "unused", Title: "未使用", Order: 70},
			{Name: "subsidy", Title: "补贴", Parent: "onlineVillage", Order: 1},
		},
		Modules: []*schema.Module{
			{Name: "handicappedSubsidy", Title: "残疾人补贴", Group: "onlineVillage", Order: 2,
				API: "/onlineVillage/handicappeds", Permission: "onlineVillage.handicapped", Export: true,
				Status: &schema.Status{Field: "auditStatus", Actions: []schema.Action{
					{Name: "approve", Label: "通过", From: []int{1}, To: 2},
				}}},
			{Name: "landSubsidy", Title: "耕地补贴", Group: "subsidy",
				API: "/onlineVillage/landSubsidys", Permission: "onlineVillage.landSubsidy"},
			{Name: "notice", Title: "村务公告", API: "/affairs/notices", Permission: "affairs.notice"},
		},
	}
}

type menuRow struct {
	Key, Parent, Type, Title, Name, URL, Component, Code, Module string
}

// generatedMenus lists the generated menus with their parent's key.
func generatedMenus(t *testing.T, c *ent.Client) []menuRow {
	t.Helper()
	all, err := c.Menu.Query().All(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	keyOf := map[int64]string{}
	for _, m := range all {
		if m.Key != nil {
			keyOf[m.ID] = *m.Key
		}
	}
	var out []menuRow
	for _, m := range all {
		if m.Key == nil || strings.HasPrefix(*m.Key, "sys:") {
			continue
		}
		out = append(out, menuRow{*m.Key, keyOf[m.ParentID], string(m.Type), m.Title, m.Name, m.URL,
			m.Component, m.PermissionCode, m.Module})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

func TestSyncModuleMenus(t *testing.T) {
	for _, db := range authtest.All(t) {
		t.Run(db.Name, func(t *testing.T) {
			testSyncModuleMenus(t, db.Client)
		})
	}
}

func testSyncModuleMenus(t *testing.T, client *ent.Client) {
	ctx := context.Background()
	boot, err := system.Bootstrap(ctx, client, system.BootstrapOptions{AdminPassword: "Admin#2024x"})
	if err != nil {
		t.Fatal(err)
	}
	set := testSet()
	if err := system.SyncModuleMenus(ctx, client, set); err != nil {
		t.Fatalf("SyncModuleMenus: %v", err)
	}
	want := []menuRow{
		{"group:onlineVillage", "", "menu1", "社会救助", "onlineVillage", "/onlineVillage", "", "", ""},
		{"group:subsidy", "group:onlineVillage", "menu2-sp", "补贴", "subsidy", "/subsidy", "", "", ""},
		{"module:handicappedSubsidy", "group:onlineVillage", "menu2", "残疾人补贴", "handicappedSubsidy",
			"/m/handicappedSubsidy", "SchemaModule", "onlineVillage.handicapped.list", "handicappedSubsidy"},
		{"module:handicappedSubsidy:onlineVillage.handicapped.add", "module:handicappedSubsidy", "button", "新增",
			"add", "", "", "onlineVillage.handicapped.add", "handicappedSubsidy"},
		{"module:handicappedSubsidy:onlineVillage.handicapped.approve", "module:handicappedSubsidy", "button",
			"通过", "approve", "", "", "onlineVillage.handicapped.approve", "handicappedSubsidy"},
		{"module:handicappedSubsidy:onlineVillage.handicapped.del", "module:handicappedSubsidy", "button", "删除",
			"del", "", "", "onlineVillage.handicapped.del", "handicappedSubsidy"},
		{"module:handicappedSubsidy:onlineVillage.handicapped.edit", "module:handicappedSubsidy", "button", "编辑",
			"edit", "", "", "onlineVillage.handicapped.edit", "handicappedSubsidy"},
		{"module:handicappedSubsidy:onlineVillage.handicapped.export", "module:handicappedSubsidy", "button",
			"导出", "export", "", "", "onlineVillage.handicapped.export", "handicappedSubsidy"},
		{"module:handicappedSubsidy:onlineVillage.handicapped.view", "module:handicappedSubsidy", "button", "查看",
			"view", "", "", "onlineVillage.handicapped.view", "handicappedSubsidy"},
		{"module:landSubsidy", "group:subsidy", "menu3", "耕地补贴", "landSubsidy", "/m/landSubsidy",
			"SchemaModule", "onlineVillage.landSubsidy.list", "landSubsidy"},
		{"module:landSubsidy:onlineVillage.landSubsidy.add", "module:landSubsidy", "button", "新增", "add", "", "",
			"onlineVillage.landSubsidy.add", "landSubsidy"},
		{"module:landSubsidy:onlineVillage.landSubsidy.del", "module:landSubsidy", "button", "删除", "del", "", "",
			"onlineVillage.landSubsidy.del", "landSubsidy"},
		{"module:landSubsidy:onlineVillage.landSubsidy.edit", "module:landSubsidy", "button", "编辑", "edit", "", "",
			"onlineVillage.landSubsidy.edit", "landSubsidy"},
		{"module:landSubsidy:onlineVillage.landSubsidy.view", "module:landSubsidy", "button", "查看", "view", "", "",
			"onlineVillage.landSubsidy.view", "landSubsidy"},
		{"module:notice", "", "menu1", "村务公告", "notice", "/m/notice", "SchemaModule", "affairs.notice.list", "notice"},
		{"module:notice:affairs.notice.add", "module:notice", "button", "新增", "add", "", "", "affairs.notice.add", "notice"},
		{"module:notice:affairs.notice.del", "module:notice", "button", "删除", "del", "", "", "affairs.notice.del", "notice"},
		{"module:notice:affairs.notice.edit", "module:notice", "button", "编辑", "edit", "", "", "affairs.notice.edit", "notice"},
		{"module:notice:affairs.notice.view", "module:notice", "button", "查看", "view", "", "", "affairs.notice.view", "notice"},
	}
	if diff := cmp.Diff(want, generatedMenus(t, client)); diff != "" {
		t.Fatalf("generated menus (-want +got):\n%s", diff)
	}
	before := countRows(t, client)
	if before.grants != before.menus {
		t.Errorf("%d menus but %d grants: the super-admin role must hold every menu", before.menus, before.grants)
	}

	// Idempotent.
	if err := system.SyncModuleMenus(ctx, client, set); err != nil {
		t.Fatal(err)
	}
	if after := countRows(t, client); after != before {
		t.Errorf("second sync changed counts: %+v → %+v", before, after)
	}

	// An administrator adds a button by hand and reorders a module menu.
	mod, err := client.Menu.Query().Where(menu.Key("module:handicappedSubsidy")).Only(ctx)
	if err != nil {
		t.Fatal(err)
	}
	manual, err := client.Menu.Create().SetParentID(mod.ID).SetType(menu.TypeButton).SetTitle("打印").
		SetPermissionCode("onlineVillage.handicapped.print").SetModule("handicappedSubsidy").Save(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := mod.Update().SetOrderby(99).Exec(ctx); err != nil {
		t.Fatal(err)
	}

	// The module changes: new title, export off, a new action, another group.
	h := set.Modules[0]
	h.Title, h.Export, h.Group = "残疾人两项补贴", false, "subsidy"
	h.Status.Actions = append(h.Status.Actions, schema.Action{Name: "reject", Label: "驳回", From: []int{1}, To: 3})
	if err := system.SyncModuleMenus(ctx, client, set); err != nil {
		t.Fatal(err)
	}
	got, err := client.Menu.Get(ctx, mod.ID)
	if err != nil {
		t.Fatal(err)
	}
	sub, err := client.Menu.Query().Where(menu.Key("group:subsidy")).Only(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got.Title != "残疾人两项补贴" || got.ParentID != sub.ID || got.Type != menu.TypeMenu3 || got.Orderby != 99 {
		t.Errorf("module menu after change = %+v", got)
	}
	exists := func(key string) bool {
		ok, err := client.Menu.Query().Where(menu.Key(key)).Exist(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if exists("module:handicappedSubsidy:onlineVillage.handicapped.export") {
		t.Error("export button kept after export was switched off")
	}
	if !exists("module:handicappedSubsidy:onlineVillage.handicapped.reject") {
		t.Error("no button for the new action")
	}
	if _, err := client.Menu.Get(ctx, manual.ID); err != nil {
		t.Errorf("the administrator's button was removed: %v", err)
	}

	// The super administrator holds the new code through its menus too.
	enf := authz.New(client)
	if err := enf.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	codes := enf.Codes(boot.TenantID, boot.AdminID)
	if !contains(codes, "onlineVillage.handicapped.reject") || contains(codes, "onlineVillage.handicapped.export") {
		t.Errorf("admin codes after sync = %v", codes)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestSyncModuleMenusRemoved checks that a removed module's menu goes (with
// the buttons under it, an administrator's too, their grants and a group
// left empty), while a module whose file has problems keeps its menus.
func TestSyncModuleMenusRemoved(t *testing.T) {
	for _, db := range authtest.All(t) {
		t.Run(db.Name, func(t *testing.T) {
			ctx := context.Background()
			client := db.Client
			if _, err := system.Bootstrap(ctx, client, system.BootstrapOptions{AdminPassword: "Admin#2024x"}); err != nil {
				t.Fatal(err)
			}
			set := testSet()
			if err := system.SyncModuleMenus(ctx, client, set); err != nil {
				t.Fatal(err)
			}
			land, err := client.Menu.Query().Where(menu.Key("module:landSubsidy")).Only(ctx)
			if err != nil {
				t.Fatal(err)
			}
			manual, err := client.Menu.Create().SetParentID(land.ID).SetType(menu.TypeButton).SetTitle("打印").
				SetPermissionCode("onlineVillage.landSubsidy.print").SetModule("landSubsidy").Save(ctx)
			if err != nil {
				t.Fatal(err)
			}
			keys := func() map[string]bool {
				out := map[string]bool{}
				for _, r := range generatedMenus(t, client) {
					out[r.Key] = true
				}
				return out
			}

			// The file of landSubsidy has problems: its menus stay.
			failing := testSet()
			failing.Modules = slices.DeleteFunc(failing.Modules, func(m *schema.Module) bool { return m.Name == "landSubsidy" })
			failing.Failed = map[string]bool{"landSubsidy": true}
			if err := system.SyncModuleMenus(ctx, client, failing); err != nil {
				t.Fatal(err)
			}
			if k := keys(); !k["module:landSubsidy"] || !k["module:landSubsidy:onlineVillage.landSubsidy.add"] || !k["group:subsidy"] {
				t.Fatalf("menus of a module that failed to load were removed: %v", k)
			}
			// A file whose module cannot be named has problems: nothing is removed.
			unnamed := testSet()
			unnamed.Modules = unnamed.Modules[:1]
			unnamed.Failed = map[string]bool{"": true}
			if err := system.SyncModuleMenus(ctx, client, unnamed); err != nil {
				t.Fatal(err)
			}
			if k := keys(); !k["module:landSubsidy"] || !k["module:notice"] {
				t.Fatalf("menus removed while a file could not be read: %v", k)
			}

			// The file is removed: the menu, its buttons, the hand-made one and the empty group go.
			removed := testSet()
			removed.Modules = slices.DeleteFunc(removed.Modules, func(m *schema.Module) bool { return m.Name == "landSubsidy" })
			if err := system.SyncModuleMenus(ctx, client, removed); err != nil {
				t.Fatal(err)
			}
			k := keys()
			for key := range k {
				if strings.HasPrefix(key, "module:landSubsidy") {
					t.Errorf("menu %s of the removed module kept", key)
				}
			}
			if k["group:subsidy"] {
				t.Error("group left without modules kept")
			}
			if !k["module:notice"] || !k["module:handicappedSubsidy"] || !k["group:onlineVillage"] {
				t.Errorf("menus of other modules removed: %v", k)
			}
			if n, err := client.Menu.Query().Where(menu.ID(manual.ID)).Count(ctx); err != nil || n != 0 {
				t.Errorf("the hand-made button under the removed module kept (%d, %v)", n, err)
			}
			if n, err := client.RoleMenu.Query().Where(rolemenu.MenuIDIn(land.ID, manual.ID)).Count(ctx); err != nil || n != 0 {
				t.Errorf("grants of removed menus kept (%d, %v)", n, err)
			}
		})
	}
}

// TestSyncModuleScreens: a module's screens get menus beside the module's
// (same parent and type, the module's code of their op, component
// ModuleScreen), follow changes, and go with their grants when the file no
// longer declares them.
func TestSyncModuleScreens(t *testing.T) {
	for _, db := range authtest.All(t) {
		t.Run(db.Name, func(t *testing.T) {
			ctx := context.Background()
			if _, err := system.Bootstrap(ctx, db.Client, system.BootstrapOptions{AdminPassword: "Admin#2024x"}); err != nil {
				t.Fatal(err)
			}
			set := testSet()
			set.Modules[1].Screens = []schema.Screen{
				{Name: "summary", Title: "补贴汇总", URL: "/m/landSubsidy/summary", Op: "list", Order: 3},
				{Name: "check", Title: "补贴核对", URL: "/m/landSubsidy/check", Op: "edit"},
			}
			if err := system.SyncModuleMenus(ctx, db.Client, set); err != nil {
				t.Fatal(err)
			}
			screens := func() []menuRow {
				var out []menuRow
				for _, m := range generatedMenus(t, db.Client) {
					if strings.Contains(m.Key, ":screen:") {
						out = append(out, m)
					}
				}
				return out
			}
			want := []menuRow{
				{"module:landSubsidy:screen:check", "group:subsidy", "menu3", "补贴核对", "landSubsidy-check",
					"/m/landSubsidy/check", "ModuleScreen", "onlineVillage.landSubsidy.edit", "landSubsidy"},
				{"module:landSubsidy:screen:summary", "group:subsidy", "menu3", "补贴汇总", "landSubsidy-summary",
					"/m/landSubsidy/summary", "ModuleScreen", "onlineVillage.landSubsidy.list", "landSubsidy"},
			}
			if diff := cmp.Diff(want, screens()); diff != "" {
				t.Fatalf("screen menus (-want +got):\n%s", diff)
			}
			// One screen renamed in title, the other removed: its menu and grants go.
			set.Modules[1].Screens = set.Modules[1].Screens[:1]
			set.Modules[1].Screens[0].Title = "补贴统计"
			if err := system.SyncModuleMenus(ctx, db.Client, set); err != nil {
				t.Fatal(err)
			}
			got := screens()
			if len(got) != 1 || got[0].Title != "补贴统计" {
				t.Fatalf("after the change: %v", got)
			}
			if n := countRows(t, db.Client); n.grants != n.menus {
				t.Errorf("%d menus but %d grants after removing a screen", n.menus, n.grants)
			}
		})
	}
}

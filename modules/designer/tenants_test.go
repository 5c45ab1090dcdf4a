package designer

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"xiangzhi/engine/apitest"
	"xiangzhi/engine/designer"
	"xiangzhi/generated/ent/user"
	"xiangzhi/modules/system"
)

// TestDesignerTenants checks the tenancy decision of docs/designer.md:
// designer modules are installation-wide, so creating, saving, copying,
// importing, planning, publishing, rolling back and removing them needs the
// platform flag besides formDesign. A second tenant's super administrator
// (every code of its tenant) and a designer user of the platform's own
// tenant without the flag may view, preview and export, get 403 with the
// Chinese refusal for every change, and change nothing; the published
// module's records stay per tenant.
func TestDesignerTenants(t *testing.T) {
	for _, db := range []struct {
		name string
		url  func(*testing.T) string
	}{{"sqlite", apitest.SQLiteURL}, {"postgres", apitest.PostgresURL}, {"mysql", apitest.MySQLURL}} {
		t.Run(db.name, func(t *testing.T) { testDesignerTenants(t, newEnv(t, db.url(t))) })
	}
}

func testDesignerTenants(t *testing.T, e *env) {
	ctx := context.Background()
	sys := e.app.System().(*system.Service)
	nb, err := system.CreateTenant(ctx, e.ent, system.TenantSpec{Code: "tenantb", Name: "乙县", AdminPassword: "Xz-designer-2024!"})
	if err != nil {
		t.Fatal(err)
	}
	adminB, err := e.ent.User.UpdateOneID(nb.AdminID).SetMustChangePassword(false).Save(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if adminB.PlatformAdmin {
		t.Fatal("tenant B's administrator is a platform administrator")
	}
	if err := e.app.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	tok, err := sys.Auth().StartSession(ctx, adminB, "127.0.0.1", "test")
	if err != nil {
		t.Fatal(err)
	}
	e.tokens["adminB"] = tok

	// The platform administrator builds and publishes the module.
	var det designer.Detail
	if code, body := e.do(t, "county", "POST", "/api/designer/modules", map[string]string{"yaml": wellYAML}, &det); code != 200 {
		t.Fatalf("create as the platform administrator: %d %s", code, body)
	}
	if code, body := e.do(t, "county", "POST", "/api/designer/modules/well/publish", map[string]string{"note": "首版"}, nil); code != 200 {
		t.Fatalf("publish as the platform administrator: %d %s", code, body)
	}
	if code, body := e.do(t, "county", "POST", "/api/wells", map[string]any{"code": "A-1", "depth": 30}, nil); code != 200 {
		t.Fatalf("record of tenant A: %d %s", code, body)
	}
	changed := *det.Model
	changed.Title = "机井（改）"

	for _, who := range []string{"adminB", "reader"} {
		// Viewing, the live preview and export stay with formDesign.
		for _, c := range []struct {
			method, path string
			body         any
		}{
			{"GET", "/api/designer/modules", nil},
			{"GET", "/api/designer/modules/well", nil},
			{"GET", "/api/designer/modules/well/export", nil},
			{"GET", "/api/designer/modules/well/versions", nil},
			{"GET", "/api/designer/modules/well/versions/1", nil},
			{"GET", "/api/designer/options", nil},
			{"POST", "/api/designer/parse", map[string]string{"yaml": wellYAML}},
			{"POST", "/api/designer/render", map[string]any{"model": changed}},
			{"POST", "/api/designer/describe", map[string]string{"yaml": wellYAML}},
		} {
			if code, body := e.do(t, who, c.method, c.path, c.body, nil); code != 200 {
				t.Errorf("%s %s %s: %d %.200s", who, c.method, c.path, code, body)
			}
		}
		// Every change of a designer module is refused.
		for _, c := range []struct {
			method, path string
			body         any
		}{
			{"POST", "/api/designer/modules", map[string]string{"yaml": strings.ReplaceAll(wellYAML, "well", "pond")}},
			{"PUT", "/api/designer/modules/well", map[string]any{"model": changed}},
			{"POST", "/api/designer/modules/well/copy", map[string]string{"name": "well2", "title": "副本", "api": "/api/well2s", "permission": "well2"}},
			{"POST", "/api/designer/import", map[string]string{"yaml": strings.Replace(wellYAML, "title: 机井", "title: 机井（导入）", 1)}},
			{"POST", "/api/designer/modules/well/plan", map[string]any{}},
			{"POST", "/api/designer/modules/well/publish", map[string]any{"note": "租户发布"}},
			{"POST", "/api/designer/modules/well/rollback", map[string]any{"version": 1}},
			{"DELETE", "/api/designer/modules/well", nil},
			{"POST", "/api/designer/modules/well?_method=DELETE", nil},
		} {
			code, body := e.do(t, who, c.method, c.path, c.body, nil)
			if code != http.StatusForbidden || !strings.Contains(body, msgPlatformOnly) {
				t.Errorf("%s %s %s: %d %.200s", who, c.method, c.path, code, body)
			}
		}
	}

	// Nothing changed: one version, the draft as created, no other module.
	var after designer.Detail
	if code, body := e.do(t, "county", "GET", "/api/designer/modules/well", nil, &after); code != 200 ||
		after.YAML != wellYAML || after.PublishedVersion != 1 {
		t.Errorf("the module after the refused calls: %d %s", code, body)
	}
	for _, name := range []string{"pond", "well2"} {
		if code, _ := e.do(t, "county", "GET", "/api/designer/modules/"+name, nil, nil); code != 404 {
			t.Errorf("a refused call made %s: %d", name, code)
		}
	}

	// The module serves every tenant; its records stay per tenant.
	if code, body := e.do(t, "adminB", "POST", "/api/wells", map[string]any{"code": "B-1", "depth": 12}, nil); code != 200 {
		t.Fatalf("tenant B's super administrator uses the published module: %d %s", code, body)
	}
	if code, body := e.do(t, "adminB", "GET", "/api/wells", nil, nil); code != 200 || strings.Contains(body, "A-1") || !strings.Contains(body, "B-1") {
		t.Errorf("tenant B's list: %d %s", code, body)
	}
	if code, body := e.do(t, "county", "GET", "/api/wells", nil, nil); code != 200 || strings.Contains(body, "B-1") || !strings.Contains(body, "A-1") {
		t.Errorf("tenant A's list: %d %s", code, body)
	}
	// The version list names a publisher of another tenant to no one.
	var vs []struct {
		PublishedByName string `json:"publishedByName"`
	}
	if code, body := e.do(t, "adminB", "GET", "/api/designer/modules/well/versions", nil, &vs); code != 200 || len(vs) != 1 || vs[0].PublishedByName != "" {
		t.Errorf("versions as tenant B: %d %s", code, body)
	}
	// No platform flag was given away on the way.
	if n, err := e.ent.User.Query().Where(user.PlatformAdmin(true), user.TenantID(nb.ID)).Count(ctx); err != nil || n != 0 {
		t.Errorf("platform administrators in tenant B: %d %v", n, err)
	}
}

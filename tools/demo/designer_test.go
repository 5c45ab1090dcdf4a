package demo_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/generated/ent/role"
	"xiangzhi/generated/ent/user"
	"xiangzhi/modules/designer"
	"xiangzhi/modules/system"
	"xiangzhi/tools/demo"
	"xiangzhi/tools/demo/demotest"
)

const surveyYAML = `name: wellSurvey
title: 机井普查
api: /api/wellSurveys
permission: wellSurvey
orgScoped: true
fields:
  - {name: code, label: 编号, type: string, required: true, list: true}
  - {name: depth, label: 井深, type: int}
`

// TestCountyAdminPublishes checks the form designer on the demo county:
// its administrator (whose role holds the designer's page) may look but not
// publish — designer modules serve every tenant, so only a platform
// administrator builds and publishes them — and the platform administrator
// publishes a module granted to the county role, which the county
// administrator uses at once; a village administrator has no designer.
func TestCountyAdminPublishes(t *testing.T) {
	env := demotest.New(t, func(app *engine.App) error {
		part, err := designer.Load(app)
		if err != nil {
			return err
		}
		return part.Register()
	})
	ctx := context.Background()
	// The first start made admin the platform administrator; sign it in
	// with the demo password.
	hash, err := auth.HashPassword(demo.Password)
	if err != nil {
		t.Fatal(err)
	}
	if err := env.Ent.User.Update().Where(user.Username(system.AdminUsername), user.PlatformAdmin(true)).
		SetPasswordHash(hash).SetMustChangePassword(false).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	platform := env.Login(t, system.AdminUsername)
	county, village := env.Login(t, "county_admin"), env.Login(t, "v01_admin")
	if st, _ := env.Call(t, village, http.MethodGet, "/api/designer/modules", nil); st != http.StatusForbidden {
		t.Errorf("a village administrator opens the designer: %d", st)
	}
	if st, _ := env.Call(t, county, http.MethodGet, "/api/designer/modules", nil); st != http.StatusOK {
		t.Errorf("the county administrator cannot open the designer: %d", st)
	}
	if st, out := env.Call(t, county, http.MethodPost, "/api/designer/modules", map[string]string{"yaml": surveyYAML}); st != http.StatusForbidden ||
		!strings.Contains(fmt.Sprint(out["msg"]), "仅平台管理员") {
		t.Errorf("the county administrator creates a designer module: %d %v", st, out)
	}
	countyRole, err := env.Ent.Role.Query().Where(role.Name(env.Account(t, "county_admin").Role)).OnlyID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st, out := env.Call(t, platform, http.MethodPost, "/api/designer/modules", map[string]string{"yaml": surveyYAML}); st != http.StatusOK {
		t.Fatalf("create: %d %v", st, out)
	}
	if st, out := env.Call(t, county, http.MethodPost, "/api/designer/modules/wellSurvey/publish", map[string]any{"note": "首版"}); st != http.StatusForbidden {
		t.Errorf("the county administrator publishes: %d %v", st, out)
	}
	if st, out := env.Call(t, platform, http.MethodPost, "/api/designer/modules/wellSurvey/publish",
		map[string]any{"note": "首版", "roles": []int64{countyRole}}); st != http.StatusOK {
		t.Fatalf("publish: %d %v", st, out)
	}
	if st, out := env.Call(t, county, http.MethodPost, "/api/wellSurveys", map[string]any{"code": "J-01", "depth": 40}); st != http.StatusOK {
		t.Fatalf("the county administrator adds a record to the new module: %d %v", st, out)
	}
	if st, out := env.Call(t, county, http.MethodGet, "/api/wellSurveys", nil); st != http.StatusOK ||
		demotest.Num(out["data"].(map[string]any)["recordsTotal"]) != 1 {
		t.Errorf("list: %d %v", st, out)
	}
}

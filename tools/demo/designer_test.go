package demo_test

import (
	"net/http"
	"testing"

	"xiangzhi/engine"
	"xiangzhi/modules/designer"
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

// TestCountyAdminPublishes checks the demo county's administrator builds a
// module in the form designer and uses it at once (its codes granted to
// the county role), while a village administrator has no designer.
func TestCountyAdminPublishes(t *testing.T) {
	env := demotest.New(t, func(app *engine.App) error {
		part, err := designer.Load(app)
		if err != nil {
			return err
		}
		return part.Register()
	})
	county, village := env.Login(t, "county_admin"), env.Login(t, "v01_admin")
	if st, _ := env.Call(t, village, http.MethodGet, "/api/designer/modules", nil); st != http.StatusForbidden {
		t.Errorf("a village administrator opens the designer: %d", st)
	}
	if st, out := env.Call(t, county, http.MethodPost, "/api/designer/modules", map[string]string{"yaml": surveyYAML}); st != http.StatusOK {
		t.Fatalf("create: %d %v", st, out)
	}
	if st, out := env.Call(t, county, http.MethodPost, "/api/designer/modules/wellSurvey/publish", map[string]any{"note": "首版"}); st != http.StatusOK {
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

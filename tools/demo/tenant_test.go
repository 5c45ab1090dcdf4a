package demo_test

import (
	"context"
	"testing"

	"xiangzhi/generated/ent/tenant"
	"xiangzhi/generated/ent/user"
	"xiangzhi/tools/demo"
	"xiangzhi/tools/demo/demotest"
)

// TestGenerateSecondTenant fills the small second tenant beside the demo
// county: its own organisations, users and records, none of which the
// county sees.
func TestGenerateSecondTenant(t *testing.T) {
	env, err := generate(t, demotest.Villagers, 7)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	countyVillagers := len(env.Rows(t, "villager", 0))
	opts := demo.Options{Store: env.App.Store(), Ent: env.Ent, Set: env.App.Modules(), Files: demotest.Files(t, env.App),
		Seed: 8, Villagers: demo.NeighbourVillagers, Now: demotest.Now, Tenant: demo.NeighbourTenant,
		TenantName: demo.NeighbourName, County: &demo.NeighbourCounty}
	res, err := demo.Generate(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.TenantID == env.County.TenantID || res.County.Name != demo.NeighbourName || len(res.Townships) != 1 ||
		len(res.Villages) != 2 || res.Villagers != demo.NeighbourVillagers {
		t.Fatalf("second tenant = %+v", res)
	}
	tn, err := env.Ent.Tenant.Query().Where(tenant.Code(demo.NeighbourTenant)).Only(ctx)
	if err != nil || tn.ID != res.TenantID || tn.Name != demo.NeighbourName {
		t.Fatalf("tenant row %+v (%v)", tn, err)
	}
	for _, a := range res.Accounts {
		u, err := env.Ent.User.Get(ctx, a.ID)
		if err != nil || u.TenantID != res.TenantID {
			t.Errorf("account %s: %+v (%v), want a user of the second tenant", a.Username, u, err)
		}
	}
	if n := len(env.Rows(t, "villager", 0)); n != countyVillagers {
		t.Errorf("the county has %d villagers after the second tenant, want %d", n, countyVillagers)
	}
	second := &demotest.Env{App: env.App, Ent: env.Ent, County: res}
	if n := len(second.Rows(t, "villager", 0)); n != demo.NeighbourVillagers {
		t.Errorf("the second tenant has %d villagers, want %d", n, demo.NeighbourVillagers)
	}
	// A second run without Force refuses, like the county's.
	if _, err := demo.Generate(ctx, opts); err == nil {
		t.Error("a second run over the second tenant was not refused")
	}
	// Its county administrator is its own, beside the county's.
	n, err := env.Ent.User.Query().Where(user.TenantID(res.TenantID), user.Username("county_admin")).Count(ctx)
	if err != nil || n != 1 {
		t.Errorf("county_admin of the second tenant: %d (%v)", n, err)
	}
}

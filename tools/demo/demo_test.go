package demo_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
	"xiangzhi/tools/demo"
	"xiangzhi/tools/demo/demotest"
)

func TestGenerateCounty(t *testing.T) {
	if testing.Short() {
		t.Skip("the full demo county takes a while")
	}
	app := demotest.NewApp(t)
	client := demotest.Client(app)
	ctx := context.Background()
	start := time.Now()
	res, err := demo.Generate(ctx, demo.Options{Store: app.Store(), Ent: client, Set: app.Modules(), Seed: 1,
		Now: demotest.Now, DataDir: app.Config().DataDir, AdminPassword: "Admin#2025demo"})
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	t.Logf("generated in %v: %d villagers, %d households", time.Since(start), res.Villagers, res.Households)
	if len(res.Townships) != 3 || len(res.Villages) != 12 || res.County.Kind != demo.KindCounty {
		t.Fatalf("county %v, %d townships, %d villages", res.County, len(res.Townships), len(res.Villages))
	}
	if res.Villagers != demo.DefaultVillagers || res.Records["villager"] != demo.DefaultVillagers {
		t.Errorf("villagers = %d (records %d), want %d", res.Villagers, res.Records["villager"], demo.DefaultVillagers)
	}
	for _, m := range app.Modules().Modules {
		if res.Records[m.Name] == 0 {
			t.Errorf("module %s has no records", m.Name)
		}
	}
	_ = store.Scope{}
	_ = query.Query{}
	_ = schema.DateLayout
	_ = errors.New
}

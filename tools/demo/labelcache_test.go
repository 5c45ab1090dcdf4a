package demo_test

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"testing"

	"xiangzhi/engine"
	"xiangzhi/engine/store"
	"xiangzhi/modules/system"
	"xiangzhi/tools/demo/demotest"
)

// TestLabelCache: the labels of references are kept between requests and
// checked against the write sequence of the referenced table, so a renamed
// household or grid shows its new name on the next list and get — on the
// instance that wrote and on a second instance sharing the database, on
// each database — and a label kept for one viewer's scope never reaches a
// viewer whose scope does not reach the record.
func TestLabelCache(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		app := demotest.NewApp(t)
		labelCache(t, app, "file:"+filepath.Join(app.Config().DataDir, store.DefaultFile))
	})
	t.Run("postgres", func(t *testing.T) {
		url := demotest.FreshPostgres(t)
		labelCache(t, demotest.NewAppOn(t, url), url)
	})
	t.Run("mysql", func(t *testing.T) {
		url := demotest.FreshMySQL(t)
		labelCache(t, demotest.NewAppOn(t, url), url)
	})
}

// labelCache runs the checks on app, filled with the demo county, and a
// second app opened on the same database (dbURL).
func labelCache(t *testing.T, app *engine.App, dbURL string) {
	ctx := context.Background()
	env := demotest.NewOn(t, app)
	app2 := demotest.NewAppOn(t, dbURL)
	if err := system.Register(app2); err != nil {
		t.Fatal(err)
	}
	env2 := &demotest.Env{App: app2, Ent: demotest.Client(app2), County: env.County}
	v1, v2 := env.Village(1), env.Village(2)
	admin := env.Login(t, "v01_admin")
	admin2 := env2.Login(t, "v01_admin")

	var person store.Record
	for _, r := range env.Rows(t, "villager", v1.ID) {
		if r["household"] != nil && r["grid"] != nil {
			person = r
			break
		}
	}
	if person == nil {
		t.Fatal("no villager of village 1 has a household and a grid")
	}
	id, gridID, hhID := person["id"].(int64), person["grid"].(int64), person["household"].(int64)
	grids, households := app.Modules().Module("grid"), app.Modules().Module("household")

	// labels answers the grid and household labels of the villager in a get
	// and in a list, as the viewer of token sees them on e's instance.
	type seen struct{ getGrid, getHH, listGrid, listHH string }
	labels := func(e *demotest.Env, token string) seen {
		t.Helper()
		var s seen
		status, res := e.Call(t, token, http.MethodGet, fmt.Sprintf("/cmzz/api/villagerinfo/%d", id), nil)
		if status != http.StatusOK {
			t.Fatalf("get villager: %d %v", status, res)
		}
		rec := res["data"].(map[string]any)
		s.getGrid, _ = labelOf(rec, "grid", gridID)
		s.getHH, _ = labelOf(rec, "household", hhID)
		status, res = e.Call(t, token, http.MethodGet, fmt.Sprintf("/cmzz/api/villagerinfo?household=%d&size=50", hhID), nil)
		if status != http.StatusOK {
			t.Fatalf("list villagers: %d %v", status, res)
		}
		for _, r := range res["data"].(map[string]any)["data"].([]any) {
			if rec := r.(map[string]any); demotest.Num(rec["id"]) == id {
				s.listGrid, _ = labelOf(rec, "grid", gridID)
				s.listHH, _ = labelOf(rec, "household", hhID)
			}
		}
		return s
	}
	want := func(grid, hh string) seen { return seen{grid, hh, grid, hh} }
	check := func(what string, got, want seen) {
		t.Helper()
		if got != want {
			t.Errorf("%s: labels (get grid, get household, list grid, list household) = %q, want %q", what, got, want)
		}
	}

	gridName := env.Get(t, "grid", gridID)["name"].(string)
	hhNo := env.Get(t, "household", hhID)["householdNo"].(string)
	check("instance 1", labels(env, admin), want(gridName, hhNo))
	check("instance 2", labels(env2, admin2), want(gridName, hhNo))
	if app.Store().FieldValuesCached() == 0 || app2.Store().FieldValuesCached() == 0 {
		t.Fatalf("no labels kept (%d, %d)", app.Store().FieldValuesCached(), app2.Store().FieldValuesCached())
	}

	// Kept: a change that bypasses the store (and so the write sequence) is
	// not seen — the labels come from memory, not from a new read.
	if _, err := app.Store().DB().ExecContext(ctx, fmt.Sprintf(
		"UPDATE mod_grid SET name = 'bypassed' WHERE id = %d", gridID)); err != nil {
		t.Fatal(err)
	}
	check("after a write around the store", labels(env, admin), want(gridName, hhNo))

	// A rename through the second instance's store: both see it at once.
	if _, err := app2.Store().Update(ctx, grids, env.TenantScope(), gridID, store.Record{"name": "改名后的网格"}); err != nil {
		t.Fatal(err)
	}
	check("instance 1 after instance 2 renamed the grid", labels(env, admin), want("改名后的网格", hhNo))
	check("instance 2 after it renamed the grid", labels(env2, admin2), want("改名后的网格", hhNo))

	// A household renamed through the first instance: both see it at once.
	if _, err := app.Store().Update(ctx, households, env.TenantScope(), hhID, store.Record{"householdNo": "3715251012019999"}); err != nil {
		t.Fatal(err)
	}
	check("instance 2 after instance 1 renamed the household", labels(env2, admin2), want("改名后的网格", "3715251012019999"))
	check("instance 1 after it renamed the household", labels(env, admin), want("改名后的网格", "3715251012019999"))

	t.Run("a kept label never widens the scope", func(t *testing.T) {
		var far, theirs int64 // a grid of village 2, and a villager of it living there
		for _, r := range env.Rows(t, "villager", v2.ID) {
			if r["grid"] != nil {
				far, theirs = r["grid"].(int64), r["id"].(int64)
				break
			}
		}
		if far == 0 {
			t.Fatal("no villager of village 2 has a grid")
		}
		farName := env.Get(t, "grid", far)["name"]
		villagers := app.Modules().Module("villager")
		if _, err := app.Store().Update(ctx, villagers, env.TenantScope(), id, store.Record{"grid": far}); err != nil {
			t.Fatal(err)
		}
		url := fmt.Sprintf("/cmzz/api/villagerinfo/%d", id)
		farOf := func(e *demotest.Env, token string) (string, bool) {
			t.Helper()
			status, res := e.Call(t, token, http.MethodGet, url, nil)
			if status != http.StatusOK {
				t.Fatalf("get villager: %d %v", status, res)
			}
			return labelOf(res["data"].(map[string]any), "grid", far)
		}
		// Viewers who reach village 2's grid read it first, on both
		// instances: the county administrator through this villager, village
		// 2's administrator through one of its own.
		county, county2 := env.Login(t, "county_admin"), env2.Login(t, "county_admin")
		if got, _ := farOf(env, county); got != farName {
			t.Fatalf("county_admin sees village 2's grid labelled %q, want %v", got, farName)
		}
		if got, _ := farOf(env2, county2); got != farName {
			t.Fatalf("county_admin (instance 2) sees village 2's grid labelled %q, want %v", got, farName)
		}
		for _, e := range []*demotest.Env{env, env2} {
			status, res := e.Call(t, e.Login(t, "v02_admin"), http.MethodGet, fmt.Sprintf("/cmzz/api/villagerinfo/%d", theirs), nil)
			if got, _ := labelOf(res["data"].(map[string]any), "grid", far); status != http.StatusOK || got != farName {
				t.Fatalf("v02_admin sees its own grid labelled %q (%d)", got, status)
			}
		}
		for i, c := range []struct {
			e     *demotest.Env
			token string
		}{{env, admin}, {env2, admin2}} {
			if got, ok := farOf(c.e, c.token); ok {
				t.Errorf("instance %d: v01_admin sees village 2's grid labelled %q", i+1, got)
			}
			status, res := c.e.Call(t, c.token, http.MethodGet, fmt.Sprintf("/cmzz/api/villagerinfo?household=%d&size=50", hhID), nil)
			if status != http.StatusOK {
				t.Fatalf("list villagers: %d %v", status, res)
			}
			for _, r := range res["data"].(map[string]any)["data"].([]any) {
				if got, ok := labelOf(r.(map[string]any), "grid", far); ok {
					t.Errorf("instance %d: v01_admin's list labels village 2's grid %q", i+1, got)
				}
			}
		}
	})
}

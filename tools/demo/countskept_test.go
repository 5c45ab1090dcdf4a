package demo_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"xiangzhi/engine"
	"xiangzhi/engine/config"
	"xiangzhi/engine/store"
	"xiangzhi/modules/system"
	"xiangzhi/schemas"
	"xiangzhi/tools/demo/demotest"
)

// TestCountsKeptOnWrite*: the workbench's registers and the county screen's
// widgets (数据统计), which the store keeps per organisation between writes
// (docs/store.md § Statistics kept per organisation), are after each kind
// of write — a create, a status action, an update that moves a villager to
// another group and to another village, a delete, an import — what a newly
// started instance counts from scratch, on the instance that wrote and on a
// second one over the same database, for the county and for a village
// administrator; and neither instance counted a statistic whole again.
func TestCountsKeptOnWriteSQLite(t *testing.T) {
	runCountsKept(t, demotest.NewApp(t))
}

func TestCountsKeptOnWritePostgres(t *testing.T) {
	runCountsKept(t, demotest.NewAppOn(t, demotest.FreshPostgres(t)))
}

func TestCountsKeptOnWriteMySQL(t *testing.T) {
	runCountsKept(t, demotest.NewAppOn(t, demotest.FreshMySQL(t)))
}

// another starts one more instance on app's database, with the system
// module and the workbench; the caller closes it.
func another(t *testing.T, app *engine.App) *engine.App {
	t.Helper()
	cfg := config.Default()
	cfg.DataDir = app.Config().DataDir
	cfg.DBURL = app.Config().DBURL
	cfg.SchemasFS = schemas.FS()
	cfg.ConsoleFS = nil
	cfg.Logger = app.Logger()
	b, err := engine.New(cfg)
	if err != nil {
		t.Fatalf("engine.New: %v", err)
	}
	if err := system.Register(b); err != nil {
		t.Fatalf("system.Register: %v", err)
	}
	if err := registerWorkbench(b); err != nil {
		t.Fatalf("register: %v", err)
	}
	return b
}

func runCountsKept(t *testing.T, app *engine.App) {
	e := demotest.NewOn(t, app, registerWorkbench)
	b := another(t, app)
	t.Cleanup(func() { b.Close() })
	eb := &demotest.Env{App: b, Ent: e.Ent, County: e.County}
	users := map[string]string{"county_admin": e.Login(t, "county_admin"), "v01_admin": e.Login(t, "v01_admin")}
	// figures are what a user's two screens show: the workbench's
	// registers and every widget of the county screen.
	figures := func(env *demotest.Env, token string) string {
		t.Helper()
		status, wb := env.Call(t, token, http.MethodGet, "/api/workbench", nil)
		if status != http.StatusOK {
			t.Fatalf("workbench = %d %v", status, wb["msg"])
		}
		status, co := env.Call(t, token, http.MethodGet, "/api/dashboards/countyOverview/data", nil)
		if status != http.StatusOK {
			t.Fatalf("countyOverview = %d %v", status, co["msg"])
		}
		out, err := json.Marshal([]any{wb["data"].(map[string]any)["registers"], co["data"].(map[string]any)["widgets"]})
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	var last [2]store.Recounts
	check := func(step string) {
		t.Helper()
		fresh := another(t, app)
		defer fresh.Close()
		ef := &demotest.Env{App: fresh, Ent: e.Ent, County: e.County}
		for name, token := range users {
			want := figures(ef, token)
			for i, env := range []*demotest.Env{e, eb} {
				if got := figures(env, token); got != want {
					t.Errorf("%s: %s's figures on instance %d differ from a fresh count:\n%s\nfresh:\n%s", step, name, i+1, got, want)
				}
			}
		}
		for i, a := range []*engine.App{app, b} {
			r := a.Store().StatsRecounts()
			// A statistic asked for the first time (a register that has
			// just entered the workbench's twelve) is counted whole; one
			// kept is counted for the written organisations only.
			if step != "start" && (r.Again != last[i].Again || r.Part == last[i].Part) {
				t.Errorf("%s: instance %d counted %d kept statistics whole again, %d in part; want none whole, some in part",
					step, i+1, r.Again-last[i].Again, r.Part-last[i].Part)
			}
			last[i] = r
		}
	}
	check("start")

	county := users["county_admin"]
	v1, v2 := e.Village(1), e.Village(2)
	events := e.Rows(t, "event", v1.ID)
	api := func(module string) string { return app.Modules().Module(module).API }
	event := func(no string, org int64) map[string]any {
		src := events[0]
		return map[string]any{"eventNo": no, "title": "计数测试", "category": src["category"], "source": 1,
			"happenTime": src["happenTime"], "address": "村口", "grid": src["grid"], "description": "计数",
			"reporterName": "张三", "reportTime": src["reportTime"], "orgId": org}
	}
	status, res := e.Call(t, county, http.MethodPost, api("event"), event("JS-0001", v1.ID))
	if status != http.StatusOK {
		t.Fatalf("create event = %d %v", status, res["msg"])
	}
	check("an event created")
	id := demotest.Num(res["data"].(map[string]any)["id"])
	if status, res := eb.Call(t, county, http.MethodPut, fmt.Sprintf("%s/%d/status", api("event"), id),
		map[string]any{"action": "accept"}); status != http.StatusOK {
		t.Fatalf("accept = %d %v", status, res["msg"])
	}
	check("the event accepted on the other instance")

	var living store.Record
	for _, r := range e.Rows(t, "villager", v1.ID) {
		if fmt.Sprint(r["lifeStatus"]) == "1" {
			living = r
			break
		}
	}
	vid := living["id"].(int64)
	var gender any
	for _, r := range e.Rows(t, "villager", 0) {
		if fmt.Sprint(r["gender"]) != fmt.Sprint(living["gender"]) {
			gender = r["gender"]
			break
		}
	}
	if status, res := eb.Call(t, county, http.MethodPut, fmt.Sprintf("%s/%d", api("villager"), vid),
		map[string]any{"gender": gender}); status != http.StatusOK {
		t.Fatalf("update villager = %d %v", status, res)
	}
	check("a villager's gender changed on the other instance")
	if status, res := e.Call(t, county, http.MethodPut, fmt.Sprintf("%s/%d", api("villager"), vid),
		map[string]any{"orgId": v2.ID}); status != http.StatusOK {
		t.Fatalf("move villager = %d %v", status, res["msg"])
	}
	check("a villager moved to another village")
	other := e.Rows(t, "villager", v1.ID)[0]["id"].(int64)
	if status, res := e.Call(t, county, http.MethodDelete, fmt.Sprintf("%s/%d", api("villager"), other), nil); status != http.StatusOK {
		t.Fatalf("delete villager = %d %v", status, res["msg"])
	}
	check("a villager deleted")
	// An import writes its rows in one transaction (Store.CreateMany).
	var recs []store.Record
	for i, org := range []int64{v1.ID, v2.ID, v1.ID} {
		recs = append(recs, store.Record(event(fmt.Sprintf("JS-1%03d", i), org)))
	}
	sc := e.TenantScope()
	sc.UserID = e.Account(t, "county_admin").ID
	if err := b.Store().CreateMany(context.Background(), b.Modules().Module("event"), sc, recs); err != nil {
		t.Fatal(err)
	}
	check("events imported on the other instance")
}

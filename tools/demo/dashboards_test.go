package demo_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"xiangzhi/engine"
	"xiangzhi/modules/approval"
	"xiangzhi/modules/message"
	"xiangzhi/modules/workbench"
	"xiangzhi/tools/demo/demotest"
)

// registerWorkbench adds the parts the workbench reads: the workflow, the
// messages and the workbench itself.
func registerWorkbench(app *engine.App) error {
	wf, err := approval.Start(app)
	if err != nil {
		return err
	}
	app.SetOpenTasks(approval.OpenTasks(wf))
	msgs, err := message.RegisterService(app)
	if err != nil {
		return err
	}
	workbench.Register(app, wf, msgs.UnreadCount)
	return nil
}

// TestShippedDashboards: the two large screens answer every widget on the
// demo county; their numbers are the demo's rows in the viewer's scope (a
// village administrator's screen starts at the village and counts only
// it, the townships add up to the county); a user without the visit code
// is refused; the workbench counts the registers the user can see.
func TestShippedDashboards(t *testing.T) {
	e := demotest.New(t, registerWorkbench)
	county := e.Login(t, "county_admin")
	village := e.Login(t, "v01_admin")
	living := func(org int64) int64 {
		var n int64
		for _, r := range e.Rows(t, "villager", 0) {
			if fmt.Sprint(r["lifeStatus"]) == "1" && (org == 0 || r["orgId"] == org) {
				n++
			}
		}
		return n
	}
	data := func(token, name, params string) map[string]any {
		t.Helper()
		status, env := e.Call(t, token, http.MethodGet, "/api/dashboards/"+name+"/data"+params, nil)
		if status != http.StatusOK {
			t.Fatalf("%s%s = %d %v", name, params, status, env["msg"])
		}
		d := env["data"].(map[string]any)
		for id, w := range d["widgets"].(map[string]any) {
			if errv, bad := w.(map[string]any)["error"]; bad {
				t.Errorf("%s widget %s: %v", name, id, errv)
			}
		}
		return d
	}
	firstItem := func(d map[string]any, widget string) int64 {
		items := d["widgets"].(map[string]any)[widget].(map[string]any)["items"].([]any)
		return demotest.Num(items[0].(map[string]any)["value"])
	}
	for _, name := range []string{"countyOverview", "sixTopics"} {
		data(county, name, "")
	}
	all := data(county, "countyOverview", "")
	if got, want := firstItem(all, "population"), living(0); got != want || want == 0 {
		t.Errorf("county population = %d, want %d", got, want)
	}
	var sum int64
	for _, b := range all["widgets"].(map[string]any)["popByPlace"].(map[string]any)["buckets"].([]any) {
		sum += demotest.Num(b.(map[string]any)["count"])
	}
	if sum != living(0) {
		t.Errorf("the townships add up to %d, the county has %d", sum, living(0))
	}
	v1 := e.Village(1)
	mine := data(village, "countyOverview", "")
	if top := mine["top"].(map[string]any); demotest.Num(top["id"]) != v1.ID || top["name"] != v1.Name {
		t.Errorf("village screen top = %v, want %s", top, v1.Name)
	}
	if got, want := firstItem(mine, "population"), living(v1.ID); got != want || want == 0 {
		t.Errorf("village population = %d, want %d", got, want)
	}
	if markers := mine["widgets"].(map[string]any)["map"].(map[string]any)["markers"].([]any); len(markers) != 1 ||
		demotest.Num(markers[0].(map[string]any)["org"]) != v1.ID {
		t.Errorf("village map markers = %v, want its own", markers)
	}
	if status, env := e.Call(t, village, http.MethodGet, "/api/dashboards/countyOverview/data?org="+fmt.Sprint(e.County.Townships[0].ID), nil); status != http.StatusForbidden {
		t.Errorf("a village drilling up = %d %v, want 403", status, env["msg"])
	}
	drilled := data(county, "countyOverview", "?org="+fmt.Sprint(v1.ID))
	if got := firstItem(drilled, "population"); got != living(v1.ID) {
		t.Errorf("county drilled into %s = %d, want %d", v1.Name, got, living(v1.ID))
	}
	nobody := e.UserWithoutRoles(t, v1.ID)
	for _, path := range []string{"/api/dashboards/countyOverview", "/api/dashboards/countyOverview/data", "/api/dashboards/sixTopics/data"} {
		if status, env := e.Call(t, nobody, http.MethodGet, path, nil); status != http.StatusForbidden || env["msg"] != "没有操作权限" {
			t.Errorf("%s without the visit code = %d %v, want 403 没有操作权限", path, status, env["msg"])
		}
	}

	status, env := e.Call(t, village, http.MethodGet, "/api/workbench", nil)
	if status != http.StatusOK {
		t.Fatalf("workbench = %d %v", status, env["msg"])
	}
	wb := env["data"].(map[string]any)
	var villagers map[string]any
	for _, r := range wb["registers"].([]any) {
		if r.(map[string]any)["module"] == "villager" {
			villagers = r.(map[string]any)
		}
	}
	if villagers == nil || demotest.Num(villagers["count"]) != int64(len(e.Rows(t, "villager", v1.ID))) ||
		len(villagers["spark"].([]any)) != 12 {
		t.Errorf("workbench villagers = %v, want the village's %d rows and 12 months", villagers, len(e.Rows(t, "villager", v1.ID)))
	}
	if _, ok := wb["todo"].(map[string]any)["count"]; !ok || !strings.Contains(fmt.Sprint(wb), "unread") {
		t.Errorf("workbench = %v", wb)
	}
	// Screen visits feed 常用功能: the reads the operation log does not see.
	for _, m := range []string{"villager", "villager", "villager", "event"} {
		if status, env := e.Call(t, village, http.MethodPost, "/api/workbench/visits", map[string]any{"module": m}); status != http.StatusOK {
			t.Fatalf("visit %s = %d %v", m, status, env["msg"])
		}
	}
	if status, env := e.Call(t, village, http.MethodPost, "/api/workbench/visits", map[string]any{"module": "nope"}); status != http.StatusBadRequest || env["msg"] != "不存在的模块：nope" {
		t.Errorf("visit of an unknown module = %d %v", status, env["msg"])
	}
	if status, _ := e.Call(t, nobody, http.MethodPost, "/api/workbench/visits", map[string]any{"module": "villager"}); status != http.StatusForbidden {
		t.Errorf("a visit of a module the user cannot list = %d, want 403", status)
	}
	_, env = e.Call(t, village, http.MethodGet, "/api/workbench", nil)
	frequent := env["data"].(map[string]any)["frequent"].([]any)
	if len(frequent) < 2 || frequent[0].(map[string]any)["module"] != "villager" || demotest.Num(frequent[0].(map[string]any)["count"]) < 3 {
		t.Errorf("frequent after the visits = %v, want villager first with at least 3", frequent)
	}
	// Any other screen reports its menu route: the title is the menu's, and only the user's menus count.
	_, env = e.Call(t, village, http.MethodGet, "/api/system/cscpMenus", nil)
	var route, title string
	for _, m := range env["data"].([]any) {
		m := m.(map[string]any)
		if u, _ := m["url"].(string); m["type"] != "button" && strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "/m/") &&
			u != "/workbench" && m["address"] == "" {
			route, title = u, m["title"].(string)
			break
		}
	}
	if route == "" {
		t.Fatalf("the village administrator holds no menu of another screen: %v", env["data"])
	}
	for range 5 {
		if status, env := e.Call(t, village, http.MethodPost, "/api/workbench/visits", map[string]any{"route": route}); status != http.StatusOK {
			t.Fatalf("visit %s = %d %v", route, status, env["msg"])
		}
	}
	for who, r := range map[string]string{village: "/nope", nobody: route} {
		if status, env := e.Call(t, who, http.MethodPost, "/api/workbench/visits", map[string]any{"route": r}); status != http.StatusBadRequest ||
			env["msg"] != "不存在的菜单路由："+r {
			t.Errorf("visit of %s outside the user's menus = %d %v", r, status, env["msg"])
		}
	}
	_, env = e.Call(t, village, http.MethodGet, "/api/workbench", nil)
	frequent = env["data"].(map[string]any)["frequent"].([]any)
	var seen map[string]any
	for _, f := range frequent {
		if f.(map[string]any)["route"] == route {
			seen = f.(map[string]any)
		}
	}
	if seen == nil || seen["title"] != title || seen["module"] != "" || demotest.Num(seen["count"]) != 5 {
		t.Errorf("frequent after the route's visits = %v, want %s (%s) with 5", frequent, route, title)
	}
	// The screen's 待我审批 is the viewer's to-do of every workflow module, as on the workbench.
	if got, want := firstItem(mine, "pending"), demotest.Num(wb["todo"].(map[string]any)["count"]); got != want {
		t.Errorf("village screen 待我审批 = %d, the workbench's to-do = %d", got, want)
	}
}

package engine_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/xuri/excelize/v2"

	"xiangzhi/engine/apitest"
)

func TestDashboardsSQLite(t *testing.T)   { runDashboards(t, apitest.SQLiteURL(t)) }
func TestDashboardsPostgres(t *testing.T) { runDashboards(t, apitest.PostgresURL(t)) }
func TestDashboardsMySQL(t *testing.T)    { runDashboards(t, apitest.MySQLURL(t)) }

// The organisation tree of the dashboard tests: a county, two townships,
// three villages.
var (
	testOrgPaths = map[int64]string{1: "/1/", 5: "/1/5/", 6: "/1/5/6/", 8: "/1/5/8/", 7: "/1/7/", 9: "/1/7/9/"}
	testOrgNames = map[int64]string{1: "示范县", 5: "东镇", 6: "甲村", 8: "乙村", 7: "西镇", 9: "丙村"}
)

// call runs one request as the member of org ("" the county
// administrator) and decodes the envelope's data.
func (a *testApp) call(t *testing.T, method, url, org string, body string, headers ...string) (int, any) {
	t.Helper()
	req := httptest.NewRequest(method, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if org != "" {
		req.Header.Set(apitest.HeaderOrg, org)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	a.Handler().ServeHTTP(rec, req)
	var env map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil {
		return rec.Code, rec.Body.String()
	}
	if rec.Code != http.StatusOK {
		return rec.Code, env["msg"]
	}
	return rec.Code, env["data"]
}

// compact renders a decoded value as JSON for comparing with expectations.
func compact(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// buckets reduces a stats answer to "label:count/value" (and its subs).
func buckets(v any) string {
	list, _ := v.([]any)
	var parts []string
	for _, x := range list {
		b := x.(map[string]any)
		s := fmt.Sprintf("%v:%v/%v", b["label"], b["count"], b["value"])
		if sub, ok := b["sub"]; ok {
			s += "[" + buckets(sub) + "]"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

// runDashboards checks the statistics and the dashboard calls against
// hand-computed answers on five fixed records:
//
//	A 甲村(6) 男 100.00 2026-01-10     B 甲村(6) 女 50.00 2026-02-10 (approved)
//	C 乙村(8) 男  30.00 2026-02-20     D 丙村(9) 男 200.00 2025-12-01
//	E 东镇(5) 女  10.00 2026-03-01 (a township's own record)
func runDashboards(t *testing.T, dbURL string) {
	a := newTestApp(t, dbURL)
	a.sys.Orgs = testOrgPaths
	a.sys.Names = func(_ context.Context, _ int64, ref, _ string, ids []int64) (map[int64]string, error) {
		out := map[int64]string{}
		for _, id := range ids {
			if n, ok := testOrgNames[id]; ok && ref == "org" {
				out[id] = n
			}
		}
		return out, nil
	}
	for i, r := range []struct {
		org          int
		gender       string
		amount, date string
	}{{6, "1", "100", "2026-01-10"}, {6, "0", "50", "2026-02-10"}, {8, "1", "30", "2026-02-20"},
		{9, "1", "200", "2025-12-01"}, {5, "0", "10", "2026-03-01"}} {
		body := subsidy(string(rune('A'+i)), 100+i, r.gender, fmt.Sprintf(`,"orgId":%d,"amount":%s,"applyDate":%q`, r.org, r.amount, r.date))
		if status, data := a.call(t, http.MethodPost, subsidies, "", body); status != 200 {
			t.Fatalf("create %d: %d %v", i, status, data)
		}
	}
	if status, data := a.call(t, http.MethodPut, subsidies+"/2/status", "", `{"action":"approve","version":1}`); status != 200 {
		t.Fatalf("approve B: %d %v", status, data)
	}

	t.Run("stats", func(t *testing.T) {
		for _, tt := range []struct {
			name, url, org, want string
		}{
			{"townships", "/stats?by=orgId&level=township", "", "东镇:4/4 西镇:1/1"},
			{"villages of a township by status", "/stats?by=orgId&level=village&then=auditStatus&under=5", "",
				"未填写:1/1[审核中:1/1] 甲村:2/2[审核中:1/1 已通过:1/1] 乙村:1/1[审核中:1/1]"},
			{"child level under a township", "/stats?by=orgId&level=child&under=5", "", "未填写:1/1 甲村:2/2 乙村:1/1"},
			{"sum of amounts by gender", "/stats?by=gender&measure=sum&of=amount", "", "女:2/60 男:3/330"},
			{"average by gender", "/stats?by=gender&measure=avg&of=amount", "", "女:2/30 男:3/110"},
			{"max of a township's villages", "/stats?by=orgId&level=3&measure=max&of=amount", "5", "未填写:1/10 甲村:2/100 乙村:1/30"},
			{"ranking", "/stats?by=orgId&level=village&measure=sum&of=amount&top=2", "", "丙村:1/200 甲村:2/150"},
			{"months with criteria", "/stats?by=applyDate&bucket=month&gender=1", "", "2025-12:1/1 2026-01:1/1 2026-02:1/1"},
			{"weeks", "/stats?by=applyDate&bucket=week&applyDate.greaterThanOrEqual=2026-02-01", "",
				"2026-02-09:1/1 2026-02-16:1/1 2026-02-23:1/1"},
			{"a village sees its own", "/stats?by=gender", "6", "女:1/1 男:1/1"},
		} {
			t.Run(tt.name, func(t *testing.T) {
				status, data := a.call(t, http.MethodGet, subsidies+tt.url, tt.org, "")
				if status != 200 || buckets(data) != tt.want {
					t.Errorf("%s as %q = %d %s, want %s", tt.url, tt.org, status, buckets(data), tt.want)
				}
			})
		}
		// Two scopes one after the other, twice: each gets its own
		// numbers from the cache, never the other's.
		for range 2 {
			for _, who := range []struct{ org, want string }{{"", "女:2/2 男:3/3"}, {"5", "女:2/2 男:2/2"}, {"6", "女:1/1 男:1/1"}} {
				if _, data := a.call(t, http.MethodGet, subsidies+"/stats?by=gender", who.org, ""); buckets(data) != who.want {
					t.Errorf("by gender as %q = %s, want %s", who.org, buckets(data), who.want)
				}
			}
		}
		// A write is counted at once.
		if status, data := a.call(t, http.MethodPost, subsidies, "6", subsidy("F", 200, "0", "")); status != 200 {
			t.Fatalf("create F: %d %v", status, data)
		}
		if _, data := a.call(t, http.MethodGet, subsidies+"/stats?by=gender", "6", ""); buckets(data) != "女:2/2 男:1/1" {
			t.Errorf("after a write the village counts %s, want 女:2/2 男:1/1", buckets(data))
		}
		if status, _ := a.call(t, http.MethodDelete, subsidies+"/6", "6", ""); status != 200 {
			t.Fatalf("delete F: %d", status)
		}
		for _, bad := range []struct{ url, org, msg string }{
			{"/stats?by=gender&measure=median", "", "不支持的统计方式：median"},
			{"/stats?by=gender&measure=sum&of=name", "", "不支持的统计指标字段：name"},
			{"/stats?by=gender&measure=sum", "", "不支持的统计指标字段："},
			{"/stats?by=orgId&level=9", "", "不支持的组织层级：9"},
			{"/stats?by=gender&level=2", "", "不支持的组织层级：2"},
			{"/stats?by=gender&then=name", "", "不支持的统计字段：name"},
			{"/stats?by=gender&top=0", "", "统计数量上限为1到100"},
			{"/stats?by=applyDate&bucket=age&bands=40,20", "", "不支持的年龄分段：40,20"},
			{"/stats?by=gender&under=5", "6", "无权查看该组织的数据"},
			{"/stats?by=gender&under=9", "5", "无权查看该组织的数据"},
			{"/stats?by=gender&under=x", "", "无权查看该组织的数据"},
		} {
			status, m := a.call(t, http.MethodGet, subsidies+bad.url, bad.org, "")
			if status/100 != 4 || m != bad.msg {
				t.Errorf("%s as %q = %d %v, want 4xx %s", bad.url, bad.org, status, m, bad.msg)
			}
		}
	})

	t.Run("dashboard", func(t *testing.T) {
		status, data := a.call(t, http.MethodGet, "/api/dashboards", "", "")
		if status != 200 || compact(data) != `[{"code":"test.dashboard","name":"overview","route":"/testDashboard","title":"测试看板"}]` {
			t.Errorf("list = %d %s", status, compact(data))
		}
		if _, data := a.call(t, http.MethodGet, "/api/dashboards", "", "", apitest.HeaderDeny, "test.dashboard"); compact(data) != `[]` {
			t.Errorf("list without the code = %s, want []", compact(data))
		}
		status, data = a.call(t, http.MethodGet, "/api/dashboards/overview", "", "")
		def, _ := data.(map[string]any)
		if status != 200 || compact(def["top"]) != `{"id":1,"level":1,"name":"示范县"}` ||
			!strings.Contains(compact(def["filters"]), `"options":[{"label":"东镇","value":5},{"label":"西镇","value":7}]`) ||
			!strings.Contains(compact(def["filters"]), `{"label":"女","value":"0"}`) || len(def["widgets"].([]any)) != 6 {
			t.Errorf("definition = %d %s", status, compact(data))
		}
		for _, url := range []string{"/api/dashboards/overview", "/api/dashboards/overview/data",
			"/api/dashboards/overview/widgets/total/export"} {
			if status, m := a.call(t, http.MethodGet, url, "", "", apitest.HeaderDeny, "test.dashboard"); status != 403 || m != "没有操作权限" {
				t.Errorf("%s without the visit code = %d %v, want 403", url, status, m)
			}
		}
		if status, _ := a.call(t, http.MethodGet, "/api/dashboards/nothing/data", "", ""); status != 404 {
			t.Errorf("unknown dashboard = %d, want 404", status)
		}

		widgets := func(t *testing.T, org, params string) map[string]any {
			t.Helper()
			status, data := a.call(t, http.MethodGet, "/api/dashboards/overview/data"+params, org, "")
			if status != 200 {
				t.Fatalf("data%s as %q = %d %v", params, org, status, data)
			}
			return data.(map[string]any)
		}
		county := widgets(t, "", "")
		w := county["widgets"].(map[string]any)
		for id, want := range map[string]string{
			"total":    `{"items":[{"label":"申请人数","unit":"","value":5},{"label":"补贴总额","unit":"元","value":390}]}`,
			"approved": `{"ratio":0.2,"total":5,"value":1}`,
		} {
			if compact(w[id]) != want {
				t.Errorf("county %s = %s, want %s", id, compact(w[id]), want)
			}
		}
		for id, want := range map[string]string{
			"byPlace": "东镇:4/4[审核中:3/3 已通过:1/1] 西镇:1/1[审核中:1/1]",
			"byMonth": "2025-12:1/1 2026-01:1/1 2026-02:2/2 2026-03:1/1",
			"ranking": "丙村:1/200 甲村:2/150",
		} {
			if got := buckets(w[id].(map[string]any)["buckets"]); got != want {
				t.Errorf("county %s = %s, want %s", id, got, want)
			}
		}
		latest := w["latest"].(map[string]any)
		if compact(latest["columns"]) != `[{"field":"name","label":"姓名"},{"field":"gender","label":"性别"},{"field":"applyDate","label":"申请日期"}]` ||
			len(latest["rows"].([]any)) != 5 || compact(latest["rows"].([]any)[0]) != `{"applyDate":"2026-03-01","gender":"女","id":5,"name":"E"}` {
			t.Errorf("latest = %s", compact(latest))
		}
		if compact(county["path"]) != `[{"id":1,"level":1,"name":"示范县"}]` {
			t.Errorf("county path = %s", compact(county["path"]))
		}

		town := widgets(t, "", "?org=5")
		w = town["widgets"].(map[string]any)
		if compact(town["path"]) != `[{"id":1,"level":1,"name":"示范县"},{"id":5,"level":2,"name":"东镇"}]` ||
			compact(w["total"]) != `{"items":[{"label":"申请人数","unit":"","value":4},{"label":"补贴总额","unit":"元","value":190}]}` ||
			buckets(w["byPlace"].(map[string]any)["buckets"]) != "未填写:1/1[审核中:1/1] 甲村:2/2[审核中:1/1 已通过:1/1] 乙村:1/1[审核中:1/1]" ||
			len(w["latest"].(map[string]any)["rows"].([]any)) != 4 {
			t.Errorf("drilled into 东镇: %s", compact(town))
		}
		filtered := widgets(t, "", "?township=5&gender=1&from=2026-02-01&to=2026-02-28")
		w = filtered["widgets"].(map[string]any)
		if compact(w["total"]) != `{"items":[{"label":"申请人数","unit":"","value":1},{"label":"补贴总额","unit":"元","value":30}]}` ||
			buckets(w["byPlace"].(map[string]any)["buckets"]) != "乙村:1/1[审核中:1/1]" ||
			buckets(w["byMonth"].(map[string]any)["buckets"]) != "2026-01:1/1 2026-02:2/2 2026-03:1/1" {
			t.Errorf("filtered: %s", compact(filtered))
		}
		one := widgets(t, "", "?org=5&to=2026-02-10&widgets=total")
		if compact(one["widgets"]) != `{"total":{"items":[{"label":"申请人数","unit":"","value":2},{"label":"补贴总额","unit":"元","value":150}]}}` {
			t.Errorf("one widget to 2026-02-10: %s", compact(one["widgets"]))
		}

		village := widgets(t, "6", "")
		w = village["widgets"].(map[string]any)
		if compact(village["top"]) != `{"id":6,"level":3,"name":"甲村"}` ||
			compact(w["total"]) != `{"items":[{"label":"申请人数","unit":"","value":2},{"label":"补贴总额","unit":"元","value":150}]}` ||
			buckets(w["ranking"].(map[string]any)["buckets"]) != "甲村:2/150" {
			t.Errorf("village screen: %s", compact(village))
		}
		for _, bad := range []struct{ org, params, msg string }{
			{"6", "?org=5", "无权查看该组织的数据"},
			{"5", "?org=9", "无权查看该组织的数据"},
			{"", "?from=2026-13-01", "统计周期格式不正确：2026-13-01"},
			{"", "?widgets=nope", "看板没有组件：nope"},
		} {
			if status, m := a.call(t, http.MethodGet, "/api/dashboards/overview/data"+bad.params, bad.org, ""); status/100 != 4 || m != bad.msg {
				t.Errorf("data%s as %q = %d %v, want 4xx %s", bad.params, bad.org, status, m, bad.msg)
			}
		}

		req := httptest.NewRequest(http.MethodGet, "/api/dashboards/overview/widgets/byPlace/export?org=5", nil)
		rec := httptest.NewRecorder()
		a.Handler().ServeHTTP(rec, req)
		if rec.Code != 200 {
			t.Fatalf("export = %d %s", rec.Code, rec.Body.String())
		}
		f, err := excelize.OpenReader(bytes.NewReader(rec.Body.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		rows, _ := f.GetRows(f.GetSheetName(0))
		want := [][]string{{"分组", "子分组", "数量", "数值"}, {"未填写", "审核中", "1", "1"}, {"甲村", "审核中", "1", "1"},
			{"甲村", "已通过", "1", "1"}, {"乙村", "审核中", "1", "1"}}
		if diff := cmp.Diff(want, rows); diff != "" {
			t.Errorf("export rows (-want +got):\n%s", diff)
		}
	})
}

// TestDashboardReload: a dashboard file changed on disk is served after a
// reload; one with problems keeps its previous version; a new one appears.
func TestDashboardReload(t *testing.T) {
	a := newTestApp(t, apitest.SQLiteURL(t))
	ctx := context.Background()
	title := func(name string) string {
		t.Helper()
		status, data := a.call(t, http.MethodGet, "/api/dashboards/"+name, "", "")
		if status != 200 {
			return fmt.Sprint(status)
		}
		return data.(map[string]any)["title"].(string)
	}
	if got := title("overview"); got != "测试看板" {
		t.Fatalf("before reload: %s", got)
	}
	small := `
name: overview
title: 改名的看板
code: test.dashboard
route: /testDashboard
widgets:
  - {id: n, kind: number, title: 数, grid: {x: 0, y: 0, w: 4, h: 2}, items: [{label: 人数, module: handicapped}]}
`
	a.writeFile(t, "dashboards/overview.yaml", small)
	a.writeFile(t, "dashboards/second.yaml", strings.ReplaceAll(strings.ReplaceAll(small, "overview", "second"), "/testDashboard", "/second"))
	if err := a.Reload(ctx); err != nil {
		t.Fatalf("reload: %v", err)
	}
	if title("overview") != "改名的看板" || title("second") != "改名的看板" {
		t.Fatalf("after reload: %s, %s", title("overview"), title("second"))
	}
	a.writeFile(t, "dashboards/overview.yaml", strings.Replace(small, "kind: number", "kind: nothing", 1))
	if err := a.Reload(ctx); err == nil || !strings.Contains(err.Error(), "dashboards/overview.yaml:6: widgets.n.kind: 不支持的组件类型：nothing") {
		t.Fatalf("reload of a bad file: %v", err)
	}
	if title("overview") != "改名的看板" {
		t.Errorf("a file with problems did not keep its previous version: %s", title("overview"))
	}
}

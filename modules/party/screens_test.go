package party_test

import (
	"net/http"
	"testing"

	"xiangzhi/modules/party"
	"xiangzhi/modules/points"
	"xiangzhi/tools/demo"
	"xiangzhi/tools/demo/demotest"
)

// TestExamScreenMenus checks the menus of the marking and statistics
// screens (examAnswer's screens:): the county administrator holds both,
// under the party study group beside 考试成绩, with the codes they need; a
// village administrator, who reads the answer sheets but does not mark
// them, holds only the statistics; a user without roles holds neither.
func TestExamScreenMenus(t *testing.T) {
	env := demotest.New(t, points.Register, party.Register)
	menus := func(token string) map[string]map[string]any {
		t.Helper()
		status, res := env.Call(t, token, http.MethodGet, "/api/system/cscpMenus", nil)
		if status != http.StatusOK {
			t.Fatalf("cscpMenus: %d %v", status, res)
		}
		out := map[string]map[string]any{}
		for _, m := range res["data"].([]any) {
			m := m.(map[string]any)
			if url, _ := m["url"].(string); url != "" && m["type"] != "button" {
				out[url] = m
			}
		}
		return out
	}

	county := menus(env.Login(t, "county_admin"))
	results := county["/m/examAnswer"]
	if results == nil {
		t.Fatalf("the county administrator has no 考试成绩 menu")
	}
	for url, want := range map[string][2]string{
		"/m/exam/marking":    {"简答题评阅", "party.examanswer.edit"},
		"/m/exam/statistics": {"考试统计", "party.examanswer.list"},
	} {
		m := county[url]
		if m == nil {
			t.Fatalf("the county administrator has no menu %s", url)
		}
		if m["title"] != want[0] || m["permissionCode"] != want[1] || m["component"] != "ModuleScreen" {
			t.Errorf("menu %s = %v, want title %s and code %s", url, m, want[0], want[1])
		}
		if demotest.Num(m["parentId"]) != demotest.Num(results["parentId"]) || m["type"] != results["type"] {
			t.Errorf("menu %s is not beside 考试成绩: %v vs %v", url, m, results)
		}
	}

	var villageAdmin string
	for _, a := range env.County.Accounts {
		if a.Role == demo.RoleVillage && a.OrgID == env.Village(1).ID {
			villageAdmin = a.Username
		}
	}
	village := menus(env.Login(t, villageAdmin))
	if village["/m/exam/statistics"] == nil {
		t.Errorf("a village administrator (party.examanswer.list) does not see 考试统计")
	}
	if village["/m/exam/marking"] != nil {
		t.Errorf("a village administrator without party.examanswer.edit sees 简答题评阅")
	}

	none := menus(env.UserWithoutRoles(t, env.Village(1).ID))
	for _, url := range []string{"/m/exam/marking", "/m/exam/statistics"} {
		if none[url] != nil {
			t.Errorf("a user without roles sees %s", url)
		}
	}
}

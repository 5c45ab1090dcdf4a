package demo_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"xiangzhi/engine/store"
	"xiangzhi/tools/demo/demotest"
)

// labelOf is the display value an answer's record carries for id in field.
func labelOf(rec map[string]any, field string, id any) (string, bool) {
	labels, _ := rec["_labels"].(map[string]any)
	byID, _ := labels[field].(map[string]any)
	s, ok := byID[fmt.Sprint(demotest.Num(id))].(string)
	return s, ok
}

// TestReferenceLabels checks the display values of references in list and
// get answers — the target's display field, the organisation's name, none
// for a record outside the viewer's data scope — and the user names of the
// status history.
func TestReferenceLabels(t *testing.T) {
	env := demotest.New(t)
	v1, v2 := env.Village(1), env.Village(2)
	admin := env.Login(t, "v01_admin")
	county := env.Login(t, "county_admin")

	status, res := env.Call(t, admin, http.MethodGet, "/cmzz/api/villagerinfo?size=20", nil)
	if status != http.StatusOK {
		t.Fatalf("list villagers: %d %v", status, res)
	}
	rows := res["data"].(map[string]any)["data"].([]any)
	checked := 0
	for _, r := range rows {
		rec := r.(map[string]any)
		if got, _ := labelOf(rec, "orgId", rec["orgId"]); got != v1.Name {
			t.Errorf("villager %v: orgId label %q, want %q", rec["id"], got, v1.Name)
		}
		if rec["grid"] == nil {
			continue
		}
		want := env.Get(t, "grid", demotest.Num(rec["grid"]))["name"]
		if got, ok := labelOf(rec, "grid", rec["grid"]); !ok || got != want {
			t.Errorf("villager %v: grid label %q, want %v", rec["id"], got, want)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no villager of village 1 has a grid")
	}

	t.Run("a reference out of the viewer's scope has no label", func(t *testing.T) {
		vid := env.Rows(t, "villager", v1.ID)[0]["id"].(int64)
		far := env.Rows(t, "grid", v2.ID)[0]["id"].(int64)
		m := env.App.Modules().Module("villager")
		if _, err := env.App.Store().Update(context.Background(), m, env.TenantScope(), vid, store.Record{"grid": far}); err != nil {
			t.Fatal(err)
		}
		url := fmt.Sprintf("/cmzz/api/villagerinfo/%d", vid)
		_, res := env.Call(t, admin, http.MethodGet, url, nil)
		if got, ok := labelOf(res["data"].(map[string]any), "grid", far); ok {
			t.Errorf("v01_admin sees village 2's grid labelled %q", got)
		}
		_, res = env.Call(t, county, http.MethodGet, url, nil)
		if got, _ := labelOf(res["data"].(map[string]any), "grid", far); got != env.Get(t, "grid", far)["name"] {
			t.Errorf("county_admin sees village 2's grid labelled %q", got)
		}
	})

	t.Run("the status history names its users", func(t *testing.T) {
		person := env.Rows(t, "villager", v1.ID)[0]
		status, res := env.Call(t, admin, http.MethodPost, "/epidemic/api/quarantines", map[string]any{
			"name": person["name"], "idCard": person["idCard"], "mobile": "13912345678", "personType": 1,
			"fromPlace": "北京市大兴区", "arriveTime": "2025-11-01 18:30:00", "controlMeasure": 2,
			"startDate": "2025-11-02"})
		if status != http.StatusOK {
			t.Fatalf("create: %d %v", status, res)
		}
		id := demotest.Num(res["data"].(map[string]any)["id"])
		url := fmt.Sprintf("/epidemic/api/quarantines/%d", id)
		if status, res := env.Call(t, admin, http.MethodPut, url+"/status", map[string]any{"action": "end"}); status != http.StatusOK {
			t.Fatalf("end: %d %v", status, res)
		}
		_, res = env.Call(t, admin, http.MethodGet, url, nil)
		rec := res["data"].(map[string]any)
		hist := rec["history"].([]any)
		acc := env.Account(t, "v01_admin")
		if len(hist) != 1 || hist[0].(map[string]any)["userName"] != acc.Name {
			t.Fatalf("history %v, want one entry by %s", hist, acc.Name)
		}
		if got, _ := labelOf(rec, "createdBy", rec["createdBy"]); got != acc.Name {
			t.Errorf("createdBy label %q, want %q", got, acc.Name)
		}
	})
}

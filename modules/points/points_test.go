package points_test

import (
	"fmt"
	"net/http"
	"testing"

	"xiangzhi/modules/points"
	"xiangzhi/tools/demo/demotest"
)

func TestPointsHooks(t *testing.T) {
	env := demotest.New(t, points.Register)
	v1, v2 := env.Village(1), env.Village(2)
	admin := env.Login(t, "v01_admin")
	gridUser := env.Login(t, "v01_grid1")
	none := env.UserWithoutRoles(t, v1.ID)
	villager := env.Rows(t, "villager", v1.ID)[0]
	other := env.Rows(t, "villager", v2.ID)[0]
	vid := villager["id"].(int64)
	hh := villager["household"].(int64)
	var rule, otherRule map[string]any
	for _, r := range env.Rows(t, "pointsRule", v1.ID) {
		if r["ruleStatus"] == int64(1) && rule == nil {
			rule = r
		}
	}
	otherRule = env.Rows(t, "pointsRule", v2.ID)[0]
	if rule == nil {
		t.Fatal("no enabled rule in village 1")
	}
	total := func(t *testing.T, query string) int64 {
		t.Helper()
		status, res := env.Call(t, admin, http.MethodGet, "/integral/api/pointsLogs/total?"+query, nil)
		if status != http.StatusOK {
			t.Fatalf("total %s: %d %v", query, status, res)
		}
		return demotest.Num(res["data"].(map[string]any)["total"])
	}
	person := fmt.Sprintf("villagerId=%d", vid)
	household := fmt.Sprintf("householdId=%d", hh)

	var created int64
	t.Run("obtain by rule", func(t *testing.T) {
		before := total(t, person)
		status, res := env.Call(t, admin, http.MethodPost, "/integral/api/pointsLogs/obtain",
			map[string]any{"villagerId": vid, "ruleId": rule["id"]})
		if status != http.StatusOK {
			t.Fatalf("obtain: %d %v", status, res)
		}
		data := res["data"].(map[string]any)
		rec := data["record"].(map[string]any)
		want := rule["points"].(int64) * rule["direction"].(int64)
		if demotest.Num(rec["points"]) != want || demotest.Num(rec["balanceAfter"]) != before+want {
			t.Fatalf("entry points %v balance %v, want %d and %d", rec["points"], rec["balanceAfter"], want, before+want)
		}
		if demotest.Num(rec["orgId"]) != v1.ID || rec["reason"] != rule["ruleName"] {
			t.Fatalf("entry org %v reason %v", rec["orgId"], rec["reason"])
		}
		if got := total(t, person); got != before+want {
			t.Fatalf("total = %d, want %d", got, before+want)
		}
		if got, want := env.Get(t, "household", hh)["points"], total(t, household); got != want {
			t.Fatalf("household points %v, household total %d", got, want)
		}
		created = demotest.Num(rec["id"])
	})

	t.Run("obtain without a rule", func(t *testing.T) {
		before := total(t, person)
		status, res := env.Call(t, admin, http.MethodPost, "/integral/api/pointsLogs/obtain",
			map[string]any{"villagerId": vid, "points": -3, "reason": "乱扔垃圾"})
		if status != http.StatusOK || total(t, person) != before-3 {
			t.Fatalf("obtain: %d %v, total %d want %d", status, res, total(t, person), before-3)
		}
		rec := res["data"].(map[string]any)["record"].(map[string]any)
		if demotest.Num(rec["changeType"]) != 2 {
			t.Fatalf("changeType %v, want 2 (扣减)", rec["changeType"])
		}
	})

	t.Run("revoke", func(t *testing.T) {
		before := total(t, person)
		status, res := env.Call(t, admin, http.MethodPost, "/integral/api/pointsLogs/revoke",
			map[string]any{"id": created, "comment": "评定有误"})
		if status != http.StatusOK {
			t.Fatalf("revoke: %d %v", status, res)
		}
		want := before - rule["points"].(int64)*rule["direction"].(int64)
		if got := total(t, person); got != want {
			t.Fatalf("total after revoke = %d, want %d", got, want)
		}
		if got, want := env.Get(t, "household", hh)["points"], total(t, household); got != want {
			t.Fatalf("household points %v, household total %d", got, want)
		}
		status, _ = env.Call(t, admin, http.MethodPost, "/integral/api/pointsLogs/revoke",
			map[string]any{"id": created, "comment": "again"})
		if status != http.StatusConflict {
			t.Fatalf("second revoke = %d, want 409", status)
		}
	})

	otherLog := env.Rows(t, "pointsLog", v2.ID)[0]["id"]
	tests := []struct {
		name   string
		token  string
		method string
		path   string
		body   any
		want   int
	}{
		{"villager of another village", admin, http.MethodPost, "/integral/api/pointsLogs/obtain",
			map[string]any{"villagerId": other["id"], "points": 5, "reason": "x"}, http.StatusNotFound},
		{"rule of another village", admin, http.MethodPost, "/integral/api/pointsLogs/obtain",
			map[string]any{"villagerId": vid, "ruleId": otherRule["id"]}, http.StatusNotFound},
		{"no points and no rule", admin, http.MethodPost, "/integral/api/pointsLogs/obtain",
			map[string]any{"villagerId": vid, "reason": "x"}, http.StatusBadRequest},
		{"no owner", admin, http.MethodPost, "/integral/api/pointsLogs/obtain",
			map[string]any{"points": 5, "reason": "x"}, http.StatusBadRequest},
		{"household not the villager's", admin, http.MethodPost, "/integral/api/pointsLogs/obtain",
			map[string]any{"villagerId": vid, "householdId": other["household"], "points": 5, "reason": "x"}, http.StatusBadRequest},
		{"obtain without the code", gridUser, http.MethodPost, "/integral/api/pointsLogs/obtain",
			map[string]any{"villagerId": vid, "points": 5, "reason": "x"}, http.StatusForbidden},
		{"revoke without a comment", admin, http.MethodPost, "/integral/api/pointsLogs/revoke",
			map[string]any{"id": env.Rows(t, "pointsLog", v1.ID)[0]["id"]}, http.StatusBadRequest},
		{"revoke another village's entry", admin, http.MethodPost, "/integral/api/pointsLogs/revoke",
			map[string]any{"id": otherLog, "comment": "x"}, http.StatusNotFound},
		{"revoke without the code", gridUser, http.MethodPost, "/integral/api/pointsLogs/revoke",
			map[string]any{"id": created, "comment": "x"}, http.StatusForbidden},
		{"total of another village", admin, http.MethodGet,
			fmt.Sprintf("/integral/api/pointsLogs/total?villagerId=%v", other["id"]), nil, http.StatusNotFound},
		{"total without the code", none, http.MethodGet, "/integral/api/pointsLogs/total?" + person, nil, http.StatusForbidden},
		{"total for a grid member", gridUser, http.MethodGet, "/integral/api/pointsLogs/total?" + person, nil, http.StatusOK},
		{"total with an unknown parameter", admin, http.MethodGet, "/integral/api/pointsLogs/total?x=1", nil, http.StatusBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if status, res := env.Call(t, tt.token, tt.method, tt.path, tt.body); status != tt.want {
				t.Fatalf("status = %d, want %d; %v", status, tt.want, res)
			}
		})
	}

	t.Run("disabled rule", func(t *testing.T) {
		status, res := env.Call(t, admin, http.MethodPut, fmt.Sprintf("/integral/api/pointsRules/%v/status", rule["id"]),
			map[string]any{"action": "disable"})
		if status != http.StatusOK {
			t.Fatalf("disable rule: %d %v", status, res)
		}
		status, res = env.Call(t, admin, http.MethodPost, "/integral/api/pointsLogs/obtain",
			map[string]any{"villagerId": vid, "ruleId": rule["id"]})
		if status != http.StatusConflict {
			t.Fatalf("obtain under a disabled rule = %d, want 409; %v", status, res)
		}
	})

	t.Run("revoke through the generic status route keeps 户积分 right", func(t *testing.T) {
		status, res := env.Call(t, admin, http.MethodPost, "/integral/api/pointsLogs/obtain",
			map[string]any{"householdId": hh, "points": 7, "reason": "庭院整洁"})
		if status != http.StatusOK {
			t.Fatalf("obtain: %d %v", status, res)
		}
		id := demotest.Num(res["data"].(map[string]any)["record"].(map[string]any)["id"])
		before := total(t, household)
		status, res = env.Call(t, admin, http.MethodPut, fmt.Sprintf("/integral/api/pointsLogs/%d/status", id),
			map[string]any{"action": "revoke", "comment": "重复登记"})
		if status != http.StatusOK {
			t.Fatalf("status revoke: %d %v", status, res)
		}
		if got := total(t, household); got != before-7 {
			t.Fatalf("household total after revoke = %d, want %d", got, before-7)
		}
		if got := env.Get(t, "household", hh)["points"]; got != before-7 {
			t.Fatalf("household 户积分 %v, want %d", got, before-7)
		}
	})
}

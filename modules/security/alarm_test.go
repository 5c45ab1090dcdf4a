package security_test

import (
	"fmt"
	"net/http"
	"testing"

	"xiangzhi/engine/store"
	"xiangzhi/modules/security"
	"xiangzhi/tools/demo/demotest"
)

func TestAlarmUpdate(t *testing.T) {
	env := demotest.New(t, security.Register)
	v2 := env.Village(2)
	admin := env.Login(t, "v01_admin")
	gridUser := env.Login(t, "v01_grid1")
	account := env.Account(t, "v01_admin")
	var open, closed []any
	for i := 0; i < 4; i++ {
		status, res := env.Call(t, admin, http.MethodPost, "/cam/api/alertinfo", map[string]any{
			"alarmNo": fmt.Sprintf("TEST-%d", i), "sourceType": 1, "alarmType": "2", "alarmLevel": "1",
			"alarmTime": "2025-11-20 10:00:00", "description": "水域人员越界"})
		if status != http.StatusOK {
			t.Fatalf("create alarm: %d %v", status, res)
		}
		open = append(open, demotest.Num(res["data"].(map[string]any)["id"]))
	}
	closed, open = open[3:], open[:3]
	if status, res := env.Call(t, admin, http.MethodPut, fmt.Sprintf("/cam/api/alertinfo/%v/status", closed[0]),
		map[string]any{"action": "falseAlarm"}); status != http.StatusOK {
		t.Fatalf("close alarm: %d %v", status, res)
	}
	other := env.Rows(t, "alarm", v2.ID)[0]["id"]
	path := "/cam/api/alertinfo/update"

	tests := []struct {
		name  string
		token string
		body  map[string]any
		want  int
	}{
		{"another village's alarm in the batch", admin, map[string]any{"ids": []any{open[0], other}}, http.StatusNotFound},
		{"an alarm already closed", admin, map[string]any{"ids": []any{open[0], closed[0]}}, http.StatusConflict},
		{"without the handle code", gridUser, map[string]any{"id": open[0]}, http.StatusForbidden},
		{"no ids", admin, map[string]any{"handleResult": "x"}, http.StatusBadRequest},
		{"unknown action", admin, map[string]any{"id": open[0], "action": "explode"}, http.StatusBadRequest},
		{"unknown key", admin, map[string]any{"id": open[0], "status": 2}, http.StatusBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if status, res := env.Call(t, tt.token, http.MethodPost, path, tt.body); status != tt.want {
				t.Fatalf("status = %d, want %d; %v", status, tt.want, res)
			}
		})
	}
	t.Run("nothing changed by the refused batches", func(t *testing.T) {
		if s := env.Get(t, "alarm", open[0].(int64))["handleStatus"]; s != int64(0) && s != int64(1) {
			t.Fatalf("alarm %v status %v after refused calls", open[0], s)
		}
	})

	t.Run("batch handle", func(t *testing.T) {
		status, res := env.Call(t, admin, http.MethodPost, path,
			map[string]any{"ids": []any{open[0], open[1]}, "handleResult": "已派人到现场处置"})
		if status != http.StatusOK || demotest.Num(res["data"].(map[string]any)["updated"]) != 2 {
			t.Fatalf("batch: %d %v", status, res)
		}
		for _, id := range open[:2] {
			r := env.Get(t, "alarm", id.(int64))
			if r["handleStatus"] != int64(2) || r["handler"] != account.ID || r["handleResult"] != "已派人到现场处置" ||
				r["handleTime"] == nil {
				t.Fatalf("alarm %v after handling: %v", id, r)
			}
			if h, _ := r["history"].([]store.Transition); len(h) == 0 || h[len(h)-1].Action != "handle" {
				t.Fatalf("alarm %v has no status history", id)
			}
		}
	})

	t.Run("one alarm marked false", func(t *testing.T) {
		status, res := env.Call(t, admin, http.MethodPost, path, map[string]any{"id": open[2], "handleStatus": 3})
		if status != http.StatusOK {
			t.Fatalf("false alarm: %d %v", status, res)
		}
		if s := env.Get(t, "alarm", open[2].(int64))["handleStatus"]; s != int64(3) {
			t.Fatalf("status %v, want 3", s)
		}
	})

	t.Run("the generic status route records the handler too", func(t *testing.T) {
		status, res := env.Call(t, admin, http.MethodPost, "/cam/api/alertinfo", map[string]any{
			"alarmNo": "TEST-GENERIC", "sourceType": 1, "alarmType": "2", "alarmLevel": "1",
			"alarmTime": "2025-11-20 10:00:00", "description": "水域人员越界"})
		if status != http.StatusOK {
			t.Fatalf("create alarm: %d %v", status, res)
		}
		id := demotest.Num(res["data"].(map[string]any)["id"])
		status, res = env.Call(t, admin, http.MethodPut, fmt.Sprintf("/cam/api/alertinfo/%d/status", id),
			map[string]any{"action": "handle", "comment": "已劝离"})
		if status != http.StatusOK {
			t.Fatalf("status handle: %d %v", status, res)
		}
		r := env.Get(t, "alarm", id)
		if r["handler"] != account.ID || r["handleResult"] != "已劝离" || r["handleTime"] == nil {
			t.Fatalf("after handle: handler %v result %v time %v", r["handler"], r["handleResult"], r["handleTime"])
		}
	})
}

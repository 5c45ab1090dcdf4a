package epidemic_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"xiangzhi/modules/epidemic"
	"xiangzhi/tools/demo/demotest"
)

func TestQuarantineEnd(t *testing.T) {
	env := demotest.New(t, epidemic.Register)
	v1, v2 := env.Village(1), env.Village(2)
	admin := env.Login(t, "v01_admin")
	gridUser := env.Login(t, "v01_grid1")
	person := env.Rows(t, "villager", v1.ID)[0]
	create := func(t *testing.T) int64 {
		t.Helper()
		status, res := env.Call(t, admin, http.MethodPost, "/epidemic/api/quarantines", map[string]any{
			"name": person["name"], "idCard": person["idCard"], "mobile": "13912345678", "personType": 1,
			"fromPlace": "北京市大兴区", "arriveTime": "2025-11-01 18:30:00", "controlMeasure": 2,
			"startDate": "2025-11-02"})
		if status != http.StatusOK {
			t.Fatalf("create: %d %v", status, res)
		}
		return demotest.Num(res["data"].(map[string]any)["id"])
	}
	id := create(t)
	other := env.Rows(t, "quarantine", v2.ID)[0]["id"]
	url := func(id any) string { return fmt.Sprintf("/epidemic/api/quarantines/%v/end", id) }

	tests := []struct {
		name  string
		token string
		path  string
		body  any
		want  int
	}{
		{"another village's record", admin, url(other), nil, http.StatusNotFound},
		{"without the end code", gridUser, url(id), nil, http.StatusForbidden},
		{"bad date", admin, url(id), map[string]any{"endDate": "2025-13-01"}, http.StatusBadRequest},
		{"end before start", admin, url(id), map[string]any{"endDate": "2025-10-01"}, http.StatusBadRequest},
		{"unknown key", admin, url(id), map[string]any{"result": "x"}, http.StatusBadRequest},
		{"bad id", admin, url("x"), nil, http.StatusBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if status, res := env.Call(t, tt.token, http.MethodPut, tt.path, tt.body); status != tt.want {
				t.Fatalf("status = %d, want %d; %v", status, tt.want, res)
			}
		})
	}

	t.Run("end with a date", func(t *testing.T) {
		status, res := env.Call(t, admin, http.MethodPut, url(id), map[string]any{"endDate": "2025-11-16", "comment": "14天期满"})
		if status != http.StatusOK {
			t.Fatalf("end: %d %v", status, res)
		}
		r := env.Get(t, "quarantine", id)
		if r["controlStatus"] != int64(2) || r["endDate"] != "2025-11-16" {
			t.Fatalf("after end: status %v endDate %v", r["controlStatus"], r["endDate"])
		}
		if status, _ := env.Call(t, admin, http.MethodPut, url(id), nil); status != http.StatusConflict {
			t.Fatalf("ending twice = %d, want 409", status)
		}
	})

	t.Run("end today, as POST with _method", func(t *testing.T) {
		id := create(t)
		status, res := env.Call(t, admin, http.MethodPost, url(id)+"?_method=PUT", nil)
		if status != http.StatusOK {
			t.Fatalf("end: %d %v", status, res)
		}
		if env.Get(t, "quarantine", id)["endDate"] == nil {
			t.Fatal("no end date")
		}
	})

	t.Run("end through the generic status route records today", func(t *testing.T) {
		id := create(t)
		status, res := env.Call(t, admin, http.MethodPut, fmt.Sprintf("/epidemic/api/quarantines/%d/status", id),
			map[string]any{"action": "end", "comment": "期满"})
		if status != http.StatusOK {
			t.Fatalf("status action: %d %v", status, res)
		}
		today := time.Now().In(time.Local).Format("2006-01-02")
		if got := res["data"].(map[string]any)["endDate"]; got != today {
			t.Fatalf("answered endDate %v, want %s", got, today)
		}
		if r := env.Get(t, "quarantine", id); r["endDate"] != today || r["controlStatus"] != int64(2) {
			t.Fatalf("stored: status %v endDate %v", r["controlStatus"], r["endDate"])
		}
	})
}

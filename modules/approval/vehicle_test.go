package approval_test

import (
	"fmt"
	"net/http"
	"testing"

	"xiangzhi/engine/schema"
	"xiangzhi/modules/approval"
	"xiangzhi/tools/demo/demotest"
)

// TestVehicleApplyOnTheDemoCounty runs the shipped vehicleApply workflow on
// the demo county: the township step skips its own applicant, the county
// step joins for trips of more than two days, and a village administrator
// cannot submit the township's application (out of their scope).
func TestVehicleApplyOnTheDemoCounty(t *testing.T) {
	env := demotest.New(t, approval.Register)
	town := env.Login(t, "town1_admin")
	county := env.Login(t, "county_admin")
	vehicle := env.Rows(t, "vehicle", 0)[0]["id"]
	apply := func(days int) int64 {
		t.Helper()
		status, res := env.Call(t, town, http.MethodPost, "/office/vehicleApplies", map[string]any{
			"vehicleId": vehicle, "applyUserName": "王建国", "destination": "县城", "description": "参加会议",
			"startTime": "2025-11-25 08:00:00", "endTime": fmt.Sprintf("2025-11-%d 18:00:00", 24+days), "usingDay": days})
		if status != http.StatusOK {
			t.Fatalf("create: %d %v", status, res)
		}
		id := demotest.Num(res["data"].(map[string]any)["id"])
		if status, res := env.Call(t, town, http.MethodPost, fmt.Sprintf("/api/workflow/vehicleApply/%d/submit", id), nil); status != http.StatusOK {
			t.Fatalf("submit: %d %v", status, res)
		}
		return id
	}
	short := apply(1)
	if s := env.Get(t, "vehicleApply", short)["approvalStatus"]; s != int64(schema.FlowApproved) {
		t.Fatalf("a one-day trip of the township's own administrator: status %v, want 已通过 at once", s)
	}
	long := apply(3)
	status, res := env.Call(t, county, http.MethodGet, "/api/workflow/todo?module=vehicleApply&size=100", nil)
	rows, _ := res["data"].(map[string]any)["data"].([]any)
	var task map[string]any
	for _, r := range rows { // the demo's own applications wait at the county too
		if demotest.Num(r.(map[string]any)["recordId"]) == long {
			task = r.(map[string]any)
		}
	}
	if status != http.StatusOK || task == nil {
		t.Fatalf("county 待办: %d %v", status, res)
	}
	if task["stepTitle"] != "县级审批" {
		t.Fatalf("county task %v", task)
	}
	if status, res := env.Call(t, county, http.MethodPost, fmt.Sprintf("/api/workflow/tasks/%v/decide", task["id"]),
		map[string]any{"action": "approve", "comment": "同意"}); status != http.StatusOK {
		t.Fatalf("approve: %d %v", status, res)
	}
	if s := env.Get(t, "vehicleApply", long)["approvalStatus"]; s != int64(schema.FlowApproved) {
		t.Fatalf("status %v after the county approved", s)
	}
	village := env.Login(t, "v01_admin")
	if status, _ := env.Call(t, village, http.MethodPost, fmt.Sprintf("/api/workflow/vehicleApply/%d/submit", long), nil); status != http.StatusNotFound {
		t.Fatalf("a village administrator's submit of the township's application answered %d, want 404", status)
	}
}

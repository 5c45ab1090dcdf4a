package office_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"testing"
	"time"

	"xiangzhi/engine"
	"xiangzhi/engine/schema"
	"xiangzhi/modules/approval"
	"xiangzhi/modules/office"
	"xiangzhi/tools/demo/demotest"
)

// register adds the workflow and the office system, as modules.Register.
func register(app *engine.App) error {
	wf, err := approval.Start(app)
	if err != nil {
		return err
	}
	return office.Register(app, wf)
}

func data(t *testing.T, res map[string]any) map[string]any {
	t.Helper()
	d, ok := res["data"].(map[string]any)
	if !ok {
		t.Fatalf("no data object in %v", res)
	}
	return d
}

func num(v any) float64 {
	f, _ := v.(json.Number).Float64()
	return f
}

func list(t *testing.T, res map[string]any) ([]any, int64) {
	t.Helper()
	d := data(t, res)
	rows, _ := d["data"].([]any)
	return rows, demotest.Num(d["recordsTotal"])
}

// TestOfficeOnTheDemoCounty drives the office calls as the demo county's
// users: each of county_admin, town1_admin and v01_admin has something in
// 待办; a village administrator applies for a vehicle through the dialog's
// call (every §5 message, then 添加成功 and the approval started), the
// township and the county approve through confirm; an overlapping
// application is refused; an expense claim over 5000 reaches the county
// with its total computed on the server; a seal needing a countersign is
// decided by the township and the county through the /seal calls and then
// used; cost analysis keeps to the viewer's scope.
func TestOfficeOnTheDemoCounty(t *testing.T) {
	env := demotest.New(t, register)
	village := env.Login(t, "v01_admin")
	town := env.Login(t, "town1_admin")
	county := env.Login(t, "county_admin")
	v1 := env.Village(1)

	t.Run("everyone has something to do", func(t *testing.T) {
		for name, tok := range map[string]string{"v01_admin": village, "town1_admin": town, "county_admin": county} {
			status, res := env.Call(t, tok, http.MethodGet, "/office/api/office/todoCount", nil)
			if status != http.StatusOK || demotest.Num(data(t, res)["total"]) == 0 {
				t.Errorf("%s todoCount: %d %v", name, status, res)
			}
			status, res = env.Call(t, tok, http.MethodGet, "/office/api/office/backlog?size=5", nil)
			if rows, total := list(t, res); status != http.StatusOK || len(rows) == 0 || total == 0 {
				t.Errorf("%s backlog: %d %v", name, status, res)
			}
		}
	})

	var vehicleID int64
	t.Run("vehicle list", func(t *testing.T) {
		status, res := env.Call(t, village, http.MethodGet, "/office/api/office/vehicleList?page=0&pageSize=5&startTime=2025-11-01+00:00:00&endTime=2026-01-01+00:00:00", nil)
		inner := data(t, res)["data"].(map[string]any)
		rows, _ := inner["data"].([]any)
		if status != http.StatusOK || len(rows) == 0 || len(rows) > 5 || demotest.Num(inner["recordsTotal"]) < int64(len(rows)) ||
			demotest.Num(data(t, res)["recordsTotal"]) != demotest.Num(inner["recordsTotal"]) {
			t.Fatalf("vehicle list: %d %v", status, res)
		}
		booked := 0
		for _, r := range rows {
			row := r.(map[string]any)
			periods := row["officeVehicleApplicationsList"].([]any)
			booked += len(periods)
			if (len(periods) > 0) != row["booked"] {
				t.Fatalf("booked %v with periods %v", row["booked"], periods)
			}
			if row["plateNumber"] == "" || row["contactName"] == nil {
				t.Fatalf("row %v", row)
			}
		}
		if booked == 0 {
			t.Fatalf("no booked periods shown in %v", rows)
		}
		first := rows[0].(map[string]any)
		vehicleID = demotest.Num(first["id"])
		plate := first["plateNumber"].(string)
		status, res = env.Call(t, village, http.MethodGet, "/office/api/office/vehicleList?plateNumber="+url.QueryEscape(plate[len(plate)-4:]), nil)
		rows, _ = data(t, res)["data"].(map[string]any)["data"].([]any)
		if status != http.StatusOK || len(rows) != 1 {
			t.Fatalf("search by plate %s: %d %v", plate, status, res)
		}
	})

	start := time.Now().AddDate(0, 1, 3)
	day := func(d int, h int) string {
		return time.Date(start.Year(), start.Month(), start.Day()+d, h, 0, 0, 0, time.Local).Format(schema.DateTimeLayout)
	}
	form := func() map[string]any {
		return map[string]any{"vehicleId": vehicleID, "applyUserName": " 李秀英 ", "partnerNames": "王强",
			"destination": "县政府", "startTime": day(0, 8), "endTime": day(0, 18), "description": "参加工作会议"}
	}
	t.Run("vehicle application messages", func(t *testing.T) {
		for _, tc := range []struct {
			drop, key string
			value     any
			want      string
		}{
			{"", "", nil, office.ParamsMissing},
			{"applyUserName", "", nil, office.ApplicantRequired},
			{"", "applyUserName", "王", office.ApplicantLength},
			{"", "applyUserName", "一二三四五六七八九十一二三四五六七八九十一", office.ApplicantLength},
			{"destination", "", nil, office.DestinationRequired},
			{"startTime", "", nil, office.StartRequired},
			{"description", "", nil, office.ReasonRequired},
			{"vehicleId", "", nil, office.VehicleRequired},
			{"", "destination", "   ", office.DestinationRequired},
		} {
			body := form()
			if tc.drop != "" {
				delete(body, tc.drop)
			}
			if tc.key != "" {
				body[tc.key] = tc.value
			}
			if tc.drop == "" && tc.key == "" {
				body = map[string]any{}
			}
			status, res := env.Call(t, village, http.MethodPost, "/office/api/office/vehicleApplications", body)
			if status != http.StatusBadRequest || res["msg"] != tc.want {
				t.Errorf("%s%s: %d %v, want 400 %s", tc.drop, tc.key, status, res["msg"], tc.want)
			}
		}
	})

	var oneDay, threeDays int64
	t.Run("apply, township and county approve", func(t *testing.T) {
		status, res := env.Call(t, village, http.MethodPost, "/office/api/office/vehicleApplications", form())
		if status != http.StatusOK || res["msg"] != office.VehicleAdded || res["code"] != json.Number("0") {
			t.Fatalf("apply: %d %v", status, res)
		}
		rec := data(t, res)["record"].(map[string]any)
		oneDay = demotest.Num(rec["id"])
		if rec["applyUserName"] != "李秀英" || demotest.Num(rec["usingDay"]) != 1 || demotest.Num(rec["approvalStatus"]) != schema.FlowRunning {
			t.Fatalf("record %v", rec)
		}
		status, res = env.Call(t, village, http.MethodPost, "/office/api/office/vehicleApplications", func() map[string]any {
			b := form()
			b["startTime"], b["endTime"] = day(0, 12), day(2, 9)
			return b
		}())
		if status != http.StatusConflict || res["msg"] != office.VehicleBooked {
			t.Fatalf("overlap: %d %v", status, res)
		}
		b := form()
		b["startTime"], b["endTime"] = day(5, 8), day(7, 18)
		status, res = env.Call(t, village, http.MethodPost, "/office/api/office/vehicleApplications", b)
		if status != http.StatusOK {
			t.Fatalf("three-day apply: %d %v", status, res)
		}
		threeDays = demotest.Num(data(t, res)["record"].(map[string]any)["id"])
		if demotest.Num(data(t, res)["record"].(map[string]any)["usingDay"]) != 3 {
			t.Fatalf("usingDay %v", data(t, res)["record"])
		}
		approve := func(tok string, id int64, step string) {
			t.Helper()
			status, res := env.Call(t, tok, http.MethodGet, "/office/api/office/backlog?module=vehicleApply&size=100", nil)
			rows, _ := list(t, res)
			var task map[string]any
			for _, r := range rows {
				if demotest.Num(r.(map[string]any)["recordId"]) == id {
					task = r.(map[string]any)
				}
			}
			if status != http.StatusOK || task == nil || task["stepTitle"] != step {
				t.Fatalf("backlog for %d at %s: %d %v", id, step, status, rows)
			}
			status, res = env.Call(t, tok, http.MethodPost, "/office/api/office/confirm",
				map[string]any{"taskId": task["id"], "action": "approve", "comment": "同意"})
			if status != http.StatusOK {
				t.Fatalf("confirm: %d %v", status, res)
			}
		}
		approve(town, oneDay, "乡镇审批")
		if s := env.Get(t, "vehicleApply", oneDay)["approvalStatus"]; s != int64(schema.FlowApproved) {
			t.Fatalf("one-day trip after the township: %v", s)
		}
		approve(town, threeDays, "乡镇审批")
		if s := env.Get(t, "vehicleApply", threeDays)["approvalStatus"]; s != int64(schema.FlowRunning) {
			t.Fatalf("three-day trip after the township: %v", s)
		}
		approve(county, threeDays, "县级审批")
		if s := env.Get(t, "vehicleApply", threeDays)["approvalStatus"]; s != int64(schema.FlowApproved) {
			t.Fatalf("three-day trip after the county: %v", s)
		}
		status, res = env.Call(t, village, http.MethodGet, "/office/api/office/approvals?type=mine&size=100", nil)
		rows, _ := list(t, res)
		found := false
		for _, r := range rows {
			row := r.(map[string]any)
			if demotest.Num(row["recordId"]) == threeDays && row["module"] == "vehicleApply" {
				found = row["state"] == "approved"
			}
		}
		if status != http.StatusOK || !found {
			t.Fatalf("mine: %d %v", status, rows)
		}
		status, res = env.Call(t, village, http.MethodGet, fmt.Sprintf("/office/api/office/auditLog?module=vehicleApply&id=%d", threeDays), nil)
		if rows, _ := list(t, res); status != http.StatusOK || len(rows) != 2 {
			t.Fatalf("audit log: %d %v", status, res)
		}
		status, res = env.Call(t, town, http.MethodGet, "/office/api/office/approvals?type=done&size=100", nil)
		if rows, _ := list(t, res); status != http.StatusOK || len(rows) < 2 {
			t.Fatalf("done: %d %v", status, res)
		}
	})

	t.Run("a withdrawn booking resubmitted after its period was taken is refused", func(t *testing.T) {
		b := form()
		b["startTime"], b["endTime"] = day(20, 8), day(20, 18)
		status, res := env.Call(t, village, http.MethodPost, "/office/api/office/vehicleApplications", b)
		if status != http.StatusOK {
			t.Fatalf("apply: %d %v", status, res)
		}
		first := demotest.Num(data(t, res)["record"].(map[string]any)["id"])
		if status, res := env.Call(t, village, http.MethodPost, fmt.Sprintf("/api/workflow/vehicleApply/%d/withdraw", first), nil); status != http.StatusOK {
			t.Fatalf("withdraw: %d %v", status, res)
		}
		// The withdrawn booking released the vehicle: another takes the period.
		if status, res := env.Call(t, village, http.MethodPost, "/office/api/office/vehicleApplications", b); status != http.StatusOK {
			t.Fatalf("apply for the released period: %d %v", status, res)
		}
		status, res = env.Call(t, village, http.MethodPost, fmt.Sprintf("/api/workflow/vehicleApply/%d/submit", first), nil)
		if status != http.StatusConflict || res["msg"] != office.VehicleBooked {
			t.Fatalf("resubmit the withdrawn booking: %d %v, want 409 %s", status, res, office.VehicleBooked)
		}
	})

	t.Run("expense claim over the threshold reaches the county", func(t *testing.T) {
		status, res := env.Call(t, village, http.MethodPost, "/office/expenseClaims", map[string]any{
			"claimant": "李秀英", "department": "村委会", "claimDate": "2025-11-20", "reason": "防汛物资采购", "total": 1,
			"items": []any{
				map[string]any{"date": "2025-11-02", "category": "2", "amount": 4000},
				map[string]any{"date": "2025-11-03", "category": "7", "amount": 2000.55},
			}})
		if status != http.StatusOK {
			t.Fatalf("claim: %d %v", status, res)
		}
		rec := data(t, res)
		id := demotest.Num(rec["id"])
		if rec["total"] != json.Number("6000.55") {
			t.Fatalf("total %v, want 6000.55", rec["total"])
		}
		if status, res := env.Call(t, village, http.MethodPost, fmt.Sprintf("/api/workflow/expenseClaim/%d/submit", id), nil); status != http.StatusOK {
			t.Fatalf("submit: %d %v", status, res)
		}
		for _, tok := range []string{town, county} {
			status, res := env.Call(t, tok, http.MethodGet, "/office/api/office/backlog?module=expenseClaim&size=100", nil)
			rows, _ := list(t, res)
			var task any
			for _, r := range rows {
				if demotest.Num(r.(map[string]any)["recordId"]) == id {
					task = r.(map[string]any)["id"]
				}
			}
			if status != http.StatusOK || task == nil {
				t.Fatalf("backlog: %d %v", status, rows)
			}
			if status, res := env.Call(t, tok, http.MethodPost, "/office/api/office/confirm",
				map[string]any{"taskId": task, "action": "approve"}); status != http.StatusOK {
				t.Fatalf("confirm: %d %v", status, res)
			}
		}
		if s := env.Get(t, "expenseClaim", id)["approvalStatus"]; s != int64(schema.FlowApproved) {
			t.Fatalf("claim status %v", s)
		}
	})

	t.Run("cost analysis within scope", func(t *testing.T) {
		status, res := env.Call(t, county, http.MethodGet, "/office/api/office/costAnalysis", nil)
		all := data(t, res)
		if status != http.StatusOK || num(all["total"]) <= 0 || len(all["rows"].([]any)) == 0 {
			t.Fatalf("county cost analysis: %d %v", status, res)
		}
		status, res = env.Call(t, village, http.MethodGet, "/office/api/office/costAnalysis?from=2025-11-01&to=2025-11-30", nil)
		mine := data(t, res)
		if status != http.StatusOK || num(mine["total"]) < 6000.55 || num(mine["total"]) >= num(all["total"]) {
			t.Fatalf("village cost analysis: %d %v (county total %v)", status, mine, all["total"])
		}
		for _, r := range mine["rows"].([]any) {
			row := r.(map[string]any)
			if demotest.Num(row["orgId"]) != v1.ID || row["orgName"] != v1.Name || row["month"] != "2025-11" {
				t.Fatalf("row outside the village's scope or range: %v", row)
			}
		}
	})

	t.Run("seal countersign", func(t *testing.T) {
		var seal int64
		for _, s := range env.Rows(t, "seal", 0) {
			if s["countersign"] == true && s["orgId"] == v1.Parent {
				seal = s["id"].(int64)
			}
		}
		if seal == 0 {
			t.Fatal("no countersign seal of the first township")
		}
		status, res := env.Call(t, village, http.MethodPost, "/office/sealApplies", map[string]any{
			"sealId": seal, "fileName": "关于申请修缮村道的请示", "purpose": "向县政府报送请示", "copies": 2, "countersign": false})
		if status != http.StatusOK || data(t, res)["countersign"] != true {
			t.Fatalf("seal application: %d %v", status, res)
		}
		id := demotest.Num(data(t, res)["id"])
		if status, res := env.Call(t, village, http.MethodPost, "/office/sealUses", map[string]any{
			"sealApplyId": id, "useTime": "2025-11-22 10:00:00", "operator": "李秀英", "copiesUsed": 2}); status != http.StatusConflict || res["msg"] != office.SealNotApproved {
			t.Fatalf("use before approval: %d %v", status, res)
		}
		if status, res := env.Call(t, village, http.MethodPost, fmt.Sprintf("/api/workflow/sealApply/%d/submit", id), nil); status != http.StatusOK {
			t.Fatalf("submit: %d %v", status, res)
		}
		for i, tok := range []string{town, county} {
			status, res := env.Call(t, tok, http.MethodPost, "/seal/api/attribution/getTodoTaskList", map[string]any{"page": 0, "size": 100})
			rows, _ := list(t, res)
			var task any
			for _, r := range rows {
				if demotest.Num(r.(map[string]any)["recordId"]) == id {
					task = r.(map[string]any)["id"]
					if r.(map[string]any)["stepTitle"] != "会签" {
						t.Fatalf("step %v", r)
					}
				}
			}
			if status != http.StatusOK || task == nil {
				t.Fatalf("seal to-do %d: %d %v", i, status, rows)
			}
			status, res = env.Call(t, tok, http.MethodPost, "/seal/api/attribution/getCountersign",
				map[string]any{"taskId": task, "action": "approve", "comment": "同意"})
			if status != http.StatusOK {
				t.Fatalf("countersign: %d %v", status, res)
			}
			want := int64(schema.FlowRunning)
			if i == 1 {
				want = schema.FlowApproved
			}
			if s := env.Get(t, "sealApply", id)["approvalStatus"]; s != want {
				t.Fatalf("after countersign %d: status %v, want %d", i, s, want)
			}
		}
		status, res = env.Call(t, village, http.MethodGet, fmt.Sprintf("/seal/api/attribution/getAuditLogList?id=%d", id), nil)
		if rows, _ := list(t, res); status != http.StatusOK || len(rows) != 2 {
			t.Fatalf("seal audit log: %d %v", status, res)
		}
		status, res = env.Call(t, village, http.MethodGet, "/seal/api/attribution/officeProcessEnd?size=100", nil)
		rows, _ := list(t, res)
		found := false
		for _, r := range rows {
			found = found || demotest.Num(r.(map[string]any)["id"]) == id
		}
		if status != http.StatusOK || !found {
			t.Fatalf("process end: %d %v", status, rows)
		}
		if status, res := env.Call(t, village, http.MethodPost, "/office/sealUses", map[string]any{
			"sealApplyId": id, "useTime": "2025-11-22 10:00:00", "operator": "李秀英", "copiesUsed": 2}); status != http.StatusOK {
			t.Fatalf("use after approval: %d %v", status, res)
		}
	})

	t.Run("refusals", func(t *testing.T) {
		none := env.UserWithoutRoles(t, v1.ID)
		other := env.Login(t, "v02_admin")
		for _, tc := range []struct {
			name, token, method, path string
			body                      any
			status                    int
			msg                       string
		}{
			{"vehicle list without the code", none, http.MethodGet, "/office/api/office/vehicleList", nil, 403, ""},
			{"apply without the code", none, http.MethodPost, "/office/api/office/vehicleApplications", form(), 403, ""},
			{"cost analysis without the code", none, http.MethodGet, "/office/api/office/costAnalysis", nil, 403, ""},
			{"another village's audit log", other, http.MethodGet, fmt.Sprintf("/office/api/office/auditLog?module=vehicleApply&id=%d", oneDay), nil, 404, ""},
			{"audit log of a module outside the office", village, http.MethodGet, "/office/api/office/auditLog?module=villager&id=1", nil, 400, office.ModuleNotOffice},
			{"confirm without a task", village, http.MethodPost, "/office/api/office/confirm", map[string]any{"action": "approve"}, 400, office.TaskRequired},
			{"confirm someone else's task", other, http.MethodPost, "/office/api/office/confirm", map[string]any{"taskId": 1, "action": "approve"}, 404, ""},
			{"unknown field", village, http.MethodPost, "/office/api/office/vehicleApplications", map[string]any{"plateNo": "x"}, 400, ""},
			{"bad page size", village, http.MethodGet, "/office/api/office/backlog?size=0", nil, 400, ""},
			{"bad date", county, http.MethodGet, "/office/api/office/costAnalysis?from=2025-13-01", nil, 400, ""},
		} {
			status, res := env.Call(t, tc.token, tc.method, tc.path, tc.body)
			if status != tc.status || (tc.msg != "" && res["msg"] != tc.msg) {
				t.Errorf("%s: %d %v, want %d %s", tc.name, status, res, tc.status, tc.msg)
			}
		}
		status, res := env.Call(t, none, http.MethodGet, "/office/api/office/backlog", nil)
		if rows, total := list(t, res); status != http.StatusOK || len(rows) != 0 || total != 0 {
			t.Errorf("backlog of a user without tasks: %d %v", status, res)
		}
	})

	t.Run("resource permissions", func(t *testing.T) {
		status, res := env.Call(t, village, http.MethodGet, "/office/api/office/resourcePermissions", nil)
		perms, _ := res["data"].([]any)
		got := map[string]map[string]any{}
		for _, p := range perms {
			got[p.(map[string]any)["module"].(string)] = p.(map[string]any)["codes"].(map[string]any)
		}
		if status != http.StatusOK || got["vehicleApply"]["submit"] != true || got["vehicle"]["add"] != false ||
			got["vehicle"]["list"] != true {
			t.Fatalf("permissions: %d %v", status, got)
		}
	})
}

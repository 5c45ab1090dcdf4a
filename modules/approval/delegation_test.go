package approval

// Delegation (委派), adding and removing approvers (加签/减签), leave,
// deadlines on the working-day clock, per-step field rules.

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
	"xiangzhi/engine/workflow"
	"xiangzhi/modules/system"
)

// comments are the record's history rows as action@step: comment.
func (e *env) comments(module string, id int64) []string {
	e.t.Helper()
	m := e.app.Modules().Module(module)
	hs, err := e.app.Store().History(context.Background(), m, store.Scope{TenantID: e.tenant}, id)
	if err != nil {
		e.t.Fatal(err)
	}
	var out []string
	for _, h := range hs {
		out = append(out, h.Action+"@"+h.Step+": "+h.Comment)
	}
	return out
}

// todoRow is user's open task row on the record.
func (e *env) todoRow(user, module string, id int64) workflow.TaskRow {
	e.t.Helper()
	var page struct{ Data []workflow.TaskRow }
	decode(e.t, e.as(user, http.StatusOK, http.MethodGet, "/api/workflow/todo?module="+module+"&size=1000", nil), &page)
	for _, r := range page.Data {
		if r.RecordID == id {
			return r
		}
	}
	e.t.Fatalf("%s has no open task on %s %d", user, module, id)
	return workflow.TaskRow{}
}

func hasLine(lines []string, prefix string) bool {
	return slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, prefix) })
}

func TestDelegate(t *testing.T) {
	forEachDB(t, func(t *testing.T, e *env) {
		t.Run("the delegate decides for the approver", func(t *testing.T) {
			id := e.create("applicant", "allFlow", map[string]any{"title": "委派"})
			e.submit("applicant", "allFlow", id)
			e.decide("t1", "allFlow", id, http.StatusOK, map[string]any{"action": "delegate",
				"userId": e.users["vcheck"].ID, "comment": "请代为审核"})
			if e.hasTask("t1", "allFlow", id) {
				t.Fatal("the approver kept an open task")
			}
			if row := e.todoRow("vcheck", "allFlow", id); row.ActingForID != e.users["t1"].ID {
				t.Fatalf("delegate's row %+v, want acting for t1", row)
			}
			e.decide("vcheck", "allFlow", id, http.StatusBadRequest, map[string]any{"action": "delegate",
				"userId": e.users["neighbour"].ID})
			e.decide("vcheck", "allFlow", id, http.StatusBadRequest, map[string]any{"action": "transfer",
				"userId": e.users["neighbour"].ID})
			e.approve("vcheck", "allFlow", id)
			e.approve("t2", "allFlow", id)
			if e.hasTask("c1", "allFlow", id) {
				t.Fatal("the countersign passed before t3")
			}
			e.approve("t3", "allFlow", id)
			if !e.hasTask("c1", "allFlow", id) {
				t.Fatalf("the delegate's approval did not count for t1: %v", e.stepTasks("allFlow", id, "township"))
			}
			want := map[string][]string{"t1": {"delegated"}, "vcheck": {"approved"}, "t2": {"approved"}, "t3": {"approved"}}
			if diff := cmp.Diff(want, e.stepTasks("allFlow", id, "township")); diff != "" {
				t.Fatalf("township tasks (-want +got):\n%s", diff)
			}
			h := e.comments("allFlow", id)
			if !hasLine(h, "delegate@乡镇审批: 委派给用户vcheck：请代为审核") || !hasLine(h, "approve@乡镇审批: 代用户t1：同意") {
				t.Fatalf("history %v", h)
			}
			var st workflow.FlowState
			decode(t, e.as("vcheck", http.StatusOK, http.MethodGet, path("/api/workflow/allFlow/%d", id), nil).(map[string]any)["flow"], &st)
			found := false
			for _, s := range st.Instances[0].Steps {
				for _, tk := range s.Tasks {
					found = found || (tk.AssigneeID == e.users["vcheck"].ID && tk.ActingForName == "用户t1" && tk.DelegateOf != 0)
				}
			}
			if !found {
				t.Fatalf("the flow state does not show whom vcheck acted for: %+v", st.Instances[0].Steps)
			}
		})
		t.Run("get back before the delegate decided, not after", func(t *testing.T) {
			id := e.create("applicant", "anyFlow", map[string]any{"title": "收回"})
			e.submit("applicant", "anyFlow", id)
			e.decide("t1", "anyFlow", id, http.StatusOK, map[string]any{"action": "delegate", "userId": e.users["vcheck"].ID})
			own := e.doneTask("t1", "anyFlow", id)
			e.as("t2", http.StatusForbidden, http.MethodPost, path("/api/workflow/tasks/%d/takeback", own), nil)
			e.as("t1", http.StatusOK, http.MethodPost, path("/api/workflow/tasks/%d/takeback", own), nil)
			if e.hasTask("vcheck", "anyFlow", id) || !e.hasTask("t1", "anyFlow", id) {
				t.Fatal("the task did not come back to t1")
			}
			e.decide("t1", "anyFlow", id, http.StatusOK, map[string]any{"action": "delegate", "userId": e.users["vcheck"].ID})
			e.approve("vcheck", "anyFlow", id)
			e.as("t1", http.StatusConflict, http.MethodPost, path("/api/workflow/tasks/%d/takeback", e.doneTask("t1", "anyFlow", id)), nil)
			if !e.hasTask("c1", "anyFlow", id) {
				t.Fatal("county step not open")
			}
			if h := e.history("anyFlow", id); !slices.Contains(h, "getBack@乡镇审批") {
				t.Fatalf("history %v", h)
			}
		})
		t.Run("resolve: the delegate hands it back with an opinion", func(t *testing.T) {
			id := e.create("applicant", "oneFlow", map[string]any{"title": "交还"})
			e.submit("applicant", "oneFlow", id)
			e.decide("t1", "oneFlow", id, http.StatusBadRequest, map[string]any{"action": "resolve"})
			e.decide("t1", "oneFlow", id, http.StatusOK, map[string]any{"action": "delegate", "userId": e.users["t2"].ID})
			e.decide("t2", "oneFlow", id, http.StatusOK, map[string]any{"action": "resolve", "comment": "情况属实"})
			if e.hasTask("t2", "oneFlow", id) || !e.hasTask("t1", "oneFlow", id) {
				t.Fatal("the task did not return to its owner")
			}
			e.approve("t1", "oneFlow", id)
			if !e.hasTask("c1", "oneFlow", id) {
				t.Fatal("county step not open")
			}
			if h := e.comments("oneFlow", id); !hasLine(h, "resolve@乡镇审批: 代用户t1：情况属实") {
				t.Fatalf("history %v", h)
			}
		})
	})
}

func TestAddAndRemoveApprovers(t *testing.T) {
	forEachDB(t, func(t *testing.T, e *env) {
		add := func(user, module string, id int64, want int, pos string, who ...string) {
			t.Helper()
			var ids []int64
			for _, w := range who {
				ids = append(ids, e.users[w].ID)
			}
			e.decide(user, module, id, want, map[string]any{"action": "addSign", "position": pos, "userIds": ids})
		}
		t.Run("before: they decide first, then the task returns", func(t *testing.T) {
			id := e.create("applicant", "allFlow", map[string]any{"title": "前加签"})
			e.submit("applicant", "allFlow", id)
			add("t1", "allFlow", id, http.StatusBadRequest, "middle", "vcheck")
			add("t1", "allFlow", id, http.StatusBadRequest, "before", "t2") // already on the step
			add("t1", "allFlow", id, http.StatusOK, "before", "vcheck")
			if e.hasTask("t1", "allFlow", id) || !e.hasTask("vcheck", "allFlow", id) {
				t.Fatal("t1's task should wait for vcheck")
			}
			if row := e.todoRow("vcheck", "allFlow", id); row.Kind != workflow.KindBefore {
				t.Fatalf("added row %+v", row)
			}
			add("vcheck", "allFlow", id, http.StatusBadRequest, "after", "neighbour") // no adding in turn
			e.approve("t2", "allFlow", id)
			e.approve("t3", "allFlow", id)
			e.approve("vcheck", "allFlow", id)
			if e.hasTask("c1", "allFlow", id) || !e.hasTask("t1", "allFlow", id) {
				t.Fatal("after vcheck the task should be t1's again, the step not passed")
			}
			e.approve("t1", "allFlow", id)
			if !e.hasTask("c1", "allFlow", id) {
				t.Fatal("county step not open")
			}
			if h := e.comments("allFlow", id); !hasLine(h, "addSign@乡镇审批: 加签（在本人之前）：用户vcheck") {
				t.Fatalf("history %v", h)
			}
		})
		t.Run("after: they get a task after the approval, the step waits", func(t *testing.T) {
			id := e.create("applicant", "anyFlow", map[string]any{"title": "后加签"})
			e.submit("applicant", "anyFlow", id)
			add("t1", "anyFlow", id, http.StatusOK, "after", "vcheck")
			if e.hasTask("vcheck", "anyFlow", id) {
				t.Fatal("the added approver's turn came before t1 approved")
			}
			e.approve("t1", "anyFlow", id)
			if e.hasTask("c1", "anyFlow", id) || !e.hasTask("vcheck", "anyFlow", id) {
				t.Fatal("the step should wait for vcheck")
			}
			e.approve("vcheck", "anyFlow", id)
			if !e.hasTask("c1", "anyFlow", id) {
				t.Fatal("county step not open")
			}
			want := map[string][]string{"t1": {"approved"}, "t2": {"cancelled"}, "t3": {"cancelled"}, "vcheck": {"approved"}}
			if diff := cmp.Diff(want, e.stepTasks("anyFlow", id, "township")); diff != "" {
				t.Fatalf("township tasks (-want +got):\n%s", diff)
			}
		})
		t.Run("remove: only who added them, only undecided", func(t *testing.T) {
			id := e.create("applicant", "allFlow", map[string]any{"title": "减签"})
			e.submit("applicant", "allFlow", id)
			add("t1", "allFlow", id, http.StatusOK, "before", "vcheck", "neighbour")
			e.decide("t2", "allFlow", id, http.StatusBadRequest, map[string]any{"action": "removeSign", "userId": e.users["vcheck"].ID})
			own := e.stepTaskID("allFlow", id, "township", "t1")
			e.as("t1", http.StatusOK, http.MethodPost, path("/api/workflow/tasks/%d/decide", own),
				map[string]any{"action": "removeSign", "userId": e.users["vcheck"].ID})
			if e.hasTask("vcheck", "allFlow", id) || e.hasTask("t1", "allFlow", id) {
				t.Fatal("vcheck should be gone, t1 still waiting for neighbour")
			}
			e.approve("neighbour", "allFlow", id)
			e.as("t1", http.StatusBadRequest, http.MethodPost, path("/api/workflow/tasks/%d/decide", own),
				map[string]any{"action": "removeSign", "userId": e.users["neighbour"].ID}) // decided already
			add("t1", "allFlow", id, http.StatusOK, "after", "vcheck")
			e.approve("t1", "allFlow", id)
			e.approve("t2", "allFlow", id)
			e.approve("t3", "allFlow", id)
			if e.hasTask("c1", "allFlow", id) {
				t.Fatal("passed before the one added after decided")
			}
			e.as("t1", http.StatusOK, http.MethodPost, path("/api/workflow/tasks/%d/decide", own),
				map[string]any{"action": "removeSign", "userId": e.users["vcheck"].ID})
			if !e.hasTask("c1", "allFlow", id) || e.hasTask("vcheck", "allFlow", id) {
				t.Fatal("removing the last one added after should let the step pass")
			}
			want := map[string][]string{"t1": {"approved"}, "t2": {"approved"}, "t3": {"approved"},
				"vcheck": {"removed", "removed"}, "neighbour": {"approved"}}
			if diff := cmp.Diff(want, e.stepTasks("allFlow", id, "township")); diff != "" {
				t.Fatalf("township tasks (-want +got):\n%s", diff)
			}
		})
		t.Run("someone added before delegates: their delegate's approval releases the task", func(t *testing.T) {
			id := e.create("applicant", "oneFlow", map[string]any{"title": "加签委派"})
			e.submit("applicant", "oneFlow", id)
			add("t1", "oneFlow", id, http.StatusOK, "before", "vcheck")
			e.decide("vcheck", "oneFlow", id, http.StatusOK, map[string]any{"action": "delegate", "userId": e.users["neighbour"].ID})
			e.approve("neighbour", "oneFlow", id)
			if !e.hasTask("t1", "oneFlow", id) {
				t.Fatalf("t1's task still held: %v", e.stepTasks("oneFlow", id, "township"))
			}
			e.approve("t1", "oneFlow", id)
			if !e.hasTask("c1", "oneFlow", id) {
				t.Fatal("county step not open")
			}
		})
		t.Run("an added approver's rejection rejects the application", func(t *testing.T) {
			id := e.create("applicant", "ratio", map[string]any{"title": "加签驳回"})
			e.submit("applicant", "ratio", id)
			add("t1", "ratio", id, http.StatusOK, "before", "vcheck")
			e.decide("vcheck", "ratio", id, http.StatusOK, map[string]any{"action": "reject", "comment": "不符合"})
			if s := e.status("ratio", id); s != schema.FlowRejected || e.live("ratio", id) != 0 {
				t.Fatalf("status %d, %d open", s, e.live("ratio", id))
			}
		})
	})
}

// stepTaskID is user's latest task at the step (any state).
func (e *env) stepTaskID(module string, id int64, step, user string) int64 {
	e.t.Helper()
	var got int64
	for _, s := range e.state(module, id).Instances[0].Steps {
		for _, tk := range s.Tasks {
			if s.Name == step && tk.AssigneeID == e.users[user].ID {
				got = tk.ID
			}
		}
	}
	if got == 0 {
		e.t.Fatalf("%s has no task at %s", user, step)
	}
	return got
}

func TestLeave(t *testing.T) {
	forEachDB(t, func(t *testing.T, e *env) {
		now := time.Date(2026, 11, 2, 9, 0, 0, 0, time.Local) // a Monday
		e.clock.Set(now)
		leave := func(user string, want int, body map[string]any) workflow.Leave {
			t.Helper()
			var l workflow.Leave
			if data := e.as(user, want, http.MethodPost, "/api/workflow/leave", body); want == http.StatusOK {
				decode(t, data, &l)
			}
			return l
		}
		sub := e.users["vcheck"].ID
		leave("t1", http.StatusBadRequest, map[string]any{"substituteId": e.users["t1"].ID, "startAt": "2026-11-02", "endAt": "2026-11-04"})
		leave("t1", http.StatusBadRequest, map[string]any{"substituteId": sub, "startAt": "2026-11-04", "endAt": "2026-11-02"})
		leave("t1", http.StatusBadRequest, map[string]any{"substituteId": sub, "startAt": "2026-10-01", "endAt": "2026-10-02"})
		l := leave("t1", http.StatusOK, map[string]any{"substituteId": sub, "startAt": "2026-11-02 08:00:00",
			"endAt": "2026-11-04", "reason": "培训"})
		if !l.Active || l.EndAt != "2026-11-05 00:00:00" || l.SubstituteName != "用户vcheck" {
			t.Fatalf("leave %+v", l)
		}
		leave("t1", http.StatusConflict, map[string]any{"substituteId": sub, "startAt": "2026-11-03", "endAt": "2026-11-06"})

		id := e.create("applicant", "oneFlow", map[string]any{"title": "请假期间"})
		e.submit("applicant", "oneFlow", id)
		if e.hasTask("t1", "oneFlow", id) {
			t.Fatal("a task reached t1 on leave")
		}
		if row := e.todoRow("vcheck", "oneFlow", id); row.ActingForID != e.users["t1"].ID {
			t.Fatalf("substitute's row %+v", row)
		}
		e.approve("vcheck", "oneFlow", id)
		if h := e.comments("oneFlow", id); !hasLine(h, "approve@乡镇审批: 代用户t1：同意") {
			t.Fatalf("history %v", h)
		}
		e.as("t2", http.StatusNotFound, http.MethodPost, path("/api/workflow/leave/%d/cancel", l.ID), nil)
		var ls []workflow.Leave
		decode(t, e.as("t1", http.StatusOK, http.MethodPost, path("/api/workflow/leave/%d/cancel", l.ID), nil), &ls)
		if len(ls) != 1 || ls[0].Active || ls[0].CancelledAt == "" {
			t.Fatalf("leaves after cancel %+v", ls)
		}
		again := e.create("applicant", "oneFlow", map[string]any{"title": "销假后"})
		e.submit("applicant", "oneFlow", again)
		if !e.hasTask("t1", "oneFlow", again) {
			t.Fatal("after the leave was cancelled the task should reach t1")
		}
		e.clock.Set(now.AddDate(0, 0, 3))
		later := leave("t1", http.StatusOK, map[string]any{"substituteId": sub, "startAt": "2026-11-10", "endAt": "2026-11-11"})
		if later.Active {
			t.Fatal("a future leave is not active yet")
		}
		third := e.create("applicant", "oneFlow", map[string]any{"title": "假期之前"})
		e.submit("applicant", "oneFlow", third)
		if !e.hasTask("t1", "oneFlow", third) {
			t.Fatal("before the leave starts tasks reach t1")
		}
	})
}

func TestWorkingDayDeadlines(t *testing.T) {
	forEachDB(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		opened := time.Date(2026, 9, 30, 10, 0, 0, 0, time.Local) // the Wednesday before National Day
		e.clock.Set(opened)
		ids := map[string]int64{}
		for _, m := range []string{"toRemind", "toApprove", "toReject", "toEscalate"} {
			ids[m] = e.create("applicant", m, map[string]any{"title": "期限"})
			e.submit("applicant", m, ids[m])
		}
		due := e.todoRow("t1", "toApprove", ids["toApprove"]).DueAt
		if due != "2026-10-09 10:00:00" { // 1–7 October off: the 8th and the 9th are the two working days
			t.Fatalf("2d opened %s is due %s", opened, due)
		}
		if due := e.todoRow("t1", "toEscalate", ids["toEscalate"]).DueAt; due != "2026-10-08 02:00:00" {
			t.Fatalf("16h opened %s is due %s", opened, due)
		}
		e.clock.Set(time.Date(2026, 10, 8, 1, 59, 0, 0, time.Local))
		if n, err := e.wf.Tick(ctx); err != nil || n != 0 {
			t.Fatalf("tick before any deadline = %d, %v", n, err)
		}
		e.clock.Set(time.Date(2026, 10, 8, 2, 0, 0, 0, time.Local))
		if n, err := e.wf.Tick(ctx); err != nil || n != 1 {
			t.Fatalf("tick at the escalation deadline = %d, %v", n, err)
		}
		// Nobody holds the township approvers' role in the county: the tenant's administrators (the
		// bootstrap's) get it (TestEscalation covers the role one level up and the or-sign).
		admins, err := system.NewDirectory(e.ent).TenantAdmins(ctx, e.tenant)
		if err != nil || len(admins) != 1 {
			t.Fatalf("tenant administrators %v, %v", admins, err)
		}
		if e.hasTask("t1", "toEscalate", ids["toEscalate"]) {
			t.Fatal("the overdue task stayed with t1")
		}
		var to []int64
		for _, s := range e.state("toEscalate", ids["toEscalate"]).Instances[0].Steps {
			for _, tk := range s.Tasks {
				if tk.State == workflow.TaskOpen {
					to = append(to, tk.AssigneeID)
				}
			}
		}
		if !slices.Equal(to, admins) {
			t.Fatalf("open tasks of %v, want the tenant administrators %v", to, admins)
		}
		if h := e.history("toEscalate", ids["toEscalate"]); !slices.Contains(h, "escalate@乡镇审批") {
			t.Fatalf("history %v", h)
		}
		e.clock.Set(time.Date(2026, 10, 9, 9, 59, 59, 0, time.Local))
		// the escalated task got its own 16h from 02:00 (due 18:00): with nobody left to escalate to,
		// the administrator is reminded and keeps it.
		if n, _ := e.wf.Tick(ctx); n != 1 || !slices.Contains(e.history("toEscalate", ids["toEscalate"]), "remind@乡镇审批") {
			t.Fatalf("%d acted on; escalated history %v", n, e.history("toEscalate", ids["toEscalate"]))
		}
		e.events.take()
		e.clock.Set(time.Date(2026, 10, 9, 10, 0, 0, 0, time.Local))
		if n, err := e.wf.Tick(ctx); err != nil || n != 3 {
			t.Fatalf("tick at the deadline = %d, %v", n, err)
		}
		if !e.hasTask("t1", "toRemind", ids["toRemind"]) || !slices.Contains(e.history("toRemind", ids["toRemind"]), "remind@乡镇审批") {
			t.Fatal("remind should leave the task open with a history row")
		}
		if !slices.ContainsFunc(e.events.take(), func(v workflow.Event) bool {
			return v.Kind == workflow.EventOverdue && slices.Equal(v.Notify, []int64{e.users["t1"].ID})
		}) {
			t.Fatal("no overdue event for t1")
		}
		if !e.hasTask("c1", "toApprove", ids["toApprove"]) {
			t.Fatal("approve on timeout should pass the step")
		}
		if s := e.status("toReject", ids["toReject"]); s != schema.FlowRejected || e.live("toReject", ids["toReject"]) != 0 {
			t.Fatalf("reject on timeout: status %d", s)
		}
		if n, _ := e.wf.Tick(ctx); n != 0 {
			t.Fatalf("a second tick acted again on %d", n)
		}
	})
}

// TestDeadlinesClusterSafe: two engines on one database tick at once; each
// overdue task is acted on exactly once.
func TestDeadlinesClusterSafe(t *testing.T) {
	forEachDB(t, func(t *testing.T, e *env) {
		e.clock.Set(time.Date(2026, 11, 2, 9, 0, 0, 0, time.Local))
		var ids []int64
		for i := 0; i < 6; i++ {
			id := e.create("applicant", "toRemind", map[string]any{"title": "并发提醒"})
			e.submit("applicant", "toRemind", id)
			ids = append(ids, id)
		}
		e.clock.Set(time.Date(2026, 11, 4, 9, 0, 0, 0, time.Local))
		other := workflow.New(workflow.Options{Store: e.app.Store(), Directory: system.NewDirectory(e.ent),
			Modules: e.app.Modules, Now: e.clock.Now, Calendar: &dictCalendar{ent: e.ent}})
		var wg sync.WaitGroup
		counts := make([]int, 2)
		for i, w := range []*workflow.Engine{e.wf, other} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				n, err := w.Tick(context.Background())
				if err != nil {
					t.Error(err)
				}
				counts[i] = n
			}()
		}
		wg.Wait()
		if counts[0]+counts[1] != len(ids) {
			t.Fatalf("handled %v, want %d in all", counts, len(ids))
		}
		for _, id := range ids {
			n := 0
			for _, h := range e.history("toRemind", id) {
				if h == "remind@乡镇审批" {
					n++
				}
			}
			if n != 1 {
				t.Fatalf("record %d reminded %d times", id, n)
			}
		}
	})
}

func TestFieldRules(t *testing.T) {
	forEachDB(t, func(t *testing.T, e *env) {
		id := e.create("applicant", "fieldRules", map[string]any{"title": "字段", "amount": 120, "kind": 1})
		e.submit("applicant", "fieldRules", id)
		record := func(user string) map[string]any {
			return e.as(user, http.StatusOK, http.MethodGet, path("/api/workflow/fieldRules/%d", id), nil).(map[string]any)["record"].(map[string]any)
		}
		if rec := record("t1"); rec["amount"] != nil || rec["kind"] == nil || rec["title"] != "字段" {
			t.Fatalf("the township approver sees %v", rec)
		}
		if rec := record("applicant"); rec["amount"] == nil {
			t.Fatal("the applicant lost a field")
		}
		status, env := e.call(e.token("t1"), http.MethodPost, path("/api/workflow/tasks/%d/decide", e.task("t1", "fieldRules", id)),
			map[string]any{"action": "approve", "record": map[string]any{"amount": 5}})
		if status != http.StatusBadRequest || !strings.Contains(env["msg"].(string), "金额") {
			t.Fatalf("editing a field the step does not allow = %d %v", status, env)
		}
		e.decide("t1", "fieldRules", id, http.StatusBadRequest, map[string]any{"action": "return", "to": "township",
			"record": map[string]any{"kind": 2}})
		e.decide("t1", "fieldRules", id, http.StatusBadRequest, map[string]any{"action": "approve",
			"record": map[string]any{"kind": 9}}) // not an option: validated as any update
		e.decide("t1", "fieldRules", id, http.StatusOK, map[string]any{"action": "approve", "comment": "改为差旅",
			"record": map[string]any{"kind": 2}})
		if rec := record("c1"); rec["kind"] != float64(2) || rec["amount"] == nil {
			t.Fatalf("the county approver sees %v", rec)
		}
		if h := e.comments("fieldRules", id); !hasLine(h, "approve@乡镇审批: 改为差旅；修改了：类别") {
			t.Fatalf("history %v", h)
		}
	})
}

// TestApplicantKeptAsApprover: selfApprove keep and sameApprover each —
// the applicant decides both steps, each time.
func TestApplicantKeptAsApprover(t *testing.T) {
	forEachDB(t, func(t *testing.T, e *env) {
		id := e.create("applicant", "keepSelf", map[string]any{"title": "本人"})
		e.submit("applicant", "keepSelf", id)
		e.approve("applicant", "keepSelf", id)
		if !e.hasTask("applicant", "keepSelf", id) {
			t.Fatal("with sameApprover each the second step is decided again")
		}
		e.approve("applicant", "keepSelf", id)
		if s := e.status("keepSelf", id); s != schema.FlowApproved {
			t.Fatalf("status %d", s)
		}
	})
}

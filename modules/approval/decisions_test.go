package approval

// Decisions and the applicant's calls: reject, return, withdraw, transfer,
// chase, take back, copies, concurrency, the lists.

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
	"xiangzhi/engine/workflow"
)

func TestRejectAndResubmit(t *testing.T) {
	forEachDB(t, func(t *testing.T, e *env) {
		id := e.create("applicant", "expense", map[string]any{"title": "差旅", "amount": 100})
		e.submit("applicant", "expense", id)
		e.decide("vcheck", "expense", id, http.StatusBadRequest, map[string]any{"action": "reject", "comment": "  "})
		e.decide("vcheck", "expense", id, http.StatusOK, map[string]any{"action": "reject", "comment": "材料不全"})
		if s := e.status("expense", id); s != schema.FlowRejected || e.live("expense", id) != 0 {
			t.Fatalf("after reject: status %d, %d open", s, e.live("expense", id))
		}
		e.as("applicant", http.StatusOK, http.MethodPut, path("/office/expense/%d", id),
			map[string]any{"title": "差旅（补材料）", "amount": 100})
		st := e.submit("applicant", "expense", id)
		if len(st.Instances) != 2 || st.Instances[0].State != workflow.StateRunning ||
			st.Instances[1].State != workflow.StateRejected {
			t.Fatalf("instances after resubmit: %+v", st.Instances)
		}
		e.task("vcheck", "expense", id)
		e.as("applicant", http.StatusConflict, http.MethodPost, path("/api/workflow/expense/%d/submit", id), nil)
	})
}

func TestReturn(t *testing.T) {
	forEachDB(t, func(t *testing.T, e *env) {
		t.Run("from a plain step", func(t *testing.T) {
			id := e.create("applicant", "anyFlow", map[string]any{"title": "退回"})
			e.submit("applicant", "anyFlow", id)
			e.approve("t1", "anyFlow", id)
			e.decide("c1", "anyFlow", id, http.StatusBadRequest, map[string]any{"action": "return", "to": "county"})
			e.decide("c1", "anyFlow", id, http.StatusOK, map[string]any{"action": "return", "to": "township", "comment": "重新核实"})
			if got := e.stepTasks("anyFlow", id, "township"); !slices.Equal(got["t1"], []string{"approved", "open"}) ||
				!slices.Equal(got["t2"], []string{"cancelled", "open"}) {
				t.Fatalf("township tasks after return: %v", got)
			}
			if n := e.live("anyFlow", id); n != 3 {
				t.Fatalf("%d tasks open, want the township's 3", n)
			}
			e.decide("t2", "anyFlow", id, http.StatusOK, map[string]any{"action": "return", "to": workflow.ReturnToApplicant})
			if s := e.status("anyFlow", id); s != schema.FlowDraft || e.live("anyFlow", id) != 0 {
				t.Fatalf("returned to the applicant: status %d, %d open", s, e.live("anyFlow", id))
			}
		})
		t.Run("from inside a countersign", func(t *testing.T) {
			id := e.create("applicant", "expense", map[string]any{"title": "会签退回", "amount": 1})
			e.submit("applicant", "expense", id)
			e.approve("vcheck", "expense", id)
			e.approve("t1", "expense", id)
			e.decide("t2", "expense", id, http.StatusOK, map[string]any{"action": "return", "to": "village"})
			want := map[string][]string{"t1": {"approved"}, "t2": {"returned"}, "t3": {"cancelled"}}
			if diff := cmp.Diff(want, e.stepTasks("expense", id, "township")); diff != "" {
				t.Fatalf("countersign tasks (-want +got):\n%s", diff)
			}
			if n := e.live("expense", id); n != 1 || !e.hasTask("vcheck", "expense", id) {
				t.Fatalf("%d open, want only the village's", n)
			}
			e.approve("vcheck", "expense", id)
			for _, u := range []string{"t1", "t2", "t3"} {
				e.approve(u, "expense", id)
			}
			if s := e.status("expense", id); s != schema.FlowApproved {
				t.Fatalf("status %d after the second round", s)
			}
		})
		t.Run("from inside a parallel branch", func(t *testing.T) {
			id := e.create("applicant", "parallel", map[string]any{"title": "并行退回"})
			e.submit("applicant", "parallel", id)
			e.approve("vcheck", "parallel", id)
			e.approve("t1", "parallel", id)
			e.decide("t3", "parallel", id, http.StatusOK, map[string]any{"action": "return", "to": "first"})
			if n := e.live("parallel", id); n != 1 || !e.hasTask("vcheck", "parallel", id) || e.hasTask("fin", "parallel", id) {
				t.Fatalf("%d open after returning out of the parallel stage", n)
			}
			e.approve("vcheck", "parallel", id)
			if !e.hasTask("fin", "parallel", id) || !e.hasTask("t1", "parallel", id) {
				t.Fatal("both branches should open afresh")
			}
		})
	})
}

func TestWithdraw(t *testing.T) {
	forEachDB(t, func(t *testing.T, e *env) {
		id := e.create("applicant", "expense", map[string]any{"title": "撤回", "amount": 1})
		e.submit("applicant", "expense", id)
		e.as("neighbour", http.StatusForbidden, http.MethodPost, path("/api/workflow/expense/%d/withdraw", id), nil)
		e.as("applicant", http.StatusOK, http.MethodPost, path("/api/workflow/expense/%d/withdraw", id), nil)
		if s := e.status("expense", id); s != schema.FlowWithdrawn || e.live("expense", id) != 0 {
			t.Fatalf("status %d, %d open", s, e.live("expense", id))
		}
		e.submit("applicant", "expense", id)
		e.approve("vcheck", "expense", id)
		e.as("applicant", http.StatusConflict, http.MethodPost, path("/api/workflow/expense/%d/withdraw", id), nil)
	})
}

func TestLists(t *testing.T) {
	forEachDB(t, func(t *testing.T, e *env) {
		a := e.create("applicant", "anyFlow", map[string]any{"title": "甲"})
		b := e.create("applicant", "allFlow", map[string]any{"title": "乙"})
		e.submit("applicant", "anyFlow", a)
		e.submit("applicant", "allFlow", b)
		var counts []workflow.ModuleCount
		decode(t, e.as("t1", http.StatusOK, http.MethodGet, "/api/workflow/todo/counts", nil), &counts)
		want := []workflow.ModuleCount{{Module: "allFlow", Title: "测试allFlow", Count: 1},
			{Module: "anyFlow", Title: "测试anyFlow", Count: 1}}
		if diff := cmp.Diff(want, counts); diff != "" {
			t.Fatalf("counts (-want +got):\n%s", diff)
		}
		e.approve("t1", "anyFlow", a)
		var done struct {
			Data         []workflow.TaskRow
			RecordsTotal int64
		}
		decode(t, e.as("t1", http.StatusOK, http.MethodGet, "/api/workflow/done", nil), &done)
		if done.RecordsTotal != 1 || done.Data[0].RecordID != a || done.Data[0].ApplicantName != "用户applicant" {
			t.Fatalf("done = %+v", done)
		}
		var mine struct {
			Data         []workflow.ApplicationRow
			RecordsTotal int64
		}
		decode(t, e.as("applicant", http.StatusOK, http.MethodGet, "/api/workflow/mine?size=5", nil), &mine)
		if mine.RecordsTotal != 2 || mine.Data[0].Title != "乙" || !slices.Equal(mine.Data[1].Current, []string{"县级审批"}) {
			t.Fatalf("mine = %+v", mine)
		}
		e.as("applicant", http.StatusBadRequest, http.MethodGet, "/api/workflow/mine?size=0", nil)
		e.as("applicant", http.StatusBadRequest, http.MethodGet, "/api/workflow/done?colour=red", nil)
	})
}

func TestTransferAndChase(t *testing.T) {
	forEachDB(t, func(t *testing.T, e *env) {
		id := e.create("applicant", "allFlow", map[string]any{"title": "转办"})
		e.submit("applicant", "allFlow", id)
		e.decide("t1", "allFlow", id, http.StatusBadRequest, map[string]any{"action": "transfer", "userId": e.users["t2"].ID})
		e.decide("t1", "allFlow", id, http.StatusOK, map[string]any{"action": "transfer", "userId": e.users["vcheck"].ID,
			"comment": "请村里核实"})
		if e.hasTask("t1", "allFlow", id) || !e.hasTask("vcheck", "allFlow", id) {
			t.Fatal("the task did not move to vcheck")
		}
		e.events.take()
		e.as("t2", http.StatusForbidden, http.MethodPost, path("/api/workflow/allFlow/%d/chase", id), nil)
		e.as("applicant", http.StatusOK, http.MethodPost, path("/api/workflow/allFlow/%d/chase", id), nil)
		ev := e.events.take()
		want := slices.Sorted(slices.Values([]int64{e.users["t2"].ID, e.users["t3"].ID, e.users["vcheck"].ID}))
		if len(ev) != 1 || ev[0].Kind != workflow.EventChased || !slices.Equal(slices.Sorted(slices.Values(ev[0].Notify)), want) {
			t.Fatalf("chase events %+v, want notify %v", ev, want)
		}
		for _, u := range []string{"vcheck", "t2", "t3"} {
			e.approve(u, "allFlow", id)
		}
		if !e.hasTask("c1", "allFlow", id) {
			t.Fatalf("the countersign did not pass with the transferred task: %v", e.stepTasks("allFlow", id, "township"))
		}
		h := e.history("allFlow", id)
		if !slices.Contains(h, "transfer@乡镇审批") || !slices.Contains(h, "chase@乡镇审批") {
			t.Fatalf("history %v", h)
		}
	})
}

func TestConcurrentApprovals(t *testing.T) {
	forEachDB(t, func(t *testing.T, e *env) {
		id := e.create("applicant", "anyFlow", map[string]any{"title": "并发"})
		e.submit("applicant", "anyFlow", id)
		tasks := map[string]int64{}
		for _, u := range []string{"t1", "t2", "t3"} {
			tasks[u] = e.task(u, "anyFlow", id)
			e.token(u)
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		codes := map[int]int{}
		for u, task := range tasks {
			wg.Add(1)
			go func() {
				defer wg.Done()
				status, _ := e.call(e.tokens[u], http.MethodPost, path("/api/workflow/tasks/%d/decide", task),
					map[string]any{"action": "approve"})
				mu.Lock()
				codes[status]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		if codes[http.StatusOK] != 1 || codes[http.StatusNotFound] != 2 {
			t.Fatalf("answers %v, want one 200 and two 404", codes)
		}
		if got := e.stepTasks("anyFlow", id, "county"); len(got) != 1 || len(got["c1"]) != 1 {
			t.Fatalf("county tasks %v, want exactly one", got)
		}
	})
}

// doneTask is user's latest decided task on the record (from 已办).
func (e *env) doneTask(user, module string, id int64) int64 {
	e.t.Helper()
	var page struct{ Data []workflow.TaskRow }
	decode(e.t, e.as(user, http.StatusOK, http.MethodGet, "/api/workflow/done?size=1000", nil), &page)
	for _, r := range page.Data {
		if r.Module == module && r.RecordID == id {
			return r.ID
		}
	}
	e.t.Fatalf("%s decided nothing on %s %d", user, module, id)
	return 0
}

func TestTakeBack(t *testing.T) {
	forEachDB(t, func(t *testing.T, e *env) {
		takeBack := func(user, module string, id int64, want int) {
			t.Helper()
			e.as(user, want, http.MethodPost, path("/api/workflow/tasks/%d/takeback", e.doneTask(user, module, id)), nil)
		}
		t.Run("inside a countersign under way", func(t *testing.T) {
			id := e.create("applicant", "allFlow", map[string]any{"title": "取回"})
			e.submit("applicant", "allFlow", id)
			e.approve("t1", "allFlow", id)
			takeBack("t1", "allFlow", id, http.StatusOK)
			want := map[string][]string{"t1": {"takenBack", "open"}, "t2": {"open"}, "t3": {"open"}}
			if diff := cmp.Diff(want, e.stepTasks("allFlow", id, "township")); diff != "" {
				t.Fatalf("township tasks (-want +got):\n%s", diff)
			}
			e.approve("t1", "allFlow", id)
			e.approve("t2", "allFlow", id)
			e.approve("t3", "allFlow", id)
			takeBack("t3", "allFlow", id, http.StatusOK) // the step had passed: t1's and t2's approvals are kept
			want = map[string][]string{"t1": {"takenBack", "approved", "approved"}, "t2": {"approved", "approved"},
				"t3": {"takenBack", "open"}}
			if diff := cmp.Diff(want, e.stepTasks("allFlow", id, "township")); diff != "" {
				t.Fatalf("township tasks after taking back a passed step (-want +got):\n%s", diff)
			}
			if e.hasTask("c1", "allFlow", id) {
				t.Fatal("the county task stayed open")
			}
			e.approve("t3", "allFlow", id)
			if !e.hasTask("c1", "allFlow", id) {
				t.Fatal("the county step did not open again")
			}
		})
		t.Run("after the step passed, before the next acted", func(t *testing.T) {
			id := e.create("applicant", "expense", map[string]any{"title": "取回", "amount": 1})
			e.submit("applicant", "expense", id)
			e.approve("vcheck", "expense", id)
			takeBack("vcheck", "expense", id, http.StatusOK)
			if n := e.live("expense", id); n != 1 || !e.hasTask("vcheck", "expense", id) || e.hasTask("t1", "expense", id) {
				t.Fatalf("%d open after the take-back", n)
			}
			e.approve("vcheck", "expense", id)
			e.approve("t1", "expense", id)
			takeBack("vcheck", "expense", id, http.StatusConflict)
			e.approve("t2", "expense", id)
			takeBack("t2", "expense", id, http.StatusOK) // the step is under way: t2's task reopens
			want := map[string][]string{"t1": {"cancelled", "approved"}, "t2": {"cancelled", "takenBack", "open"},
				"t3": {"cancelled", "open"}}
			if diff := cmp.Diff(want, e.stepTasks("expense", id, "township")); diff != "" {
				t.Fatalf("township tasks (-want +got):\n%s", diff)
			}
			e.approve("t2", "expense", id)
			e.approve("t3", "expense", id)
			if s := e.status("expense", id); s != schema.FlowApproved || e.live("expense", id) != 0 {
				t.Fatalf("status %d, %d open", s, e.live("expense", id))
			}
		})
		// Taking back an approval while people added after the approver (加签在后) are still to decide:
		// their open tasks close (a history row each) and they wait again for the approver, who may
		// approve anew (they are asked again) or remove them (减签); once one of them decided, 409.
		t.Run("with people added after still to decide", func(t *testing.T) {
			id := e.create("applicant", "oneFlow", map[string]any{"title": "取回加签"})
			e.submit("applicant", "oneFlow", id)
			for _, d := range []map[string]any{
				{"action": "addSign", "position": "after", "userIds": []int64{e.users["vcheck"].ID, e.users["neighbour"].ID}},
			} {
				e.decide("t1", "oneFlow", id, http.StatusOK, d)
			}
			e.approve("t1", "oneFlow", id)
			e.decide("neighbour", "oneFlow", id, http.StatusOK, map[string]any{"action": "delegate", "userId": e.users["fin"].ID})
			if !e.hasTask("vcheck", "oneFlow", id) || !e.hasTask("fin", "oneFlow", id) {
				t.Fatalf("the people added after should decide now: %v", e.stepTasks("oneFlow", id, "township"))
			}
			takeBack("t1", "oneFlow", id, http.StatusOK)
			want := map[string][]string{"t1": {"takenBack", "open"}, "vcheck": {"cancelled", "waiting"},
				"neighbour": {"delegated", "waiting"}, "fin": {"cancelled"}}
			if diff := cmp.Diff(want, e.stepTasks("oneFlow", id, "township")); diff != "" {
				t.Fatalf("township tasks after the take-back (-want +got):\n%s", diff)
			}
			if e.hasTask("vcheck", "oneFlow", id) || e.hasTask("fin", "oneFlow", id) || e.live("oneFlow", id) != 3 {
				t.Fatalf("only t1's task should be open: %v", e.stepTasks("oneFlow", id, "township"))
			}
			h := e.comments("oneFlow", id)
			for _, line := range []string{"takeBack@乡镇审批: 取回：收回加签人用户vcheck的待办", "takeBack@乡镇审批: 取回：收回加签人用户neighbour的待办"} {
				if !hasLine(h, line) {
					t.Fatalf("no history row %q in %v", line, h)
				}
			}
			// The approver removes one of them and approves again: the other is asked again.
			e.decide("t1", "oneFlow", id, http.StatusOK, map[string]any{"action": "removeSign", "userId": e.users["neighbour"].ID})
			e.approve("t1", "oneFlow", id)
			if !e.hasTask("vcheck", "oneFlow", id) || e.hasTask("neighbour", "oneFlow", id) || e.hasTask("c1", "oneFlow", id) {
				t.Fatalf("vcheck alone should be asked again: %v", e.stepTasks("oneFlow", id, "township"))
			}
			e.approve("vcheck", "oneFlow", id)
			takeBack("t1", "oneFlow", id, http.StatusConflict) // someone it let through decided
			if !e.hasTask("c1", "oneFlow", id) {
				t.Fatalf("the county step should be open: %v", e.stepTasks("oneFlow", id, "township"))
			}
			e.approve("c1", "oneFlow", id)
			if s := e.status("oneFlow", id); s != schema.FlowApproved || e.live("oneFlow", id) != 0 {
				t.Fatalf("status %d, %d open", s, e.live("oneFlow", id))
			}
		})
	})
}

func TestCopies(t *testing.T) {
	forEachDB(t, func(t *testing.T, e *env) {
		copied := func(user string, id int64) bool {
			var page struct{ Data []workflow.TaskRow }
			decode(t, e.as(user, http.StatusOK, http.MethodGet, "/api/workflow/cc", nil), &page)
			return slices.ContainsFunc(page.Data, func(r workflow.TaskRow) bool { return r.RecordID == id })
		}
		id := e.create("applicant", "ccFlow", map[string]any{"title": "抄送"})
		e.submit("applicant", "ccFlow", id)
		e.events.take()
		e.approve("vcheck", "ccFlow", id)
		if !copied("t1", id) || !copied("t3", id) || !e.hasTask("c1", "ccFlow", id) || e.hasTask("t1", "ccFlow", id) {
			t.Fatal("the copy step should copy the township and go on to the county")
		}
		if ev := e.events.take(); !slices.ContainsFunc(ev, func(v workflow.Event) bool {
			return v.Kind == workflow.EventCopied && len(v.Notify) == 3
		}) {
			t.Fatalf("no copy event among %+v", ev)
		}
		e.as("t2", http.StatusOK, http.MethodGet, path("/api/workflow/ccFlow/%d", id), nil)

		cc := path("/api/workflow/ccFlow/%d/cc", id)
		e.as("far", http.StatusForbidden, http.MethodPost, cc, map[string]any{"userIds": []int64{e.users["fin"].ID}})
		e.as("applicant", http.StatusBadRequest, http.MethodPost, cc, map[string]any{"userIds": []int64{}})
		e.as("applicant", http.StatusBadRequest, http.MethodPost, cc, map[string]any{"userIds": []int64{99999}})
		e.as("applicant", http.StatusOK, http.MethodPost, cc, map[string]any{"userIds": []int64{e.users["fin"].ID}})
		if !copied("fin", id) {
			t.Fatal("fin got no copy")
		}
		e.as("fin", http.StatusOK, http.MethodGet, path("/api/workflow/ccFlow/%d", id), nil)
		if st := e.state("ccFlow", id); len(st.Instances[0].CC) != 1 {
			t.Fatalf("hand copies %+v", st.Instances[0].CC)
		}
		e.approve("c1", "ccFlow", id)
		if s := e.status("ccFlow", id); s != schema.FlowApproved {
			t.Fatalf("status %d", s)
		}
	})
}

// TestLockedUnderApproval: an application cannot be edited or deleted while
// it is under approval or once approved; a draft, a returned and a
// withdrawn one can.
func TestLockedUnderApproval(t *testing.T) {
	forEachDB(t, func(t *testing.T, e *env) {
		edit := func(id int64, want int) {
			t.Helper()
			e.as("applicant", want, http.MethodPut, path("/office/expense/%d", id), map[string]any{"title": "改", "amount": 2})
		}
		del := func(id int64, locked bool) {
			t.Helper()
			m := e.app.Modules().Module("expense")
			_, err := e.app.Store().Delete(context.Background(), m, store.Scope{TenantID: e.tenant, Mode: store.ScopeAll}, []int64{id})
			var refusal *store.Refusal
			if got := errors.As(err, &refusal) && refusal.Status == http.StatusConflict; got != locked {
				t.Fatalf("delete of %d: %v, want refused=%v", id, err, locked)
			}
		}
		id := e.create("applicant", "expense", map[string]any{"title": "锁定", "amount": 1})
		edit(id, http.StatusOK)
		e.submit("applicant", "expense", id)
		edit(id, http.StatusConflict)
		del(id, true)
		e.as("applicant", http.StatusOK, http.MethodPost, path("/api/workflow/expense/%d/withdraw", id), nil)
		edit(id, http.StatusOK)
		e.submit("applicant", "expense", id)
		e.decide("vcheck", "expense", id, http.StatusOK, map[string]any{"action": "return", "to": workflow.ReturnToApplicant})
		edit(id, http.StatusOK)
		e.submit("applicant", "expense", id)
		e.approve("vcheck", "expense", id)
		for _, u := range []string{"t1", "t2", "t3"} {
			e.approve(u, "expense", id)
		}
		if s := e.status("expense", id); s != schema.FlowApproved {
			t.Fatalf("status %d, want approved", s)
		}
		edit(id, http.StatusConflict)
		del(id, true)
		draft := e.create("applicant", "expense", map[string]any{"title": "草稿", "amount": 1})
		del(draft, false)
	})
}

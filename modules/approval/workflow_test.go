package approval

import (
	"context"
	"net/http"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"xiangzhi/engine/schema"
	"xiangzhi/engine/workflow"
	"xiangzhi/modules/system"
)

// pathOf is the step names and approver usernames of a plan.
func (e *env) pathOf(p *workflow.Plan) []string {
	names := map[int64]string{}
	for n, u := range e.users {
		names[u.ID] = n
	}
	var out []string
	for _, st := range p.Stages {
		for _, ln := range st.Lanes {
			for _, ps := range ln.Steps {
				line := ps.Name + ":"
				for _, id := range ps.Approvers {
					line += " " + names[id]
				}
				out = append(out, line)
			}
		}
	}
	return out
}

// simulate asks the simulator for the path of rec as applicant.
func (e *env) simulate(user, module string, rec map[string]any) []string {
	e.t.Helper()
	var sim workflow.Simulation
	decode(e.t, e.as(user, http.StatusOK, http.MethodPost, "/api/workflow/"+module+"/simulate",
		map[string]any{"record": rec}), &sim)
	return e.pathOf(sim.Plan)
}

// realPath is the path the latest submission of the record took, read
// from its stored plan through the flow state.
func (e *env) realPath(module string, id int64) []string {
	names := map[int64]string{}
	for n, u := range e.users {
		names[u.ID] = n
	}
	var out []string
	for _, s := range e.state(module, id).Instances[0].Steps {
		line := s.Name + ":"
		for _, p := range s.Approvers {
			line += " " + names[p.ID]
		}
		out = append(out, line)
	}
	return out
}

func TestThreeStepsWithCondition(t *testing.T) {
	forEachDB(t, func(t *testing.T, e *env) {
		tests := []struct {
			name   string
			amount float64
			path   []string
		}{
			{"small amount skips the county", 800, []string{"village: vcheck", "township: t1 t2 t3"}},
			{"large amount adds the county", 6000, []string{"village: vcheck", "township: t1 t2 t3", "county: c1"}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				rec := map[string]any{"title": "购买办公用品", "amount": tt.amount, "kind": 1}
				sim := e.simulate("applicant", "expense", rec)
				if diff := cmp.Diff(tt.path, sim); diff != "" {
					t.Fatalf("simulated path (-want +got):\n%s", diff)
				}
				id := e.create("applicant", "expense", rec)
				if s := e.status("expense", id); s != schema.FlowDraft {
					t.Fatalf("new record status %d", s)
				}
				e.events.take()
				e.submit("applicant", "expense", id)
				if diff := cmp.Diff(sim, e.realPath("expense", id)); diff != "" {
					t.Fatalf("real path differs from the simulated one (-sim +real):\n%s", diff)
				}
				ev := e.events.take()
				if len(ev) != 2 || ev[0].Kind != workflow.EventSubmitted || ev[1].Kind != workflow.EventArrived ||
					!slices.Equal(ev[1].Notify, []int64{e.users["vcheck"].ID}) {
					t.Fatalf("events after submit = %+v", ev)
				}
				if e.status("expense", id) != schema.FlowRunning || e.hasTask("t1", "expense", id) {
					t.Fatalf("after submit: status %d, township task early", e.status("expense", id))
				}
				e.approve("vcheck", "expense", id)
				for _, u := range []string{"t1", "t2", "t3"} {
					if e.status("expense", id) != schema.FlowRunning {
						t.Fatalf("passed before %s decided", u)
					}
					e.approve(u, "expense", id)
				}
				if tt.amount > 5000 {
					if e.status("expense", id) != schema.FlowRunning {
						t.Fatal("passed without the county")
					}
					e.approve("c1", "expense", id)
				}
				if s := e.status("expense", id); s != schema.FlowApproved {
					t.Fatalf("status after every step = %d", s)
				}
				if n := e.live("expense", id); n != 0 {
					t.Fatalf("%d tasks left open", n)
				}
				want := []string{"submit@", "approve@村审核", "approve@乡镇审批", "approve@乡镇审批", "approve@乡镇审批"}
				if tt.amount > 5000 {
					want = append(want, "approve@县级审批")
				}
				if diff := cmp.Diff(append(want, "approve@"), e.history("expense", id)); diff != "" {
					t.Fatalf("history (-want +got):\n%s", diff)
				}
			})
		}
	})
}

func TestModes(t *testing.T) {
	forEachDB(t, func(t *testing.T, e *env) {
		rec := map[string]any{"title": "会签测试", "amount": 1}
		t.Run("any: the first approval passes the step", func(t *testing.T) {
			id := e.create("applicant", "anyFlow", rec)
			e.submit("applicant", "anyFlow", id)
			e.approve("t2", "anyFlow", id)
			got := e.stepTasks("anyFlow", id, "township")
			want := map[string][]string{"t1": {"cancelled"}, "t2": {"approved"}, "t3": {"cancelled"}}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("township tasks (-want +got):\n%s", diff)
			}
			if !e.hasTask("c1", "anyFlow", id) {
				t.Fatal("county step not open")
			}
		})
		t.Run("one: only the first approver", func(t *testing.T) {
			id := e.create("applicant", "oneFlow", rec)
			e.submit("applicant", "oneFlow", id)
			if got := e.stepTasks("oneFlow", id, "township"); len(got) != 1 || got["t1"] == nil {
				t.Fatalf("township tasks %v", got)
			}
		})
		t.Run("all: everyone must approve", func(t *testing.T) {
			id := e.create("applicant", "allFlow", rec)
			e.submit("applicant", "allFlow", id)
			e.approve("t1", "allFlow", id)
			e.approve("t3", "allFlow", id)
			if e.hasTask("c1", "allFlow", id) {
				t.Fatal("county opened before t2 approved")
			}
			e.approve("t2", "allFlow", id)
			if !e.hasTask("c1", "allFlow", id) {
				t.Fatal("county step not open")
			}
		})
		t.Run("ratio: 0.6 of three passes with two", func(t *testing.T) {
			id := e.create("applicant", "ratio", rec)
			e.submit("applicant", "ratio", id)
			e.decide("t1", "ratio", id, http.StatusOK, map[string]any{"action": "reject", "comment": "不同意"})
			if e.status("ratio", id) != schema.FlowRunning {
				t.Fatal("one rejection rejected a ratio step that can still pass")
			}
			e.approve("t2", "ratio", id)
			e.approve("t3", "ratio", id)
			if !e.hasTask("c1", "ratio", id) {
				t.Fatalf("county step not open: %v", e.stepTasks("ratio", id, "township"))
			}
		})
		t.Run("ratio: rejected once it cannot pass", func(t *testing.T) {
			id := e.create("applicant", "ratio", rec)
			e.submit("applicant", "ratio", id)
			e.decide("t1", "ratio", id, http.StatusOK, map[string]any{"action": "reject", "comment": "不同意"})
			e.decide("t2", "ratio", id, http.StatusOK, map[string]any{"action": "reject", "comment": "不同意"})
			if s := e.status("ratio", id); s != schema.FlowRejected || e.live("ratio", id) != 0 {
				t.Fatalf("status %d, %d open", s, e.live("ratio", id))
			}
		})
		t.Run("sequential: one after another", func(t *testing.T) {
			id := e.create("applicant", "seqFlow", rec)
			e.submit("applicant", "seqFlow", id)
			for i, u := range []string{"t1", "t2", "t3"} {
				for _, other := range []string{"t1", "t2", "t3"}[i+1:] {
					if e.hasTask(other, "seqFlow", id) {
						t.Fatalf("%s's turn before %s decided", other, u)
					}
				}
				e.approve(u, "seqFlow", id)
			}
			if !e.hasTask("c1", "seqFlow", id) {
				t.Fatal("county step not open")
			}
		})
	})
}

func TestParallelBranchesJoin(t *testing.T) {
	forEachDB(t, func(t *testing.T, e *env) {
		id := e.create("applicant", "parallel", map[string]any{"title": "联合审批"})
		e.submit("applicant", "parallel", id)
		e.approve("vcheck", "parallel", id)
		if !e.hasTask("fin", "parallel", id) || !e.hasTask("t1", "parallel", id) {
			t.Fatal("both branches should be open")
		}
		e.approve("fin", "parallel", id)
		e.approve("vcheck", "parallel", id) // finB: the finance branch is done
		if e.hasTask("c1", "parallel", id) {
			t.Fatal("the last step opened before the office branch finished")
		}
		for _, u := range []string{"t1", "t2", "t3"} {
			e.approve(u, "parallel", id)
		}
		e.approve("c1", "parallel", id) // last
		if s := e.status("parallel", id); s != schema.FlowApproved || e.live("parallel", id) != 0 {
			t.Fatalf("status %d, %d open", s, e.live("parallel", id))
		}
	})
}

func TestApproverRulesAndScope(t *testing.T) {
	forEachDB(t, func(t *testing.T, e *env) {
		t.Run("self, empty and same-person rules", func(t *testing.T) {
			id := e.create("applicant", "rules", map[string]any{"title": "规则"})
			e.submit("applicant", "rules", id)
			e.approve("vcheck", "rules", id)
			// again: vcheck decided the previous step, so only the township's remain.
			want := map[string][]string{"vcheck": {"approved"}, "t1": {"open"}, "t2": {"open"}, "t3": {"open"}}
			if diff := cmp.Diff(want, e.stepTasks("rules", id, "again")); diff != "" {
				t.Fatalf("same-person step (-want +got):\n%s", diff)
			}
			h := e.history("rules", id)
			if !slices.Contains(h, "skip@本人审") || !slices.Contains(h, "skip@无人审") {
				t.Fatalf("history lacks the skipped steps: %v", h)
			}
		})
		t.Run("a flow nobody can decide is refused", func(t *testing.T) {
			id := e.create("applicant", "orphan", map[string]any{"title": "无人"})
			e.as("applicant", http.StatusConflict, http.MethodPost, path("/api/workflow/orphan/%d/submit", id), nil)
			if s := e.status("orphan", id); s != schema.FlowDraft {
				t.Fatalf("status %d", s)
			}
		})
		t.Run("an approver outside the chain is refused", func(t *testing.T) {
			id := e.create("applicant", "anyFlow", map[string]any{"title": "越权"})
			e.submit("applicant", "anyFlow", id)
			task := e.task("t1", "anyFlow", id)
			e.as("far", http.StatusForbidden, http.MethodPost, path("/api/workflow/tasks/%d/decide", task),
				map[string]any{"action": "approve"})
			if e.hasTask("far", "anyFlow", id) {
				t.Fatal("the other township's approver got a task")
			}
		})
		t.Run("an approver sees the records of their tasks, nothing else", func(t *testing.T) {
			id := e.create("applicant", "parallel", map[string]any{"title": "范围"})
			other := e.create("farApplicant", "parallel", map[string]any{"title": "别村"})
			e.submit("applicant", "parallel", id)
			e.approve("vcheck", "parallel", id)
			e.as("fin", http.StatusOK, http.MethodGet, path("/api/workflow/parallel/%d", id), nil)
			e.as("fin", http.StatusForbidden, http.MethodGet, path("/api/workflow/parallel/%d", other), nil)
			e.as("far", http.StatusNotFound, http.MethodGet, path("/api/workflow/parallel/%d", id), nil)
			e.as("far", http.StatusNotFound, http.MethodGet, path("/office/parallel/%d", id), nil)
		})
	})
}

func TestRunningInstanceKeepsItsVersion(t *testing.T) {
	forEachDB(t, func(t *testing.T, e *env) {
		old := e.create("applicant", "anyFlow", map[string]any{"title": "旧版"})
		e.submit("applicant", "anyFlow", old)
		writeFile(t, e.schemas+"/office/anyFlow.yaml", moduleHead("anyFlow")+`workflow:
  steps:
    - {name: village, title: 村审核, approvers: [{role: 村审核员, level: village}]}
    - {name: township, title: 乡镇审批, approvers: [{role: 乡镇审批员, level: township}]}
    - {name: county, title: 县级审批, approvers: [{role: 县级审批员, level: county}]}
`)
		if err := e.app.Reload(context.Background()); err != nil {
			t.Fatal(err)
		}
		fresh := e.create("applicant", "anyFlow", map[string]any{"title": "新版"})
		e.submit("applicant", "anyFlow", fresh)
		if !e.hasTask("vcheck", "anyFlow", fresh) || e.hasTask("vcheck", "anyFlow", old) {
			t.Fatal("the new version's first step should apply to new submissions only")
		}
		e.approve("t1", "anyFlow", old)
		e.approve("c1", "anyFlow", old)
		if s := e.status("anyFlow", old); s != schema.FlowApproved {
			t.Fatalf("old application status %d", s)
		}
		if v := e.state("anyFlow", old).Instances[0].Version; v != 1 {
			t.Fatalf("old application version %d", v)
		}
		if v := e.state("anyFlow", fresh).Instances[0].Version; v != 2 {
			t.Fatalf("new application version %d", v)
		}
	})
}

func TestLeaderAndAdministratorFallback(t *testing.T) {
	forEachDB(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		for user, extent := range map[string]string{"t2": system.RoleExtentLeader, "t3": "township"} {
			r, err := e.ent.Role.Create().SetTenantID(e.tenant).SetName("角色" + extent).SetRoleExtent(extent).
				SetIcon("icon").Save(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if err := e.ent.User.UpdateOneID(e.users[user].ID).AddRoleIDs(r.ID).Exec(ctx); err != nil {
				t.Fatal(err)
			}
		}
		want := []string{"leader: t2", "nobody: t3"}
		if diff := cmp.Diff(want, e.simulate("applicant", "fallback", map[string]any{"title": "x"})); diff != "" {
			t.Fatalf("path (-want +got):\n%s", diff)
		}
		id := e.create("applicant", "fallback", map[string]any{"title": "兜底"})
		e.submit("applicant", "fallback", id)
		e.approve("t2", "fallback", id)
		e.approve("t3", "fallback", id)
		if s := e.status("fallback", id); s != schema.FlowApproved {
			t.Fatalf("status %d", s)
		}
	})
}

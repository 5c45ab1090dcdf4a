package approval

import (
	"context"
	"net/http"
	"slices"

	"xiangzhi/engine/store"
	"xiangzhi/engine/workflow"
)

// moduleHead is the start of a test module file: name, api and permission
// from name, and the fields every test flow uses.
func moduleHead(name string) string {
	return `
name: ` + name + `
title: 测试` + name + `
group: office
api: /office/` + name + `
permission: office.` + name + `
orgScoped: true
fields:
  - {name: title, label: 事由, type: string, required: true, maxLength: 50, list: true}
  - {name: amount, label: 金额, type: decimal, min: 0}
  - {name: kind, label: 类别, type: enum, options: [{value: 1, label: 办公}, {value: 2, label: 差旅}]}
`
}

// modeFlow is one township step of the mode (with its extra keys), then a
// county step.
func modeFlow(name, mode string) string {
	return moduleHead(name) + `workflow:
  steps:
    - {name: township, title: 乡镇审批, approvers: [{role: 乡镇审批员, level: township}], ` + mode + `}
    - {name: county, title: 县级审批, approvers: [{role: 县级审批员, level: county}]}
`
}

// expenseSteps is the three-step flow with a condition on the amount.
const expenseSteps = `workflow:
  steps:
    - {name: village, title: 村审核, approvers: [{role: 村审核员, level: village}]}
    - {name: township, title: 乡镇审批, approvers: [{role: 乡镇审批员, level: township}], mode: all}
    - {name: county, title: 县级审批, when: amount > 5000, approvers: [{role: 县级审批员, level: county}]}
`

var testModules = map[string]string{
	"fallback": moduleHead("fallback") + `workflow:
  emptyApprover: admin
  steps:
    - {name: leader, title: 镇长审批, approvers: [{leader: true, level: township}]}
    - {name: nobody, title: 无人审, approvers: [{role: 不存在的角色, level: township}]}
`,
	"single": moduleHead("single") + `workflow:
  steps:
    - {name: township, title: 乡镇审批, approvers: [{role: 乡镇审批员, level: township}], mode: one}
`,
	"ccFlow": moduleHead("ccFlow") + `workflow:
  steps:
    - {name: village, title: 村审核, approvers: [{role: 村审核员, level: village}]}
    - {name: notify, title: 抄送乡镇, cc: [{role: 乡镇审批员, level: township}]}
    - {name: county, title: 县级审批, approvers: [{role: 县级审批员, level: county}]}
`,
	"orphan": moduleHead("orphan") + `workflow:
  steps:
    - {name: nobody, title: 无人审, approvers: [{role: 不存在的角色, level: township}]}
`,
	"expense": moduleHead("expense") + expenseSteps,
	"anyFlow": modeFlow("anyFlow", "mode: any"),
	"allFlow": modeFlow("allFlow", "mode: all"),
	"ratio":   modeFlow("ratio", "mode: ratio, ratio: 0.6"),
	"seqFlow": modeFlow("seqFlow", "mode: sequential"),
	"oneFlow": modeFlow("oneFlow", "mode: one"),
	"parallel": moduleHead("parallel") + `workflow:
  steps:
    - {name: first, title: 村审核, approvers: [{role: 村审核员, level: village}]}
    - name: joint
      title: 会审
      parallel:
        - name: fin
          title: 财务
          steps:
            - {name: finA, title: 财务初审, approvers: [{users: [fin]}]}
            - {name: finB, title: 财务复核, approvers: [{role: 村审核员, level: village}]}
        - name: office
          title: 办公室
          steps:
            - {name: offA, title: 办公室会签, approvers: [{role: 乡镇审批员, level: township}], mode: all}
    - {name: last, title: 终审, approvers: [{role: 县级审批员, level: county}]}
`,
	"toRemind":      modeFlow("toRemind", "mode: one, deadline: 2d"),
	"toApprove":     modeFlow("toApprove", "mode: one, deadline: 2d, onTimeout: approve"),
	"toReject":      modeFlow("toReject", "mode: one, deadline: 2d, onTimeout: reject"),
	"toEscalate":    modeFlow("toEscalate", "mode: one, deadline: 16h, onTimeout: escalate"),
	"toEscalateAll": modeFlow("toEscalateAll", "mode: all, deadline: 16h, onTimeout: escalate"),
	"toEscalateTop": moduleHead("toEscalateTop") + `workflow:
  steps:
    - {name: county, title: 县级审批, approvers: [{role: 县级审批员, level: county}], deadline: 16h, onTimeout: escalate}
`,
	"fieldRules": moduleHead("fieldRules") + `workflow:
  steps:
    - {name: township, title: 乡镇审批, approvers: [{role: 乡镇审批员, level: township}], hidden: [amount], editable: [kind]}
    - {name: county, title: 县级审批, approvers: [{role: 县级审批员, level: county}]}
`,
	"keepSelf": moduleHead("keepSelf") + `workflow:
  selfApprove: keep
  sameApprover: each
  steps:
    - {name: self, title: 本人审, approvers: [{users: [applicant]}]}
    - {name: again, title: 本人复审, approvers: [{users: [applicant]}]}
`,
	"rules": moduleHead("rules") + `workflow:
  steps:
    - {name: self, title: 本人审, approvers: [{users: [applicant]}]}
    - {name: nobody, title: 无人审, approvers: [{role: 不存在的角色, level: township}]}
    - {name: village, title: 村审核, approvers: [{role: 村审核员, level: village}]}
    - {name: again, title: 村复核, approvers: [{role: 村审核员, level: village}, {role: 乡镇审批员, level: township}], mode: all}
`,
}

// create adds a record of module as user and answers its id.
func (e *env) create(user, module string, rec map[string]any) int64 {
	e.t.Helper()
	data := e.as(user, http.StatusOK, http.MethodPost, "/office/"+module, rec).(map[string]any)
	return int64(data["id"].(float64))
}

// submit submits the record as user and answers its flow state.
func (e *env) submit(user, module string, id int64) workflow.FlowState {
	e.t.Helper()
	var st workflow.FlowState
	decode(e.t, e.as(user, http.StatusOK, http.MethodPost, path("/api/workflow/%s/%d/submit", module, id), nil), &st)
	return st
}

// task is user's open task on the record; the test fails without one.
func (e *env) task(user, module string, id int64) int64 {
	e.t.Helper()
	var page struct{ Data []workflow.TaskRow }
	decode(e.t, e.as(user, http.StatusOK, http.MethodGet, "/api/workflow/todo?module="+module+"&size=1000", nil), &page)
	for _, r := range page.Data {
		if r.RecordID == id {
			return r.ID
		}
	}
	e.t.Fatalf("%s has no open task on %s %d; flow %+v", user, module, id, e.state(module, id))
	return 0
}

// hasTask reports whether user has an open task on the record.
func (e *env) hasTask(user, module string, id int64) bool {
	e.t.Helper()
	var page struct{ Data []workflow.TaskRow }
	decode(e.t, e.as(user, http.StatusOK, http.MethodGet, "/api/workflow/todo?module="+module+"&size=1000", nil), &page)
	return slices.ContainsFunc(page.Data, func(r workflow.TaskRow) bool { return r.RecordID == id })
}

// decide takes a decision on user's task on the record; want is the
// expected HTTP status.
func (e *env) decide(user, module string, id int64, want int, d map[string]any) {
	e.t.Helper()
	e.as(user, want, http.MethodPost, path("/api/workflow/tasks/%d/decide", e.task(user, module, id)), d)
}

func (e *env) approve(user, module string, id int64) {
	e.t.Helper()
	e.decide(user, module, id, http.StatusOK, map[string]any{"action": "approve", "comment": "同意"})
}

// state is the record's flow, read past any scope.
func (e *env) state(module string, id int64) *workflow.FlowState {
	e.t.Helper()
	st, err := e.wf.State(context.Background(), store.Scope{TenantID: e.tenant}, module, id)
	if err != nil {
		e.t.Fatal(err)
	}
	return st
}

// status is the record's workflow status.
func (e *env) status(module string, id int64) int64 {
	e.t.Helper()
	m := e.app.Modules().Module(module)
	rec, err := e.app.Store().Get(context.Background(), m, store.Scope{TenantID: e.tenant}, id)
	if err != nil {
		e.t.Fatal(err)
	}
	return rec[m.Status.Field].(int64)
}

// history is the record's history as action@step lines.
func (e *env) history(module string, id int64) []string {
	e.t.Helper()
	m := e.app.Modules().Module(module)
	hs, err := e.app.Store().History(context.Background(), m, store.Scope{TenantID: e.tenant}, id)
	if err != nil {
		e.t.Fatal(err)
	}
	var out []string
	for _, h := range hs {
		out = append(out, h.Action+"@"+h.Step)
	}
	return out
}

// live counts the record's tasks that are open or waiting, over every
// submission.
func (e *env) live(module string, id int64) int {
	n := 0
	for _, in := range e.state(module, id).Instances {
		for _, s := range in.Steps {
			for _, t := range s.Tasks {
				if t.State == workflow.TaskOpen || t.State == workflow.TaskWaiting {
					n++
				}
			}
		}
	}
	return n
}

// stepTasks are the task states of one step of the latest submission, by
// assignee username.
func (e *env) stepTasks(module string, id int64, step string) map[string][]string {
	out := map[string][]string{}
	names := map[int64]string{}
	for n, u := range e.users {
		names[u.ID] = n
	}
	for _, s := range e.state(module, id).Instances[0].Steps {
		if s.Name == step {
			for _, t := range s.Tasks {
				out[names[t.AssigneeID]] = append(out[names[t.AssigneeID]], t.State)
			}
		}
	}
	return out
}

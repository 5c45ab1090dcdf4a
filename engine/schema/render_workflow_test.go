package schema

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// branchFlow is a module whose workflow has every kind of step the
// designer's workflow editor edits: approval steps with conditions, a copy
// step, parallel branches and condition branches with an otherwise branch,
// and the comments a hand or the designer put there.
const branchFlow = `# 用车申请（设计器）
name: carApply
title: 用车申请
api: /api/carApplies
permission: carApply
fields:
  - {name: amount, label: 金额, type: int}
  - {name: usingDay, label: 天数, type: int}
  - {name: kind, label: 类别, type: enum, options: [{value: 1, label: 公务}, {value: 2, label: 接待}, {value: 3, label: 其他}]}
workflow:
  emptyApprover: skip
  steps:
    - name: township # 第一步
      title: 乡镇审批
      approvers:
        - {role: 乡镇管理员, level: township}
      mode: any
      deadline: 3d
      onTimeout: escalate
    - name: notify
      title: 抄送乡镇
      cc: [{role: 乡镇审批员, level: township}]
    - name: review
      title: 会审
      parallel: # 都要过
        - {name: finance, title: 财务, steps: [{name: fin, title: 财务审核, approvers: [{leader: true}]}]}
        - name: office
          title: 办公室
          steps:
            - {name: off, title: 办公室审核, approvers: [{role: 办公室}], mode: all}
    - name: route
      title: 按类别
      branches:
        - when: 'kind in [1, 2] && amount > 5000'
          steps: [{name: a, title: 公务审批, approvers: [{role: 办公室主任}]}]
        - {when: usingDay >= 3, steps: [{name: c, title: 长期审批, approvers: [{users: [zhangsan]}], mode: ratio, ratio: 0.5}]}
        # 其他情况
        - {steps: [{name: b, title: 其他审批, approvers: [{leader: true, level: township}], mode: sequential}]}
`

// TestRenderWorkflowBranches checks the designer's workflow round trip:
// parse → model (JSON) → YAML → parse gives the same module for a flow
// with parallel and condition branches, written from scratch and into the
// file (byte-identical there, comments kept); and a branch added, edited and
// a parallel branch added in the model land in the file with its comments.
func TestRenderWorkflowBranches(t *testing.T) {
	first, err := ParseModule("designer/carApply.yaml", []byte(branchFlow))
	if err != nil {
		t.Fatal(err)
	}
	if first.Workflow == nil || len(first.Workflow.Steps) != 4 || len(first.Workflow.Steps[2].Parallel) != 2 ||
		len(first.Workflow.Steps[3].Branches) != 3 {
		t.Fatalf("the flow did not load as written: %+v", first.Workflow)
	}
	opts := cmp.Options{cmpopts.IgnoreFields(Module{}, "File"), cmp.Comparer(func(a, b Condition) bool { return a.Text == b.Text })}
	model := viaJSON(t, first)
	for _, base := range []struct {
		name string
		text []byte
	}{{"new file", nil}, {"into the file", []byte(branchFlow)}} {
		out, err := Render(model, base.text)
		if err != nil {
			t.Fatal(err)
		}
		again, err := ParseModule("designer/carApply.yaml", out)
		if err != nil {
			t.Fatalf("%s: rendered YAML does not load: %v\n%s", base.name, err, out)
		}
		if diff := cmp.Diff(first, again, opts); diff != "" {
			t.Fatalf("%s: module changed by the round trip:\n%s\n%s", base.name, diff, out)
		}
		if base.text != nil && string(out) != branchFlow {
			t.Errorf("into the file: not byte-identical:\n%s", cmp.Diff(branchFlow, string(out)))
		}
		stable, err := Render(viaJSON(t, again), out)
		if err != nil || string(stable) != string(out) {
			t.Errorf("%s: second export differs: %v\n%s", base.name, err, cmp.Diff(string(out), string(stable)))
		}
	}

	// Edits of the branches in the model.
	changed := viaJSON(t, first)
	route := &changed.Workflow.Steps[3]
	route.Branches[0].When = "kind in [1, 2] && amount > 8000"
	route.Branches = append(route.Branches[:2], Branch{When: "kind == 3",
		Steps: []Step{{Name: "d", Title: "其他类别审批", Approvers: []Approver{{Role: "办公室主任"}}}}}, route.Branches[2])
	review := &changed.Workflow.Steps[2]
	review.Parallel = append(review.Parallel, Branch{Name: "legal", Title: "法务", Steps: []Step{{Name: "law", Title: "法务审核", Approvers: []Approver{{Role: "法务"}}}}})
	review.Parallel[0].Steps = append(review.Parallel[0].Steps, Step{Name: "fin2", Title: "财务复核", Approvers: []Approver{{Role: "财务"}}, Mode: "all"})
	out, err := Render(changed, []byte(branchFlow))
	if err != nil {
		t.Fatal(err)
	}
	again, err := ParseModule("designer/carApply.yaml", out)
	if err != nil {
		t.Fatalf("edited flow does not load: %v\n%s", err, out)
	}
	if diff := cmp.Diff(changed, viaJSON(t, again), opts); diff != "" {
		t.Fatalf("edited flow changed by the round trip:\n%s\n%s", diff, out)
	}
	for _, kept := range []string{"# 用车申请（设计器）", "name: township # 第一步", "parallel: # 都要过", "# 其他情况",
		"kind in [1, 2] && amount > 8000", "kind == 3", "财务复核", "法务审核", "办公室审核"} {
		if !strings.Contains(string(out), kept) {
			t.Errorf("the edited file lacks %q:\n%s", kept, out)
		}
	}
}

// viaJSON is the module as the designer's model carries it (JSON).
func viaJSON(t *testing.T, m *Module) *Module {
	t.Helper()
	data, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var out Module
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return &out
}

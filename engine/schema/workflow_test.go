package schema

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// flowModule is a module with a workflow; steps is the text of its
// workflow's steps, indented by four spaces.
func flowModule(extra, steps string) string {
	return `name: carApply
title: 用车申请
api: /office/carApplies
permission: office.carApply
fields:
  - {name: amount, label: 金额, type: decimal}
  - {name: usingDay, label: 天数, type: int}
  - {name: kind, label: 类别, type: enum, options: [{value: 1, label: 公务}, {value: 2, label: 接待}]}
  - {name: reason, label: 事由, type: string}
  - {name: urgent, label: 紧急, type: bool}
  - {name: startDate, label: 出发日期, type: date}
  - {name: photos, label: 照片, type: images}
` + extra + `workflow:
  steps:
` + steps
}

const goodSteps = `    - name: township
      title: 乡镇审批
      approvers: [{role: 乡镇管理员, level: township}]
    - name: county
      title: 县级审批
      when: amount > 5000 || (urgent && kind == 2)
      approvers: [{role: 县级管理员, level: county}, {users: [zhangsan]}]
      mode: ratio
      ratio: 0.5
      deadline: 3d
    - name: review
      title: 会审
      parallel:
        - {name: finance, title: 财务, steps: [{name: fin, title: 财务审核, approvers: [{leader: true}]}]}
        - {name: office, title: 办公室, steps: [{name: off, title: 办公室审核, approvers: [{role: 办公室}], mode: all}]}
    - name: route
      title: 按类别
      branches:
        - {when: 'kind in [1]', steps: [{name: a, title: 甲, approvers: [{role: 甲}]}]}
        - {steps: [{name: b, title: 乙, approvers: [{role: 乙}], mode: sequential}]}
`

func TestWorkflowLoads(t *testing.T) {
	m, err := ParseModule("office/car.yaml", []byte(flowModule("", goodSteps)))
	if err != nil {
		t.Fatal(err)
	}
	if m.Status == nil || m.Status.Field != DefaultFlowStatus || m.Status.Values[FlowRunning] != "审批中" ||
		m.Status.Initial != FlowDraft || len(m.Status.Actions) != 0 {
		t.Fatalf("status = %+v", m.Status)
	}
	if codes := m.Codes(); codes[len(codes)-1] != "office.carApply.submit" {
		t.Fatalf("codes = %v", codes)
	}
	county := m.Workflow.Steps[1]
	tests := []struct {
		rec  map[string]any
		want bool
	}{
		{map[string]any{"amount": 6000.0}, true},
		{map[string]any{"amount": int64(5000)}, false},
		{map[string]any{"amount": "5000.01"}, true},
		{map[string]any{"urgent": true, "kind": int64(2)}, true},
		{map[string]any{"urgent": true, "kind": int64(1)}, false},
		{map[string]any{}, false},
	}
	for _, tt := range tests {
		if got := county.Cond.Eval(tt.rec); got != tt.want {
			t.Errorf("%s on %v = %v, want %v", county.When, tt.rec, got, tt.want)
		}
	}
	if b := m.Workflow.Steps[3].Branches[0]; !b.Cond.Eval(map[string]any{"kind": 1}) || b.Cond.Eval(map[string]any{"kind": 2}) {
		t.Errorf("kind in [1] judged wrongly")
	}
}

func TestConditionEval(t *testing.T) {
	m, err := ParseModule("office/car.yaml", []byte(flowModule("", goodSteps)))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		cond string
		rec  map[string]any
		want bool
	}{
		{`reason == "会议"`, map[string]any{"reason": " 会议 "}, true},
		{`reason != null`, map[string]any{}, false},
		{`reason == null`, map[string]any{"reason": nil}, true},
		{`startDate >= "2025-01-01" and not urgent`, map[string]any{"startDate": "2025-03-01"}, true},
		{`startDate < "2025-01-01"`, map[string]any{"startDate": "2025-03-01"}, false},
		{`usingDay >= 3 && usingDay <= 5`, map[string]any{"usingDay": 4}, true},
		{`!(usingDay > 1)`, map[string]any{"usingDay": 4}, false},
	}
	for _, tt := range tests {
		c, err := ParseCondition(m, tt.cond)
		if err != nil {
			t.Fatalf("%s: %v", tt.cond, err)
		}
		if got := c.Eval(tt.rec); got != tt.want {
			t.Errorf("%s on %v = %v, want %v", tt.cond, tt.rec, got, tt.want)
		}
	}
}

func TestWorkflowLintErrors(t *testing.T) {
	tests := []struct {
		name  string
		extra string
		steps string
		want  []string
	}{
		{"unknown field in a condition", "", `    - {name: a, title: 甲, when: distance > 5, approvers: [{role: r}]}
`, []string{"x.yaml:15: workflow.steps.a.when: 条件有误：未知字段 distance"}},
		{"condition of the wrong type", "", `    - {name: a, title: 甲, when: 'amount > "many"', approvers: [{role: r}]}
`, []string{"x.yaml:15: workflow.steps.a.when: 条件有误：字段 amount 不能与 many 比较：应为数字"}},
		{"ordering a text", "", `    - {name: a, title: 甲, when: 'reason > "a"', approvers: [{role: r}]}
`, []string{"x.yaml:15: workflow.steps.a.when: 条件有误：字段 reason 不能用 > 比较大小，只有数字和日期可以"}},
		{"a field files cannot be used", "", `    - {name: a, title: 甲, when: photos == null, approvers: [{role: r}]}
`, []string{"x.yaml:15: workflow.steps.a.when: 条件有误：字段 photos 的类型 images 不能用于条件"}},
		{"not an option", "", `    - {name: a, title: 甲, when: kind == 3, approvers: [{role: r}]}
`, []string{"x.yaml:15: workflow.steps.a.when: 条件有误：3 不是字段 kind 的可选值"}},
		{"unknown role level", "", `    - {name: a, title: 甲, approvers: [{role: r, level: province}]}
`, []string{`x.yaml:15: workflow.steps.a.approvers[0].level: 取值必须是以下之一："applicant", "village", "township", "county"`}},
		{"a step with no approver", "", `    - {name: a, title: 甲}
`, []string{"x.yaml:15: workflow.steps.a.approvers: 步骤 a 没有审批人：请写 approvers，或写 cc / branches / parallel"}},
		{"an empty approver rule", "", `    - {name: a, title: 甲, approvers: [{level: county}]}
`, []string{"x.yaml:15: workflow.steps.a.approvers[0]: 审批人规则为空：请写 role、users 或 leader 之一"}},
		{"unreachable branch", "", `    - name: a
      title: 甲
      branches:
        - {steps: [{name: b, title: 乙, approvers: [{role: r}]}]}
        - {when: amount > 1, steps: [{name: c, title: 丙, approvers: [{role: r}]}]}
`, []string{"x.yaml:19: workflow.steps.a.branches[1]: 此分支永远不会被选中：前面已有无条件分支或相同条件的分支"}},
		{"duplicate step and bad ratio", "", `    - {name: a, title: 甲, approvers: [{role: r}], mode: ratio}
    - {name: a, title: 乙, approvers: [{role: r}], ratio: 0.5, deadline: 2w}
`, []string{
			"x.yaml:15: workflow.steps.a.ratio: ratio 模式需要 0 到 1 之间的比例，如 0.5",
			"x.yaml:16: workflow.steps.a.deadline: 期限格式不正确，应为工作日数或小时数，如 3d、8h",
			"x.yaml:16: workflow.steps.a.name: 步骤名 a 重复",
			"x.yaml:16: workflow.steps.a.ratio: 只有 mode: ratio 的步骤才能写 ratio",
		}},
		{"field rules naming unknown fields", "", `    - {name: a, title: 甲, approvers: [{role: r}], hidden: [amount, secret], editable: [amount, colour]}
`, []string{
			"x.yaml:15: workflow.steps.a.editable[0]: 字段 amount 不能既隐藏又可编辑",
			"x.yaml:15: workflow.steps.a.editable[1]: 未知字段 colour",
			"x.yaml:15: workflow.steps.a.hidden[1]: 未知字段 secret",
		}},
		{"timeout without a deadline, or on a copy step", "", `    - {name: a, title: 甲, approvers: [{role: r}], onTimeout: approve}
    - {name: b, title: 乙, cc: [{role: r}], deadline: 2d}
`, []string{
			"x.yaml:15: workflow.steps.a.onTimeout: 写了 onTimeout 就要写 deadline",
			"x.yaml:16: workflow.steps.b: 步骤 b 不是审批步骤，不能写 deadline、onTimeout、hidden 或 editable",
		}},
		{"unknown timeout action", "", `    - {name: c, title: 丙, approvers: [{role: r}], deadline: 2d, onTimeout: later}
`, []string{
			`x.yaml:15: workflow.steps.c.onTimeout: 取值必须是以下之一："remind", "approve", "reject", "escalate"`,
		}},
		{"status beside a workflow", "status: {field: st, values: {1: 甲}, initial: 1}\n", `    - {name: a, title: 甲, approvers: [{role: r}]}
`, []string{"x.yaml:13: status: 模块声明了 workflow 时不能再声明 status：审批状态字段由 workflow 生成"}},
		{"parallel inside parallel", "", `    - name: p
      title: 并行
      parallel:
        - {steps: [{name: a, title: 甲, approvers: [{role: r}]}]}
        - steps:
            - {name: q, title: 内, parallel: [{steps: [{name: b, title: 乙, approvers: [{role: r}]}]}]}
`, []string{
			"x.yaml:20: workflow.steps.p.parallel[1].steps.q.parallel: 分支至少需要两条",
			"x.yaml:20: workflow.steps.p.parallel[1].steps.q.parallel: 并行分支内不能再有并行分支",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseModule("x.yaml", []byte(flowModule(tt.extra, tt.steps)))
			var les LoadErrors
			if !errors.As(err, &les) {
				t.Fatalf("err = %v, want LoadErrors", err)
			}
			var got []string
			for _, e := range les {
				got = append(got, e.Error())
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("problems (-want +got):\n%s\nall:\n%s", diff, strings.Join(got, "\n"))
			}
		})
	}
}

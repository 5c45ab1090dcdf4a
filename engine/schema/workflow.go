package schema

import "xiangzhi/engine/msg"

// Workflow is a module's multi-step approval (`workflow:` in the module
// file). The engine adds the status field it names, with the values of
// FlowStatuses, and engine/workflow moves records through the steps.
type Workflow struct {
	// Status is the status field the engine adds (default approvalStatus).
	Status string `yaml:"status,omitempty" json:"status,omitempty"`
	// Label is the status field's label (default 审批状态).
	Label string `yaml:"label,omitempty" json:"label,omitempty"`
	// EmptyApprover says what a step none resolves to does: skip it
	// (default) or send it to the administrators of the organisation.
	EmptyApprover string `yaml:"emptyApprover,omitempty" json:"emptyApprover,omitempty"`
	// SelfApprove says what happens when the applicant is an approver:
	// skip them (default) or keep them.
	SelfApprove string `yaml:"selfApprove,omitempty" json:"selfApprove,omitempty"`
	// SameApprover says what happens when who approved a step is an
	// approver of the next: decide once (default, approved again for them)
	// or each time.
	SameApprover string `yaml:"sameApprover,omitempty" json:"sameApprover,omitempty"`
	Steps        []Step `yaml:"steps" json:"steps"`
}

// The values of a workflow's rules.
const (
	RuleSkip  = "skip"
	RuleAdmin = "admin"
	RuleKeep  = "keep"
	RuleOnce  = "once"
	RuleEach  = "each"
)

// DefaultFlowStatus is the status field of a workflow that names none.
const DefaultFlowStatus = "approvalStatus"

// The status values of a module with a workflow.
const (
	FlowDraft     = 0 // 草稿: not submitted, or returned to the applicant
	FlowRunning   = 1 // 审批中
	FlowApproved  = 2 // 已通过
	FlowRejected  = 3 // 已驳回
	FlowWithdrawn = 4 // 已撤回
)

// FlowStatuses are the labels of the status values of a workflow.
var FlowStatuses = map[int]string{
	FlowDraft: msg.FlowDraft, FlowRunning: msg.FlowRunning, FlowApproved: msg.FlowApproved,
	FlowRejected: msg.FlowRejected, FlowWithdrawn: msg.FlowWithdrawn,
}

// Step modes: how the approvers of a step decide.
const (
	ModeOne        = "one"        // one approver (the first resolved)
	ModeAny        = "any"        // 或签: the first approval decides
	ModeAll        = "all"        // 会签: everyone must approve
	ModeRatio      = "ratio"      // a share of the approvers must approve
	ModeSequential = "sequential" // 依次: everyone, one after another
)

// What a step's open tasks do at the deadline (onTimeout).
const (
	TimeoutRemind   = "remind"   // tell the approvers (once)
	TimeoutApprove  = "approve"  // approve for them
	TimeoutReject   = "reject"   // reject the application
	TimeoutEscalate = "escalate" // hand the task to the next level's administrator
)

// TimeoutAction is OnTimeout with its default.
func (s *Step) TimeoutAction() string { return rule(s.OnTimeout, TimeoutRemind) }

// Organisation levels an approver rule may name, relative to the
// applicant's organisation chain.
const (
	LevelApplicant = "applicant" // the applicant's own organisation
	LevelVillage   = "village"
	LevelTownship  = "township"
	LevelCounty    = "county"
)

// Step is one node of a workflow: an approval step (Approvers), a copy
// step (CC: the people it names are sent a copy, and the flow goes on), a
// choice between condition branches (Branches: the first whose condition
// holds is taken) or parallel branches that all run and join (Parallel). Any node
// may have a condition (When); a node whose condition fails is left out.
type Step struct {
	Name      string     `yaml:"name" json:"name"`
	Title     string     `yaml:"title" json:"title"`
	When      string     `yaml:"when,omitempty" json:"when,omitempty"`
	Approvers []Approver `yaml:"approvers,omitempty" json:"approvers,omitempty"`
	CC        []Approver `yaml:"cc,omitempty" json:"cc,omitempty"`
	Mode      string     `yaml:"mode,omitempty" json:"mode,omitempty"`
	// Ratio is the share of approvals a ratio step needs (0 < ratio ≤ 1).
	Ratio float64 `yaml:"ratio,omitempty" json:"ratio,omitempty"`
	// Deadline is how long the step may take: "3d" (working days) or "8h".
	Deadline string `yaml:"deadline,omitempty" json:"deadline,omitempty"`
	// OnTimeout is what happens to an approver's task still open at the
	// deadline: remind (default), approve, reject or escalate.
	OnTimeout string `yaml:"onTimeout,omitempty" json:"onTimeout,omitempty"`
	// Hidden are the fields an approver of this step does not see;
	// Editable the ones they may change when they approve.
	Hidden   []string `yaml:"hidden,omitempty" json:"hidden,omitempty"`
	Editable []string `yaml:"editable,omitempty" json:"editable,omitempty"`
	Branches []Branch `yaml:"branches,omitempty" json:"branches,omitempty"`
	Parallel []Branch `yaml:"parallel,omitempty" json:"parallel,omitempty"`

	// Cond is When parsed and checked at load.
	Cond *Condition `yaml:"-" json:"-"`
}

// Branch is one way through a Branches or Parallel node: its own steps.
type Branch struct {
	Name  string `yaml:"name,omitempty" json:"name,omitempty"`
	Title string `yaml:"title,omitempty" json:"title,omitempty"`
	When  string `yaml:"when,omitempty" json:"when,omitempty"`
	Steps []Step `yaml:"steps" json:"steps"`

	Cond *Condition `yaml:"-" json:"-"`
}

// Approver is one rule naming who approves a step: holders of Role at
// Level of the applicant's organisation chain, the named Users
// (usernames), or the Leader of the organisation at Level.
type Approver struct {
	Role   string   `yaml:"role,omitempty" json:"role,omitempty"`
	Level  string   `yaml:"level,omitempty" json:"level,omitempty"`
	Users  []string `yaml:"users,omitempty" json:"users,omitempty"`
	Leader bool     `yaml:"leader,omitempty" json:"leader,omitempty"`
}

// StepMode is the step's mode, ModeAny when it names none.
func (s *Step) StepMode() string {
	if s.Mode == "" {
		return ModeAny
	}
	return s.Mode
}

// OrgLevel is the rule's level, LevelApplicant when it names none.
func (a Approver) OrgLevel() string {
	if a.Level == "" {
		return LevelApplicant
	}
	return a.Level
}

// Rule returns the workflow's rule value, or def when unset.
func rule(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

// EmptyRule is EmptyApprover with its default.
func (w *Workflow) EmptyRule() string { return rule(w.EmptyApprover, RuleSkip) }

// SelfRule is SelfApprove with its default.
func (w *Workflow) SelfRule() string { return rule(w.SelfApprove, RuleSkip) }

// SameRule is SameApprover with its default.
func (w *Workflow) SameRule() string { return rule(w.SameApprover, RuleOnce) }

// applyWorkflow gives a module with a workflow its status: the field the
// workflow names, with the flow's values and no status actions (the
// workflow's own calls move it).
func (m *Module) applyWorkflow() {
	w := m.Workflow
	if w == nil || m.Status != nil {
		return
	}
	label := w.Label
	if label == "" {
		label = msg.FlowStatusLabel
	}
	values := make(map[int]string, len(FlowStatuses))
	for k, v := range FlowStatuses {
		values[k] = v
	}
	m.Status = &Status{Field: rule(w.Status, DefaultFlowStatus), Label: label, Values: values, Initial: FlowDraft}
}

package workflow

import (
	"context"
	"fmt"
	"slices"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/store"
)

// FlowState is a record's approval: every submission, newest first, each
// with its step chart.
type FlowState struct {
	Module    string         `json:"module"`
	RecordID  int64          `json:"recordId"`
	Instances []InstanceView `json:"instances"`
}

// InstanceView is one submission and its steps.
type InstanceView struct {
	ID            int64      `json:"id"`
	Version       int        `json:"version"`
	State         string     `json:"state"`
	ApplicantID   int64      `json:"applicantId"`
	ApplicantName string     `json:"applicantName"`
	CreatedAt     string     `json:"createdAt"`
	FinishedAt    string     `json:"finishedAt,omitempty"`
	Steps         []StepView `json:"steps"`
	// CC are the copies sent outside copy steps (抄送 by hand).
	CC []TaskView `json:"cc"`
}

// StepView is one step of the chart: where it stands, who was to decide,
// and every task it had (a step returned to has the tasks of each opening).
type StepView struct {
	Name      string     `json:"name"`
	Title     string     `json:"title"`
	Mode      string     `json:"mode"`
	Stage     int        `json:"stage"`
	Lane      string     `json:"lane,omitempty"` // the parallel branch's title
	Status    string     `json:"status"`         // pending, current, done, skipped
	Skip      string     `json:"skip,omitempty"`
	Approvers []Person   `json:"approvers"`
	Tasks     []TaskView `json:"tasks"`
}

// Person is a user and their display name.
type Person struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// TaskView is one task of a step.
type TaskView struct {
	ID           int64  `json:"id"`
	AssigneeID   int64  `json:"assigneeId"`
	AssigneeName string `json:"assigneeName"`
	State        string `json:"state"`
	Auto         bool   `json:"auto,omitempty"`
	Comment      string `json:"comment,omitempty"`
	CreatedAt    string `json:"createdAt"`
	DecidedAt    string `json:"decidedAt,omitempty"`
	// Kind is "before" or "after" for someone added (加签), "" for an
	// approver of the plan; AddedByID who added them.
	Kind      string `json:"kind,omitempty"`
	AddedByID int64  `json:"addedById,omitempty"`
	// ActingForID is whom the assignee acts for (a delegation, a leave).
	ActingForID   int64  `json:"actingForId,omitempty"`
	ActingForName string `json:"actingForName,omitempty"`
	// DelegateOf is the owner's task a delegate's task stands in for.
	DelegateOf int64  `json:"delegateOf,omitempty"`
	DueAt      string `json:"dueAt,omitempty"`
	TimedOutAt string `json:"timedOutAt,omitempty"`
}

// Hidden are the fields the viewer may not see on the record: those the
// steps they hold tasks at in its latest application hide (none for its
// applicant).
func (e *Engine) Hidden(ctx context.Context, sc store.Scope, module string, recordID int64) ([]string, error) {
	ins, err := readInstances(ctx, e.opts.Store.DB(), e.sqlb().Select(instanceCols...).From(entsql.Table(InstanceTable)).
		Where(entsql.And(entsql.EQ("tenant_id", sc.TenantID), entsql.EQ("module", module),
			entsql.EQ("record_id", recordID))).OrderBy(entsql.Desc("id")).Limit(1))
	if err != nil || len(ins) == 0 || ins[0].ApplicantID == sc.UserID {
		return nil, err
	}
	in := ins[0]
	ts, err := readTasks(ctx, e.opts.Store.DB(), e.sqlb().Select(taskCols...).From(entsql.Table(TaskTable)).
		Where(entsql.And(entsql.EQ("instance_id", in.ID), entsql.EQ("assignee_id", sc.UserID),
			entsql.NEQ("state", TaskCC))))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, t := range ts {
		if t.Stage < 0 || t.Stage >= len(in.Plan.Stages) {
			continue
		}
		for _, f := range in.Plan.Stages[t.Stage].Lanes[t.Lane].Steps[t.StepIdx].Hidden {
			if !slices.Contains(out, f) {
				out = append(out, f)
			}
		}
	}
	return out, nil
}

// Involved reports whether the viewer applied for the record or has (or
// had) a task on it: who may see it through the workflow, whatever their
// data scope.
func (e *Engine) Involved(ctx context.Context, sc store.Scope, module string, recordID int64) (bool, error) {
	for _, q := range []struct{ table, col string }{{InstanceTable, "applicant_id"}, {TaskTable, "assignee_id"}} {
		qs, args := e.sqlb().Select("COUNT(*)").From(entsql.Table(q.table)).Where(entsql.And(
			entsql.EQ("tenant_id", sc.TenantID), entsql.EQ("module", module), entsql.EQ("record_id", recordID),
			entsql.EQ(q.col, sc.UserID))).Query()
		var n int
		if err := e.opts.Store.DB().QueryRowContext(ctx, qs, args...).Scan(&n); err != nil {
			return false, fmt.Errorf("involvement in %s %d: %w", module, recordID, err)
		}
		if n > 0 {
			return true, nil
		}
	}
	return false, nil
}

// State is the record's approval with its step charts. The caller checks
// that the viewer may see the record.
func (e *Engine) State(ctx context.Context, sc store.Scope, module string, recordID int64) (*FlowState, error) {
	ins, err := readInstances(ctx, e.opts.Store.DB(), e.sqlb().Select(instanceCols...).From(entsql.Table(InstanceTable)).
		Where(entsql.And(entsql.EQ("tenant_id", sc.TenantID), entsql.EQ("module", module),
			entsql.EQ("record_id", recordID))).OrderBy(entsql.Desc("id")))
	if err != nil {
		return nil, err
	}
	out := &FlowState{Module: module, RecordID: recordID, Instances: []InstanceView{}}
	for _, in := range ins {
		ts, err := readTasks(ctx, e.opts.Store.DB(), e.sqlb().Select(taskCols...).From(entsql.Table(TaskTable)).
			Where(entsql.EQ("instance_id", in.ID)).OrderBy("batch", "seq"))
		if err != nil {
			return nil, err
		}
		people := []int64{in.ApplicantID}
		for _, t := range ts {
			people = append(people, t.AssigneeID, t.ActingFor)
		}
		for _, st := range in.Plan.Stages {
			for _, ln := range st.Lanes {
				for _, ps := range ln.Steps {
					people = append(people, ps.Approvers...)
				}
			}
		}
		names, err := e.names(ctx, sc.TenantID, people)
		if err != nil {
			return nil, err
		}
		out.Instances = append(out.Instances, in.view(ts, names))
	}
	return out, nil
}

// view draws the instance's step chart.
func (in *instance) view(ts []*task, names map[int64]string) InstanceView {
	byID := make(map[int64]*task, len(ts))
	for _, t := range ts {
		byID[t.ID] = t
	}
	taskView := func(t *task, names map[int64]string) TaskView {
		v := taskView(t, names)
		if p := byID[t.ParentID]; p != nil && t.Kind != KindPlan {
			v.AddedByID = p.AssigneeID
		}
		return v
	}
	v := InstanceView{ID: in.ID, Version: in.Version, State: in.State, ApplicantID: in.ApplicantID,
		ApplicantName: names[in.ApplicantID], CreatedAt: in.CreatedAt, FinishedAt: in.FinishedAt, Steps: []StepView{},
		CC: []TaskView{}}
	for _, t := range ts {
		if t.Stage < 0 {
			v.CC = append(v.CC, taskView(t, names))
		}
	}
	for s, st := range in.Plan.Stages {
		for l, ln := range st.Lanes {
			for i, ps := range ln.Steps {
				sv := StepView{Name: ps.Name, Title: ps.Title, Mode: ps.Mode, Stage: s, Skip: ps.Skip,
					Approvers: []Person{}, Tasks: []TaskView{}, Status: "pending"}
				if st.Parallel {
					sv.Lane = ln.Title
				}
				for _, id := range ps.Approvers {
					sv.Approvers = append(sv.Approvers, Person{ID: id, Name: names[id]})
				}
				for _, t := range ts {
					if t.Stage == s && t.Lane == l && t.StepIdx == i {
						sv.Tasks = append(sv.Tasks, taskView(t, names))
					}
				}
				sv.Status = in.stepStatus(s, l, i, ps)
				v.Steps = append(v.Steps, sv)
			}
		}
	}
	return v
}

func taskView(t *task, names map[int64]string) TaskView {
	v := TaskView{ID: t.ID, AssigneeID: t.AssigneeID, AssigneeName: names[t.AssigneeID], State: t.State,
		Auto: t.Auto, Comment: t.Comment, CreatedAt: t.CreatedAt, DecidedAt: t.DecidedAt, Kind: t.Kind,
		ActingForID: t.ActingFor, DelegateOf: t.DelegateOf, DueAt: t.DueAt, TimedOutAt: t.TimedOutAt}
	if t.ActingFor != 0 {
		v.ActingForName = names[t.ActingFor]
	}
	return v
}

// stepStatus says where step i of lane l of stage s stands.
func (in *instance) stepStatus(s, l, i int, ps PlanStep) string {
	switch {
	case in.State == StateApproved || s < in.Stage || (s == in.Stage && l < len(in.Pos) && i < in.Pos[l].Idx):
		if ps.Skip != "" {
			return "skipped"
		}
		return "done"
	case in.State == StateRunning && s == in.Stage && l < len(in.Pos) && i == in.Pos[l].Idx:
		return "current"
	}
	return "pending"
}

// Simulation is the path a draft would take: the Plan and the names of
// everyone in it.
type Simulation struct {
	Plan   *Plan            `json:"plan"`
	People map[int64]string `json:"people"`
}

// Simulate answers the path and approvers record rec of module would get
// if applicant, a member of orgID, submitted it now: the same Plan a
// submission computes and stores.
func (e *Engine) Simulate(ctx context.Context, module string, tenant, applicant, orgID int64, rec map[string]any) (*Simulation, error) {
	m, err := e.module(module)
	if err != nil {
		return nil, err
	}
	plan, err := e.plan(ctx, m, rec, tenant, applicant, orgID)
	if err != nil {
		return nil, fmt.Errorf("simulate %s: %w", module, err)
	}
	var people []int64
	for _, st := range plan.Stages {
		for _, ln := range st.Lanes {
			for _, ps := range ln.Steps {
				people = append(people, ps.Approvers...)
			}
		}
	}
	names, err := e.names(ctx, tenant, people)
	if err != nil {
		return nil, err
	}
	return &Simulation{Plan: plan, People: names}, nil
}

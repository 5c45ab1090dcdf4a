package workflow

import (
	"context"
	"fmt"
	"slices"

	"xiangzhi/engine/schema"
)

// Plan is the path an application takes and who decides at each step,
// fixed when it is submitted: conditions are judged on the record as
// submitted (it cannot change while under approval) and approvers are
// resolved from the organisation tree as it stands then. The simulator
// answers the same Plan the submission stores.
type Plan struct {
	// SameApprover is the workflow's rule for the same approver on
	// consecutive steps, kept with the plan as the version had it.
	SameApprover string  `json:"sameApprover"`
	Stages       []Stage `json:"stages"`
}

// Stage is one step of the path, or parallel branches (Lanes) that all run
// and join before the next stage.
type Stage struct {
	Name     string `json:"name"`
	Title    string `json:"title"`
	Parallel bool   `json:"parallel,omitempty"`
	Lanes    []Lane `json:"lanes"`
}

// Lane is one branch of a stage: its steps, in order.
type Lane struct {
	Name  string     `json:"name,omitempty"`
	Title string     `json:"title,omitempty"`
	Steps []PlanStep `json:"steps"`
}

// PlanStep is one approval step with its approvers resolved.
type PlanStep struct {
	Name     string  `json:"name"`
	Title    string  `json:"title"`
	Mode     string  `json:"mode"`
	Ratio    float64 `json:"ratio,omitempty"`
	Deadline string  `json:"deadline,omitempty"`
	// OnTimeout is what the scheduler does to a task open at its deadline.
	OnTimeout string `json:"onTimeout,omitempty"`
	// Hidden and Editable are the step's field rules for its approvers.
	Hidden   []string `json:"hidden,omitempty"`
	Editable []string `json:"editable,omitempty"`
	// Org is the organisation the step's approvers were resolved in (0
	// for named users): a timeout escalates to its parent's administrators.
	Org int64 `json:"org,omitempty"`
	// Roles are the step's role rules ({role: R, level: L}) with the
	// organisation each resolved in: an overdue task escalates to the
	// holders of R one level above it.
	Roles     []RoleAt `json:"roles,omitempty"`
	Approvers []int64  `json:"approvers"`
	// Skip says why the step passes without anyone: "empty" (nobody
	// resolved) or "self" (only the applicant did).
	Skip string `json:"skip,omitempty"`
	// CC marks a copy step: Approvers are sent a copy, nobody decides.
	CC bool `json:"cc,omitempty"`
}

// RoleAt is a role rule of a step and the organisation it resolved in.
type RoleAt struct {
	Role string `json:"role"`
	Org  int64  `json:"org"`
}

// Skip reasons.
const (
	SkipEmpty = "empty"
	SkipSelf  = "self"
)

// planner builds one Plan.
type planner struct {
	ctx       context.Context
	dir       Directory
	w         *schema.Workflow
	rec       map[string]any
	tenant    int64
	applicant int64
	chain     []Org
}

// plan is the path of record rec of m submitted by applicant, a member of
// organisation orgID.
func (e *Engine) plan(ctx context.Context, m *schema.Module, rec map[string]any, tenant, applicant, orgID int64) (*Plan, error) {
	chain, err := e.opts.Directory.OrgChain(ctx, tenant, orgID)
	if err != nil {
		return nil, fmt.Errorf("organisation chain of %d: %w", orgID, err)
	}
	p := &planner{ctx: ctx, dir: e.opts.Directory, w: m.Workflow, rec: rec, tenant: tenant, applicant: applicant,
		chain: chain}
	stages, err := p.stages(m.Workflow.Steps)
	if err != nil {
		return nil, err
	}
	return &Plan{SameApprover: m.Workflow.SameRule(), Stages: stages}, nil
}

// stages flattens steps into stages: steps whose condition fails are left
// out, a choice becomes the stages of the branch it takes, parallel
// branches one stage of lanes.
func (p *planner) stages(steps []schema.Step) ([]Stage, error) {
	var out []Stage
	for i := range steps {
		s := &steps[i]
		if !s.Cond.Eval(p.rec) {
			continue
		}
		switch {
		case len(s.CC) > 0:
			ids, _, err := p.resolve(s.Name, s.CC)
			if err != nil {
				return nil, err
			}
			ps := PlanStep{Name: s.Name, Title: s.Title, Mode: schema.ModeAll, Approvers: append([]int64{}, ids...), CC: true}
			if len(ids) == 0 {
				ps.Skip = SkipEmpty
			}
			out = append(out, Stage{Name: s.Name, Title: s.Title, Lanes: []Lane{{Steps: []PlanStep{ps}}}})
		case len(s.Approvers) > 0:
			ps, err := p.step(s)
			if err != nil {
				return nil, err
			}
			out = append(out, Stage{Name: s.Name, Title: s.Title, Lanes: []Lane{{Steps: []PlanStep{ps}}}})
		case len(s.Branches) > 0:
			for j := range s.Branches {
				b := &s.Branches[j]
				if b.Cond.Eval(p.rec) {
					more, err := p.stages(b.Steps)
					if err != nil {
						return nil, err
					}
					out = append(out, more...)
					break
				}
			}
		default:
			st := Stage{Name: s.Name, Title: s.Title, Parallel: true}
			for j := range s.Parallel {
				b := &s.Parallel[j]
				if !b.Cond.Eval(p.rec) {
					continue
				}
				more, err := p.stages(b.Steps)
				if err != nil {
					return nil, err
				}
				lane := Lane{Name: b.Name, Title: b.Title}
				for _, ms := range more { // no parallel inside parallel: one lane each
					lane.Steps = append(lane.Steps, ms.Lanes[0].Steps...)
				}
				if len(lane.Steps) > 0 {
					st.Lanes = append(st.Lanes, lane)
				}
			}
			if len(st.Lanes) > 0 {
				out = append(out, st)
			}
		}
	}
	return out, nil
}

// step resolves one approval step's approvers and applies the workflow's
// rules for the applicant among them and for a step nobody resolves to.
func (p *planner) step(s *schema.Step) (PlanStep, error) {
	ps := PlanStep{Name: s.Name, Title: s.Title, Mode: s.StepMode(), Ratio: s.Ratio, Deadline: s.Deadline,
		Hidden: s.Hidden, Editable: s.Editable, Approvers: []int64{}}
	if s.Deadline != "" {
		ps.OnTimeout = s.TimeoutAction()
	}
	ids, home, err := p.resolve(s.Name, s.Approvers)
	if err != nil {
		return ps, err
	}
	if home != nil {
		ps.Org = home.ID
	} else if len(p.chain) > 0 {
		ps.Org = p.chain[0].ID
	}
	for _, a := range s.Approvers {
		if a.Role == "" || len(a.Users) > 0 || a.Leader {
			continue
		}
		if o := p.orgAt(a.OrgLevel()); o != nil && !slices.Contains(ps.Roles, RoleAt{Role: a.Role, Org: o.ID}) {
			ps.Roles = append(ps.Roles, RoleAt{Role: a.Role, Org: o.ID})
		}
	}
	selfOnly := false
	if p.w.SelfRule() == schema.RuleSkip && slices.Contains(ids, p.applicant) {
		ids = slices.DeleteFunc(ids, func(id int64) bool { return id == p.applicant })
		selfOnly = len(ids) == 0
	}
	if len(ids) == 0 && !selfOnly && p.w.EmptyRule() == schema.RuleAdmin {
		if home == nil && len(p.chain) > 0 {
			home = &p.chain[0]
		}
		if home != nil {
			admins, err := p.dir.Admins(p.ctx, p.tenant, home.ID)
			if err != nil {
				return ps, fmt.Errorf("administrators of %d: %w", home.ID, err)
			}
			ids = slices.DeleteFunc(admins, func(id int64) bool {
				return id == p.applicant && p.w.SelfRule() == schema.RuleSkip
			})
		}
	}
	switch {
	case selfOnly:
		ps.Skip = SkipSelf
	case len(ids) == 0:
		ps.Skip = SkipEmpty
	case ps.Mode == schema.ModeOne:
		ids = ids[:1]
	}
	ps.Approvers = append(ps.Approvers, ids...)
	return ps, nil
}

// resolve is who the rules name, each once, in rule order; home is the
// organisation of the first rule that names one (its administrators get a
// step nobody resolves to).
func (p *planner) resolve(step string, rules []schema.Approver) (ids []int64, home *Org, err error) {
	for _, a := range rules {
		var got []int64
		var err error
		switch {
		case len(a.Users) > 0:
			got, err = p.dir.UserIDs(p.ctx, p.tenant, a.Users)
		default:
			o := p.orgAt(a.OrgLevel())
			if o == nil {
				continue
			}
			if home == nil {
				home = o
			}
			if a.Leader {
				got, err = p.dir.Leaders(p.ctx, p.tenant, o.ID)
			} else {
				got, err = p.dir.RoleHolders(p.ctx, p.tenant, o.ID, a.Role)
			}
		}
		if err != nil {
			return nil, nil, fmt.Errorf("approvers of step %s: %w", step, err)
		}
		for _, id := range got {
			if !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
	}
	return ids, home, nil
}

// orgAt is the organisation of the applicant's chain at level, or nil.
func (p *planner) orgAt(level string) *Org {
	if level == schema.LevelApplicant {
		if len(p.chain) == 0 {
			return nil
		}
		return &p.chain[0]
	}
	for i := range p.chain {
		if p.chain[i].Level == level {
			return &p.chain[i]
		}
	}
	return nil
}

// find is the position of the step named name in the plan.
func (pl *Plan) find(name string) (stage, lane, idx int, ok bool) {
	for s, st := range pl.Stages {
		for l, ln := range st.Lanes {
			for i, ps := range ln.Steps {
				if ps.Name == name {
					return s, l, i, true
				}
			}
		}
	}
	return 0, 0, 0, false
}

// unattended is the title of the first step nobody resolved to, when no
// step of the plan has anyone to decide: such an application would pass
// untouched, so it is refused instead (the organisation tree or the roles
// are not set up for it). "" otherwise.
func (pl *Plan) unattended() string {
	first := ""
	for _, st := range pl.Stages {
		for _, ln := range st.Lanes {
			for _, ps := range ln.Steps {
				if ps.CC {
					continue
				}
				if len(ps.Approvers) > 0 {
					return ""
				}
				if ps.Skip == SkipEmpty && first == "" {
					first = ps.Title
				}
			}
		}
	}
	return first
}

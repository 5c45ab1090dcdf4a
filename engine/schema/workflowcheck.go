package schema

import (
	"regexp"
	"slices"
	"strconv"

	"xiangzhi/engine/msg"
)

// deadlineRE is a step deadline: working days or hours.
var deadlineRE = regexp.MustCompile(`^[1-9][0-9]{0,2}[dh]$`)

// workflow checks a module's workflow: no status of its own beside it,
// unique step names, every approval step with approvers, modes and ratios
// that agree, conditions that parse against the fields, branches that can
// be reached, and no parallel branches inside parallel branches.
func (c *checker) workflow() {
	w := c.m.Workflow
	if w == nil {
		return
	}
	if childAt(c.d.root, "status") != nil {
		c.add([]string{"status"}, msg.SchemaWorkflowStatus)
	}
	if len(w.Steps) == 0 {
		c.add([]string{"workflow", "steps"}, msg.SchemaFlowNoSteps)
	}
	names := map[string]bool{}
	c.flowSteps(w.Steps, []string{"workflow", "steps"}, names, false)
}

// flowSteps checks a list of steps; inParallel is set inside a parallel
// branch.
func (c *checker) flowSteps(steps []Step, path []string, names map[string]bool, inParallel bool) {
	for i := range steps {
		s := &steps[i]
		p := at(path, strconv.Itoa(i))
		if names[s.Name] {
			c.add(at(p, "name"), msg.SchemaFlowDupStep, s.Name)
		}
		names[s.Name] = true
		s.Cond = c.condition(s.When, at(p, "when"))
		kinds := 0
		for _, n := range []bool{len(s.Approvers) > 0, len(s.CC) > 0, len(s.Branches) > 0, len(s.Parallel) > 0} {
			if n {
				kinds++
			}
		}
		switch {
		case kinds == 0:
			c.add(at(p, "approvers"), msg.SchemaFlowNoApprover, s.Name)
		case kinds > 1:
			c.add(p, msg.SchemaFlowStepKinds, s.Name)
		}
		if len(s.Approvers) == 0 && (len(s.Hidden) > 0 || len(s.Editable) > 0 || s.OnTimeout != "" || s.Deadline != "") {
			c.add(p, msg.SchemaFlowApprovalOnly, s.Name)
		}
		switch {
		case kinds != 1:
		case len(s.Approvers) > 0:
			c.approvalStep(s, p)
		case len(s.CC) > 0:
			c.rules(s.CC, at(p, "cc"))
		case len(s.Branches) > 0:
			c.branches(s, p, names, inParallel)
		default:
			if inParallel {
				c.add(at(p, "parallel"), msg.SchemaFlowNestedParallel)
			}
			if len(s.Parallel) < 2 {
				c.add(at(p, "parallel"), msg.SchemaFlowFewBranches)
			}
			for j := range s.Parallel {
				b := &s.Parallel[j]
				bp := at(p, "parallel", strconv.Itoa(j))
				b.Cond = c.condition(b.When, at(bp, "when"))
				c.branchSteps(b, bp, names, true)
			}
		}
	}
}

// approvalStep checks a step's approvers, mode, ratio and deadline.
func (c *checker) approvalStep(s *Step, p []string) {
	c.rules(s.Approvers, at(p, "approvers"))
	c.modeKeys(s, p)
	if s.OnTimeout != "" && s.Deadline == "" {
		c.add(at(p, "onTimeout"), msg.SchemaFlowTimeoutNoDeadline)
	}
	c.fieldNames(s.Hidden, at(p, "hidden"), nil)
	c.fieldNames(s.Editable, at(p, "editable"), s.Hidden)
}

// fieldNames checks a step's field rules: each a field of the module, none
// both hidden and editable.
func (c *checker) fieldNames(names []string, p []string, hidden []string) {
	for j, n := range names {
		switch {
		case c.m.Field(n) == nil:
			c.add(at(p, strconv.Itoa(j)), msg.SchemaFlowUnknownField, n)
		case slices.Contains(hidden, n):
			c.add(at(p, strconv.Itoa(j)), msg.SchemaFlowHiddenEditable, n)
		}
	}
}

// rules checks approver (or copy) rules: exactly one kind each.
func (c *checker) rules(rules []Approver, p []string) {
	for j, a := range rules {
		ap := at(p, strconv.Itoa(j))
		set := 0
		for _, n := range []bool{a.Role != "", len(a.Users) > 0, a.Leader} {
			if n {
				set++
			}
		}
		switch {
		case set == 0:
			c.add(ap, msg.SchemaFlowEmptyRule)
		case set > 1:
			c.add(ap, msg.SchemaFlowRuleKinds)
		case len(a.Users) > 0 && a.Level != "":
			c.add(at(ap, "level"), msg.SchemaFlowUsersLevel)
		}
	}
}

// modeKeys checks an approval step's mode, ratio and deadline.
func (c *checker) modeKeys(s *Step, p []string) {
	mode := s.StepMode()
	switch {
	case mode == ModeRatio && (s.Ratio <= 0 || s.Ratio > 1):
		c.add(at(p, "ratio"), msg.SchemaFlowBadRatio)
	case mode != ModeRatio && s.Ratio != 0:
		c.add(at(p, "ratio"), msg.SchemaFlowRatioMode)
	}
	if s.Deadline != "" && !deadlineRE.MatchString(s.Deadline) {
		c.add(at(p, "deadline"), msg.SchemaFlowBadDeadline)
	}
}

// branches checks a choice: two or more branches, each but the last with a
// condition (the last may be the otherwise branch), none after an
// unconditional one or repeating an earlier condition.
func (c *checker) branches(s *Step, p []string, names map[string]bool, inParallel bool) {
	if len(s.Branches) < 2 {
		c.add(at(p, "branches"), msg.SchemaFlowFewBranches)
	}
	seen := map[string]bool{}
	otherwise := false
	for j := range s.Branches {
		b := &s.Branches[j]
		bp := at(p, "branches", strconv.Itoa(j))
		switch {
		case otherwise:
			c.add(bp, msg.SchemaFlowUnreachable)
		case b.When == "":
			otherwise = true
		case seen[b.When]:
			c.add(at(bp, "when"), msg.SchemaFlowUnreachable)
		}
		seen[b.When] = true
		b.Cond = c.condition(b.When, at(bp, "when"))
		c.branchSteps(b, bp, names, inParallel)
	}
}

// branchSteps checks a branch's own steps.
func (c *checker) branchSteps(b *Branch, bp []string, names map[string]bool, inParallel bool) {
	if len(b.Steps) == 0 {
		c.add(at(bp, "steps"), msg.SchemaFlowNoSteps)
		return
	}
	c.flowSteps(b.Steps, at(bp, "steps"), names, inParallel)
}

// condition parses a when: text against the module's fields; nil when
// empty or bad (reported).
func (c *checker) condition(text string, p []string) *Condition {
	if text == "" {
		return nil
	}
	cond, err := ParseCondition(c.m, text)
	if err != nil {
		c.add(p, msg.SchemaFlowBadCondition, err.Error())
		return nil
	}
	return cond
}

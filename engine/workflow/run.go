package workflow

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"slices"
	"strings"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// run is one change to one instance inside one write transaction: it moves
// the instance through its plan and collects the events to raise after
// commit.
type run struct {
	e      *Engine
	ctx    context.Context
	tx     *sql.Tx
	m      *schema.Module
	in     *instance
	actor  int64
	events []Event
	// keep, set by a take-back for the next step opening, are the
	// approvals that opening carries over (by approver).
	keep map[int64]*task
	// wc is the working-day clock, read once per change.
	wc *workClock
}

func (r *run) event(kind, step, action string, notify []int64) {
	ev := Event{Kind: kind, TenantID: r.in.TenantID, Module: r.in.Module,
		RecordID: r.in.RecordID, InstanceID: r.in.ID, Step: step, Action: action, ActorID: r.actor,
		Notify: append([]int64{}, notify...)}
	switch kind {
	case EventArrived, EventChased, EventOverdue:
		ev.Tasks = r.openTaskIDs(notify)
	}
	r.events = append(r.events, ev)
}

// openTaskIDs maps each of users to their open task of the instance (the
// latest, should they hold several), read inside the change's transaction
// where the tasks an event announces already stand. A failed read leaves
// the map without them: a message then leads to the record alone.
func (r *run) openTaskIDs(users []int64) map[int64]int64 {
	if len(users) == 0 {
		return nil
	}
	ids := make([]any, len(users))
	for i, u := range users {
		ids[i] = u
	}
	qs, args := r.e.sqlb().Select("id", "assignee_id").From(entsql.Table(TaskTable)).
		Where(entsql.And(entsql.EQ("instance_id", r.in.ID), entsql.EQ("state", TaskOpen),
			entsql.In("assignee_id", ids...))).Query()
	rows, err := r.tx.QueryContext(r.ctx, qs, args...)
	if err != nil {
		r.e.opts.Logger.Warn("workflow: open tasks of an event not read", "instance", r.in.ID, "err", err.Error())
		return nil
	}
	defer rows.Close()
	out := map[int64]int64{}
	for rows.Next() {
		var id, user int64
		if err := rows.Scan(&id, &user); err != nil {
			return nil
		}
		if id > out[user] {
			out[user] = id
		}
	}
	return out
}

// scope reaches every record of the instance's tenant: the workflow itself
// decides who may act.
func (r *run) scope() store.Scope {
	return store.Scope{TenantID: r.in.TenantID, UserID: r.actor, Mode: store.ScopeAll}
}

// history writes a decision that leaves the status as it is.
func (r *run) history(action, step, comment string) error {
	st := stateStatus[r.in.State]
	return r.e.opts.Store.AddHistory(r.ctx, r.tx, r.m, r.in.TenantID, r.in.RecordID, store.HistoryEntry{
		Action: action, From: st, To: st, Step: step, Comment: comment, UserID: r.actor})
}

// stateStatus is the record status of each instance state.
var stateStatus = map[string]int{StateRunning: schema.FlowRunning, StateApproved: schema.FlowApproved,
	StateRejected: schema.FlowRejected, StateWithdrawn: schema.FlowWithdrawn, StateReturned: schema.FlowDraft}

// openStage enters stage s: every lane at its first step. Past the last
// stage the application is approved.
func (r *run) openStage(s int) error {
	r.in.Stage = s
	if s >= len(r.in.Plan.Stages) {
		return r.finish(StateApproved, schema.FlowApproved, "approve", "", "")
	}
	r.in.Pos = make([]lanePos, len(r.in.Plan.Stages[s].Lanes))
	for l := range r.in.Pos {
		if err := r.openStep(l); err != nil {
			return err
		}
		if r.in.State != StateRunning || r.in.Stage != s {
			return nil // the stage already finished through this lane
		}
	}
	return nil
}

// openStep opens the current step of lane l: a batch of tasks, of which the
// ones whose turn it is are open. A step to skip passes at once; a lane
// past its last step waits for the others to join.
func (r *run) openStep(l int) error {
	lane := r.in.Plan.Stages[r.in.Stage].Lanes[l]
	pos := &r.in.Pos[l]
	if pos.Idx >= len(lane.Steps) {
		return r.join()
	}
	ps := lane.Steps[pos.Idx]
	r.in.NextBatch++
	pos.Batch = r.in.NextBatch
	if ps.Skip != "" {
		text := msg.FlowAutoEmpty
		if ps.Skip == SkipSelf {
			text = msg.FlowAutoSelf
		}
		if err := r.history("skip", ps.Title, text); err != nil {
			return err
		}
		pos.Idx++
		return r.openStep(l)
	}
	if ps.CC {
		if err := r.copyTo(ps.Approvers, pos.Batch, r.in.Stage, l, pos.Idx, ps.Name, ps.Title); err != nil {
			return err
		}
		pos.Idx++
		return r.openStep(l)
	}
	keep := r.keep
	r.keep = nil
	var same []int64
	if r.in.Plan.SameApprover == schema.RuleOnce && keep == nil {
		var err error
		if same, err = r.previousApprovers(l); err != nil {
			return err
		}
	}
	now := r.e.nowText()
	rows := make([]newTask, 0, len(ps.Approvers))
	for i, uid := range ps.Approvers {
		nt := newTask{batch: pos.Batch, stage: r.in.Stage, lane: l, idx: pos.Idx, step: ps.Name, title: ps.Title,
			assignee: uid, seq: i, state: TaskOpen}
		switch {
		case keep[uid] != nil:
			nt.state, nt.auto, nt.comment, nt.decided = TaskApproved, true, keep[uid].Comment, keep[uid].DecidedAt
		case slices.Contains(same, uid):
			nt.state, nt.auto, nt.comment, nt.decided = TaskApproved, true, msg.FlowAutoSame, now
			if err := r.e.opts.Store.AddHistory(r.ctx, r.tx, r.m, r.in.TenantID, r.in.RecordID, store.HistoryEntry{
				Action: "approve", From: schema.FlowRunning, To: schema.FlowRunning, Step: ps.Title,
				Comment: msg.FlowAutoSame, UserID: uid}); err != nil {
				return err
			}
		case ps.Mode == schema.ModeSequential && i > 0:
			nt.state = TaskWaiting
		}
		rows = append(rows, nt)
	}
	if err := r.insertTasks(rows); err != nil {
		return fmt.Errorf("open step %s: %w", ps.Name, err)
	}
	return r.evaluate(l, ps, true)
}

// previousApprovers are who approved the step before lane l's current one:
// the lane's previous step, or at a lane's start the last steps of the
// previous stage.
func (r *run) previousApprovers(l int) ([]int64, error) {
	type at struct{ stage, lane, idx int }
	var prev []at
	if idx := r.in.Pos[l].Idx; idx > 0 {
		prev = append(prev, at{r.in.Stage, l, idx - 1})
	} else if s := r.in.Stage - 1; s >= 0 {
		for pl, lane := range r.in.Plan.Stages[s].Lanes {
			prev = append(prev, at{s, pl, len(lane.Steps) - 1})
		}
	}
	var out []int64
	for _, p := range prev {
		ts, err := readTasks(r.ctx, r.tx, r.e.sqlb().Select(taskCols...).From(entsql.Table(TaskTable)).
			Where(entsql.And(entsql.EQ("instance_id", r.in.ID), entsql.EQ("stage", p.stage),
				entsql.EQ("lane", p.lane), entsql.EQ("step_idx", p.idx))).OrderBy(entsql.Desc("batch")))
		if err != nil {
			return nil, err
		}
		for _, t := range ts {
			if t.Batch == ts[0].Batch && t.State == TaskApproved {
				out = append(out, t.AssigneeID)
			}
		}
	}
	return out, nil
}

// batchTasks are the tasks of lane l's current step opening.
func (r *run) batchTasks(l int) ([]*task, error) {
	return readTasks(r.ctx, r.tx, r.e.sqlb().Select(taskCols...).From(entsql.Table(TaskTable)).
		Where(entsql.And(entsql.EQ("instance_id", r.in.ID), entsql.EQ("batch", r.in.Pos[l].Batch))).
		OrderBy("seq"))
}

// evaluate judges lane l's current step by its mode after a change: passed
// (the lane moves on), rejected (the application is), or still waiting —
// then in a sequential step the next approver's task opens. arrived says
// the step has just opened: its open tasks are announced.
func (r *run) evaluate(l int, ps PlanStep, arrived bool) error {
	ts, err := r.batchTasks(l)
	if err != nil {
		return err
	}
	ts = slices.DeleteFunc(ts, replaced)
	if err := r.wakeAdded(ts, ps); err != nil {
		return err
	}
	n, approved, open, busy := 0, 0, 0, false
	var next *task
	// An escalation group counts once: approved when one of it approved
	// (the others are closed then), open while any of it is.
	slots := map[int64]string{}
	for _, t := range ts {
		if t.Kind != KindPlan { // added (加签): outside the tally, but the step waits for those added after
			busy = busy || (t.Kind == KindAfter && t.State == TaskOpen)
			continue
		}
		if t.GroupOf != 0 && t.State == TaskCancelled {
			continue // closed by another's decision in its group
		}
		if _, seen := slots[t.slot()]; !seen {
			n++
		}
		switch t.State {
		case TaskApproved:
			if slots[t.slot()] != TaskApproved {
				approved++
				if slots[t.slot()] == TaskOpen {
					open--
				}
			}
			slots[t.slot()] = TaskApproved
		case TaskOpen, TaskSuspended:
			if s, seen := slots[t.slot()]; !seen || s == TaskWaiting {
				open++
				slots[t.slot()] = TaskOpen
			}
		case TaskWaiting:
			if _, seen := slots[t.slot()]; !seen {
				slots[t.slot()] = TaskWaiting
			}
			if next == nil {
				next = t
			}
		default:
			if _, seen := slots[t.slot()]; !seen {
				slots[t.slot()] = t.State
			}
		}
	}
	need := n
	switch ps.Mode {
	case schema.ModeOne, schema.ModeAny:
		need = 1
	case schema.ModeRatio:
		need = max(1, int(math.Ceil(ps.Ratio*float64(n)-1e-9)))
	}
	switch {
	case busy:
	case approved >= need:
		if err := r.closeBatch(l); err != nil {
			return err
		}
		r.in.Pos[l].Idx++
		return r.openStep(l)
	case open == 0 && next != nil:
		if err := r.openTask(next); err != nil {
			return err
		}
		r.event(EventArrived, ps.Title, "", []int64{next.AssigneeID})
		return nil
	}
	if arrived {
		var notify []int64
		for _, t := range ts {
			if t.State == TaskOpen {
				notify = append(notify, t.AssigneeID)
			}
		}
		r.event(EventArrived, ps.Title, "", notify)
	}
	return nil
}

// wakeAdded opens the tasks of people added after (加签) an approver who
// has approved (or whose delegate has), among the batch's tasks ts.
func (r *run) wakeAdded(ts []*task, ps PlanStep) error {
	done := map[int64]bool{}
	for _, t := range ts {
		if t.State == TaskApproved && t.Kind == KindPlan {
			done[t.root()] = true
		}
	}
	var who []int64
	for _, t := range ts {
		if t.Kind == KindAfter && t.State == TaskWaiting && done[t.ParentID] {
			if err := r.openTask(t); err != nil {
				return err
			}
			t.State = TaskOpen
			who = append(who, t.AssigneeID)
		}
	}
	if len(who) > 0 {
		r.event(EventArrived, ps.Title, ActAddSign, who)
	}
	return nil
}

// replaced reports whether a task was replaced by another in its batch
// (transferred, or taken back and reopened): it no longer counts.
func replaced(t *task) bool {
	switch t.State {
	case TaskTransferred, TaskTakenBack, TaskDelegated, TaskRemoved, TaskResolved:
		return true
	}
	return false
}

// canStillPass reports whether lane l's step can still pass after a
// rejection: only in ratio mode (other modes reject at once), while enough
// approvers have not rejected.
func (r *run) canStillPass(l int, ps PlanStep) (bool, error) {
	if ps.Mode != schema.ModeRatio {
		return false, nil
	}
	ts, err := r.batchTasks(l)
	if err != nil {
		return false, err
	}
	ts = slices.DeleteFunc(ts, func(t *task) bool {
		return replaced(t) || t.Kind != KindPlan || (t.GroupOf != 0 && t.State == TaskCancelled)
	})
	slots, rejected := map[int64]bool{}, map[int64]bool{} // an escalation group counts once
	for _, t := range ts {
		slots[t.slot()] = true
		if t.State == TaskRejected {
			rejected[t.slot()] = true
		}
	}
	need := max(1, int(math.Ceil(ps.Ratio*float64(len(slots))-1e-9)))
	return len(slots)-len(rejected) >= need, nil
}

// join moves to the next stage once every lane of this one is done.
func (r *run) join() error {
	for l, lane := range r.in.Plan.Stages[r.in.Stage].Lanes {
		if r.in.Pos[l].Idx < len(lane.Steps) {
			return nil
		}
	}
	return r.openStage(r.in.Stage + 1)
}

// closeBatch cancels the open and waiting tasks of lane l's current step.
func (r *run) closeBatch(l int) error {
	return r.cancel(entsql.EQ("batch", r.in.Pos[l].Batch))
}

// cancel closes the instance's open and waiting tasks matching p (all of
// them when p is nil): cleanly, as cancelled with the time, never deleted.
func (r *run) cancel(p *entsql.Predicate) error {
	where := []*entsql.Predicate{entsql.EQ("instance_id", r.in.ID), entsql.In("state", TaskOpen, TaskWaiting,
		TaskSuspended)}
	if p != nil {
		where = append(where, p)
	}
	qs, args := r.e.sqlb().Update(TaskTable).Set("state", TaskCancelled).Set("decided_at", r.e.nowText()).
		Where(entsql.And(where...)).Query()
	if _, err := r.tx.ExecContext(r.ctx, qs, args...); err != nil {
		return fmt.Errorf("close tasks of instance %d: %w", r.in.ID, err)
	}
	return nil
}

// openTask opens a waiting task, its deadline counted from now.
func (r *run) openTask(t *task) error {
	due, err := r.dueAt(t.Stage, t.Lane, t.StepIdx)
	if err != nil {
		return err
	}
	qs, args := r.e.sqlb().Update(TaskTable).Set("state", TaskOpen).Set("due_at", due).
		Where(entsql.EQ("id", t.ID)).Query()
	if _, err := r.tx.ExecContext(r.ctx, qs, args...); err != nil {
		return fmt.Errorf("open task %d: %w", t.ID, err)
	}
	return nil
}

// setTask moves one task to state.
func (r *run) setTask(id int64, state string) error {
	qs, args := r.e.sqlb().Update(TaskTable).Set("state", state).Where(entsql.EQ("id", id)).Query()
	if _, err := r.tx.ExecContext(r.ctx, qs, args...); err != nil {
		return fmt.Errorf("task %d: %w", id, err)
	}
	return nil
}

// finish ends the instance in state, moving the record's status to status
// with a history row, closing every open task.
func (r *run) finish(state string, status int, action, step, comment string) error {
	if err := r.cancel(nil); err != nil {
		return err
	}
	r.in.State = state
	if err := r.e.opts.Store.MoveStatus(r.ctx, r.tx, r.m, r.scope(), r.in.RecordID, []int{schema.FlowRunning},
		store.HistoryEntry{Action: action, To: status, Step: step, Comment: comment, UserID: r.actor}); err != nil {
		return err
	}
	r.event(EventFinished, step, state, []int64{r.in.ApplicantID})
	return nil
}

// save writes the instance's state and position.
func (r *run) save() error {
	upd := r.e.sqlb().Update(InstanceTable).Set("state", r.in.State).Set("stage", r.in.Stage).
		Set("pos", mustJSON(r.in.Pos)).Set("next_batch", r.in.NextBatch).Set("updated_at", r.e.nowText())
	if r.in.State != StateRunning {
		upd.Set("finished_at", r.e.nowText())
	}
	qs, args := upd.Where(entsql.EQ("id", r.in.ID)).Query()
	if _, err := r.tx.ExecContext(r.ctx, qs, args...); err != nil {
		return fmt.Errorf("save instance %d: %w", r.in.ID, err)
	}
	return nil
}

// copyTo sends a copy (抄送) to users: a cc task each (in the 抄送我的 list,
// and enough to see the record), a history row naming them, an event.
func (r *run) copyTo(users []int64, batch, stage, lane, idx int, step, title string) error {
	names, err := r.e.names(r.ctx, r.in.TenantID, users)
	if err != nil {
		return err
	}
	now := r.e.nowText()
	var who []string
	rows := make([]newTask, 0, len(users))
	for i, uid := range users {
		rows = append(rows, newTask{batch: batch, stage: stage, lane: lane, idx: idx, step: step, title: title,
			assignee: uid, seq: i, state: TaskCC, decided: now})
		who = append(who, names[uid])
	}
	if err := r.insertTasks(rows); err != nil {
		return fmt.Errorf("copy to %v: %w", users, err)
	}
	if err := r.history(TaskCC, title, msg.FlowCCTitle+"："+strings.Join(who, "、")); err != nil {
		return err
	}
	r.event(EventCopied, title, TaskCC, users)
	return nil
}

// newTask is a task row to write.
type newTask struct {
	batch, stage, lane, idx int
	step, title             string
	assignee                int64
	seq                     int
	state                   string
	auto                    bool
	comment, decided        any // NULL when nil
	kind                    string
	parent, delegateOf      int64
	actingFor               int64
	groupOf                 int64 // an escalation group's: the overdue task it stands in for
	due                     any   // NULL when nil; open tasks of a step with a deadline get one
	noLeave                 bool
}

// insertTasks writes task rows of the instance, each with the
// application's title and applicant copied for the lists (待办 reads one
// table).
func (r *run) insertTasks(rows []newTask) error {
	if len(rows) == 0 {
		return nil
	}
	if err := r.substitute(rows); err != nil {
		return err
	}
	now := r.e.nowText()
	ins := r.e.sqlb().Insert(TaskTable).Columns("tenant_id", "instance_id", "module", "record_id", "title",
		"applicant_id", "applicant_name", "batch", "stage", "lane", "step_idx", "step", "step_title", "assignee_id",
		"seq", "state", "auto", "comment", "created_at", "decided_at", "kind", "parent_id", "delegate_of",
		"acting_for", "due_at", "group_of")
	for _, t := range rows {
		due := t.due
		if due == nil && t.state == TaskOpen {
			var err error
			if due, err = r.dueAt(t.stage, t.lane, t.idx); err != nil {
				return err
			}
		}
		ins.Values(r.in.TenantID, r.in.ID, r.in.Module, r.in.RecordID, r.in.Title, r.in.ApplicantID,
			r.in.ApplicantName, t.batch, t.stage, t.lane, t.idx, t.step, t.title, t.assignee, t.seq, t.state, t.auto,
			t.comment, now, t.decided, t.kind, t.parent, t.delegateOf, t.actingFor, due, t.groupOf)
	}
	qs, args := ins.Query()
	if _, err := r.tx.ExecContext(r.ctx, qs, args...); err != nil {
		return fmt.Errorf("write tasks: %w", err)
	}
	return nil
}

package workflow

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"slices"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/msg"
	"xiangzhi/engine/store"
)

// ActTakeBack is the history action of a take-back (取回).
const ActTakeBack = "takeBack"

// TaskTakenBack is the state of an approval its approver took back.
const TaskTakenBack = "takenBack"

// TakeBack takes back (取回) the viewer's delegated task while the delegate
// has not decided (see getBack), or the viewer's approval on task taskID while
// nobody has acted on what it let through: the step it approved opens
// again with the viewer's task open and the other approvers' decisions
// kept, and the tasks opened after it are cancelled. An approval of a step
// still under way simply reopens the viewer's task.
func (e *Engine) TakeBack(ctx context.Context, sc store.Scope, taskID int64) error {
	t, err := e.task(ctx, sc, taskID)
	if err != nil {
		return err
	}
	m, err := e.module(t.Module)
	if err != nil {
		return err
	}
	var r *run
	err = e.opts.Store.InWrite(ctx, m, func(tx *sql.Tx) error {
		if r, err = e.load(ctx, tx, m, sc, t.InstanceID); err != nil {
			return err
		}
		ts, err := readTasks(ctx, tx, e.sqlb().Select(taskCols...).From(entsql.Table(TaskTable)).
			Where(entsql.EQ("instance_id", t.InstanceID)).OrderBy("id"))
		if err != nil {
			return err
		}
		var mine *task
		for _, o := range ts {
			if o.ID == taskID {
				mine = o
			}
		}
		switch {
		case mine.AssigneeID != sc.UserID:
			return errNotYourTask
		case mine.State == TaskDelegated:
			if err := r.getBack(mine, ts); err != nil {
				return err
			}
			return r.save()
		case mine.State != TaskApproved || mine.Auto || r.in.State != StateRunning:
			return errTaskNotFound
		}
		if err := r.takeBack(mine, ts); err != nil {
			return err
		}
		return r.save()
	})
	if err != nil {
		return fmt.Errorf("take back task %d: %w", taskID, err)
	}
	e.notify(ctx, r.events)
	return nil
}

// takeBack reopens the step of approved task t; ts are all the instance's
// tasks.
func (r *run) takeBack(t *task, ts []*task) error {
	ps := r.in.Plan.Stages[t.Stage].Lanes[t.Lane].Steps[t.StepIdx]
	later := func(o *task) bool { // opened after t's step passed, in the lanes t's return would touch
		return o.Batch > t.Batch && (o.Stage > t.Stage || (o.Stage == t.Stage && o.Lane == t.Lane))
	}
	for _, o := range ts {
		switch {
		case o.Stage == t.Stage && o.Lane == t.Lane && o.StepIdx == t.StepIdx && o.Batch > t.Batch:
			return errTaskNotFound // the step was opened again since
		case later(o) && !o.Auto && !slices.Contains([]string{TaskOpen, TaskWaiting, TaskCancelled, TaskCC}, o.State):
			return refuse(http.StatusConflict, msg.FlowTakeBackLate)
		}
	}
	// People t added after itself (加签在后) were asked because t approved:
	// once one of them decided, the approval has been acted on.
	var added []*task
	for _, o := range ts {
		if o.Kind == KindAfter && o.ParentID == t.root() && o.Batch == t.Batch {
			if o.State == TaskApproved {
				return refuse(http.StatusConflict, msg.FlowTakeBackLate)
			}
			if slices.Contains([]string{TaskOpen, TaskWaiting, TaskSuspended}, o.State) {
				added = append(added, o)
			}
		}
	}
	underWay := r.in.Stage == t.Stage && r.in.Pos[t.Lane].Idx == t.StepIdx
	nextStage := r.in.Stage == t.Stage+1 && t.StepIdx == len(r.in.Plan.Stages[t.Stage].Lanes[t.Lane].Steps)-1
	if !underWay && !nextStage && !(r.in.Stage == t.Stage && r.in.Pos[t.Lane].Idx == t.StepIdx+1) {
		return refuse(http.StatusConflict, msg.FlowTakeBackLate)
	}
	if err := r.setTask(t.ID, TaskTakenBack); err != nil {
		return err
	}
	if err := r.history(ActTakeBack, ps.Title, ""); err != nil {
		return err
	}
	if underWay { // the step is still deciding: only the approver's own task reopens
		if err := r.insertTasks([]newTask{{batch: t.Batch, stage: t.Stage, lane: t.Lane, idx: t.StepIdx,
			step: t.Step, title: t.StepTitle, assignee: t.AssigneeID, seq: t.Seq, state: TaskOpen, kind: t.Kind,
			parent: t.ParentID, delegateOf: t.DelegateOf, actingFor: t.ActingFor, noLeave: true, groupOf: t.GroupOf}}); err != nil {
			return fmt.Errorf("reopen task %d: %w", t.ID, err)
		}
		if err := r.rewaitAdded(t, ps, added); err != nil {
			return err
		}
		r.event(EventArrived, ps.Title, ActTakeBack, []int64{t.AssigneeID})
		return nil
	}
	r.keep = map[int64]*task{}
	for _, o := range ts {
		if o.Batch == t.Batch && o.ID != t.ID && o.State == TaskApproved {
			r.keep[o.AssigneeID] = o
		}
	}
	if nextStage {
		if err := r.cancel(nil); err != nil {
			return err
		}
		r.in.Stage = t.Stage
		r.in.Pos = make([]lanePos, len(r.in.Plan.Stages[t.Stage].Lanes))
		for l, lane := range r.in.Plan.Stages[t.Stage].Lanes {
			r.in.Pos[l].Idx = len(lane.Steps)
		}
	} else if err := r.closeBatch(t.Lane); err != nil {
		return err
	}
	r.in.Pos[t.Lane].Idx = t.StepIdx
	return r.openStep(t.Lane)
}

// rewaitAdded undoes what approved task t let through in its own step: the
// open tasks of the people t added after itself (加签在后; a delegate's or
// a leave substitute's in their place included) are cancelled, each with a
// history row, and every such person gets a waiting task under t's reopened
// task again — asked once its holder approves anew, removable (减签) until
// then, cancelled with the step should the holder reject or return. The
// reopened task was written just before (the latest open task of t's
// assignee in the batch).
func (r *run) rewaitAdded(t *task, ps PlanStep, added []*task) error {
	if len(added) == 0 {
		return nil
	}
	root := t.DelegateOf // a delegate's task stands in for the same owner's task
	if root == 0 {
		qs, args := r.e.sqlb().Select("MAX(id)").From(entsql.Table(TaskTable)).Where(entsql.And(
			entsql.EQ("instance_id", r.in.ID), entsql.EQ("batch", t.Batch), entsql.EQ("assignee_id", t.AssigneeID),
			entsql.EQ("state", TaskOpen))).Query()
		if err := r.tx.QueryRowContext(r.ctx, qs, args...).Scan(&root); err != nil {
			return fmt.Errorf("reopened task of %d: %w", t.ID, err)
		}
	}
	var people []int64
	for _, o := range added {
		if err := r.close(o, TaskCancelled, "", false); err != nil {
			return err
		}
		who := o.AssigneeID
		if o.ActingFor != 0 { // a delegate or a leave substitute: the person added is whom they act for
			who = o.ActingFor
		}
		if !slices.Contains(people, who) {
			people = append(people, who)
		}
	}
	names, err := r.e.names(r.ctx, r.in.TenantID, slices.Clone(people))
	if err != nil {
		return err
	}
	rows := make([]newTask, 0, len(people))
	for _, who := range people {
		rows = append(rows, newTask{batch: t.Batch, stage: t.Stage, lane: t.Lane, idx: t.StepIdx, step: t.Step,
			title: t.StepTitle, assignee: who, seq: t.Seq, state: TaskWaiting, kind: KindAfter, parent: root})
		if err := r.history(ActTakeBack, ps.Title, fmt.Sprintf(msg.FlowTakeBackAdded, names[who])); err != nil {
			return err
		}
	}
	return r.insertTasks(rows)
}

package workflow

// Delegation (委派), adding approvers (加签) and removing them (减签), and
// what an approver's edits of the fields their step lets them change do.

import (
	"fmt"
	"net/http"
	"slices"
	"strings"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/msg"
	"xiangzhi/engine/store"
)

// delegate hands open task t to d.UserID, who decides in the approver's
// place, acting for them: t closes as delegated and the delegate gets a
// task of the same step and turn that counts as t would (and keeps its
// deadline). The owner may get it back while the delegate has not decided
// (TakeBack on t); the delegate may also resolve it: hand it back with an
// opinion for the owner to decide.
func (r *run) delegate(t *task, ps PlanStep, d Decision) error {
	if t.DelegateOf != 0 {
		return refuse(http.StatusBadRequest, msg.FlowDelegateAgain)
	}
	names, err := r.newPeople(t, []int64{d.UserID})
	if err != nil {
		return err
	}
	if err := r.close(t, TaskDelegated, d.Comment, false); err != nil {
		return err
	}
	var due any
	if t.DueAt != "" {
		due = t.DueAt
	}
	if err := r.insertTasks([]newTask{{batch: t.Batch, stage: t.Stage, lane: t.Lane, idx: t.StepIdx, step: t.Step,
		title: t.StepTitle, assignee: d.UserID, seq: t.Seq, state: TaskOpen, kind: t.Kind, parent: t.ParentID,
		delegateOf: t.ID, actingFor: t.AssigneeID, due: due, noLeave: true, groupOf: t.GroupOf}}); err != nil {
		return fmt.Errorf("delegate task %d: %w", t.ID, err)
	}
	if err := r.history(ActDelegate, ps.Title, joinComment(fmt.Sprintf(msg.FlowDelegatedTo, names[d.UserID]), d.Comment)); err != nil {
		return err
	}
	r.event(EventArrived, ps.Title, ActDelegate, []int64{d.UserID})
	return nil
}

// resolve hands a delegate's open task t back to its owner, whose task
// opens again to decide; the delegate's comment is their opinion.
func (r *run) resolve(t *task, ps PlanStep, d Decision) error {
	if t.DelegateOf == 0 {
		return refuse(http.StatusBadRequest, msg.FlowResolveNotDelegate)
	}
	owner, err := r.taskByID(t.DelegateOf)
	if err != nil {
		return err
	}
	if err := r.close(t, TaskResolved, d.Comment, false); err != nil {
		return err
	}
	if err := r.reopen(owner.ID, TaskOpen); err != nil {
		return err
	}
	said, err := r.actingNote(t, d.Comment)
	if err != nil {
		return err
	}
	if err := r.history(ActResolve, ps.Title, said); err != nil {
		return err
	}
	r.event(EventArrived, ps.Title, ActResolve, []int64{owner.AssigneeID})
	return nil
}

// getBack takes delegated task t back for its owner while the delegate
// has not decided: the delegate's task is cancelled and t reopens as the
// delegate's stood (open, or held for people the delegate added before).
func (r *run) getBack(t *task, ts []*task) error {
	var dt *task
	for _, o := range ts {
		if o.DelegateOf == t.ID && (o.State == TaskOpen || o.State == TaskSuspended) {
			dt = o
		}
	}
	if dt == nil || r.in.State != StateRunning || t.Stage != r.in.Stage || t.Batch != r.in.Pos[t.Lane].Batch {
		return refuse(http.StatusConflict, msg.FlowGetBackLate)
	}
	ps := r.in.Plan.Stages[t.Stage].Lanes[t.Lane].Steps[t.StepIdx]
	if err := r.close(dt, TaskCancelled, "", false); err != nil {
		return err
	}
	if err := r.reopen(t.ID, dt.State); err != nil {
		return err
	}
	names, err := r.e.names(r.ctx, r.in.TenantID, []int64{dt.AssigneeID})
	if err != nil {
		return err
	}
	return r.history(ActGetBack, ps.Title, fmt.Sprintf(msg.FlowGotBackFrom, names[dt.AssigneeID]))
}

// addSign adds d.UserIDs to t's step (加签): before the approver (they
// decide first, t is held meanwhile and reopens once they all approved) or
// after (they get their tasks when t is approved, and the step waits for
// them). Added people are outside the step's tally; one of them rejecting
// rejects the application. They cannot add others in turn.
func (r *run) addSign(t *task, ps PlanStep, d Decision) error {
	if t.Kind != KindPlan {
		return refuse(http.StatusBadRequest, msg.FlowAddSignNested)
	}
	names, err := r.newPeople(t, d.UserIDs)
	if err != nil {
		return err
	}
	state, note := TaskOpen, msg.FlowAddedBefore
	if d.Position == SignAfter {
		state, note = TaskWaiting, msg.FlowAddedAfter
	}
	rows := make([]newTask, 0, len(d.UserIDs))
	var who []string
	for _, uid := range d.UserIDs {
		rows = append(rows, newTask{batch: t.Batch, stage: t.Stage, lane: t.Lane, idx: t.StepIdx, step: t.Step,
			title: t.StepTitle, assignee: uid, seq: t.Seq, state: state, kind: d.Position, parent: t.root()})
		who = append(who, names[uid])
	}
	if err := r.insertTasks(rows); err != nil {
		return fmt.Errorf("add approvers to task %d: %w", t.ID, err)
	}
	if d.Position == SignBefore {
		if err := r.setTask(t.ID, TaskSuspended); err != nil {
			return err
		}
		r.event(EventArrived, ps.Title, ActAddSign, d.UserIDs)
	}
	return r.history(ActAddSign, ps.Title, joinComment(fmt.Sprintf(note, strings.Join(who, "、")), d.Comment))
}

// removeSign removes (减签) one of the people the holder of t added who has
// not decided; with the last of those added before gone, t reopens, and
// the step is judged again (it may pass now).
func (r *run) removeSign(t *task, ps PlanStep, d Decision) error {
	ts, err := r.batchTasks(t.Lane)
	if err != nil {
		return err
	}
	var gone *task
	for _, o := range ts {
		if o.Kind != KindPlan && o.ParentID == t.root() && (o.AssigneeID == d.UserID || o.ActingFor == d.UserID) &&
			slices.Contains([]string{TaskOpen, TaskWaiting, TaskDelegated}, o.State) {
			gone = o
		}
	}
	if gone == nil {
		return refuse(http.StatusBadRequest, msg.FlowRemoveSignNone)
	}
	for _, o := range ts {
		if o == gone || (o.DelegateOf == gone.ID && (o.State == TaskOpen || o.State == TaskSuspended)) {
			if err := r.close(o, TaskRemoved, "", false); err != nil {
				return err
			}
		}
	}
	names, err := r.e.names(r.ctx, r.in.TenantID, []int64{d.UserID})
	if err != nil {
		return err
	}
	if err := r.history(ActRemoveSign, ps.Title, fmt.Sprintf(msg.FlowRemovedSign, names[d.UserID])); err != nil {
		return err
	}
	if gone.Kind == KindBefore {
		if err := r.releaseHeld(gone.ParentID, ps); err != nil {
			return err
		}
	}
	return r.evaluate(t.Lane, ps, false)
}

// approved follows an approval of task t: one added before someone may
// release that approver's held task. (People added after an approver are
// asked when the step is judged: wakeAdded.)
func (r *run) approved(t *task, ps PlanStep) error {
	if t.Kind == KindBefore {
		return r.releaseHeld(t.ParentID, ps)
	}
	return nil
}

// releaseHeld reopens the held task of root (the owner's, or their
// delegate's) once nobody added before it is left to decide.
func (r *run) releaseHeld(root int64, ps PlanStep) error {
	var n int
	qs, args := r.e.sqlb().Select("COUNT(*)").From(entsql.Table(TaskTable)).Where(entsql.And(
		entsql.EQ("instance_id", r.in.ID), entsql.EQ("parent_id", root), entsql.EQ("kind", KindBefore),
		entsql.In("state", TaskOpen, TaskSuspended, TaskWaiting))).Query() // a delegated one: its delegate's task counts
	if err := r.tx.QueryRowContext(r.ctx, qs, args...).Scan(&n); err != nil {
		return fmt.Errorf("people added before task %d: %w", root, err)
	}
	if n > 0 {
		return nil
	}
	held, err := readTasks(r.ctx, r.tx, r.e.sqlb().Select(taskCols...).From(entsql.Table(TaskTable)).
		Where(entsql.And(entsql.Or(entsql.EQ("id", root), entsql.EQ("delegate_of", root)),
			entsql.EQ("state", TaskSuspended))))
	if err != nil {
		return err
	}
	for _, h := range held {
		if err := r.setTask(h.ID, TaskOpen); err != nil {
			return err
		}
		r.event(EventArrived, ps.Title, ActAddSign, []int64{h.AssigneeID})
	}
	return nil
}

// newPeople checks users who are to get a task in t's step: existing
// users holding no live task of it yet; it answers their names.
func (r *run) newPeople(t *task, users []int64) (map[int64]string, error) {
	names, err := r.e.names(r.ctx, r.in.TenantID, slices.Clone(users))
	if err != nil {
		return nil, err
	}
	ts, err := r.batchTasks(t.Lane)
	if err != nil {
		return nil, err
	}
	for _, u := range users {
		busy := slices.ContainsFunc(ts, func(o *task) bool {
			return o.AssigneeID == u && !replaced(o) && o.State != TaskCancelled
		})
		if names[u] == "" || busy || u == r.in.ApplicantID {
			return nil, refuse(http.StatusBadRequest, msg.FlowBadTransfer)
		}
	}
	return names, nil
}

// reopen sets a task back to state with no decision time.
func (r *run) reopen(id int64, state string) error {
	qs, args := r.e.sqlb().Update(TaskTable).Set("state", state).Set("decided_at", nil).
		Where(entsql.EQ("id", id)).Query()
	if _, err := r.tx.ExecContext(r.ctx, qs, args...); err != nil {
		return fmt.Errorf("reopen task %d: %w", id, err)
	}
	return nil
}

func (r *run) taskByID(id int64) (*task, error) {
	ts, err := readTasks(r.ctx, r.tx, r.e.sqlb().Select(taskCols...).From(entsql.Table(TaskTable)).
		Where(entsql.And(entsql.EQ("id", id), entsql.EQ("instance_id", r.in.ID))))
	if err != nil {
		return nil, err
	}
	if len(ts) == 0 {
		return nil, errTaskNotFound
	}
	return ts[0], nil
}

// actingNote is a decision's history comment: prefixed with whom the
// approver acted for (a delegate, a substitute during a leave).
func (r *run) actingNote(t *task, comment string) (string, error) {
	if t.ActingFor == 0 {
		return comment, nil
	}
	names, err := r.e.names(r.ctx, r.in.TenantID, []int64{t.ActingFor})
	if err != nil {
		return "", err
	}
	return joinComment(fmt.Sprintf(msg.FlowActingFor, names[t.ActingFor]), comment), nil
}

func joinComment(head, comment string) string {
	if comment == "" {
		return head
	}
	return head + "：" + comment
}

// edit writes an approver's changes to the record: only fields the step
// makes editable (another is refused naming it); it answers the history
// note naming the fields changed.
func (r *run) edit(ps PlanStep, rec map[string]any) (string, error) {
	var labels []string
	keys := make([]string, 0, len(rec))
	for k := range rec {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		label := k
		if f := r.m.Field(k); f != nil {
			label = f.Label
		}
		if !slices.Contains(ps.Editable, k) {
			return "", refuse(http.StatusBadRequest, fmt.Sprintf(msg.FlowFieldNotEditable, label, k))
		}
		labels = append(labels, label)
	}
	sc := store.Scope{TenantID: r.in.TenantID, UserID: r.actor, Mode: store.ScopeAll}
	if _, err := r.e.opts.Store.UpdateIn(r.ctx, r.tx, r.m, sc, r.in.RecordID, rec); err != nil {
		return "", err
	}
	return fmt.Sprintf(msg.FlowFieldsChanged, strings.Join(labels, "、")), nil
}

package workflow

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// The decisions an approver takes on a task.
const (
	ActApprove    = "approve"
	ActReject     = "reject"
	ActReturn     = "return"
	ActTransfer   = "transfer"   // 转办: the task passes to another user (Decision.UserID)
	ActDelegate   = "delegate"   // 委派: another user (Decision.UserID) decides for the approver
	ActResolve    = "resolve"    // a delegate hands the task back to its owner with an opinion
	ActAddSign    = "addSign"    // 加签: Decision.UserIDs approve before or after the approver (Position)
	ActRemoveSign = "removeSign" // 减签: the approver removes one they added (Decision.UserID) who has not decided
	ActGetBack    = "getBack"    // history: the owner took a delegated task back
)

// Positions of people added to a step (加签).
const (
	SignBefore = "before"
	SignAfter  = "after"
)

// maxAdded is how many people one 加签 may add.
const maxAdded = 20

// ReturnToApplicant is the Decision.To that returns an application to its
// applicant: the record is a draft again, to edit and submit anew.
const ReturnToApplicant = "applicant"

// Decision is what an approver decides on a task: approve (with Record:
// changes to the fields the step lets its approvers edit), reject (with a
// comment), return to an earlier step (To names it, or ReturnToApplicant),
// transfer or delegate the task to another user (UserID), resolve a
// delegated task, add approvers (UserIDs, Position) or remove one added
// (UserID).
type Decision struct {
	Action   string
	Comment  string
	To       string
	UserID   int64
	UserIDs  []int64
	Position string
	Record   map[string]any

	auto bool // taken by the scheduler at a deadline
}

// submittable are the statuses a record may be submitted from.
var submittable = []int{schema.FlowDraft, schema.FlowRejected, schema.FlowWithdrawn}

// Submit submits record id of module, as the viewer sc (who must reach the
// record in their scope), on the module's current workflow version, and
// answers the new instance's id. The path and approvers are fixed now
// (see Plan); steps that need nobody pass at once.
func (e *Engine) Submit(ctx context.Context, module string, sc store.Scope, id int64) (int64, error) {
	m, err := e.module(module)
	if err != nil {
		return 0, err
	}
	rec, err := e.opts.Store.Get(ctx, m, sc, id)
	if err != nil {
		return 0, fmt.Errorf("submit %s %d: %w", module, id, err)
	}
	if !slices.Contains(submittable, statusOf(m, rec)) {
		return 0, refuse(http.StatusConflict, msg.FlowCannotSubmit)
	}
	plan, err := e.plan(ctx, m, rec, sc.TenantID, sc.UserID, sc.OrgID)
	if err != nil {
		return 0, fmt.Errorf("submit %s %d: %w", module, id, err)
	}
	if step := plan.unattended(); step != "" {
		return 0, refuse(http.StatusConflict, fmt.Sprintf(msg.FlowNoApprovers, step))
	}
	names, err := e.names(ctx, sc.TenantID, []int64{sc.UserID})
	if err != nil {
		return 0, err
	}
	var r *run
	err = e.opts.Store.InWrite(ctx, m, func(tx *sql.Tx) error {
		cur, err := e.opts.Store.GetIn(ctx, tx, m, sc, id)
		if err != nil {
			return err
		}
		if cur["version"] != rec["version"] {
			return store.ErrStale
		}
		// The module's write rules hold again for a record submitted anew
		// (a rejected or withdrawn booking whose vehicle was taken since).
		if err := e.opts.Store.CheckUnchanged(ctx, tx, m, sc, id, cur); err != nil {
			return err
		}
		flowID, version, err := e.flowVersion(ctx, tx, m)
		if err != nil {
			return err
		}
		in := &instance{TenantID: sc.TenantID, Module: m.Name, RecordID: id, FlowID: flowID, Version: version,
			ApplicantID: sc.UserID, ApplicantName: names[sc.UserID], OrgID: sc.OrgID, State: StateRunning, Title: recordTitle(m, rec), Plan: *plan,
			Pos: []lanePos{}}
		now := e.nowText()
		in.ID, err = e.insertID(ctx, tx, e.sqlb().Insert(InstanceTable).Columns("tenant_id", "module", "record_id",
			"flow_id", "version", "applicant_id", "applicant_name", "org_id", "state", "title", "stage", "pos",
			"next_batch", "plan", "created_at", "updated_at").Values(in.TenantID, in.Module, in.RecordID, in.FlowID,
			in.Version, in.ApplicantID, in.ApplicantName, in.OrgID, in.State, in.Title, 0, "[]", 0, mustJSON(in.Plan), now, now))
		if err != nil {
			return fmt.Errorf("insert instance: %w", err)
		}
		r = &run{e: e, ctx: ctx, tx: tx, m: m, in: in, actor: sc.UserID}
		if err := e.opts.Store.MoveStatus(ctx, tx, m, sc, id, submittable, store.HistoryEntry{
			Action: "submit", To: schema.FlowRunning, UserID: sc.UserID}); err != nil {
			return err
		}
		r.event(EventSubmitted, "", "submit", nil)
		if err := r.openStage(0); err != nil {
			return err
		}
		return r.save()
	})
	if err != nil {
		return 0, fmt.Errorf("submit %s %d: %w", module, id, err)
	}
	e.notify(ctx, r.events)
	return r.in.ID, nil
}

// Decide takes decision d on task taskID as the viewer sc, who must be its
// approver while it is open.
func (e *Engine) Decide(ctx context.Context, sc store.Scope, taskID int64, d Decision) error {
	d.Comment = strings.TrimSpace(d.Comment)
	if err := d.check(sc.UserID); err != nil {
		return err
	}
	ts, err := readTasks(ctx, e.opts.Store.DB(), e.sqlb().Select(taskCols...).From(entsql.Table(TaskTable)).
		Where(entsql.And(entsql.EQ("id", taskID), entsql.EQ("tenant_id", sc.TenantID))))
	if err != nil {
		return err
	}
	if len(ts) == 0 {
		return errTaskNotFound
	}
	m, err := e.module(ts[0].Module)
	if err != nil {
		return err
	}
	var r *run
	err = e.opts.Store.InWrite(ctx, m, func(tx *sql.Tx) error {
		var err error
		if r, err = e.load(ctx, tx, m, sc, ts[0].InstanceID); err != nil {
			return err
		}
		ts, err := readTasks(ctx, tx, e.sqlb().Select(taskCols...).From(entsql.Table(TaskTable)).
			Where(entsql.EQ("id", taskID)))
		if err != nil {
			return err
		}
		t := ts[0]
		states := []string{TaskOpen}
		if d.Action == ActRemoveSign {
			states = append(states, TaskSuspended, TaskApproved)
		}
		switch {
		case t.AssigneeID != sc.UserID:
			return errNotYourTask
		case !slices.Contains(states, t.State) || r.in.State != StateRunning || t.Stage != r.in.Stage ||
			t.Batch != r.in.Pos[t.Lane].Batch:
			return errTaskNotFound
		}
		if err := r.decide(t, d); err != nil {
			return err
		}
		return r.save()
	})
	if err != nil {
		return fmt.Errorf("decide task %d: %w", taskID, err)
	}
	e.notify(ctx, r.events)
	return nil
}

// check refuses a decision that cannot be taken whatever the task.
func (d *Decision) check(self int64) error {
	switch d.Action {
	case ActApprove, ActReturn, ActResolve:
	case ActTransfer, ActDelegate:
		if d.UserID <= 0 || d.UserID == self {
			return refuse(http.StatusBadRequest, msg.FlowBadTransfer)
		}
	case ActReject:
		if d.Comment == "" {
			return refuse(http.StatusBadRequest, msg.FlowCommentRequired)
		}
	case ActAddSign:
		slices.Sort(d.UserIDs)
		d.UserIDs = slices.Compact(d.UserIDs)
		if len(d.UserIDs) == 0 || len(d.UserIDs) > maxAdded || slices.Contains(d.UserIDs, self) ||
			slices.ContainsFunc(d.UserIDs, func(id int64) bool { return id <= 0 }) {
			return refuse(http.StatusBadRequest, fmt.Sprintf(msg.FlowAddSignNobody, maxAdded))
		}
		if d.Position != SignBefore && d.Position != SignAfter {
			return refuse(http.StatusBadRequest, msg.FlowAddSignPosition)
		}
	case ActRemoveSign:
		if d.UserID <= 0 {
			return refuse(http.StatusBadRequest, msg.FlowRemoveSignNone)
		}
	default:
		return refuse(http.StatusBadRequest, fmt.Sprintf(msg.FlowUnknownAction, d.Action))
	}
	if len(d.Record) > 0 && d.Action != ActApprove {
		return refuse(http.StatusBadRequest, msg.FlowEditOnApprove)
	}
	return nil
}

// decide records decision d on open task t and moves the instance on.
func (r *run) decide(t *task, d Decision) error {
	ps := r.in.Plan.Stages[t.Stage].Lanes[t.Lane].Steps[t.StepIdx]
	switch d.Action {
	case ActDelegate:
		return r.delegate(t, ps, d)
	case ActResolve:
		return r.resolve(t, ps, d)
	case ActAddSign:
		return r.addSign(t, ps, d)
	case ActRemoveSign:
		return r.removeSign(t, ps, d)
	case ActTransfer:
		if t.DelegateOf != 0 {
			return refuse(http.StatusBadRequest, msg.FlowDelegateAgain)
		}
	}
	comment := d.Comment
	if len(d.Record) > 0 {
		changed, err := r.edit(ps, d.Record)
		if err != nil {
			return err
		}
		comment = strings.TrimPrefix(comment+"；"+changed, "；")
	}
	state := map[string]string{ActApprove: TaskApproved, ActReject: TaskRejected, ActReturn: TaskReturned,
		ActTransfer: TaskTransferred}[d.Action]
	if err := r.close(t, state, d.Comment, d.auto); err != nil {
		return err
	}
	if d.Action != ActTransfer {
		if err := r.closeGroup(t); err != nil {
			return err
		}
	}
	said, err := r.actingNote(t, comment)
	if err != nil {
		return err
	}
	switch d.Action {
	case ActApprove:
		if err := r.history(ActApprove, ps.Title, said); err != nil {
			return err
		}
		r.event(EventDecided, ps.Title, ActApprove, []int64{r.in.ApplicantID})
		if err := r.approved(t, ps); err != nil {
			return err
		}
		return r.evaluate(t.Lane, ps, false)
	case ActReject:
		goOn, err := r.canStillPass(t.Lane, ps)
		if err != nil || !goOn || t.Kind != KindPlan {
			if err == nil {
				err = r.finish(StateRejected, schema.FlowRejected, ActReject, ps.Title, said)
			}
			return err
		}
		if err := r.cancel(entsql.EQ("parent_id", t.root())); err != nil {
			return err
		}
		if err := r.history(ActReject, ps.Title, said); err != nil {
			return err
		}
		r.event(EventDecided, ps.Title, ActReject, []int64{r.in.ApplicantID})
		return r.evaluate(t.Lane, ps, false)
	case ActTransfer:
		return r.transfer(t, ps, d)
	}
	d.Comment = said
	return r.returnTo(t, ps, d)
}

// close records a decision's state and comment on task t.
func (r *run) close(t *task, state, comment string, auto bool) error {
	var c any
	if comment != "" {
		c = comment
	}
	upd := r.e.sqlb().Update(TaskTable).Set("state", state).Set("comment", c).Set("decided_at", r.e.nowText())
	if auto {
		upd.Set("auto", true)
	}
	qs, args := upd.Where(entsql.EQ("id", t.ID)).Query()
	if _, err := r.tx.ExecContext(r.ctx, qs, args...); err != nil {
		return fmt.Errorf("record decision: %w", err)
	}
	return nil
}

// transfer hands open task t to d.UserID: the task closes as transferred
// and the user gets one in its place, in the same step and turn. People t
// added after itself and not yet asked are let go.
func (r *run) transfer(t *task, ps PlanStep, d Decision) error {
	names, err := r.e.opts.Directory.UserNames(r.ctx, r.in.TenantID, []int64{d.UserID})
	if err != nil {
		return err
	}
	ts, err := r.batchTasks(t.Lane)
	if err != nil {
		return err
	}
	busy := slices.ContainsFunc(ts, func(o *task) bool {
		return o.AssigneeID == d.UserID && !replaced(o) && o.State != TaskCancelled
	})
	if names[d.UserID] == "" || busy {
		return refuse(http.StatusBadRequest, msg.FlowBadTransfer)
	}
	if err := r.cancel(entsql.And(entsql.EQ("parent_id", t.root()), entsql.EQ("state", TaskWaiting))); err != nil {
		return err
	}
	if err := r.insertTasks([]newTask{{batch: t.Batch, stage: t.Stage, lane: t.Lane, idx: t.StepIdx, step: t.Step,
		title: t.StepTitle, assignee: d.UserID, seq: t.Seq, state: TaskOpen, kind: t.Kind, parent: t.ParentID,
		groupOf: t.GroupOf}}); err != nil {
		return fmt.Errorf("transfer task %d: %w", t.ID, err)
	}
	comment := fmt.Sprintf(msg.FlowTransferredTo, names[d.UserID])
	if d.Comment != "" {
		comment += "：" + d.Comment
	}
	if err := r.history(ActTransfer, ps.Title, comment); err != nil {
		return err
	}
	r.event(EventArrived, ps.Title, ActTransfer, []int64{d.UserID})
	return nil
}

// returnTo sends the application back to an earlier step (or to the
// applicant). Tasks left open by the return — the step's other approvers,
// the other parallel branches when going back before them — are closed as
// cancelled; the step returned to opens afresh, and a parallel stage
// returned into reopens only the returned branch (the others had passed).
func (r *run) returnTo(t *task, ps PlanStep, d Decision) error {
	if d.To == ReturnToApplicant {
		return r.finish(StateReturned, schema.FlowDraft, ActReturn, ps.Title, d.Comment)
	}
	s, l, i, ok := r.in.Plan.find(d.To)
	if !ok || s > r.in.Stage || (s == r.in.Stage && (l != t.Lane || i >= t.StepIdx)) {
		return refuse(http.StatusBadRequest, fmt.Sprintf(msg.FlowBadReturnStep, d.To))
	}
	target := r.in.Plan.Stages[s].Lanes[l].Steps[i].Title
	comment := fmt.Sprintf(msg.FlowReturnedTo, target)
	if d.Comment != "" {
		comment += "：" + d.Comment
	}
	if err := r.history(ActReturn, ps.Title, comment); err != nil {
		return err
	}
	r.event(EventDecided, ps.Title, ActReturn, []int64{r.in.ApplicantID})
	if s < r.in.Stage {
		if err := r.cancel(nil); err != nil {
			return err
		}
		r.in.Stage = s
		r.in.Pos = make([]lanePos, len(r.in.Plan.Stages[s].Lanes))
		for pl, lane := range r.in.Plan.Stages[s].Lanes {
			r.in.Pos[pl].Idx = len(lane.Steps)
		}
	} else if err := r.closeBatch(l); err != nil {
		return err
	}
	r.in.Pos[l].Idx = i
	return r.openStep(l)
}

// load reads an instance inside tx for a change by the viewer sc.
func (e *Engine) load(ctx context.Context, tx *sql.Tx, m *schema.Module, sc store.Scope, id int64) (*run, error) {
	ins, err := readInstances(ctx, tx, e.sqlb().Select(instanceCols...).From(entsql.Table(InstanceTable)).
		Where(entsql.And(entsql.EQ("id", id), entsql.EQ("tenant_id", sc.TenantID))))
	if err != nil {
		return nil, err
	}
	if len(ins) == 0 {
		return nil, errTaskNotFound
	}
	return &run{e: e, ctx: ctx, tx: tx, m: m, in: ins[0], actor: sc.UserID}, nil
}

// flowVersion is the id and version number of m's workflow as it is now,
// adding a version when the definition changed.
func (e *Engine) flowVersion(ctx context.Context, tx *sql.Tx, m *schema.Module) (int64, int, error) {
	def := mustJSON(m.Workflow)
	sum := sha256.Sum256([]byte(def))
	hash := hex.EncodeToString(sum[:])
	var id int64
	var version int
	qs, args := e.sqlb().Select("id", "version").From(entsql.Table(FlowTable)).
		Where(entsql.And(entsql.EQ("module", m.Name), entsql.EQ("hash", hash))).Query()
	err := tx.QueryRowContext(ctx, qs, args...).Scan(&id, &version)
	if err == nil {
		return id, version, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, 0, fmt.Errorf("read flow version: %w", err)
	}
	qs, args = e.sqlb().Select("COALESCE(MAX(version), 0)").From(entsql.Table(FlowTable)).
		Where(entsql.EQ("module", m.Name)).Query()
	if err := tx.QueryRowContext(ctx, qs, args...).Scan(&version); err != nil {
		return 0, 0, fmt.Errorf("read flow versions: %w", err)
	}
	version++
	id, err = e.insertID(ctx, tx, e.sqlb().Insert(FlowTable).Columns("module", "version", "hash", "definition",
		"created_at").Values(m.Name, version, hash, def, e.nowText()))
	if err != nil {
		return 0, 0, fmt.Errorf("add flow version: %w", err)
	}
	return id, version, nil
}

// statusOf is the record's workflow status.
func statusOf(m *schema.Module, rec store.Record) int {
	v, _ := rec[m.Status.Field].(int64)
	return int(v)
}

// recordTitle names a record in lists: its first listed text field, else
// the module's title and the id.
func recordTitle(m *schema.Module, rec store.Record) string {
	for _, f := range m.Fields {
		if s, ok := rec[f.Name].(string); ok && f.List && f.Type == schema.TypeString && s != "" {
			if r := []rune(s); len(r) > 200 {
				return string(r[:200])
			}
			return s
		}
	}
	return fmt.Sprintf("%s #%v", m.Title, rec["id"])
}

// notify hands committed events to the Notifier.
func (e *Engine) notify(ctx context.Context, events []Event) {
	if e.opts.Notifier != nil && len(events) > 0 {
		e.opts.Notifier.Notify(ctx, events)
	}
}

// closeGroup closes, once t of an escalation group (or-sign) is decided,
// the other tasks of its group still to decide, and the tasks of the
// people they added.
func (r *run) closeGroup(t *task) error {
	if t.GroupOf == 0 {
		return nil
	}
	ts, err := r.batchTasks(t.Lane)
	if err != nil {
		return err
	}
	for _, o := range ts {
		if o.GroupOf == t.GroupOf && o.ID != t.ID && o.ID != t.DelegateOf && o.DelegateOf != t.ID &&
			slices.Contains([]string{TaskOpen, TaskWaiting, TaskSuspended, TaskDelegated}, o.State) {
			if err := r.cancel(entsql.Or(entsql.EQ("id", o.ID), entsql.EQ("delegate_of", o.ID),
				entsql.EQ("parent_id", o.root()))); err != nil {
				return err
			}
		}
	}
	return nil
}

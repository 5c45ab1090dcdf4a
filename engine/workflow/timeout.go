package workflow

// Deadlines: a step's deadline is counted on the working-day clock from
// the moment a task opens; the scheduler acts on tasks still open at it by
// the step's onTimeout.

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// Timeout history actions.
const (
	ActRemind   = "remind"
	ActEscalate = "escalate"
)

// dueAt is when a task opening now at step idx of lane l of stage s is due
// (nil for a step without a deadline).
func (r *run) dueAt(s, l, idx int) (any, error) {
	if s < 0 || s >= len(r.in.Plan.Stages) {
		return nil, nil
	}
	ps := r.in.Plan.Stages[s].Lanes[l].Steps[idx]
	if ps.Deadline == "" {
		return nil, nil
	}
	if r.wc == nil {
		var err error
		if r.wc, err = r.e.clock(r.ctx); err != nil {
			return nil, fmt.Errorf("working-day calendar: %w", err)
		}
	}
	return r.wc.Due(r.e.opts.Now(), ps.Deadline).Format(time.DateTime), nil
}

// tickBatch is how many due tasks one tick handles at most.
const tickBatch = 200

// Run ticks every interval until ctx ends (the App's Close): each tick
// acts on the tasks past their deadline (see Tick).
func (e *Engine) Run(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if n, err := e.Tick(ctx); err != nil && ctx.Err() == nil {
			e.opts.Logger.Warn("workflow deadlines", "handled", n, "err", err.Error())
		}
	}
}

// Tick acts on every open task whose deadline has passed, once each, by its
// step's onTimeout, and answers how many it handled. Several instances may
// tick at once: each task is claimed with a conditional UPDATE inside the
// write transaction that acts on it, so exactly one instance acts.
func (e *Engine) Tick(ctx context.Context) (int, error) {
	ts, err := readTasks(ctx, e.opts.Store.DB(), e.sqlb().Select(taskCols...).From(entsql.Table(TaskTable)).
		Where(entsql.And(entsql.EQ("state", TaskOpen), entsql.NotNull("due_at"), entsql.LTE("due_at", e.nowText()),
			entsql.IsNull("timed_out_at"))).OrderBy("due_at", "id").Limit(tickBatch))
	if err != nil {
		return 0, err
	}
	done := 0
	for _, t := range ts {
		ok, err := e.timeout(ctx, t)
		if err != nil {
			return done, fmt.Errorf("deadline of task %d: %w", t.ID, err)
		}
		if ok {
			done++
		}
	}
	return done, nil
}

// timeout claims task t and acts on it; false when another instance (or a
// decision) got there first.
func (e *Engine) timeout(ctx context.Context, t *task) (bool, error) {
	m, err := e.module(t.Module)
	if err != nil { // the module or its workflow is gone: mark the task, so later ticks pass it by
		qs, args := e.sqlb().Update(TaskTable).Set("timed_out_at", e.nowText()).Where(entsql.And(
			entsql.EQ("id", t.ID), entsql.IsNull("timed_out_at"))).Query()
		_, err := e.opts.Store.DB().ExecContext(ctx, qs, args...)
		return false, err
	}
	var tenant int64
	qs, args := e.sqlb().Select("tenant_id").From(entsql.Table(TaskTable)).Where(entsql.EQ("id", t.ID)).Query()
	if err := e.opts.Store.DB().QueryRowContext(ctx, qs, args...).Scan(&tenant); err != nil {
		return false, err
	}
	var r *run
	claimed := false
	err = e.opts.Store.InWrite(ctx, m, func(tx *sql.Tx) error {
		now := e.nowText()
		qs, args := e.sqlb().Update(TaskTable).Set("timed_out_at", now).Where(entsql.And(entsql.EQ("id", t.ID),
			entsql.EQ("state", TaskOpen), entsql.IsNull("timed_out_at"))).Query()
		res, err := tx.ExecContext(ctx, qs, args...)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		claimed = true
		if r, err = e.load(ctx, tx, m, store.Scope{TenantID: tenant}, t.InstanceID); err != nil {
			return err
		}
		if r.in.State != StateRunning || t.Stage != r.in.Stage || t.Batch != r.in.Pos[t.Lane].Batch {
			return nil
		}
		ps := r.in.Plan.Stages[t.Stage].Lanes[t.Lane].Steps[t.StepIdx]
		if err := r.onTimeout(t, ps); err != nil {
			return err
		}
		return r.save()
	})
	if err != nil {
		return false, err
	}
	if r != nil {
		e.notify(ctx, r.events)
	}
	return claimed, nil
}

// onTimeout does the step's onTimeout to its overdue task t.
func (r *run) onTimeout(t *task, ps PlanStep) error {
	switch ps.OnTimeout {
	case schema.TimeoutApprove:
		return r.decide(t, Decision{Action: ActApprove, Comment: msg.FlowTimeoutApproved, auto: true})
	case schema.TimeoutReject:
		return r.decide(t, Decision{Action: ActReject, Comment: msg.FlowTimeoutRejected, auto: true})
	case schema.TimeoutEscalate:
		to, err := r.escalation(t, ps)
		if err != nil {
			return err
		}
		if len(to) > 0 {
			return r.escalate(t, ps, to)
		}
	}
	if err := r.history(ActRemind, ps.Title, msg.FlowTimeoutReminded); err != nil {
		return err
	}
	r.event(EventOverdue, ps.Title, ps.OnTimeout, []int64{t.AssigneeID})
	return nil
}

// escalation is who an overdue task of step ps goes to, as an or-sign:
// the holders of the step's roles one level up the applicant's
// organisation chain (the parent of the organisation each role rule
// resolved in), else every administrator of the tenant — in both cases
// without the applicant and anyone holding a task of the step already.
// None (the task is reminded instead) when nobody is left.
func (r *run) escalation(t *task, ps PlanStep) ([]int64, error) {
	ts, err := r.batchTasks(t.Lane)
	if err != nil {
		return nil, err
	}
	free := func(ids []int64) []int64 {
		var out []int64
		for _, u := range ids {
			busy := u == r.in.ApplicantID || slices.Contains(out, u)
			for _, o := range ts {
				busy = busy || (o.AssigneeID == u && !replaced(o) && o.State != TaskCancelled)
			}
			if !busy {
				out = append(out, u)
			}
		}
		return out
	}
	var holders []int64
	for _, ra := range ps.Roles {
		chain, err := r.e.opts.Directory.OrgChain(r.ctx, r.in.TenantID, ra.Org)
		if err != nil {
			return nil, err
		}
		if len(chain) < 2 {
			continue
		}
		ids, err := r.e.opts.Directory.RoleHolders(r.ctx, r.in.TenantID, chain[1].ID, ra.Role)
		if err != nil {
			return nil, err
		}
		holders = append(holders, ids...)
	}
	if to := free(holders); len(to) > 0 {
		return to, nil
	}
	admins, err := r.e.opts.Directory.TenantAdmins(r.ctx, r.in.TenantID)
	if err != nil {
		return nil, err
	}
	return free(admins), nil
}

// escalate hands overdue task t to the people to, as an or-sign: t closes
// as transferred (automatically, history escalate 超时转交给<names>), each of
// them gets an open task of its step and turn in t's escalation group (the
// group counts as t did; the first decision closes the others), and the
// people t added after itself not yet asked are let go, as in a transfer.
func (r *run) escalate(t *task, ps PlanStep, to []int64) error {
	names, err := r.e.names(r.ctx, r.in.TenantID, slices.Clone(to))
	if err != nil {
		return err
	}
	if err := r.close(t, TaskTransferred, msg.FlowTimeoutEscalated, true); err != nil {
		return err
	}
	if err := r.cancel(entsql.And(entsql.EQ("parent_id", t.root()), entsql.EQ("state", TaskWaiting))); err != nil {
		return err
	}
	group := t.GroupOf
	if group == 0 {
		group = t.ID
	}
	rows := make([]newTask, 0, len(to))
	who := make([]string, 0, len(to))
	for _, u := range to {
		rows = append(rows, newTask{batch: t.Batch, stage: t.Stage, lane: t.Lane, idx: t.StepIdx, step: t.Step,
			title: t.StepTitle, assignee: u, seq: t.Seq, state: TaskOpen, kind: t.Kind, parent: t.ParentID,
			groupOf: group})
		who = append(who, names[u])
	}
	if err := r.insertTasks(rows); err != nil {
		return fmt.Errorf("escalate task %d: %w", t.ID, err)
	}
	comment := fmt.Sprintf(msg.FlowEscalatedTo, strings.Join(who, "、"))
	if len(to) > 1 {
		comment += msg.FlowEscalatedAny
	}
	if err := r.history(ActEscalate, ps.Title, comment+"："+msg.FlowTimeoutEscalated); err != nil {
		return err
	}
	r.event(EventArrived, ps.Title, ActEscalate, to)
	return nil
}

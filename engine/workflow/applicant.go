package workflow

// What an applicant (and the people on an application) do besides
// submitting: withdraw, chase, copy.

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"slices"
	"strings"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// ActChase is the history action of a chase.
const ActChase = "chase"

// Withdraw withdraws the running application of record id of module, as
// its applicant, before any approver decided.
func (e *Engine) Withdraw(ctx context.Context, module string, sc store.Scope, id int64) error {
	m, err := e.module(module)
	if err != nil {
		return err
	}
	var r *run
	err = e.opts.Store.InWrite(ctx, m, func(tx *sql.Tx) error {
		ins, err := e.applicantsRunning(ctx, tx, m, sc, id)
		if err != nil {
			return err
		}
		var decided int
		qs, args := e.sqlb().Select("COUNT(*)").From(entsql.Table(TaskTable)).Where(entsql.And(
			entsql.EQ("instance_id", ins.ID), entsql.EQ("auto", false),
			entsql.In("state", TaskApproved, TaskRejected, TaskReturned))).Query()
		if err := tx.QueryRowContext(ctx, qs, args...).Scan(&decided); err != nil {
			return fmt.Errorf("count decisions: %w", err)
		}
		if decided > 0 {
			return refuse(http.StatusConflict, msg.FlowWithdrawLate)
		}
		r = &run{e: e, ctx: ctx, tx: tx, m: m, in: ins, actor: sc.UserID}
		if err := r.finish(StateWithdrawn, schema.FlowWithdrawn, "withdraw", "", ""); err != nil {
			return err
		}
		return r.save()
	})
	if err != nil {
		return fmt.Errorf("withdraw %s %d: %w", module, id, err)
	}
	e.notify(ctx, r.events)
	return nil
}

// Chase reminds the approvers whose turn it is on the running application
// of record id of module (催办), as its applicant: an event naming them
// and a history row.
func (e *Engine) Chase(ctx context.Context, module string, sc store.Scope, id int64) error {
	m, err := e.module(module)
	if err != nil {
		return err
	}
	var r *run
	err = e.opts.Store.InWrite(ctx, m, func(tx *sql.Tx) error {
		ins, err := e.applicantsRunning(ctx, tx, m, sc, id)
		if err != nil {
			return err
		}
		r = &run{e: e, ctx: ctx, tx: tx, m: m, in: ins, actor: sc.UserID}
		ts, err := readTasks(ctx, tx, e.sqlb().Select(taskCols...).From(entsql.Table(TaskTable)).
			Where(entsql.And(entsql.EQ("instance_id", r.in.ID), entsql.EQ("state", TaskOpen))))
		if err != nil {
			return err
		}
		var who []int64
		for _, t := range ts {
			who = append(who, t.AssigneeID)
		}
		if err := r.history(ActChase, strings.Join(r.in.current(), "、"), ""); err != nil {
			return err
		}
		r.event(EventChased, strings.Join(r.in.current(), "、"), ActChase, who)
		return nil
	})
	if err != nil {
		return fmt.Errorf("chase %s %d: %w", module, id, err)
	}
	e.notify(ctx, r.events)
	return nil
}

// maxCopies is how many people one ad hoc copy may name.
const maxCopies = 50

// Copy sends a copy (抄送) of the latest application of record id of
// module to users, as the viewer sc, who must be its applicant or have a
// task on it.
func (e *Engine) Copy(ctx context.Context, module string, sc store.Scope, id int64, users []int64) error {
	m, err := e.module(module)
	if err != nil {
		return err
	}
	slices.Sort(users)
	users = slices.Compact(users)
	if len(users) == 0 || len(users) > maxCopies {
		return refuse(http.StatusBadRequest, msg.FlowCCNobody)
	}
	if in, err := e.Involved(ctx, sc, m.Name, id); err != nil || !in {
		if err == nil {
			err = refuse(http.StatusForbidden, msg.FlowNotInvolved)
		}
		return err
	}
	names, err := e.names(ctx, sc.TenantID, users)
	if err != nil {
		return err
	}
	if len(names) != len(users) {
		return refuse(http.StatusBadRequest, msg.FlowCCNobody)
	}
	var r *run
	err = e.opts.Store.InWrite(ctx, m, func(tx *sql.Tx) error {
		ins, err := readInstances(ctx, tx, e.sqlb().Select(instanceCols...).From(entsql.Table(InstanceTable)).
			Where(entsql.And(entsql.EQ("tenant_id", sc.TenantID), entsql.EQ("module", m.Name),
				entsql.EQ("record_id", id))).OrderBy(entsql.Desc("id")).Limit(1))
		if err != nil {
			return err
		}
		if len(ins) == 0 {
			return errNotRunning
		}
		r = &run{e: e, ctx: ctx, tx: tx, m: m, in: ins[0], actor: sc.UserID}
		return r.copyTo(users, 0, -1, 0, 0, "", msg.FlowCCTitle)
	})
	if err != nil {
		return fmt.Errorf("copy %s %d: %w", module, id, err)
	}
	e.notify(ctx, r.events)
	return nil
}

// applicantsRunning reads the running application of record id of m, which
// the caller (sc) must have submitted: 409 when none runs, 403 for anyone
// but its applicant.
func (e *Engine) applicantsRunning(ctx context.Context, tx *sql.Tx, m *schema.Module, sc store.Scope, id int64) (*instance, error) {
	ins, err := readInstances(ctx, tx, e.sqlb().Select(instanceCols...).From(entsql.Table(InstanceTable)).
		Where(entsql.And(entsql.EQ("tenant_id", sc.TenantID), entsql.EQ("module", m.Name),
			entsql.EQ("record_id", id), entsql.EQ("state", StateRunning))))
	if err != nil {
		return nil, err
	}
	if len(ins) == 0 {
		return nil, errNotRunning
	}
	if ins[0].ApplicantID != sc.UserID {
		return nil, refuse(http.StatusForbidden, msg.FlowNotApplicant)
	}
	return ins[0], nil
}

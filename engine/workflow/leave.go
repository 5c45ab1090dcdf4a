package workflow

// Leave: a user records a period away and a substitute; tasks that arrive
// for them during it go to the substitute, who acts for them.

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"strings"
	"time"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/msg"
	"xiangzhi/engine/store"
)

// Leave is one leave period of a user.
type Leave struct {
	ID             int64  `json:"id"`
	UserID         int64  `json:"userId"`
	SubstituteID   int64  `json:"substituteId"`
	SubstituteName string `json:"substituteName"`
	StartAt        string `json:"startAt"`
	EndAt          string `json:"endAt"`
	Reason         string `json:"reason,omitempty"`
	CreatedAt      string `json:"createdAt"`
	CancelledAt    string `json:"cancelledAt,omitempty"`
	// Active says the period covers now and is not cancelled.
	Active bool `json:"active"`
}

// maxLeaveReason is the longest reason a leave may give.
const maxLeaveReason = 200

// AddLeave records a leave of the viewer from start to end (datetimes
// "2006-01-02 15:04:05", or dates: a date end is the end of that day)
// with a substitute, and answers it. The period must end in the future and
// may not overlap another of the viewer's periods.
func (e *Engine) AddLeave(ctx context.Context, sc store.Scope, substitute int64, start, end, reason string) (*Leave, error) {
	loc := e.opts.Now().Location()
	from, okFrom := leaveTime(start, false, loc)
	to, okTo := leaveTime(end, true, loc)
	reason = strings.TrimSpace(reason)
	switch {
	case !okFrom || !okTo || !to.After(from) || !to.After(e.opts.Now()):
		return nil, refuse(http.StatusBadRequest, msg.FlowLeaveBadPeriod)
	case len([]rune(reason)) > maxLeaveReason:
		return nil, refuse(http.StatusBadRequest, fmt.Sprintf(msg.FlowLeaveReasonLong, maxLeaveReason))
	case substitute <= 0 || substitute == sc.UserID:
		return nil, refuse(http.StatusBadRequest, msg.FlowLeaveBadSubstitute)
	}
	names, err := e.names(ctx, sc.TenantID, []int64{substitute})
	if err != nil {
		return nil, err
	}
	if names[substitute] == "" {
		return nil, refuse(http.StatusBadRequest, msg.FlowLeaveBadSubstitute)
	}
	fromText, toText := from.Format(time.DateTime), to.Format(time.DateTime)
	db := e.opts.Store.DB()
	var n int
	qs, args := e.sqlb().Select("COUNT(*)").From(entsql.Table(LeaveTable)).Where(entsql.And(
		entsql.EQ("tenant_id", sc.TenantID), entsql.EQ("user_id", sc.UserID), entsql.IsNull("cancelled_at"),
		entsql.LT("start_at", toText), entsql.GT("end_at", fromText))).Query()
	if err := db.QueryRowContext(ctx, qs, args...).Scan(&n); err != nil {
		return nil, fmt.Errorf("overlapping leaves: %w", err)
	}
	if n > 0 {
		return nil, refuse(http.StatusConflict, msg.FlowLeaveOverlap)
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer func() { _ = tx.Rollback() }()
	id, err := e.insertID(ctx, tx, e.sqlb().Insert(LeaveTable).Columns("tenant_id", "user_id", "substitute_id",
		"start_at", "end_at", "reason", "created_at").Values(sc.TenantID, sc.UserID, substitute, fromText, toText,
		reason, e.nowText()))
	if err != nil {
		return nil, fmt.Errorf("add leave: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	ls, err := e.leaves(ctx, sc, entsql.EQ("id", id))
	if err != nil || len(ls) == 0 {
		return nil, err
	}
	return &ls[0], nil
}

// Leaves are the viewer's leave periods, latest start first.
func (e *Engine) Leaves(ctx context.Context, sc store.Scope) ([]Leave, error) {
	return e.leaves(ctx, sc, nil)
}

func (e *Engine) leaves(ctx context.Context, sc store.Scope, p *entsql.Predicate) ([]Leave, error) {
	where := []*entsql.Predicate{entsql.EQ("tenant_id", sc.TenantID), entsql.EQ("user_id", sc.UserID)}
	if p != nil {
		where = append(where, p)
	}
	qs, args := e.sqlb().Select("id", "user_id", "substitute_id", "start_at", "end_at", "reason", "created_at",
		"cancelled_at").From(entsql.Table(LeaveTable)).Where(entsql.And(where...)).
		OrderBy(entsql.Desc("start_at"), entsql.Desc("id")).Limit(200).Query()
	rows, err := e.opts.Store.DB().QueryContext(ctx, qs, args...)
	if err != nil {
		return nil, fmt.Errorf("read leaves: %w", err)
	}
	defer rows.Close()
	out := []Leave{}
	var subs []int64
	now := e.nowText()
	for rows.Next() {
		var l Leave
		var start, end, created, cancelled any
		if err := rows.Scan(&l.ID, &l.UserID, &l.SubstituteID, &start, &end, &l.Reason, &created, &cancelled); err != nil {
			return nil, fmt.Errorf("read leaves: %w", err)
		}
		l.StartAt, l.EndAt, l.CreatedAt, l.CancelledAt = timeText(start), timeText(end), timeText(created), timeText(cancelled)
		l.Active = l.CancelledAt == "" && l.StartAt <= now && now < l.EndAt
		subs = append(subs, l.SubstituteID)
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	names, err := e.names(ctx, sc.TenantID, subs)
	if err != nil {
		return nil, err
	}
	for i := range out {
		out[i].SubstituteName = names[out[i].SubstituteID]
	}
	return out, nil
}

// CancelLeave cancels one of the viewer's leave periods that has not ended:
// tasks arriving from now on reach the viewer again (those already with
// the substitute stay there).
func (e *Engine) CancelLeave(ctx context.Context, sc store.Scope, id int64) error {
	qs, args := e.sqlb().Update(LeaveTable).Set("cancelled_at", e.nowText()).Where(entsql.And(
		entsql.EQ("id", id), entsql.EQ("tenant_id", sc.TenantID), entsql.EQ("user_id", sc.UserID),
		entsql.IsNull("cancelled_at"), entsql.GT("end_at", e.nowText()))).Query()
	res, err := e.opts.Store.DB().ExecContext(ctx, qs, args...)
	if err != nil {
		return fmt.Errorf("cancel leave %d: %w", id, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		if err == nil {
			err = refuse(http.StatusNotFound, msg.FlowLeaveNotFound)
		}
		return err
	}
	return nil
}

// leaveTime reads a datetime or a date (the start of the day, or with
// end the start of the next day).
func leaveTime(s string, end bool, loc *time.Location) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if t, err := time.ParseInLocation(time.DateTime, s, loc); err == nil {
		return t, true
	}
	t, err := time.ParseInLocation(time.DateOnly, s, loc)
	if err != nil {
		return t, false
	}
	if end {
		t = t.AddDate(0, 0, 1)
	}
	return t, true
}

// substitute hands the rows to open or wait for a user on leave now to
// their substitute, acting for them (one hop: a substitute on leave too
// still gets the task).
func (r *run) substitute(rows []newTask) error {
	var who []any
	for _, t := range rows {
		if (t.state == TaskOpen || t.state == TaskWaiting) && !t.noLeave {
			who = append(who, t.assignee)
		}
	}
	if len(who) == 0 {
		return nil
	}
	now := r.e.nowText()
	qs, args := r.e.sqlb().Select("user_id", "substitute_id").From(entsql.Table(LeaveTable)).Where(entsql.And(
		entsql.EQ("tenant_id", r.in.TenantID), entsql.In("user_id", who...), entsql.IsNull("cancelled_at"),
		entsql.LTE("start_at", now), entsql.GT("end_at", now))).OrderBy("id").Query()
	subs := map[int64]int64{}
	if err := scanPairs(r.ctx, r.tx, qs, args, subs); err != nil {
		return fmt.Errorf("leaves of %v: %w", who, err)
	}
	for i := range rows {
		t := &rows[i]
		if s := subs[t.assignee]; s != 0 && (t.state == TaskOpen || t.state == TaskWaiting) && !t.noLeave {
			t.actingFor, t.assignee = t.assignee, s
		}
	}
	return nil
}

// scanPairs reads two int64 columns into m.
func scanPairs(ctx context.Context, tx *sql.Tx, qs string, args []any, m map[int64]int64) error {
	rows, err := tx.QueryContext(ctx, qs, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var k, v int64
		if err := rows.Scan(&k, &v); err != nil {
			return err
		}
		m[k] = v
	}
	return rows.Err()
}

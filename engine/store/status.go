package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
)

// errNoStatus is a Transition on a module without a status: a caller's bug.
var errNoStatus = errors.New("module has no status")

// Transition performs a status action on one record the scope reaches: in
// one transaction it checks that the current status is one the action
// starts from (else *TransitionError), moves the status, bumps the version
// and writes the history row with the comment. A comment the action requires
// but that is empty is an *InputError. It returns the record as Get would.
// The module's transition hooks run around it (hooks.go): before hooks see
// the record as it stood, after the from-status check.
func (s *Store) Transition(ctx context.Context, m *schema.Module, sc Scope, id int64, a schema.Action, comment string) (Record, error) {
	mt := s.metaOf(m)
	if mt.status == nil {
		return nil, fmt.Errorf("transition %s: %w", m.Name, errNoStatus)
	}
	comment = strings.TrimSpace(comment)
	if a.Comment == schema.CommentRequired && comment == "" {
		return nil, &InputError{Field: "comment", Reason: "comment required",
			Public: fmt.Sprintf(msg.CommentRequired, a.Label)}
	}
	before, after := s.hooksFor(m, OpTransition)
	w := &Write{Op: OpTransition, Module: m, Scope: sc, ID: id, Action: &a, Comment: comment}
	err := s.inWriteOf(ctx, mt, sc.TenantID, func(tx *sql.Tx) error {
		return s.transition(ctx, tx, mt, before, w, true)
	})
	if err != nil {
		return nil, fmt.Errorf("transition %s %d %s: %w", m.Name, id, a.Name, err)
	}
	if err := runAfter(ctx, after, w); err != nil {
		return nil, err
	}
	return w.New, nil
}

// transition is Transition's work inside the transaction tx: the
// from-status check, the before hooks, the status move and the history row
// (w carries the scope, record, action and trimmed comment); readBack sets
// w.New to the record as it now stands.
func (s *Store) transition(ctx context.Context, tx *sql.Tx, mt *meta, before []HookFunc, w *Write, readBack bool) error {
	sc, id, a, comment := w.Scope, w.ID, *w.Action, w.Comment
	cur, err := s.currentStatus(ctx, tx, mt, sc, id)
	if err != nil {
		return err
	}
	if !slices.Contains(a.From, cur) {
		return &TransitionError{Action: a.Name, Label: a.Label, From: cur}
	}
	if len(before) > 0 {
		if w.Old, err = s.get(ctx, tx, mt, sc, id); err != nil {
			return err
		}
		w.Tx = &Tx{s: s, tx: tx, sc: sc}
		if err := runBefore(ctx, before, w); err != nil {
			return err
		}
	}
	to := w.statusOr(a.To)
	now := nowArg()
	b := entsql.Dialect(s.dialect)
	upd := b.Update(mt.table).Set(mt.status.name, to).
		Set(colUpdatedBy, sc.UserID).Set(colUpdatedAt, now).Add(colVersion, 1).
		Where(entsql.And(entsql.EQ(colID, id), entsql.EQ(colTenant, sc.TenantID), entsql.EQ(mt.status.name, cur)))
	if err := s.execOne(ctx, tx, mt, sc, id, upd); err != nil {
		return err
	}
	var c any
	if comment != "" {
		c = comment
	}
	qs, args := b.Insert(HistoryTable).
		Columns(colTenant, "table_name", "record_id", "action", "from_status", "to_status", "comment", "user_id", colCreatedAt).
		Values(sc.TenantID, mt.table, id, a.Name, cur, to, c, sc.UserID, now).Query()
	if _, err := s.execW(ctx, tx, qs, args...); err != nil {
		return fmt.Errorf("write history: %w", err)
	}
	if readBack {
		w.New, err = s.get(ctx, tx, mt, tenantScope(sc), id)
	}
	return err
}

// Step is one write of a Steps batch: a status action when Action is set
// (with its Comment), else a partial update of the keys in Update.
type Step struct {
	Scope   Scope
	ID      int64
	Action  *schema.Action
	Comment string
	Update  Record
}

// Steps performs writes of module m's records in order in one write
// transaction, each exactly as Transition or Update would (the same
// checks, hooks and history rows), for a writer that has many of them —
// the demo generator walking thousands of records through their statuses
// pays one commit for all instead of one each. One failure rolls back the
// whole batch; the after-commit hooks run once it has committed. The steps
// share one tenant.
func (s *Store) Steps(ctx context.Context, m *schema.Module, steps []Step) error {
	if len(steps) == 0 {
		return nil
	}
	mt := s.metaOf(m)
	tb, ta := s.hooksFor(m, OpTransition)
	ub, ua := s.hooksFor(m, OpUpdate)
	ws := make([]*Write, len(steps))
	for i, st := range steps {
		if st.Scope.TenantID != steps[0].Scope.TenantID {
			return fmt.Errorf("steps of %s: more than one tenant", m.Name)
		}
		if st.Action == nil {
			ws[i] = &Write{Op: OpUpdate, Module: m, Scope: st.Scope, ID: st.ID, New: st.Update}
			continue
		}
		if mt.status == nil {
			return fmt.Errorf("transition %s: %w", m.Name, errNoStatus)
		}
		a := *st.Action
		comment := strings.TrimSpace(st.Comment)
		if a.Comment == schema.CommentRequired && comment == "" {
			return &InputError{Field: "comment", Reason: "comment required",
				Public: fmt.Sprintf(msg.CommentRequired, a.Label)}
		}
		ws[i] = &Write{Op: OpTransition, Module: m, Scope: st.Scope, ID: st.ID, Action: &a, Comment: comment}
	}
	err := s.inWriteOf(ctx, mt, steps[0].Scope.TenantID, func(tx *sql.Tx) error {
		for _, w := range ws {
			if w.Op == OpTransition {
				if err := s.transition(ctx, tx, mt, tb, w, len(ta) > 0); err != nil {
					return fmt.Errorf("transition %s %d %s: %w", m.Name, w.ID, w.Action.Name, err)
				}
				continue
			}
			if err := s.updateWrite(ctx, tx, mt, ub, ua, w, len(ua) > 0); err != nil {
				return fmt.Errorf("update %s %d: %w", m.Name, w.ID, err)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, w := range ws {
		after := ua
		if w.Op == OpTransition {
			after = ta
		}
		if err := runAfter(ctx, after, w); err != nil {
			return err
		}
	}
	return nil
}

// currentStatus reads the status of a record the scope reaches. The write
// sequence bumped at the start of the transaction keeps it from changing
// under us.
func (s *Store) currentStatus(ctx context.Context, tx *sql.Tx, mt *meta, sc Scope, id int64) (int, error) {
	qs, args := entsql.Dialect(s.dialect).Select(mt.status.name).From(entsql.Table(mt.table)).
		Where(entsql.And(append(s.scopeWhere(sc), entsql.EQ(colID, id))...)).Query()
	var cur sql.NullInt64
	err := tx.QueryRowContext(ctx, qs, args...).Scan(&cur)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	return int(cur.Int64), err
}

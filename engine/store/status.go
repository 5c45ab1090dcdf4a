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
	var out Record
	err := s.inWrite(ctx, mt, func(tx *sql.Tx) error {
		cur, err := s.currentStatus(ctx, tx, mt, sc, id)
		if err != nil {
			return err
		}
		if !slices.Contains(a.From, cur) {
			return &TransitionError{Action: a.Name, Label: a.Label, From: cur}
		}
		now := nowArg()
		b := entsql.Dialect(s.dialect)
		upd := b.Update(mt.table).Set(mt.status.name, a.To).
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
			Values(sc.TenantID, mt.table, id, a.Name, cur, a.To, c, sc.UserID, now).Query()
		if _, err := tx.ExecContext(ctx, qs, args...); err != nil {
			return fmt.Errorf("write history: %w", err)
		}
		out, err = s.get(ctx, tx, mt, tenantScope(sc), id)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("transition %s %d %s: %w", m.Name, id, a.Name, err)
	}
	return out, nil
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

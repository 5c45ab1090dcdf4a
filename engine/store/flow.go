package store

// What an approval workflow (engine/workflow) needs of the store: a write
// transaction it can add its own statements to, reading a record inside
// it, moving the status with a history row that names the step, history
// rows for decisions that leave the status as it is, and migrating its
// own tables through the write connection.

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	entsqldrv "entgo.io/ent/dialect/sql"
	entschema "entgo.io/ent/dialect/sql/schema"

	"xiangzhi/engine/schema"
)

// HistoryEntry is one row of a record's history written by a workflow: the
// action (submit, approve, reject, return, withdraw, …), the status before
// and after (equal for a decision that moves no status), the step's title,
// the comment and who acted.
type HistoryEntry struct {
	Action  string
	From    int
	To      int
	Step    string
	Comment string
	UserID  int64
}

// InWrite runs fn in a write transaction of module m's table (bumping its
// write sequence, so cached list totals are renewed). fn may run its own
// statements on tx; everything commits together or not at all. m's rows
// must change only through the store's functions (MoveStatus, UpdateIn,
// GetIn): they bump the organisations whose kept statistics must be
// counted again (docs/store.md § Statistics kept per organisation).
func (s *Store) InWrite(ctx context.Context, m *schema.Module, fn func(tx *sql.Tx) error) error {
	return s.inWriteOf(ctx, s.metaOf(m), 0, fn)
}

// GetIn is Get inside a transaction.
func (s *Store) GetIn(ctx context.Context, tx *sql.Tx, m *schema.Module, sc Scope, id int64) (Record, error) {
	r, err := s.get(ctx, tx, s.metaOf(m), sc, id)
	if err != nil {
		return nil, fmt.Errorf("get %s %d: %w", m.Name, id, err)
	}
	return r, nil
}

// MoveStatus sets the status of record id (reachable by sc) to to, when it
// is one of from now (else *TransitionError naming e.Action), bumps the
// version, and writes the history row e.
func (s *Store) MoveStatus(ctx context.Context, tx *sql.Tx, m *schema.Module, sc Scope, id int64, from []int,
	e HistoryEntry) error {
	mt := s.metaOf(m)
	if mt.status == nil {
		return fmt.Errorf("move status %s: %w", m.Name, errNoStatus)
	}
	cur, err := s.currentStatus(ctx, tx, mt, sc, id)
	if err != nil {
		return fmt.Errorf("move status %s %d: %w", m.Name, id, err)
	}
	if !slices.Contains(from, cur) {
		return &TransitionError{Action: e.Action, From: cur, Label: e.Action}
	}
	upd := entsqldrv.Dialect(s.dialect).Update(mt.table).Set(mt.status.name, e.To).
		Set(colUpdatedBy, e.UserID).Set(colUpdatedAt, nowArg()).Add(colVersion, 1).
		Where(entsqldrv.And(entsqldrv.EQ(colID, id), entsqldrv.EQ(colTenant, sc.TenantID), entsqldrv.EQ(mt.status.name, cur)))
	if err := s.execOne(ctx, tx, mt, sc, id, upd); err != nil {
		return fmt.Errorf("move status %s %d: %w", m.Name, id, err)
	}
	e.From = cur
	return s.AddHistory(ctx, tx, m, sc.TenantID, id, e)
}

// AddHistory writes one history row of record id.
func (s *Store) AddHistory(ctx context.Context, tx *sql.Tx, m *schema.Module, tenantID, id int64, e HistoryEntry) error {
	var comment, step any
	if e.Comment != "" {
		comment = e.Comment
	}
	if e.Step != "" {
		step = e.Step
	}
	qs, args := entsqldrv.Dialect(s.dialect).Insert(HistoryTable).
		Columns(colTenant, "table_name", "record_id", "action", "from_status", "to_status", "step", "comment",
			"user_id", colCreatedAt).
		Values(tenantID, s.metaOf(m).table, id, e.Action, e.From, e.To, step, comment, e.UserID, nowArg()).Query()
	if _, err := tx.ExecContext(ctx, qs, args...); err != nil {
		return fmt.Errorf("write history of %s %d: %w", m.Name, id, err)
	}
	return nil
}

// MigrateTables creates or updates tables of the engine's own (the
// workflow's) with ent's migrator on the write connection; nothing is
// dropped.
func (s *Store) MigrateTables(ctx context.Context, tables ...*entschema.Table) error {
	s.migrateMu.Lock()
	defer s.migrateMu.Unlock()
	mig, err := entschema.NewMigrate(entsqldrv.OpenDB(s.dialect, s.w), entschema.WithForeignKeys(false))
	if err != nil {
		return err
	}
	if err := mig.Create(ctx, tables...); err != nil {
		return fmt.Errorf("migrate tables: %w", err)
	}
	return nil
}

// UpdateIn is Update inside a workflow's write transaction, hooks aside: an
// approver's changes to the fields their step lets them edit (the lock on
// applications under approval is one of the hooks it passes by).
func (s *Store) UpdateIn(ctx context.Context, tx *sql.Tx, m *schema.Module, sc Scope, id int64, rec Record) (Record, error) {
	r, err := s.update(ctx, tx, s.metaOf(m), sc, id, rec)
	if err != nil {
		return nil, fmt.Errorf("update %s %d: %w", m.Name, id, err)
	}
	return r, nil
}

// ReadRows runs a read of the engine's own tables on the read pool,
// through the prepared-statement cache on SQLite (the workflow's 待办 is
// the same few statements over and over).
func (s *Store) ReadRows(ctx context.Context, qs string, args ...any) (*sql.Rows, error) {
	return s.query(ctx, s.db, qs, args)
}

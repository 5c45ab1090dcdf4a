package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/schema"
)

// Update changes the keys present in rec (a partial update) of one record
// the scope reaches, replaces a children field's rows when its key is
// present, bumps the version and returns the record as Get would. When rec
// carries "version", the update only applies to that version and a record
// changed since is ErrStale; a record that is gone or out of scope is
// ErrNotFound. The status field is not written here (see Transition).
func (s *Store) Update(ctx context.Context, m *schema.Module, sc Scope, id int64, rec Record) (Record, error) {
	mt := s.metaOf(m)
	before, after := s.hooksFor(m, OpUpdate)
	w := &Write{Op: OpUpdate, Module: m, Scope: sc, ID: id, New: rec}
	err := s.inWriteOf(ctx, mt, sc.TenantID, func(tx *sql.Tx) error {
		return s.updateWrite(ctx, tx, mt, before, after, w, true)
	})
	if err != nil {
		return nil, fmt.Errorf("update %s %d: %w", m.Name, id, err)
	}
	if err := runAfter(ctx, after, w); err != nil {
		return nil, err
	}
	return w.New, nil
}

// updateWrite is Update's work inside the transaction tx, hooks included
// (the after hooks run later, after the commit); readBack sets w.New to the
// record as it now stands.
func (s *Store) updateWrite(ctx context.Context, tx *sql.Tx, mt *meta, before, after []HookFunc, w *Write, readBack bool) error {
	if len(before) > 0 || len(after) > 0 {
		old, err := s.get(ctx, tx, mt, w.Scope, w.ID)
		if err != nil {
			return err
		}
		w.Old, w.Tx = old, &Tx{s: s, tx: tx, sc: w.Scope}
		if err := runBefore(ctx, before, w); err != nil {
			return err
		}
	}
	if !readBack {
		return s.apply(ctx, tx, mt, w.Scope, w.ID, w.New)
	}
	out, err := s.update(ctx, tx, mt, w.Scope, w.ID, w.New)
	w.New = out
	return err
}

// update is Update inside the transaction tx, hooks aside.
func (s *Store) update(ctx context.Context, tx *sql.Tx, mt *meta, sc Scope, id int64, rec Record) (Record, error) {
	if err := s.apply(ctx, tx, mt, sc, id, rec); err != nil {
		return nil, err
	}
	return s.get(ctx, tx, mt, tenantScope(sc), id)
}

// apply is update without reading the record back.
func (s *Store) apply(ctx context.Context, tx *sql.Tx, mt *meta, sc Scope, id int64, rec Record) error {
	ch, err := s.change(ctx, mt, sc, rec, true)
	if err != nil {
		return err
	}
	if err := s.checkUnique(ctx, tx, mt, sc, ch, id); err != nil {
		return err
	}
	upd := entsql.Dialect(s.dialect).Update(mt.table).
		Set(colUpdatedBy, sc.UserID).Set(colUpdatedAt, nowArg()).Add(colVersion, 1)
	for i, c := range ch.cols {
		upd.Set(c, ch.vals[i])
	}
	if ch.org != nil {
		upd.Set(colOrg, ch.org.id).Set(colOrgPath, ch.org.path)
		// The record's new organisation (execOne bumps its old one).
		if err := s.touchOrgs(ctx, tx, mt.table, ch.org.path); err != nil {
			return err
		}
	}
	where := append(s.scopeWhere(sc), entsql.EQ(colID, id))
	if ch.version != nil {
		where = append(where, entsql.EQ(colVersion, *ch.version))
	}
	if err := s.execOne(ctx, tx, mt, sc, id, upd.Where(entsql.And(where...))); err != nil {
		return err
	}
	if err := s.writeGrams(ctx, tx, mt, id, ch, true); err != nil {
		return err
	}
	if err := s.writeChildren(ctx, tx, mt, sc.TenantID, id, ch.children, true); err != nil {
		return err
	}
	return nil
}

// execOne runs an update meant to hit record id; hitting nothing is
// ErrNotFound when the record is gone or out of scope, else ErrStale.
func (s *Store) execOne(ctx context.Context, tx *sql.Tx, mt *meta, sc Scope, id int64, upd *entsql.UpdateBuilder) error {
	if err := s.touchRows(ctx, tx, mt, sc.TenantID, id); err != nil {
		return err
	}
	qs, args := upd.Query()
	res, err := tx.ExecContext(ctx, qs, args...)
	if err != nil {
		return s.uniqueViolation(mt, err)
	}
	if n, err := res.RowsAffected(); err != nil || n > 0 {
		return err
	}
	exists, err := s.exists(ctx, tx, mt, sc, id)
	if err != nil {
		return err
	}
	if !exists {
		return ErrNotFound
	}
	return ErrStale
}

func (s *Store) exists(ctx context.Context, q querier, mt *meta, sc Scope, id int64) (bool, error) {
	qs, args := entsql.Dialect(s.dialect).Select(colID).From(entsql.Table(mt.table)).
		Where(entsql.And(append(s.scopeWhere(sc), entsql.EQ(colID, id))...)).Query()
	rows, err := q.QueryContext(ctx, qs, args...)
	if err != nil {
		return false, err
	}
	defer rows.Close()
	return rows.Next(), rows.Err()
}

// Delete soft-deletes the records with the given ids that the scope reaches
// and returns how many it deleted; none is ErrNotFound. The module's before
// hooks see each reached record; one refusal keeps every record.
func (s *Store) Delete(ctx context.Context, m *schema.Module, sc Scope, ids []int64) (int64, error) {
	mt := s.metaOf(m)
	if len(ids) == 0 {
		return 0, fmt.Errorf("delete %s: %w", m.Name, ErrNotFound)
	}
	before, after := s.hooksFor(m, OpDelete)
	var ws []*Write
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	var n int64
	err := s.inWriteOf(ctx, mt, sc.TenantID, func(tx *sql.Tx) error {
		if len(before) > 0 || len(after) > 0 {
			var err error
			if ws, err = s.deleting(ctx, tx, mt, sc, ids); err != nil {
				return err
			}
			for _, w := range ws {
				if err := runBefore(ctx, before, w); err != nil {
					return fmt.Errorf("%s %d: %w", m.Name, w.ID, err)
				}
			}
		}
		if err := s.touchRows(ctx, tx, mt, sc.TenantID, args...); err != nil {
			return err
		}
		now := nowArg()
		qs, qargs := entsql.Dialect(s.dialect).Update(mt.table).
			Set(colDeletedAt, now).Set(colUpdatedBy, sc.UserID).Set(colUpdatedAt, now).Add(colVersion, 1).
			Where(entsql.And(append(s.scopeWhere(sc), entsql.In(colID, args...))...)).Query()
		res, err := tx.ExecContext(ctx, qs, qargs...)
		if err != nil {
			return err
		}
		if n, err = res.RowsAffected(); err == nil && n == 0 {
			err = ErrNotFound
		}
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("delete %s: %w", m.Name, err)
	}
	return n, runAfter(ctx, after, ws...)
}

// deleting is the hooks' view of the records a delete of ids reaches.
func (s *Store) deleting(ctx context.Context, tx *sql.Tx, mt *meta, sc Scope, ids []int64) ([]*Write, error) {
	var ws []*Write
	for _, id := range ids {
		old, err := s.get(ctx, tx, mt, sc, id)
		if errors.Is(err, ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		ws = append(ws, &Write{Op: OpDelete, Module: mt.m, Scope: sc, ID: id, Old: old, Tx: &Tx{s: s, tx: tx, sc: sc}})
	}
	return ws, nil
}

// inWrite runs fn in a write transaction that first bumps the table's write
// sequence. Bumping first takes the sequence row's lock (SQLite: the write
// lock), so writes to one module are serialised and the unique pre-check
// inside fn cannot race another writer.
func (s *Store) inWrite(ctx context.Context, mt *meta, fn func(tx *sql.Tx) error) error {
	return s.inWriteOf(ctx, mt, noTenant, fn)
}

// inWriteOf is inWrite for a writer of tenant (0 when unknown): after the
// commit, the OnWritten listeners hear of the modules whose tables the
// transaction bumped (not for noTenant).
func (s *Store) inWriteOf(ctx context.Context, mt *meta, tenant int64, fn func(tx *sql.Tx) error) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	s.orgs.track(tx)
	defer s.orgs.done(tx)
	tell := tenant != noTenant && s.written.listening()
	if tell {
		s.written.track(tx)
		defer s.written.done(tx)
	}
	if err := s.bumpSeq(ctx, tx, mt.table); err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	s.wstmts.prepareLearned(ctx)
	if tell {
		s.tellWritten(tenant, s.written.done(tx))
	}
	return nil
}

// bumpSeq increments the table's write sequence, creating its row if need be.
func (s *Store) bumpSeq(ctx context.Context, tx *sql.Tx, table string) error {
	s.written.bumped(tx, table)
	b := entsql.Dialect(s.dialect)
	up, upArgs := b.Update(SeqTable).Add("seq", 1).Where(entsql.EQ("table_name", table)).Query()
	res, err := s.execW(ctx, tx, up, upArgs...)
	if err != nil {
		return fmt.Errorf("bump write sequence: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n > 0 {
		return err
	}
	ins, insArgs := b.Insert(SeqTable).Columns("table_name", "seq").Values(table, 1).
		OnConflict(entsql.ConflictColumns("table_name"), entsql.DoNothing()).Query()
	if _, err := tx.ExecContext(ctx, ins, insArgs...); err != nil {
		return fmt.Errorf("seed write sequence: %w", err)
	}
	_, err = tx.ExecContext(ctx, up, upArgs...)
	return err
}

// checkUnique is the friendly path of uniqueness: before writing, look for a
// live record of the tenant (in any organisation) holding the same value of
// a unique field. self is the record being updated (0 on create).
func (s *Store) checkUnique(ctx context.Context, tx *sql.Tx, mt *meta, sc Scope, ch *change, self int64) error {
	if self == 0 && s.dialect != dialect.MySQL && ctx.Value(uniqueKnownKey{}) != nil {
		return nil
	}
	for _, c := range mt.unique {
		i := indexOf(ch.cols, c.name)
		if i < 0 || ch.vals[i] == nil || ch.vals[i] == "" {
			continue
		}
		ps := []*entsql.Predicate{entsql.EQ(colTenant, sc.TenantID), entsql.IsNull(colDeletedAt), entsql.EQ(c.name, ch.vals[i])}
		if self != 0 {
			ps = append(ps, entsql.NEQ(colID, self))
		}
		qs, args := entsql.Dialect(s.dialect).Select(colID).From(entsql.Table(mt.table)).
			Where(entsql.And(ps...)).Limit(1).Query()
		rows, err := s.query(ctx, tx, qs, args)
		if err != nil {
			return err
		}
		taken := rows.Next()
		rows.Close()
		if taken {
			return uniqueError(c)
		}
	}
	return nil
}

type uniqueKnownKey struct{}

// UniqueKnown marks the creates under ctx as a writer's whose unique values
// are new by its own bookkeeping — the demo generator, the only writer of a
// fresh database, draws ID numbers and mobiles from its own sets — so the
// query per record that looks for a taken value first is skipped. The
// database's partial unique index stays the guarantee: a duplicate is
// still refused, as the same *UniqueError. MySQL has no such index, so
// there the pre-check stays; updates keep it everywhere.
func UniqueKnown(ctx context.Context) context.Context {
	return context.WithValue(ctx, uniqueKnownKey{}, true)
}

func indexOf(xs []string, x string) int {
	for i := range xs {
		if xs[i] == x {
			return i
		}
	}
	return -1
}

func uniqueError(c *col) *UniqueError {
	return &UniqueError{Field: c.api, Label: c.field.Label}
}

// uniqueViolation turns the database's unique-index error (the guard behind
// the pre-check) into a UniqueError naming the field: PostgreSQL and MySQL
// name the index, SQLite names the columns.
func (s *Store) uniqueViolation(mt *meta, err error) error {
	text := err.Error()
	for _, c := range mt.unique {
		if strings.Contains(text, ident("ux_"+mt.table+"_"+c.name)) ||
			strings.Contains(text, "UNIQUE constraint failed") && strings.Contains(text, mt.table+"."+c.name) {
			return errors.Join(uniqueError(c), err)
		}
	}
	return err
}

// CheckUnchanged runs the module's before-update hooks inside tx on a write
// that changes nothing: for a record that moves on without an edit (a
// resubmission to the approval workflow) whose rules depend on other
// records, such as a vehicle booked meanwhile by someone else. A hook
// answers as it would for an edit; New is empty, so Write.Value reads old.
func (s *Store) CheckUnchanged(ctx context.Context, tx *sql.Tx, m *schema.Module, sc Scope, id int64, old Record) error {
	before, _ := s.hooksFor(m, OpUpdate)
	w := &Write{Op: OpUpdate, Module: m, Scope: sc, ID: id, Old: old, New: Record{}, Tx: &Tx{s: s, tx: tx, sc: sc}}
	return runBefore(ctx, before, w)
}

package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/schema"
)

// change is a record's writable part, encoded for SQL.
type change struct {
	cols     []string
	vals     []any
	children map[string][]childRow // children field name → rows; present = replace
	org      *placement            // nil = unchanged (update) or the viewer's (create)
	version  *int64                // update: the version the client read
}

type childRow struct {
	cols []string
	vals []any
}

type placement struct {
	id   int64
	path string
}

// Create inserts a record in the viewer's organisation (or in the one its
// orgId names, through the OrgPaths given to Open, when the scope reaches it), with its
// children, the status at its initial value and version 1, and returns it
// as Get would. The module's write hooks run around it (hooks.go).
func (s *Store) Create(ctx context.Context, m *schema.Module, sc Scope, rec Record) (Record, error) {
	ws, err := s.create(ctx, m, sc, []Record{rec}, true)
	if err != nil {
		return nil, fmt.Errorf("create %s: %w", m.Name, err)
	}
	return ws[0].New, nil
}

// CreateMany inserts records in one transaction: all or none. The module's
// before hooks see each record (Write.Row its position); a refusal is a
// *Refusal naming that row and keeps every record out.
func (s *Store) CreateMany(ctx context.Context, m *schema.Module, sc Scope, recs []Record) error {
	if _, err := s.create(ctx, m, sc, recs, false); err != nil {
		return fmt.Errorf("create %s: %w", m.Name, err)
	}
	return nil
}

// CreateManyIDs is CreateMany answering the new records' ids, in the
// order of recs (a generator that writes many records learns their ids
// without reading them back).
func (s *Store) CreateManyIDs(ctx context.Context, m *schema.Module, sc Scope, recs []Record) ([]int64, error) {
	ws, err := s.create(ctx, m, sc, recs, false)
	if err != nil {
		return nil, fmt.Errorf("create %s: %w", m.Name, err)
	}
	ids := make([]int64, len(ws))
	for i, w := range ws {
		ids[i] = w.ID
	}
	return ids, nil
}

// create inserts recs in one write transaction with the module's hooks
// around each; readBack says whether the caller wants the records.
func (s *Store) create(ctx context.Context, m *schema.Module, sc Scope, recs []Record, readBack bool) ([]*Write, error) {
	mt := s.metaOf(m)
	before, after := s.hooksFor(m, OpCreate)
	ws := make([]*Write, len(recs))
	err := s.inWriteOf(ctx, mt, sc.TenantID, func(tx *sql.Tx) error {
		grams := &pendingGrams{tx: tx, w: s.wstmts}
		defer grams.close()
		for i, rec := range recs {
			w := &Write{Op: OpCreate, Module: m, Scope: sc, New: rec, Tx: &Tx{s: s, tx: tx, sc: sc}}
			if !readBack {
				w.Row = i + 1
			}
			ws[i] = w
			if err := runBefore(ctx, before, w); err != nil {
				return rowError(w.Row, err)
			}
			id, err := s.insertWith(ctx, tx, mt, sc, w.New, w.statusOr(initialStatus(m)), grams)
			if err != nil {
				return rowError(w.Row, err)
			}
			w.ID = id
			if readBack || len(after) > 0 {
				if w.New, err = s.get(ctx, tx, mt, tenantScope(sc), id); err != nil {
					return err
				}
			}
		}
		return grams.flush(ctx, s, tx, mt)
	})
	if err != nil {
		return nil, err
	}
	return ws, runAfter(ctx, after, ws...)
}

// rowError names the record of a batch (row > 0) an error is about; a
// Refusal gets the row so the caller can name it to people.
func rowError(row int, err error) error {
	if row == 0 {
		return err
	}
	var r *Refusal
	if errors.As(err, &r) {
		named := *r
		named.Row = row
		return fmt.Errorf("record %d: %w", row, &named)
	}
	return fmt.Errorf("record %d: %w", row, err)
}

// initialStatus is the status a new record of m starts in (0 without one).
func initialStatus(m *schema.Module) int {
	if m.Status == nil {
		return 0
	}
	return m.Status.Initial
}

// tenantScope reads back what the viewer just wrote, whatever the mode.
func tenantScope(sc Scope) Scope { return Scope{TenantID: sc.TenantID, UserID: sc.UserID} }

func (s *Store) insert(ctx context.Context, tx *sql.Tx, mt *meta, sc Scope, rec Record, status int) (int64, error) {
	return s.insertWith(ctx, tx, mt, sc, rec, status, nil)
}

// execer runs a statement: a *sql.Tx, or a batch's statement cache.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// pendingGrams collects the gram rows of a batch of inserts, written by
// flush in statements of gramRowsPerInsert rows whatever the records'
// sizes: a batch of imported or generated records then costs a few
// statements, not one per record and field. It also keeps the batch's
// statements prepared: a batch repeats the same INSERT for every record,
// and compiling it again each time was a sixth of a large import's time
// on SQLite.
type pendingGrams struct {
	cols []*col
	ids  [][]int64
	vals [][]string

	tx    *sql.Tx
	stmts map[string]*sql.Stmt
	w     *writeStmts // the writer's statements kept across batches (SQLite)
}

// ExecContext runs qs through a statement prepared once per batch.
func (p *pendingGrams) ExecContext(ctx context.Context, qs string, args ...any) (sql.Result, error) {
	st, ok := p.stmts[qs]
	if !ok {
		if kept, found := p.w.lookup(qs); found {
			st = p.tx.StmtContext(ctx, kept)
		} else {
			p.w.learn(qs)
			var err error
			if st, err = p.tx.PrepareContext(ctx, qs); err != nil {
				return nil, err
			}
		}
		if p.stmts == nil {
			p.stmts = map[string]*sql.Stmt{}
		}
		p.stmts[qs] = st
	}
	return st.ExecContext(ctx, args...)
}

// close releases the batch's statements.
func (p *pendingGrams) close() {
	for _, st := range p.stmts {
		st.Close()
	}
	p.stmts = nil
}

func (p *pendingGrams) add(c *col, id int64, v string) {
	i := slices.Index(p.cols, c)
	if i < 0 {
		p.cols, p.ids, p.vals = append(p.cols, c), append(p.ids, nil), append(p.vals, nil)
		i = len(p.cols) - 1
	}
	p.ids[i], p.vals[i] = append(p.ids[i], id), append(p.vals[i], v)
}

func (p *pendingGrams) flush(ctx context.Context, s *Store, tx *sql.Tx, mt *meta) error {
	for i, c := range p.cols {
		if err := s.insertGrams(ctx, p, mt, c, p.ids[i], p.vals[i]); err != nil {
			return err
		}
	}
	p.cols, p.ids, p.vals = nil, nil, nil
	return nil
}

// insertWith is insert with the record's gram rows left to grams when it is
// not nil.
func (s *Store) insertWith(ctx context.Context, tx *sql.Tx, mt *meta, sc Scope, rec Record, status int,
	grams *pendingGrams) (int64, error) {
	ch, err := s.change(ctx, mt, sc, rec, false)
	if err != nil {
		return 0, err
	}
	if err := s.autoNumber(ctx, tx, mt, sc.TenantID, ch); err != nil {
		return 0, err
	}
	if err := s.checkUnique(ctx, tx, mt, sc, ch, 0); err != nil {
		return 0, err
	}
	org := placement{sc.OrgID, sc.OrgPath}
	if ch.org != nil {
		org = *ch.org
	}
	if err := s.touchOrgs(ctx, tx, mt.table, org.path); err != nil {
		return 0, err
	}
	now := nowArg()
	cols := append([]string{colTenant, colOrg, colOrgPath, colCreatedBy, colCreatedAt, colUpdatedBy, colUpdatedAt,
		colVersion}, ch.cols...)
	vals := append([]any{sc.TenantID, org.id, org.path, sc.UserID, now, sc.UserID, now, 1}, ch.vals...)
	if mt.status != nil {
		cols, vals = append(cols, mt.status.name), append(vals, status)
	}
	ins := entsql.Dialect(s.dialect).Insert(mt.table).Columns(cols...).Values(vals...)
	var id int64
	if s.dialect == dialect.Postgres {
		qs, args := ins.Returning(colID).Query()
		err = tx.QueryRowContext(ctx, qs, args...).Scan(&id)
	} else {
		qs, args := ins.Query()
		var res sql.Result
		if grams != nil {
			res, err = grams.ExecContext(ctx, qs, args...)
		} else {
			res, err = s.execW(ctx, tx, qs, args...)
		}
		if err == nil {
			id, err = res.LastInsertId()
		}
	}
	if err != nil {
		return 0, s.uniqueViolation(mt, err)
	}
	if grams != nil {
		for i, name := range ch.cols {
			if c := mt.byCol[name]; gramIndexed(c) {
				if v, ok := ch.vals[i].(string); ok {
					grams.add(c, id, v)
				}
			}
		}
	} else if err := s.writeGrams(ctx, tx, mt, id, ch, false); err != nil {
		return 0, err
	}
	return id, s.writeChildren(ctx, tx, mt, sc.TenantID, id, ch.children, false)
}

// change encodes a record's writable keys. The common keys the store sets
// (schema.ReadOnlyKeys) are ignored but orgId, which places the record, and
// on update version, which guards it; the status field is only written by
// Transition; any other key the module does not declare is an InputError.
func (s *Store) change(ctx context.Context, mt *meta, sc Scope, rec Record, update bool) (*change, error) {
	keys := make([]string, 0, len(rec))
	for k := range rec {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	ch := &change{}
	for _, k := range keys {
		v := rec[k]
		switch {
		case k == "version" && update && v != nil:
			n, ok := IntOf(v)
			if !ok {
				return nil, errBadValue(mt.byAPI["version"], "not a version")
			}
			ch.version = &n
		case k == "orgId":
			p, err := s.place(ctx, sc, v)
			if err != nil {
				return nil, err
			}
			ch.org = p
		case slices.Contains(schema.ReadOnlyKeys, k) || mt.status != nil && k == mt.status.api:
			// Set by the store; a record read from the API may echo them back.
		default:
			if c := mt.byAPI[k]; c != nil {
				x, err := encode(c, v)
				if err != nil {
					return nil, err
				}
				ch.cols, ch.vals = append(ch.cols, c.name), append(ch.vals, x)
				continue
			}
			kid := mt.child(k)
			if kid == nil {
				return nil, errUnknownField(k)
			}
			rows, err := childRows(kid, v)
			if err != nil {
				return nil, err
			}
			if ch.children == nil {
				ch.children = map[string][]childRow{}
			}
			ch.children[k] = rows
		}
	}
	return ch, nil
}

func (mt *meta) child(name string) *child {
	for i := range mt.children {
		if mt.children[i].field.Name == name {
			return &mt.children[i]
		}
	}
	return nil
}

// place resolves a record's orgId to the organisation it goes in, which the
// viewer's scope must reach. nil keeps the default.
func (s *Store) place(ctx context.Context, sc Scope, v any) (*placement, error) {
	if v == nil || v == "" {
		return nil, nil
	}
	id, ok := IntOf(v)
	if !ok {
		return nil, errBadValue(&col{api: "orgId"}, "not an organisation id")
	}
	if id == sc.OrgID {
		return &placement{sc.OrgID, sc.OrgPath}, nil
	}
	if s.orgPaths == nil || sc.Mode != ScopeAll && sc.Mode != ScopeSubtree {
		return nil, ErrOutOfScope
	}
	path, err := s.orgPaths(ctx, sc.TenantID, id)
	if err != nil {
		return nil, fmt.Errorf("resolve organisation %d: %w", id, err)
	}
	if sc.Mode == ScopeSubtree && (sc.OrgPath == "" || !strings.HasPrefix(path, sc.OrgPath)) {
		return nil, ErrOutOfScope
	}
	return &placement{id, path}, nil
}

// childRows encodes the rows of a children field: a list of objects whose
// keys are the child fields (a row's own id is ignored: rows are replaced).
func childRows(ch *child, v any) ([]childRow, error) {
	var items []map[string]any
	switch x := v.(type) {
	case nil:
	case []any:
		for _, e := range x {
			m, ok := e.(map[string]any)
			if !ok {
				return nil, errBadValue(&col{api: ch.field.Name, field: ch.field}, "not a list of objects")
			}
			items = append(items, m)
		}
	case []map[string]any:
		items = x
	default:
		return nil, errBadValue(&col{api: ch.field.Name, field: ch.field}, "not a list of objects")
	}
	out := make([]childRow, 0, len(items))
	for _, it := range items {
		var r childRow
		for k := range it {
			if k != "id" && !slices.ContainsFunc(ch.cols, func(c *col) bool { return c.api == k }) {
				return nil, errUnknownField(ch.field.Name + "." + k)
			}
		}
		for _, c := range ch.cols {
			v, ok := it[c.api]
			if !ok {
				continue
			}
			x, err := encode(c, v)
			if err != nil {
				return nil, err
			}
			r.cols, r.vals = append(r.cols, c.name), append(r.vals, x)
		}
		out = append(out, r)
	}
	return out, nil
}

// writeChildren inserts children rows; replace first deletes the old rows of
// the fields given.
func (s *Store) writeChildren(ctx context.Context, tx *sql.Tx, mt *meta, tenant, parent int64,
	kids map[string][]childRow, replace bool) error {
	b := entsql.Dialect(s.dialect)
	for _, ch := range mt.children {
		rows, ok := kids[ch.field.Name]
		if !ok {
			continue
		}
		if replace {
			qs, args := b.Delete(ch.table).Where(entsql.And(entsql.EQ("parent_id", parent), entsql.EQ(colTenant, tenant))).Query()
			if _, err := tx.ExecContext(ctx, qs, args...); err != nil {
				return fmt.Errorf("replace %s: %w", ch.field.Name, err)
			}
		}
		for i, r := range rows {
			qs, args := b.Insert(ch.table).Columns(append([]string{"parent_id", colTenant, "sort_no"}, r.cols...)...).
				Values(append([]any{parent, tenant, i}, r.vals...)...).Query()
			if _, err := tx.ExecContext(ctx, qs, args...); err != nil {
				return fmt.Errorf("insert %s: %w", ch.field.Name, err)
			}
		}
	}
	return nil
}

// nowArg is the current time as stored: wall clock in time.Local, seconds.
func nowArg() string { return time.Now().In(time.Local).Format(DateTimeLayout) }

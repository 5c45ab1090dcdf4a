package store

import (
	"context"
	"database/sql"
	"fmt"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/schema"
)

// Tx is the write transaction as a before hook sees it: plain SQL through
// the builder of the store's dialect, and record reads and writes of any
// module inside the same transaction, so what a hook checks and what it
// writes commit or roll back with the write.
//
// Serialisation: every write of a module first bumps that module's write
// sequence row, which holds a row lock (SQLite: the single writer) until
// the transaction ends, so a hook that checks the module's own table
// ("at most one booking per slot") cannot race another writer of that
// module on any database. A hook that checks rows of another module (a
// stock level) must lock them: read them with ForUpdate, or write with a
// conditional UPDATE (… SET stock = stock - 1 WHERE stock >= 1) and check
// the rows affected.
type Tx struct {
	s  *Store
	tx *sql.Tx
	sc Scope
}

// Dialect is the ent dialect name: sqlite3, postgres or mysql.
func (t *Tx) Dialect() string { return t.s.dialect }

// SQL is the statement builder of the store's dialect (placeholders and
// quoting as the database wants them).
func (t *Tx) SQL() *entsql.DialectBuilder { return entsql.Dialect(t.s.dialect) }

// Table is the table of module m's records.
func (t *Tx) Table(m *schema.Module) string { return t.s.metaOf(m).table }

// Column is the column of m's field (or common key: id, orgId, createdAt,
// the status field …) named key; "" when m has none.
func (t *Tx) Column(m *schema.Module, key string) string {
	if c := t.s.metaOf(m).byAPI[key]; c != nil {
		return c.name
	}
	return ""
}

// Live is the predicate of the rows a hook should see: the writer's
// tenant, not deleted.
func (t *Tx) Live() *entsql.Predicate {
	return entsql.And(entsql.EQ(colTenant, t.sc.TenantID), entsql.IsNull(colDeletedAt))
}

// ForUpdate makes sel lock the rows it reads until the transaction ends
// (SELECT … FOR UPDATE on PostgreSQL and MySQL; SQLite's single writer
// already excludes every other writer, so it stays a plain SELECT).
func (t *Tx) ForUpdate(sel *entsql.Selector) *entsql.Selector {
	if t.s.dialect == dialect.SQLite {
		return sel
	}
	return sel.ForUpdate()
}

// Query runs a built query in the transaction.
func (t *Tx) Query(ctx context.Context, q entsql.Querier) (*sql.Rows, error) {
	qs, args := q.Query()
	return t.tx.QueryContext(ctx, qs, args...)
}

// Exec runs a built statement in the transaction. A statement that changes
// a module's rows must also call Touch for that module, or its list totals
// go stale.
func (t *Tx) Exec(ctx context.Context, q entsql.Querier) (sql.Result, error) {
	qs, args := q.Query()
	return t.tx.ExecContext(ctx, qs, args...)
}

// Touch bumps module m's write sequence (and so takes its write lock):
// what Exec of a statement on m's table must be followed by. The rows
// being unknown, every statistic of m is then counted whole once more
// (docs/store.md § Statistics kept per organisation).
func (t *Tx) Touch(ctx context.Context, m *schema.Module) error {
	table := t.s.metaOf(m).table
	if err := t.s.bumpSeq(ctx, t.tx, table); err != nil {
		return err
	}
	// The statement's rows are unknown: every statistic of m counts anew.
	return t.s.touchAll(ctx, t.tx, table)
}

// Count is the number of live records of m in the writer's tenant that
// match where (every one when nil).
func (t *Tx) Count(ctx context.Context, m *schema.Module, where *entsql.Predicate) (int64, error) {
	ps := []*entsql.Predicate{t.Live()}
	if where != nil {
		ps = append(ps, where)
	}
	var n int64
	qs, args := t.SQL().Select(entsql.Count("*")).From(entsql.Table(t.Table(m))).Where(entsql.And(ps...)).Query()
	if err := t.tx.QueryRowContext(ctx, qs, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("count %s: %w", m.Name, err)
	}
	return n, nil
}

// Get reads record id of m in the writer's tenant (whatever the data
// scope) as Store.Get would, inside the transaction.
func (t *Tx) Get(ctx context.Context, m *schema.Module, id int64) (Record, error) {
	r, err := t.s.get(ctx, t.tx, t.s.metaOf(m), tenantScope(t.sc), id)
	if err != nil {
		return nil, fmt.Errorf("get %s %d: %w", m.Name, id, err)
	}
	return r, nil
}

// Update changes record id of m (in the writer's tenant, whatever the data
// scope) inside the transaction, as Store.Update would but without running
// m's hooks, and returns it. A "version" key makes it conditional.
func (t *Tx) Update(ctx context.Context, m *schema.Module, id int64, rec Record) (Record, error) {
	mt := t.s.metaOf(m)
	if err := t.s.bumpSeq(ctx, t.tx, mt.table); err != nil {
		return nil, err
	}
	out, err := t.s.update(ctx, t.tx, mt, Scope{TenantID: t.sc.TenantID, UserID: t.sc.UserID}, id, rec)
	if err != nil {
		return nil, fmt.Errorf("update %s %d: %w", m.Name, id, err)
	}
	return out, nil
}

// Create inserts a record of m (in the writer's organisation, or the one
// its orgId names) inside the transaction, as Store.Create would but
// without running m's hooks, and returns it: an approval task, a ledger
// entry written with the record that caused it.
func (t *Tx) Create(ctx context.Context, m *schema.Module, rec Record) (Record, error) {
	mt := t.s.metaOf(m)
	if err := t.s.bumpSeq(ctx, t.tx, mt.table); err != nil {
		return nil, err
	}
	id, err := t.s.insert(ctx, t.tx, mt, t.sc, rec, initialStatus(m))
	if err != nil {
		return nil, fmt.Errorf("create %s: %w", m.Name, err)
	}
	return t.Get(ctx, m, id)
}

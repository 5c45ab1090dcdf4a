package store

import (
	"container/list"
	"context"
	"database/sql"
	"sync"
)

// stmtCacheSize bounds the prepared statements kept per Store.
const stmtCacheSize = 500

// stmtCache keeps prepared statements by SQL text, for SQLite: parsing and
// planning a 30-column select costs more than running it on an index
// (measured: about two thirds of a list's CPU time, docs/store.md).
// PostgreSQL's pgx caches statements itself and MySQL interpolates
// parameters client-side, so only SQLite uses it.
type stmtCache struct {
	db    *sql.DB
	mu    sync.Mutex
	ll    *list.List
	items map[string]*list.Element
}

type stmtEntry struct {
	query string
	stmt  *sql.Stmt
}

func newStmtCache(db *sql.DB) *stmtCache {
	return &stmtCache{db: db, ll: list.New(), items: map[string]*list.Element{}}
}

// lookup returns the cached statement for q, if any.
func (c *stmtCache) lookup(q string) (*sql.Stmt, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[q]; ok {
		c.ll.MoveToFront(el)
		return el.Value.(*stmtEntry).stmt, true
	}
	return nil, false
}

// get returns the prepared statement for q, preparing it on first use.
// Preparing takes a connection of the pool for a moment, so get must not be
// called while holding one (inside a transaction): with every connection
// held by a transaction waiting to prepare, the pool would deadlock.
func (c *stmtCache) get(ctx context.Context, q string) (*sql.Stmt, error) {
	if st, ok := c.lookup(q); ok {
		return st, nil
	}
	st, err := c.db.PrepareContext(ctx, q)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[q]; ok { // prepared meanwhile by another caller
		st.Close()
		return el.Value.(*stmtEntry).stmt, nil
	}
	c.items[q] = c.ll.PushFront(&stmtEntry{q, st})
	for c.ll.Len() > stmtCacheSize {
		last := c.ll.Back()
		c.ll.Remove(last)
		e := last.Value.(*stmtEntry)
		delete(c.items, e.query)
		e.stmt.Close() // database/sql waits for statements in use
	}
	return st, nil
}

// close closes every cached statement.
func (c *stmtCache) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, el := range c.items {
		el.Value.(*stmtEntry).stmt.Close()
	}
	c.items, c.ll = map[string]*list.Element{}, list.New()
}

// readTx is a read transaction on the store's read pool, whose statements
// may come from the cache (a write transaction's may not: it runs on the
// writer pool).
type readTx struct{ *sql.Tx }

// prepare puts statements in the cache before a read transaction takes its
// connection (see get).
func (s *Store) prepare(ctx context.Context, qs ...string) error {
	if s.stmts == nil {
		return nil
	}
	for _, q := range qs {
		if q == "" {
			continue
		}
		if _, err := s.stmts.get(ctx, q); err != nil {
			return err
		}
	}
	return nil
}

// query runs a read, through the statement cache when the store has one and
// q is the read pool or one of its transactions. Inside a transaction it
// only uses statements already prepared, never preparing one (see get).
func (s *Store) query(ctx context.Context, q querier, qs string, args []any) (*sql.Rows, error) {
	tx, isRead := q.(readTx)
	if s.stmts == nil || !isRead && q != querier(s.db) {
		return q.QueryContext(ctx, qs, args...)
	}
	if isRead {
		st, ok := s.stmts.lookup(qs)
		if !ok {
			return tx.QueryContext(ctx, qs, args...)
		}
		return tx.StmtContext(ctx, st).QueryContext(ctx, args...)
	}
	st, err := s.stmts.get(ctx, qs)
	if err != nil {
		return nil, err
	}
	return st.QueryContext(ctx, args...)
}

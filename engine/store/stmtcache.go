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
	if wtx, ok := q.(*sql.Tx); ok && s.wstmts != nil {
		// A read inside a write transaction (a unique check, the read-back
		// of a created record): every bare *sql.Tx is the writer's — reads
		// are readTx, and GetIn, UpdateIn and the other *sql.Tx methods take
		// InWrite's transaction — so it runs through the writer's kept
		// statements (a statement of another *sql.DB would be refused).
		return s.wstmts.query(ctx, wtx, qs, args)
	}
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

// writeStmts keeps the statements of SQLite's one writer connection
// prepared across write transactions (an INSERT of a module's record, the
// write sequence's UPDATE): compiling a 40-column INSERT again for every
// create was a large share of its CPU time. A statement cannot be prepared
// on the writer while a transaction holds its only connection, so a query
// first met inside a transaction runs unprepared and is learned; once the
// transaction has committed, the learned queries are prepared on the
// writer, and later transactions run them through Tx.StmtContext, which
// reuses the statement already prepared on that connection.
type writeStmts struct {
	cache   *stmtCache
	mu      sync.Mutex
	learned map[string]bool
}

func newWriteStmts(w *sql.DB) *writeStmts {
	return &writeStmts{cache: newStmtCache(w), learned: map[string]bool{}}
}

// execW runs a statement of a write transaction, prepared once on SQLite's
// writer (writeStmts); elsewhere, or not yet prepared, as tx.ExecContext.
func (s *Store) execW(ctx context.Context, tx *sql.Tx, qs string, args ...any) (sql.Result, error) {
	w := s.wstmts
	if w == nil {
		return tx.ExecContext(ctx, qs, args...)
	}
	if st, ok := w.cache.lookup(qs); ok {
		return tx.StmtContext(ctx, st).ExecContext(ctx, args...)
	}
	w.learn(qs)
	return tx.ExecContext(ctx, qs, args...)
}

// query runs a read inside a write transaction through the writer's
// statement of qs when one is prepared; otherwise as tx.QueryContext,
// learning qs to be prepared after the transaction.
func (w *writeStmts) query(ctx context.Context, tx *sql.Tx, qs string, args []any) (*sql.Rows, error) {
	if st, ok := w.cache.lookup(qs); ok {
		return tx.StmtContext(ctx, st).QueryContext(ctx, args...)
	}
	w.learn(qs)
	return tx.QueryContext(ctx, qs, args...)
}

// lookup is the writer's prepared statement of qs, if any (none on a nil
// writeStmts: databases other than SQLite).
func (w *writeStmts) lookup(qs string) (*sql.Stmt, bool) {
	if w == nil {
		return nil, false
	}
	return w.cache.lookup(qs)
}

// learn remembers qs, to be prepared after the transaction.
func (w *writeStmts) learn(qs string) {
	if w == nil {
		return
	}
	w.mu.Lock()
	if len(w.learned) < stmtCacheSize {
		w.learned[qs] = true
	}
	w.mu.Unlock()
}

// prepareLearned prepares the queries learned inside transactions, after
// the transaction released the writer. A failure only leaves the query
// unprepared: it keeps running as before.
func (w *writeStmts) prepareLearned(ctx context.Context) {
	if w == nil {
		return
	}
	w.mu.Lock()
	if len(w.learned) == 0 {
		w.mu.Unlock()
		return
	}
	qs := w.learned
	w.learned = map[string]bool{}
	w.mu.Unlock()
	for q := range qs {
		if _, err := w.cache.get(ctx, q); err != nil {
			return
		}
	}
}

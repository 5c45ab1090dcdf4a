package store

// Written listeners: who wants to know, after the commit, that a write
// transaction changed modules' tables (the message socket tells open
// dashboards to refresh, docs/dashboards.md § 5). They learn the tenant and
// the module names only, never the rows.

import (
	"database/sql"
	"slices"
	"sync"
)

// WrittenFunc learns, after a write transaction committed, the tenant of
// the writer (0 when the transaction does not say: Store.InWrite) and the
// names of the modules whose tables it changed (each write sequence it
// bumped). It must not block.
type WrittenFunc func(tenantID int64, modules []string)

// noTenant marks a maintenance transaction (gram indexes): no listener
// hears of it.
const noTenant = -1

// written holds the listeners and the tables each open write transaction
// bumped so far.
type written struct {
	mu        sync.RWMutex
	listeners []WrittenFunc
	open      sync.Map // *sql.Tx → *touched
}

// touched is the tables one transaction bumped, in order, each once.
type touched struct {
	mu     sync.Mutex
	tables []string
}

// OnWritten makes fn run after every committed write of module records
// (create, update, delete, status action, import, a workflow's write, and
// what a before hook wrote to other modules in the same transaction).
func (s *Store) OnWritten(fn WrittenFunc) {
	s.written.mu.Lock()
	defer s.written.mu.Unlock()
	s.written.listeners = append(s.written.listeners, fn)
}

// listening reports whether any listener wants to hear of writes.
func (w *written) listening() bool {
	w.mu.RLock()
	defer w.mu.RUnlock()
	return len(w.listeners) > 0
}

// track starts recording the tables tx bumps.
func (w *written) track(tx *sql.Tx) { w.open.Store(tx, &touched{}) }

// bumped records that tx bumped table (when tx is tracked).
func (w *written) bumped(tx *sql.Tx, table string) {
	v, ok := w.open.Load(tx)
	if !ok {
		return
	}
	t := v.(*touched)
	t.mu.Lock()
	if !slices.Contains(t.tables, table) {
		t.tables = append(t.tables, table)
	}
	t.mu.Unlock()
}

// done stops tracking tx and answers the tables it bumped.
func (w *written) done(tx *sql.Tx) []string {
	v, ok := w.open.LoadAndDelete(tx)
	if !ok {
		return nil
	}
	return v.(*touched).tables
}

// tell runs the listeners for the modules of tables.
func (s *Store) tellWritten(tenantID int64, tables []string) {
	if len(tables) == 0 {
		return
	}
	var modules []string
	s.metas.mu.RLock()
	for _, mt := range s.metas.byName {
		if slices.Contains(tables, mt.table) {
			modules = append(modules, mt.m.Name)
		}
	}
	s.metas.mu.RUnlock()
	if len(modules) == 0 {
		return
	}
	slices.Sort(modules)
	s.written.mu.RLock()
	ls := slices.Clone(s.written.listeners)
	s.written.mu.RUnlock()
	for _, fn := range ls {
		fn(tenantID, modules)
	}
}

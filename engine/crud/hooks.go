package crud

// Go hooks of business modules: reactions to a status action that must
// hold whichever route ran it — the generic PUT {api}/{id}/status or a
// module's own call (modules/<area>) — such as stamping who handled an
// alarm or keeping a household's points total right.

import (
	"context"
	"fmt"
	"sync"

	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// AfterTransition reacts to status action a having moved record rec of
// module m (rec is the record as it stands after the action). It runs after
// the action committed, in the caller's scope sc, and answers the record
// as it stands after the hook (rec when the hook changes nothing). An
// error is answered to the caller; the action itself stays done.
type AfterTransition func(ctx context.Context, m *schema.Module, sc store.Scope, a schema.Action,
	comment string, rec store.Record) (store.Record, error)

// hookTable holds the hooks by module name; it outlives schema reloads.
type hookTable struct {
	mu    sync.RWMutex
	after map[string]AfterTransition
}

// OnTransition makes fn run after every status action of the module
// named module. A module has at most one such hook; a later call replaces it.
func (d *Dispatcher) OnTransition(module string, fn AfterTransition) {
	d.hooks.mu.Lock()
	defer d.hooks.mu.Unlock()
	if d.hooks.after == nil {
		d.hooks.after = map[string]AfterTransition{}
	}
	d.hooks.after[module] = fn
}

// Transition runs status action a on record id of m in scope sc
// (store.Transition) and then the module's AfterTransition hook, if any.
// Every route that moves a record's status goes through here.
func (d *Dispatcher) Transition(ctx context.Context, m *schema.Module, sc store.Scope, id int64, a schema.Action,
	comment string) (store.Record, error) {
	rec, err := d.opts.Store.Transition(ctx, m, sc, id, a, comment)
	if err != nil {
		return nil, err
	}
	d.hooks.mu.RLock()
	fn := d.hooks.after[m.Name]
	d.hooks.mu.RUnlock()
	out := rec
	if fn != nil {
		if out, err = fn(ctx, m, sc, a, comment, rec); err != nil {
			return nil, fmt.Errorf("after %s of %s %d: %w", a.Name, m.Name, id, err)
		}
	}
	d.observers.notify(ctx, m, sc, a, comment, out)
	return out, nil
}

package crud

// Go hooks of business modules: reactions to a status action that must
// hold whichever route ran it — the generic PUT {api}/{id}/status or a
// module's own call (modules/<area>) — such as stamping who handled an
// alarm or keeping a household's points total right. They are after-commit
// write hooks of the store (store.AfterCommit with store.OpTransition), so
// one mechanism runs every hook of every write.

import (
	"context"

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

// OnTransition makes fn run after every status action of the module
// named module, after the hooks registered before it.
func (d *Dispatcher) OnTransition(module string, fn AfterTransition) {
	d.opts.Store.AfterCommit(module, store.OpTransition, func(ctx context.Context, w *store.Write) error {
		out, err := fn(ctx, w.Module, w.Scope, *w.Action, w.Comment, w.New)
		if err != nil {
			return err
		}
		w.New = out
		return nil
	})
}

// Transition runs status action a on record id of m in scope sc
// (store.Transition, which runs the module's transition hooks), then tells
// the transition observers. Every route that moves a record's status goes
// through here.
func (d *Dispatcher) Transition(ctx context.Context, m *schema.Module, sc store.Scope, id int64, a schema.Action,
	comment string) (store.Record, error) {
	rec, err := d.opts.Store.Transition(ctx, m, sc, id, a, comment)
	if err != nil {
		return nil, err
	}
	// committed: the observers are told even when the client has gone
	d.observers.notify(context.WithoutCancel(ctx), m, sc, a, comment, rec)
	return rec, nil
}

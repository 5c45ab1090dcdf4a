package crud

import (
	"context"
	"sync"

	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// TransitionObserver learns of every status action of every module after
// it committed and after the module's own AfterTransition hook: rec is the
// record as the caller gets it. Observers cannot change the record or fail
// the action (messages to the people concerned are sent this way); they
// must not block for long, as the caller waits for them.
type TransitionObserver func(ctx context.Context, m *schema.Module, sc store.Scope, a schema.Action,
	comment string, rec store.Record)

// observerList holds the observers; it outlives schema reloads.
type observerList struct {
	mu  sync.RWMutex
	fns []TransitionObserver
}

// ObserveTransitions adds fn to the observers of every status action.
func (d *Dispatcher) ObserveTransitions(fn TransitionObserver) {
	d.observers.mu.Lock()
	defer d.observers.mu.Unlock()
	d.observers.fns = append(d.observers.fns, fn)
}

func (l *observerList) notify(ctx context.Context, m *schema.Module, sc store.Scope, a schema.Action,
	comment string, rec store.Record) {
	l.mu.RLock()
	fns := l.fns
	l.mu.RUnlock()
	for _, fn := range fns {
		fn(ctx, m, sc, a, comment, rec)
	}
}

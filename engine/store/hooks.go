package store

// Write hooks: Go functions a module registers (through engine.App) to run
// around every write of its records, whichever route writes them — the
// generic create, update, delete and batch delete, an import's commit, a
// status action, a hand-written route calling the store. Before hooks run
// inside the write's transaction, after the table's write sequence is
// bumped (so writers of one module are serialised on every database) and
// before the row is written; an error rolls everything back. After-commit
// hooks run once the transaction committed, never after a rollback.

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sync"

	"xiangzhi/engine/schema"
)

// Op is the kind of write a hook sees.
type Op string

// The writes hooks can run around.
const (
	OpCreate     Op = "create"
	OpUpdate     Op = "update"
	OpDelete     Op = "delete"
	OpTransition Op = "transition"
)

// HookFunc is a write hook. A before hook (Store.BeforeWrite) may read and
// write through w.Tx, change w.New, set the status (w.SetStatus) and refuse
// the write by returning an error — a *Refusal for one a person should
// read; the whole write is then rolled back. An after-commit hook
// (Store.AfterCommit) sees the committed record in w.New (w.Tx is nil); it
// may replace w.New to change what the caller gets back. Its error is
// answered to the caller, but the write stays done: side effects that may
// fail without harm should log and return nil.
type HookFunc func(ctx context.Context, w *Write) error

// Write is one record write as its hooks see it.
type Write struct {
	Op     Op
	Module *schema.Module
	// Scope is who writes: tenant, user, organisation and data scope.
	Scope Scope
	// ID is the record's id; 0 in a before-create hook.
	ID int64
	// Old is the record as stored before the write (update, delete,
	// transition), children and history included; nil on create.
	Old Record
	// New is, before the write, the record to insert (create) or the keys
	// being changed (update; see Value), which a before hook may change;
	// nil on delete and transition. After the commit it is the record as
	// Get returns it (nil after a delete).
	New Record
	// Action and Comment are the status action of a transition.
	Action  *schema.Action
	Comment string
	// Row is the 1-based position of the record in a CreateMany batch (an
	// import's commit); 0 for a single write.
	Row int
	// Tx is the write's transaction in before hooks; nil after the commit.
	Tx *Tx

	status *int
}

// Value is what key holds once the write is done: New's value when New has
// the key, else Old's.
func (w *Write) Value(key string) any {
	if v, ok := w.New[key]; ok {
		return v
	}
	return w.Old[key]
}

// SetStatus makes a create or a transition leave the record in status v
// (one of the module's status values) instead of the initial status or the
// action's target; the history records v. It is for before hooks of modules
// with a status (a workflow choosing the next step).
func (w *Write) SetStatus(v int) error {
	st := w.Module.Status
	switch {
	case st == nil:
		return fmt.Errorf("set status of %s: the module has no status", w.Module.Name)
	case w.Op != OpCreate && w.Op != OpTransition:
		return fmt.Errorf("set status of %s: only a create or a transition sets the status", w.Module.Name)
	case w.Tx == nil:
		return fmt.Errorf("set status of %s: only before the write", w.Module.Name)
	}
	if _, ok := st.Values[v]; !ok {
		return fmt.Errorf("set status of %s: %d is not one of its statuses", w.Module.Name, v)
	}
	w.status = &v
	return nil
}

// statusOr is the status a before hook set, else def.
func (w *Write) statusOr(def int) int {
	if w.status != nil {
		return *w.status
	}
	return def
}

// Refusal is a before hook's no: a Chinese message for people, the field
// it is about and the answer's status (400 for a value the request can
// correct, 409 for a conflict with other records: a booked slot, stock run
// out). The API answers it as {code, msg: Message, errors: [{field,
// message}]}.
type Refusal struct {
	Status  int
	Field   string
	Message string
	// Row is set by CreateMany: the 1-based position of the refused record.
	Row int
}

// Refuse is a 400 refusal of the value of field, with a Chinese message.
func Refuse(field, message string) *Refusal {
	return &Refusal{Status: http.StatusBadRequest, Field: field, Message: message}
}

// Conflict is a 409 refusal: the write conflicts with other records.
func Conflict(field, message string) *Refusal {
	return &Refusal{Status: http.StatusConflict, Field: field, Message: message}
}

// Error names the field and the message, for logs.
func (r *Refusal) Error() string {
	if r.Row > 0 {
		return fmt.Sprintf("write refused at record %d: %s: %s", r.Row, r.Field, r.Message)
	}
	return fmt.Sprintf("write refused: %s: %s", r.Field, r.Message)
}

// HTTPStatus is 400 or 409.
func (r *Refusal) HTTPStatus() int { return r.Status }

// PublicMessage is the hook's Chinese message.
func (r *Refusal) PublicMessage() string { return r.Message }

// FieldErrors names the field for the envelope's errors.
func (r *Refusal) FieldErrors() []schema.FieldError {
	return []schema.FieldError{{Field: r.Field, Message: r.Message}}
}

// hookKey is a module and a kind of write.
type hookKey struct {
	module string
	op     Op
}

// hookTable holds the hooks by module name and write; it outlives schema
// reloads.
type hookTable struct {
	mu     sync.RWMutex
	before map[hookKey][]HookFunc
	after  map[hookKey][]HookFunc
}

// BeforeWrite makes fn run inside the transaction of every op write of the
// module named module, before the row is written. Hooks run in the order
// they were registered; the first error stops the write.
func (s *Store) BeforeWrite(module string, op Op, fn HookFunc) {
	s.hooks.add(&s.hooks.before, module, op, fn)
}

// AfterCommit makes fn run after every op write of the module named module
// has committed, in registration order, each exactly once per record.
func (s *Store) AfterCommit(module string, op Op, fn HookFunc) {
	s.hooks.add(&s.hooks.after, module, op, fn)
}

func (t *hookTable) add(table *map[hookKey][]HookFunc, module string, op Op, fn HookFunc) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if *table == nil {
		*table = map[hookKey][]HookFunc{}
	}
	k := hookKey{module, op}
	(*table)[k] = append((*table)[k], fn)
}

// list returns the hooks of one module and write (nil when none).
func (t *hookTable) list(table map[hookKey][]HookFunc, module string, op Op) []HookFunc {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return table[hookKey{module, op}]
}

// AllModules registers a hook for the writes of every module (a rule of
// the engine's own, such as a workflow's lock on records under approval);
// such hooks run before the module's own.
const AllModules = "*"

// hooksFor is the before and after hooks of a module's op writes: those
// for every module, then the module's own.
func (s *Store) hooksFor(m *schema.Module, op Op) (before, after []HookFunc) {
	join := func(table map[hookKey][]HookFunc) []HookFunc {
		all, own := s.hooks.list(table, AllModules, op), s.hooks.list(table, m.Name, op)
		if len(all) == 0 {
			return own
		}
		return append(slices.Clip(all), own...)
	}
	return join(s.hooks.before), join(s.hooks.after)
}

// runBefore runs the before hooks on w inside tx.
func runBefore(ctx context.Context, hooks []HookFunc, w *Write) error {
	for _, fn := range hooks {
		if err := fn(ctx, w); err != nil {
			return fmt.Errorf("before %s hook: %w", w.Op, err)
		}
	}
	return nil
}

// runAfter runs the after-commit hooks on each committed write; every hook
// runs even when an earlier one failed, and the errors are joined. The
// write is done whether or not its client still waits: the hooks run under
// a context its going away does not cancel (messages, points and totals
// of a committed write were lost when the client hung up).
func runAfter(ctx context.Context, hooks []HookFunc, ws ...*Write) error {
	ctx = context.WithoutCancel(ctx)
	var errs []error
	for _, w := range ws {
		w.Tx = nil
		for _, fn := range hooks {
			if err := fn(ctx, w); err != nil {
				errs = append(errs, fmt.Errorf("after %s hook of %s %d: %w", w.Op, w.Module.Name, w.ID, err))
			}
		}
	}
	return errors.Join(errs...)
}

package engine

import "context"

// Notice is a message to one user that a part of the engine or a hook asks
// to be sent: the workflow's next approvers and applicants, a hook's
// assignee. Kind is one of notice, status, assign, task, direct; Module and
// RecordID (or TaskID) say what it is about.
type Notice struct {
	TenantID, RecipientID, SenderID int64
	Kind, Title, Body               string
	Module                          string
	RecordID, TaskID                int64
}

// Notifier stores notices as messages and pushes them to their
// recipients' sockets (modules/message installs one).
type Notifier interface {
	Notify(ctx context.Context, notices []Notice) error
}

// notifierBox lets an interface value live in an atomic.Pointer.
type notifierBox struct{ Notifier }

// SetNotifier installs the Notifier that Notify hands notices to.
func (a *App) SetNotifier(n Notifier) { a.notifier.Store(&notifierBox{n}) }

// Notify sends notices through the installed Notifier; without one (a
// binary without the message part) they are dropped.
func (a *App) Notify(ctx context.Context, notices []Notice) error {
	if b := a.notifier.Load(); b != nil && len(notices) > 0 {
		return b.Notify(ctx, notices)
	}
	return nil
}

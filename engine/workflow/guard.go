package workflow

import (
	"context"

	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// Guard is the before-write hook (for store.AllModules, on updates and
// deletes) that keeps an application as it was decided on: a record of a
// module with a workflow cannot be edited or deleted while its application
// is under approval (审批中; withdraw it first, or have it returned) or
// once approved (已通过). Drafts, returned, rejected and withdrawn records
// stay editable. The engine's own status changes do not pass through it.
func Guard(_ context.Context, w *store.Write) error {
	if w.Module == nil || w.Module.Workflow == nil || w.Module.Status == nil || w.Old == nil {
		return nil
	}
	field := w.Module.Status.Field
	n, ok := w.Old[field].(int64)
	if !ok {
		return nil
	}
	switch int(n) {
	case schema.FlowRunning:
		return store.Conflict(field, msg.FlowLockedRunning)
	case schema.FlowApproved:
		return store.Conflict(field, msg.FlowLockedApproved)
	}
	return nil
}

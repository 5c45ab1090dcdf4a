package office

import (
	"context"

	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// sealInUse is the status value of a seal in use.
const sealInUse = 1

// sealApply is the before-write hook (create and update) of seal
// applications: the seal must be in use, and the application's 需会签 is
// the seal's, so the workflow's countersign branch follows the register.
func (o *office) sealApply(ctx context.Context, w *store.Write) error {
	if _, changed := w.New["sealId"]; !changed && w.Op == store.OpUpdate {
		delete(w.New, "countersign")
		return nil
	}
	id, ok := idOf(w.Value("sealId"))
	sm := o.app.Modules().Module(modSeal)
	if !ok || sm == nil {
		return nil // the field's own validation answers
	}
	seal, err := w.Tx.Get(ctx, sm, id)
	if err != nil {
		return store.Refuse("sealId", SealUnavailable)
	}
	if n, _ := seal["sealStatus"].(int64); n != sealInUse {
		return store.Conflict("sealId", SealUnavailable)
	}
	cs, _ := seal["countersign"].(bool)
	w.New["countersign"] = cs
	return nil
}

// sealUse is the before-write hook (create and update) of seal use
// records: the application used must be approved.
func (o *office) sealUse(ctx context.Context, w *store.Write) error {
	id, ok := idOf(w.Value("sealApplyId"))
	am := o.app.Modules().Module(modSealApply)
	if !ok || am == nil || am.Status == nil {
		return nil
	}
	app, err := w.Tx.Get(ctx, am, id)
	if err != nil {
		return store.Refuse("sealApplyId", SealNotApproved)
	}
	if n, _ := app[am.Status.Field].(int64); n != schema.FlowApproved {
		return store.Conflict("sealApplyId", SealNotApproved)
	}
	return nil
}

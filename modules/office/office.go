// Package office is the office system (办公系统) on the approval workflow:
// the vehicle booking rule (one vehicle, one booking per period, checked
// inside the write transaction), the expense claim's total, the seal
// application's rules, and the calls of spec §7 "Approvals and office"
// (/office/api/office/… and /seal/api/attribution/…), which read the
// workflow's lists (engine/workflow) rather than querying its tables.
package office

import (
	"xiangzhi/engine"
	"xiangzhi/engine/store"
	"xiangzhi/engine/workflow"
)

// office is the office system of one app.
type office struct {
	app *engine.App
	wf  *workflow.Engine
}

// Hooks registers the office system's write hooks only (tests of the
// booking rule run them without the workflow).
func Hooks(app *engine.App) *office {
	o := &office{app: app}
	app.BeforeWrite(modVehicleApply, store.OpCreate, o.booking)
	app.BeforeWrite(modVehicleApply, store.OpUpdate, o.booking)
	app.BeforeWrite(modExpense, store.OpCreate, claimTotal)
	app.BeforeWrite(modExpense, store.OpUpdate, claimTotal)
	app.BeforeWrite(modSealApply, store.OpCreate, o.sealApply)
	app.BeforeWrite(modSealApply, store.OpUpdate, o.sealApply)
	app.BeforeWrite(modSealUse, store.OpCreate, o.sealUse)
	app.BeforeWrite(modSealUse, store.OpUpdate, o.sealUse)
	return o
}

// Register adds the office system to app: its hooks and, on the workflow
// engine wf, its calls.
func Register(app *engine.App, wf *workflow.Engine) error {
	o := Hooks(app)
	o.wf = wf
	o.routes()
	return nil
}

// Package approval wires the approval workflow (engine/workflow) into the
// app: its tables, the system module's Directory of people and
// organisations, and the /api/workflow calls (待办, 已办, 我的申请,
// decisions, submission, withdrawal, a record's flow, the simulator).
package approval

import (
	"context"
	"fmt"
	"time"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/store"
	"xiangzhi/engine/workflow"
	"xiangzhi/generated/ent"
	"xiangzhi/modules/system"
)

// Register adds the approval workflow to app; its events become messages
// through App.Notify (whatever Notifier the messages part installs, even
// after this call).
func Register(app *engine.App) error {
	_, err := RegisterEngine(app)
	return err
}

// RegisterEngine is Register, answering the workflow engine (the
// workbench reads its 待办).
func RegisterEngine(app *engine.App) (*workflow.Engine, error) {
	return Setup(app, messenger{app: app, log: app.Logger()})
}

// Setup adds the approval workflow to app, handing every event after
// commit to n (when not nil), and returns the engine.
func Setup(app *engine.App, n workflow.Notifier) (*workflow.Engine, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st := app.Store()
	client := ent.NewClient(ent.Driver(entsql.OpenDB(st.Dialect(), st.DB())))
	wf := workflow.New(workflow.Options{Store: st, Directory: system.NewDirectory(client), Notifier: n,
		Modules: app.Modules, Logger: app.Logger()})
	if err := wf.Migrate(ctx); err != nil {
		return nil, fmt.Errorf("workflow tables: %w", err)
	}
	app.BeforeWrite(store.AllModules, store.OpUpdate, workflow.Guard)
	app.BeforeWrite(store.AllModules, store.OpDelete, workflow.Guard)
	for _, ep := range wf.Endpoints(app.Authorize, auth.SignedIn) {
		app.AddRoutes("", engine.Route{Method: ep.Method, Path: ep.Path, Code: ep.Code, Name: ep.Name,
			Handler: ep.Handler})
	}
	return wf, nil
}

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
	_, err := Start(app)
	return err
}

// Start is Register answering the workflow engine, for the parts built on
// it (the office system, the workbench); it starts the deadline scheduler.
func Start(app *engine.App) (*workflow.Engine, error) {
	wf, err := Setup(app, messenger{app: app, log: app.Logger()})
	if err != nil {
		return nil, err
	}
	go wf.Run(app.Context(), TickInterval)
	return wf, nil
}

// TickInterval is how often the deadline scheduler looks for overdue
// tasks.
const TickInterval = time.Minute

// Setup adds the approval workflow to app, handing every event after
// commit to n (when not nil), and returns the engine (its scheduler is not
// started: Register starts it, tests call Tick). opts may change the
// engine's options (tests set the clock).
func Setup(app *engine.App, n workflow.Notifier, opts ...func(*workflow.Options)) (*workflow.Engine, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st := app.Store()
	client := ent.NewClient(ent.Driver(entsql.OpenDB(st.Dialect(), st.DB())))
	o := workflow.Options{Store: st, Directory: system.NewDirectory(client), Notifier: n,
		Modules: app.Modules, Logger: app.Logger(), Calendar: &dictCalendar{ent: client}}
	for _, f := range opts {
		f(&o)
	}
	wf := workflow.New(o)
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

// OpenTasks counts a viewer's open tasks of every workflow module through
// the engine's to-do query (the dashboards' 待审批 card).
func OpenTasks(wf *workflow.Engine) engine.OpenTasks {
	return func(ctx context.Context, viewer store.Scope) (int64, error) {
		counts, err := wf.TodoCounts(ctx, viewer)
		if err != nil {
			return 0, err
		}
		var n int64
		for _, c := range counts {
			n += c.Count
		}
		return n, nil
	}
}

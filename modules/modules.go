// Package modules holds the product's hand-written parts — system
// administration (/api/system/…), files, messages, the office system, and
// the Go hooks of business modules — and wires each one into the engine
// explicitly. There is no init() registration: what runs is what Register
// lists.
package modules

import (
	"fmt"

	"xiangzhi/engine"
	"xiangzhi/modules/approval"
	"xiangzhi/modules/broadcast"
	"xiangzhi/modules/content"
	"xiangzhi/modules/designer"
	"xiangzhi/modules/epidemic"
	"xiangzhi/modules/message"
	"xiangzhi/modules/office"
	"xiangzhi/modules/oos"
	"xiangzhi/modules/party"
	"xiangzhi/modules/points"
	"xiangzhi/modules/security"
	"xiangzhi/modules/system"
	"xiangzhi/modules/village"
	"xiangzhi/modules/workbench"
)

// Register adds every hand-written part to app: its routes (each with its
// permission code, through app.AddRoutes), its hooks and its reactions to
// schema reloads (app.OnModulesChanged), one line each, in the order they
// depend on each other. System administration comes first: it registers
// the engine.System every later route is checked by (until then the engine
// refuses every guarded route, and Serve refuses to start).
func Register(app *engine.App) error {
	// The form designer's published modules join the set first: system
	// administration keeps the menus of the set's modules.
	dsg, err := designer.Load(app)
	if err != nil {
		return fmt.Errorf("form designer: %w", err)
	}
	if err := system.Register(app); err != nil {
		return fmt.Errorf("system: %w", err)
	}
	wf, err := approval.Start(app)
	if err != nil {
		return fmt.Errorf("approval workflow: %w", err)
	}
	app.SetOpenTasks(approval.OpenTasks(wf))
	if err := office.Register(app, wf); err != nil {
		return fmt.Errorf("office system: %w", err)
	}
	if err := oos.Register(app); err != nil {
		return fmt.Errorf("files: %w", err)
	}
	if err := village.Register(app); err != nil {
		return fmt.Errorf("village hooks: %w", err)
	}
	if err := points.Register(app); err != nil {
		return fmt.Errorf("points hooks: %w", err)
	}
	if err := party.Register(app); err != nil {
		return fmt.Errorf("party study hooks: %w", err)
	}
	if err := security.Register(app); err != nil {
		return fmt.Errorf("security hooks: %w", err)
	}
	if _, err := broadcast.Register(app); err != nil {
		return fmt.Errorf("broadcast: %w", err)
	}
	if err := content.Register(app); err != nil {
		return fmt.Errorf("content hooks: %w", err)
	}
	if err := epidemic.Register(app); err != nil {
		return fmt.Errorf("epidemic hooks: %w", err)
	}
	msgs, err := message.RegisterService(app)
	if err != nil {
		return fmt.Errorf("messages: %w", err)
	}
	if err := dsg.Register(); err != nil {
		return fmt.Errorf("form designer: %w", err)
	}
	workbench.Register(app, wf, msgs.UnreadCount)
	return nil
}

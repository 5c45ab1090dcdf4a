// Package modules holds the product's hand-written parts — system
// administration (/api/system/…), files, messages, the office system, and
// the Go hooks of business modules — and wires each one into the engine
// explicitly. There is no init() registration: what runs is what Register
// lists.
package modules

import (
	"fmt"

	"xiangzhi/engine"
	"xiangzhi/modules/oos"
	"xiangzhi/modules/system"
)

// Register adds every hand-written part to app: its routes (each with its
// permission code, through app.AddRoutes), its hooks and its reactions to
// schema reloads (app.OnModulesChanged), one line each, in the order they
// depend on each other. System administration comes first: it installs
// the authorizer every later route is checked by.
func Register(app *engine.App) error {
	if err := system.Register(app); err != nil {
		return fmt.Errorf("system: %w", err)
	}
	if err := oos.Register(app); err != nil {
		return fmt.Errorf("files: %w", err)
	}
	return nil
}

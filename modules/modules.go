// Package modules holds the product's hand-written parts — system
// administration (/api/system/…), files, messages, the office system, and
// the Go hooks of business modules — and wires each one into the engine
// explicitly. There is no init() registration: what runs is what Register
// lists.
package modules

import "xiangzhi/engine"

// Register adds every hand-written part to app: its routes (each with its
// permission code, through app.AddRoutes), its hooks and its reactions to
// schema reloads (app.OnModulesChanged). It is empty for now; the system
// administration, authentication and file parts register here as they are
// written, one line each, in the order they depend on each other.
func Register(app *engine.App) error {
	_ = app
	return nil
}

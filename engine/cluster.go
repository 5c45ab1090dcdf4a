package engine

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"time"

	"xiangzhi/engine/realtime"
)

// Bus is the bus that carries messages and cluster signals between the
// parts of this instance and, with a NATS server configured
// (config.NATSURL), between every instance of a cluster.
func (a *App) Bus() realtime.Bus { return a.bus }

// InstanceID names this instance on the bus: signals it publishes carry it,
// so it can ignore its own.
func (a *App) InstanceID() string { return a.id }

// joinCluster opens the configured bus and listens for the module signal:
// another instance reloaded its modules, so this one reloads too (with a
// shared schemas directory, or the form designer's modules in the database).
func (a *App) joinCluster() error {
	var b [8]byte
	_, _ = rand.Read(b[:])
	host, _ := os.Hostname()
	a.id = host + "-" + hex.EncodeToString(b[:])
	bus, err := realtime.Open(a.cfg.NATSURL, "xiangzhi "+a.id)
	if err != nil {
		return fmt.Errorf("open bus: %w", err)
	}
	a.bus = bus
	_, err = bus.Subscribe(realtime.SignalSubject(realtime.SignalModules), func(_ string, data []byte) {
		if string(data) == a.id {
			return
		}
		if a.peerQueued.CompareAndSwap(false, true) {
			go a.reloadForPeer()
		}
	})
	if err != nil {
		bus.Close()
		return fmt.Errorf("subscribe to module changes: %w", err)
	}
	if a.cfg.NATSURL != "" {
		a.log.Info("cluster bus connected", "instance", a.id)
	}
	return nil
}

// reloadForPeer reloads the modules because another instance did.
func (a *App) reloadForPeer() {
	select {
	case <-a.ready: // a signal during start-up: the first load may have read the change already, reload anyway
	case <-a.ctx.Done():
		return
	}
	a.reloadMu.Lock()
	defer a.reloadMu.Unlock()
	// From here on the load below reads whatever a later signal announces,
	// except what lands after the read: that signal queues the next reload.
	a.peerQueued.Store(false)
	ctx, cancel := context.WithTimeout(a.ctx, 2*time.Minute)
	defer cancel()
	a.log.Info("modules changed on another instance, reloading")
	if err := a.reload(ctx); err != nil && ctx.Err() == nil {
		a.log.Warn("schema reload incomplete", "err", err.Error())
	}
}

// announceModules tells the other instances that this one reloaded its
// modules. A failure is logged: they still pick the change up by their
// own watch when they share the schemas directory.
func (a *App) announceModules(ctx context.Context) {
	err := a.bus.Publish(ctx, realtime.SignalSubject(realtime.SignalModules), []byte(a.id))
	if err != nil {
		a.log.Warn("module change not announced", "err", err.Error())
	}
}

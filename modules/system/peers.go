package system

import (
	"context"
	"time"

	"xiangzhi/engine/realtime"
)

// followPeers reloads the permission policies when another instance of a
// cluster changed identity data (roles, grants, menus: the viewers signal
// of the message part), so a role edited on one instance holds on all.
// Signals arriving together are applied by one reload.
func (s *Service) followPeers() error {
	kick := make(chan struct{}, 1)
	_, err := s.app.Bus().Subscribe(realtime.SignalSubject(realtime.SignalViewers), func(_ string, from []byte) {
		if string(from) == s.app.InstanceID() {
			return
		}
		select {
		case kick <- struct{}{}:
		default:
		}
	})
	if err != nil {
		return err
	}
	go func() {
		ctx := s.app.Context()
		for {
			select {
			case <-ctx.Done():
				return
			case <-kick:
			}
			rctx, cancel := context.WithTimeout(ctx, time.Minute)
			if err := s.authz.Reload(rctx); err != nil && ctx.Err() == nil {
				s.log.Error("permissions not reloaded after a peer's change", "err", err.Error())
			}
			cancel()
		}
	}()
	return nil
}

package message

import (
	"context"
	"time"

	"xiangzhi/engine/realtime"
)

// recheckAgain is when a revocation signal is applied a second time: the
// signal may leave while the change is still being committed, and a viewer
// loaded in between must not survive.
const recheckAgain = 300 * time.Millisecond

// followRevocations makes every identity change (logout, password change,
// a disabled user, an edited role) reach every instance: the auth
// service's cache hook publishes the viewers signal, and every instance,
// this one too, drops its cached viewers on it and authenticates its
// sockets again, closing those whose session ended.
func (s *Service) followRevocations() error {
	bus := s.app.Bus()
	subject := realtime.SignalSubject(realtime.SignalViewers)
	s.ids.OnViewersChanged(func() {
		if err := bus.Publish(context.Background(), subject, []byte(s.app.InstanceID())); err != nil {
			s.log.Warn("revocation not published", "err", err.Error())
		}
	})
	kick := make(chan struct{}, 1)
	_, err := bus.Subscribe(subject, func(string, []byte) {
		s.ids.InvalidateViewers()
		select {
		case kick <- struct{}{}:
		default:
		}
	})
	if err != nil {
		return err
	}
	go s.recheckLoop(kick)
	return nil
}

// recheckLoop authenticates the sockets again after each burst of
// revocations, twice (see recheckAgain), until the app closes.
func (s *Service) recheckLoop(kick <-chan struct{}) {
	ctx := s.app.Context()
	for {
		select {
		case <-ctx.Done():
			return
		case <-kick:
		}
		s.hub.recheck(ctx)
		select {
		case <-ctx.Done():
			return
		case <-time.After(recheckAgain):
		}
		s.ids.InvalidateViewers()
		s.hub.recheck(ctx)
	}
}

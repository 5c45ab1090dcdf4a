package realtime

import (
	"context"
	"errors"
	"sync"
)

// ErrClosed is returned by a bus used after Close.
var ErrClosed = errors.New("realtime: bus closed")

// Local is the in-process bus: Publish calls the matching handlers of this
// process before it returns. It is the default when no NATS server is
// configured, enough for one instance.
type Local struct {
	mu     sync.RWMutex
	subs   map[int]localSub
	next   int
	closed bool
}

type localSub struct {
	pattern string
	fn      Handler
}

// NewLocal returns an empty in-process bus.
func NewLocal() *Local { return &Local{subs: map[int]localSub{}} }

// Publish calls every handler whose pattern matches subject.
func (l *Local) Publish(_ context.Context, subject string, data []byte) error {
	l.mu.RLock()
	if l.closed {
		l.mu.RUnlock()
		return ErrClosed
	}
	var fns []Handler
	for _, s := range l.subs {
		if match(s.pattern, subject) {
			fns = append(fns, s.fn)
		}
	}
	l.mu.RUnlock()
	for _, fn := range fns {
		fn(subject, data)
	}
	return nil
}

// Subscribe adds a handler for the subjects matching pattern.
func (l *Local) Subscribe(pattern string, fn Handler) (func(), error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return nil, ErrClosed
	}
	id := l.next
	l.next++
	l.subs[id] = localSub{pattern: pattern, fn: fn}
	return func() {
		l.mu.Lock()
		delete(l.subs, id)
		l.mu.Unlock()
	}, nil
}

// Close drops every subscription; later calls answer ErrClosed.
func (l *Local) Close() error {
	l.mu.Lock()
	l.closed = true
	clear(l.subs)
	l.mu.Unlock()
	return nil
}

package message

// Table changes on the socket: after a write commits, the sockets of the
// writer's tenant whose users may list the module get {"type":"table",
// "module":"x"} — the name only, never a row or a count. A dashboard or the
// workbench then reloads through the ordinary, scoped API. Per tenant and
// module at most one frame leaves every tableThrottle: a write inside the
// window is told once at its end (docs/messages.md, docs/dashboards.md § 5).

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"sync"
	"time"
)

// frameTable says a module's table changed.
const frameTable = "table"

// tableThrottle is the least time between two frames about one module of
// one tenant.
const tableThrottle = 2 * time.Second

// Bus subjects of table changes: xz.table.<tenant> (0: a write whose tenant
// the store did not learn, told to every tenant).
const (
	tablesSubject  = "xz.table."
	allTableEvents = "xz.table.>"
)

// tableKey is a module of a tenant.
type tableKey struct {
	tenantID int64
	module   string
}

// tableThrottler publishes table changes, at most one per key per window.
type tableThrottler struct {
	s      *Service
	window time.Duration
	mu     sync.Mutex
	last   map[tableKey]time.Time // when the key was last published
	queued map[tableKey]bool      // a publish is scheduled at the window's end
}

// followTables makes committed writes reach the sockets of every instance.
func (s *Service) followTables() error {
	window := s.opts.TableThrottle
	if window <= 0 {
		window = tableThrottle
	}
	s.tables = &tableThrottler{s: s, window: window, last: map[tableKey]time.Time{}, queued: map[tableKey]bool{}}
	s.app.Store().OnWritten(func(tenantID int64, modules []string) {
		for _, m := range modules {
			s.tables.changed(tableKey{tenantID, m})
		}
	})
	_, err := s.app.Bus().Subscribe(allTableEvents, s.hub.deliverTable)
	return err
}

// changed publishes k now when its window is over, else once at its end.
// It publishes on the writer's goroutine: on the in-process bus the frame
// is queued on every socket before the write's answer leaves.
func (t *tableThrottler) changed(k tableKey) {
	t.mu.Lock()
	if t.queued[k] {
		t.mu.Unlock()
		return
	}
	now := time.Now()
	if wait := t.window - now.Sub(t.last[k]); wait > 0 {
		t.queued[k] = true
		t.mu.Unlock()
		time.AfterFunc(wait, func() {
			t.mu.Lock()
			delete(t.queued, k)
			t.last[k] = time.Now()
			t.mu.Unlock()
			t.publish(k)
		})
		return
	}
	if len(t.last) > 10000 { // bounded: tenants × modules; forget old windows
		for key, at := range t.last {
			if now.Sub(at) > t.window {
				delete(t.last, key)
			}
		}
	}
	t.last[k] = now
	t.mu.Unlock()
	t.publish(k)
}

func (t *tableThrottler) publish(k tableKey) {
	data, err := json.Marshal(frame{Type: frameTable, Module: k.module})
	if err == nil {
		err = t.s.app.Bus().Publish(context.Background(), tablesSubject+strconv.FormatInt(k.tenantID, 10), data)
	}
	if err != nil {
		t.s.log.Warn("table change not published", "module", k.module, "err", err.Error())
	}
}

// deliverTable hands a table change to the sockets of its tenant here (of
// every tenant for 0); writeLoop checks the user may list the module.
func (h *hub) deliverTable(subject string, data []byte) {
	tid, err := strconv.ParseInt(strings.TrimPrefix(subject, tablesSubject), 10, 64)
	if err != nil {
		return
	}
	var f frame
	if err := json.Unmarshal(data, &f); err != nil || f.Type != frameTable || f.Module == "" {
		return
	}
	h.mu.Lock()
	var conns []*conn
	for u, set := range h.conns {
		if tid != 0 && u.tenantID != tid {
			continue
		}
		for c := range set {
			conns = append(conns, c)
		}
	}
	h.mu.Unlock()
	for _, c := range conns {
		c.push(f)
	}
}

// mayList reports whether the socket's user may list (or view) module now.
func (s *Service) mayList(ctx context.Context, c *conn, module string) bool {
	v, err := c.viewer(ctx)
	if err != nil {
		c.end(statusSessionEnded, "session ended")
		return false
	}
	mod := s.app.Modules().Module(module)
	return mod != nil && (v.Can(mod.Code("list")) || v.Can(mod.Code("view")))
}

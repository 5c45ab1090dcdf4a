package message

import (
	"context"
	"encoding/json"
	"sync"

	"xiangzhi/engine/realtime"
)

// Frame types, server to client.
const (
	frameMessage = "message" // a new message
	frameRead    = "read"    // messages marked read (ids, or all)
	frameDeleted = "deleted" // messages deleted (ids)
	framePong    = "pong"    // the answer to a ping
	frameReset   = "reset"   // too much was missed: reload the list
)

// frame is what travels on the bus and, without the audience, to clients.
type frame struct {
	Type    string   `json:"type"`
	Message *Message `json:"message,omitempty"`
	IDs     []int64  `json:"ids,omitempty"`
	All     bool     `json:"all,omitempty"`
	// Audience carries the announcement's organisation path on the bus;
	// it is cleared before a frame goes to a client.
	Audience string `json:"audience,omitempty"`
	// Module names the module of a table change (frameTable).
	Module string `json:"module,omitempty"`
}

// userKey is a user of a tenant.
type userKey struct{ tenantID, userID int64 }

// hub is the sockets this instance holds, by user.
type hub struct {
	s     *Service
	mu    sync.Mutex
	conns map[userKey]map[*conn]struct{}
}

func newHub(s *Service) *hub { return &hub{s: s, conns: map[userKey]map[*conn]struct{}{}} }

// add registers a socket unless its user holds the most already.
func (h *hub) add(c *conn) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	set := h.conns[c.user]
	if len(set) >= h.s.opts.MaxConnsPerUser {
		return false
	}
	if set == nil {
		set = map[*conn]struct{}{}
		h.conns[c.user] = set
	}
	set[c] = struct{}{}
	return true
}

// remove forgets a socket.
func (h *hub) remove(c *conn) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if set := h.conns[c.user]; set != nil {
		delete(set, c)
		if len(set) == 0 {
			delete(h.conns, c.user)
		}
	}
}

// count is how many sockets a user holds here.
func (h *hub) count(u userKey) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.conns[u])
}

// all is every socket held here.
func (h *hub) all() []*conn {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []*conn
	for _, set := range h.conns {
		for c := range set {
			out = append(out, c)
		}
	}
	return out
}

// deliver hands a frame from the bus to every socket of its user here.
// It never blocks: a socket whose queue is full is dropped.
func (h *hub) deliver(subject string, data []byte) {
	tid, uid, err := realtime.ParseUserSubject(subject)
	if err != nil {
		return
	}
	var f frame
	if err := json.Unmarshal(data, &f); err != nil {
		h.s.log.Warn("bad message frame on the bus", "err", err.Error())
		return
	}
	h.mu.Lock()
	conns := make([]*conn, 0, len(h.conns[userKey{tid, uid}]))
	for c := range h.conns[userKey{tid, uid}] {
		conns = append(conns, c)
	}
	h.mu.Unlock()
	for _, c := range conns {
		c.push(f)
	}
}

// recheck authenticates every socket again and closes those whose session
// ended (logout, password change, disabled user or tenant).
func (h *hub) recheck(ctx context.Context) {
	for _, c := range h.all() {
		gen := h.s.ids.ViewersGeneration()
		v, err := h.s.ids.Authenticate(ctx, c.token)
		if err != nil {
			c.end(statusSessionEnded, "session ended")
			continue
		}
		c.remember(v, gen)
	}
}

// joinBus subscribes the hub to every user's frames and the viewer cache
// to the cluster's revocations.
func (s *Service) joinBus() error {
	if _, err := s.app.Bus().Subscribe(realtime.AllUsers, s.hub.deliver); err != nil {
		return err
	}
	return s.followRevocations()
}

// publish sends a frame to a user's sockets on every instance.
func (s *Service) publish(ctx context.Context, tenantID, userID int64, f frame) {
	data, err := json.Marshal(f)
	if err == nil {
		err = s.app.Bus().Publish(ctx, realtime.UserSubject(tenantID, userID), data)
	}
	if err != nil {
		s.log.Warn("message frame not published", "user", userID, "err", err.Error())
	}
}

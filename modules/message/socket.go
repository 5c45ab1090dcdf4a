package message

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/labstack/echo/v4"

	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
	"xiangzhi/modules/hook"
)

// SocketPath is the prefix of the message socket: SocketPath +
// "{tenantId}_{userId}".
const SocketPath = "/message/websocket/"

// The socket's subprotocols. A browser cannot set the Authorization header
// of a websocket, and a token in the URL ends up in proxy and access logs,
// so the console offers two subprotocols, Subprotocol and TokenProtocol +
// the session token; the server answers with Subprotocol alone and reads
// the token as if it came in the Authorization header. It is never logged.
const (
	Subprotocol   = "xz.v1"
	TokenProtocol = "xz.token."
)

// Close statuses beyond the standard ones.
const (
	statusSessionEnded websocket.StatusCode = 4401 // the session ended: sign in again
	writeTimeout                            = 10 * time.Second
)

// tokenFromProtocol moves a token offered as a subprotocol into the
// Authorization header of a socket request, before the route's
// authorization reads it.
func tokenFromProtocol(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		if strings.HasPrefix(r.URL.Path, SocketPath) && r.Header.Get(echo.HeaderAuthorization) == "" {
			for _, p := range strings.Split(r.Header.Get("Sec-WebSocket-Protocol"), ",") {
				if tok, ok := strings.CutPrefix(strings.TrimSpace(p), TokenProtocol); ok && tok != "" {
					r.Header.Set(echo.HeaderAuthorization, "Bearer "+tok)
				}
			}
		}
		return next(c)
	}
}

// socket upgrades GET /message/websocket/{tenantId}_{userId} for the
// signed-in user that path names (any other answers 403), from a page of
// this server or an allowed origin, within the per-user limit (429
// beyond). ?after=n replays the messages numbered after n first.
func (s *Service) socket(c echo.Context) error {
	v, r := viewer(c), c.Request()
	if c.Param("key") != key(v.TenantID, v.UserID) {
		return httpx.NewError(http.StatusForbidden, MessageSocketUser)
	}
	if !originAllowed(r, s.opts.OriginPatterns) {
		return httpx.NewError(http.StatusForbidden, MessageSocketOrigin)
	}
	after := int64(-1)
	if a := c.QueryParam("after"); a != "" {
		n, err := strconv.ParseInt(a, 10, 64)
		if err != nil || n < 0 {
			return hook.BadParam("after")
		}
		after = n
	}
	cn := newConn(s, userKey{v.TenantID, v.UserID},
		strings.TrimSpace(strings.TrimPrefix(r.Header.Get(echo.HeaderAuthorization), "Bearer ")))
	cn.remember(v, s.ids.ViewersGeneration())
	if !s.hub.add(cn) {
		cn.cancel()
		return httpx.NewError(http.StatusTooManyRequests, MessageSocketLimit)
	}
	ws, err := websocket.Accept(c.Response(), r, &websocket.AcceptOptions{
		Subprotocols: []string{Subprotocol}, OriginPatterns: s.opts.OriginPatterns})
	if err != nil {
		s.hub.remove(cn)
		cn.cancel()
		return nil // Accept has answered the client
	}
	ws.SetReadLimit(4096)
	// The socket lives on in two goroutines of its own and the handler
	// returns: the request, its headers, the echo context and the deep
	// stack of the middleware chain are not held for the socket's life.
	go cn.readLoop(ws)
	go func() {
		defer s.hub.remove(cn)
		defer cn.cancel()
		cn.writeLoop(ws, after)
	}()
	return nil
}

// newConn is a socket of user, not yet in the hub.
func newConn(s *Service, user userKey, token string) *conn {
	c := &conn{s: s, user: user, token: token, limit: s.opts.SendBuffer, wake: make(chan struct{}, 1)}
	c.ctx, c.cancel = context.WithCancel(s.app.Context())
	return c
}

// originAllowed: no Origin (not a browser), this server's own host, or a
// host matching one of patterns.
func originAllowed(r *http.Request, patterns []string) bool {
	o := r.Header.Get("Origin")
	if o == "" {
		return true
	}
	u, err := url.Parse(o)
	if err != nil {
		return false
	}
	if strings.EqualFold(u.Host, r.Host) {
		return true
	}
	for _, p := range patterns {
		if ok, _ := path.Match(strings.ToLower(p), strings.ToLower(u.Host)); ok {
			return true
		}
	}
	return false
}

// conn is one socket of a user.
type conn struct {
	s     *Service
	user  userKey
	token string
	// queue holds the frames waiting for the socket, at most limit; wake
	// tells writeLoop there are some. A queue that grows on demand costs
	// an idle socket nothing (a channel of SendBuffer frames would hold
	// its whole buffer per socket, used or not).
	qmu   sync.Mutex
	queue []*frame
	limit int
	wake  chan struct{}
	// seen is the viewer the socket's token authenticated as, and when:
	// deliveries check against it (see allowed).
	seen   atomic.Pointer[seenViewer]
	ctx    context.Context
	cancel context.CancelFunc

	mu     sync.Mutex
	status websocket.StatusCode
	reason string
}

// push queues a frame without blocking; a socket too slow to keep up is
// dropped rather than holding up the others.
func (c *conn) push(f frame) {
	c.qmu.Lock()
	if len(c.queue) >= c.limit {
		c.qmu.Unlock()
		c.end(websocket.StatusTryAgainLater, "too slow")
		return
	}
	c.queue = append(c.queue, &f)
	c.qmu.Unlock()
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// take empties the queue and answers what it held, oldest first.
func (c *conn) take() []*frame {
	c.qmu.Lock()
	defer c.qmu.Unlock()
	q := c.queue
	c.queue = nil
	return q
}

// end closes the socket with status (the first reason given wins).
func (c *conn) end(status websocket.StatusCode, reason string) {
	c.mu.Lock()
	if c.status == 0 {
		c.status, c.reason = status, reason
	}
	c.mu.Unlock()
	c.cancel()
}

// readLoop answers pings ("ping" or {"type":"ping"}) until the client goes
// or writeLoop closes the socket. It reads without the socket's context:
// cancelling a read would cut the connection before writeLoop sends the
// close status.
func (c *conn) readLoop(ws *websocket.Conn) {
	defer c.end(websocket.StatusNormalClosure, "")
	for {
		_, data, err := ws.Read(context.WithoutCancel(c.ctx))
		if err != nil {
			return
		}
		var in struct {
			Type string `json:"type"`
		}
		if string(data) == "ping" || json.Unmarshal(data, &in) == nil && in.Type == "ping" {
			c.push(frame{Type: framePong})
		}
	}
}

// writeLoop replays what the client missed (after ≥ 0), then writes the
// frames the hub queues, each message checked again for the user as they
// are now, until the socket ends.
func (c *conn) writeLoop(ws *websocket.Conn, after int64) {
	floor := c.replay(ws, after)
	for {
		select {
		case <-c.ctx.Done():
			c.mu.Lock()
			status, reason := c.status, c.reason
			c.mu.Unlock()
			if status == 0 {
				status = websocket.StatusGoingAway
			}
			_ = ws.Close(status, reason)
			return
		case <-c.wake:
			for _, f := range c.take() {
				if f.Type == frameMessage && (f.Message == nil || f.Message.Seq <= floor ||
					!c.s.allowed(c.ctx, c, f.Message, f.Audience)) {
					continue
				}
				if f.Type == frameTable && !c.s.mayList(c.ctx, c, f.Module) {
					continue
				}
				out := *f
				out.Audience = ""
				if err := c.write(ws, out); err != nil {
					c.end(websocket.StatusTryAgainLater, "write failed")
					break
				}
			}
		}
	}
}

// replay writes the messages numbered after after and answers the last
// number written (frames queued meanwhile up to it are duplicates).
func (c *conn) replay(ws *websocket.Conn, after int64) int64 {
	if after < 0 {
		return 0
	}
	msgs, err := c.s.since(c.ctx, c.user.tenantID, c.user.userID, after, maxReplay+1)
	if err != nil {
		c.s.log.Warn("message replay failed", "user", c.user.userID, "err", err.Error())
		return 0
	}
	if len(msgs) > maxReplay {
		_ = c.write(ws, frame{Type: frameReset})
		return 0
	}
	floor := after
	for i := range msgs {
		m := &msgs[i]
		floor = m.Seq
		if c.s.allowed(c.ctx, c, m, m.audience) {
			if err := c.write(ws, frame{Type: frameMessage, Message: m}); err != nil {
				c.end(websocket.StatusTryAgainLater, "write failed")
				return floor
			}
		}
	}
	return floor
}

func (c *conn) write(ws *websocket.Conn, f frame) error {
	data, err := json.Marshal(f)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(c.ctx, writeTimeout)
	defer cancel()
	return ws.Write(ctx, websocket.MessageText, data)
}

// allowed checks a message against its recipient as they are now: a live
// session, still inside an announcement's organisation subtree, still
// allowed to see the record the message is about.
func (s *Service) allowed(ctx context.Context, c *conn, m *Message, audience string) bool {
	v, err := c.viewer(ctx)
	if err != nil {
		c.end(statusSessionEnded, "session ended")
		return false
	}
	if audience != "" && !strings.HasPrefix(v.OrgPath, audience) {
		return false
	}
	if m.Module == "" || m.RecordID == 0 {
		return true
	}
	mod := s.app.Modules().Module(m.Module)
	if mod == nil {
		return true
	}
	if !v.Can(mod.Code("view")) && !v.Can(mod.Code("list")) {
		return false
	}
	_, err = s.app.Store().Get(ctx, mod, v.Scope(), m.RecordID)
	return err == nil
}

// viewerFresh bounds how long a socket trusts the viewer its token last
// authenticated as. Every identity change (logout, password, role, move,
// disabled user) empties the viewer cache of this instance at once, and of
// every other within a second (the viewers signal), which moves the cache's
// generation and so ends every socket's trust too; the bound only covers
// what no change announces (a session running out).
const viewerFresh = 30 * time.Second

// seenViewer is a viewer, when it was authenticated and the viewer cache's
// generation then.
type seenViewer struct {
	v   *auth.Viewer
	at  time.Time
	gen uint64
}

// remember keeps v as the socket's current viewer. The generation is read
// by the caller before authenticating, so an invalidation racing with it
// leaves the remembered viewer already stale.
func (c *conn) remember(v *auth.Viewer, gen uint64) {
	c.seen.Store(&seenViewer{v: v, at: time.Now(), gen: gen})
}

// viewer is the socket's viewer as it is now: the one remembered while
// the cache has not been invalidated since and it is fresh, else the token
// authenticated again. One role message to thousands of sockets thus costs
// no query per socket.
func (c *conn) viewer(ctx context.Context) (*auth.Viewer, error) {
	gen := c.s.ids.ViewersGeneration()
	if s := c.seen.Load(); s != nil && s.gen == gen && time.Since(s.at) < viewerFresh {
		return s.v, nil
	}
	v, err := c.s.ids.Authenticate(ctx, c.token)
	if err != nil {
		return nil, err
	}
	c.remember(v, gen)
	return v, nil
}

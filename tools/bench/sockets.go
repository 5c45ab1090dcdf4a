package main

// The socket scenario (issue 13's figures): N idle authenticated message
// sockets on one instance and the server's resident memory with them; an
// announcement to a role all N hold, timed until the last socket has it;
// and, with -db (PostgreSQL or MySQL) and -nats, two instances with the
// NATS bus between them: direct messages sent through A at a fixed rate to
// users whose sockets are held by B, with the delivery latency's p50/p99.
//
// Users and their sessions are made before the server starts, straight in
// the database through the system module (a sign-in per user would measure
// password hashing and trip the per-address throttle, not the sockets).

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	entsql "entgo.io/ent/dialect/sql"
	"github.com/coder/websocket"

	"xiangzhi/engine"
	"xiangzhi/engine/config"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/role"
	"xiangzhi/generated/ent/user"
	"xiangzhi/modules/system"
)

// socketOptions are the flags of the socket scenario.
type socketOptions struct {
	users   int
	bin     string
	data    string
	dbURL   string
	natsURL string
	rate    int
	dur     time.Duration
	hold    time.Duration
	conc    int
}

const (
	benchRoleName = "socket-bench"
	benchSender   = "bench_sender"
	benchUserFmt  = "sock%05d"
)

// sessions are the tokens prepared for the scenario.
type sessions struct {
	tenantID int64
	roleID   int64
	sender   string
	users    []int64
	tokens   []string
}

func runSockets(ctx context.Context, o socketOptions) error {
	if o.data == "" {
		tmp, err := os.MkdirTemp("", "xz-bench-sockets-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		o.data = tmp
	}
	t0 := time.Now()
	ss, err := prepareSessions(ctx, o)
	if err != nil {
		return fmt.Errorf("prepare users: %w", err)
	}
	fmt.Printf("%d users with sessions prepared in %s\n", len(ss.users), time.Since(t0).Round(time.Millisecond))

	srv, base, err := startServer(o.bin, o.data, o.dbURL, "", adminPassword, natsEnv(o.natsURL)...)
	if err != nil {
		return err
	}
	defer stopServer(srv)
	client := &http.Client{Timeout: 30 * time.Second}
	if err := waitReady(ctx, client, base); err != nil {
		return err
	}
	printMemoryAs("server before sockets", srv)

	hub := newSocketHub()
	t0 = time.Now()
	if err := hub.open(ctx, base, ss, ss.users, o.conc); err != nil {
		return err
	}
	defer hub.close()
	fmt.Printf("%d sockets open in %s\n", hub.count(), time.Since(t0).Round(time.Millisecond))
	time.Sleep(o.hold)
	printMemoryAs(fmt.Sprintf("server with %d idle sockets", hub.count()), srv)

	// An announcement to the role every socket's user holds.
	title := "bench-role-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	wait := hub.expect(title, len(ss.users))
	sent := time.Now()
	body := fmt.Sprintf(`{"title":%q,"body":"socket benchmark","roleId":%d}`, title, ss.roleID)
	if err := call(ctx, client, http.MethodPost, base+"/message/api/message/announce", ss.sender, body); err != nil {
		return fmt.Errorf("announce: %w", err)
	}
	got := wait(30 * time.Second)
	lat := latencies(got, sent)
	fmt.Printf("role message to %d connected users: %d delivered, last after %s (p50 %s, p99 %s)\n",
		len(ss.users), len(got), lat.max, lat.p50, lat.p99)
	printMemoryAs("server after the role message", srv)
	hub.close()

	if o.natsURL == "" || o.dbURL == "" {
		fmt.Println("\ntwo instances over NATS: skipped (needs -db postgres://… or mysql://… and -nats nats://…)")
		return nil
	}
	return runNATSLatency(ctx, o, ss, base, client)
}

// runNATSLatency starts a second instance B, opens sockets there for some
// of the users and sends them direct messages through A at o.rate per
// second for o.dur, timing each from its send to its arrival on B.
func runNATSLatency(ctx context.Context, o socketOptions, ss *sessions, baseA string, client *http.Client) error {
	dataB := filepath.Join(o.data, "instance-b")
	if err := os.MkdirAll(dataB, 0o700); err != nil {
		return err
	}
	srvB, baseB, err := startServer(o.bin, dataB, o.dbURL, "", adminPassword, natsEnv(o.natsURL)...)
	if err != nil {
		return err
	}
	defer stopServer(srvB)
	if err := waitReady(ctx, client, baseB); err != nil {
		return err
	}
	n := min(500, len(ss.users))
	hub := newSocketHub()
	if err := hub.open(ctx, baseB, ss, ss.users[:n], o.conc); err != nil {
		return err
	}
	defer hub.close()
	total := o.rate * int(o.dur/time.Second)
	prefix := "bench-direct-" + strconv.FormatInt(time.Now().UnixNano(), 36) + "-"
	wait := hub.expectPrefix(prefix, total)
	tick := time.NewTicker(time.Second / time.Duration(o.rate))
	defer tick.Stop()
	var failed atomic.Int64
	var sendWG sync.WaitGroup
	sentAt := make([]time.Time, total)
	for i := range total {
		<-tick.C
		sentAt[i] = time.Now()
		sendWG.Add(1)
		go func(i int) {
			defer sendWG.Done()
			q := url.Values{"userId": {strconv.FormatInt(ss.users[i%n], 10)}, "title": {prefix + strconv.Itoa(i)},
				"content": {"latency"}}
			if err := call(ctx, client, http.MethodGet, baseA+"/message/api/message/setUserMessage?"+q.Encode(), ss.sender, ""); err != nil {
				failed.Add(1)
			}
		}(i)
	}
	sendWG.Wait()
	got := wait(10 * time.Second)
	var ds []time.Duration
	for title, at := range got {
		i, err := strconv.Atoi(strings.TrimPrefix(title, prefix))
		if err == nil && i < total {
			ds = append(ds, at.Sub(sentAt[i]))
		}
	}
	lat := durations(ds)
	fmt.Printf("two instances over NATS, %d msg/s for %s to %d sockets on B: %d of %d delivered, %d send errors, "+
		"latency p50 %s, p99 %s, max %s\n", o.rate, o.dur, n, len(ds), total, failed.Load(), lat.p50, lat.p99, lat.max)
	return nil
}

func natsEnv(u string) []string {
	if u == "" {
		return nil
	}
	return []string{"XZ_NATS_URL=" + u}
}

// prepareSessions makes the role, the users and their sessions in the
// database the server will use (reusing those a kept -data dir has).
func prepareSessions(ctx context.Context, o socketOptions) (*sessions, error) {
	if err := os.Setenv(system.AdminPasswordEnv, adminPassword); err != nil {
		return nil, err
	}
	cfg := config.Default()
	cfg.DataDir = o.data
	cfg.DBURL = o.dbURL
	if cfg.DBURL == "" {
		cfg.DBURL = config.DefaultDBURL(cfg.DataDir)
	}
	cfg.SchemasDir = filepath.Join(o.data, "bench-no-modules")
	if err := os.MkdirAll(cfg.SchemasDir, 0o700); err != nil {
		return nil, err
	}
	cfg.ConsoleFS = nil
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	app, err := engine.New(cfg)
	if err != nil {
		return nil, err
	}
	defer app.Close()
	if err := system.Register(app); err != nil {
		return nil, err
	}
	sys := app.System().(*system.Service)
	st := app.Store()
	db := ent.NewClient(ent.Driver(entsql.OpenDB(st.Dialect(), st.DB())))
	admin, err := db.User.Query().Where(user.Username(system.AdminUsername)).Only(ctx)
	if err != nil {
		return nil, err
	}
	ss := &sessions{tenantID: admin.TenantID}
	super, err := db.Role.Query().Where(role.TenantID(admin.TenantID), role.System(true)).First(ctx)
	if err != nil {
		return nil, err
	}
	r, err := db.Role.Query().Where(role.TenantID(admin.TenantID), role.Name(benchRoleName)).Only(ctx)
	if ent.IsNotFound(err) {
		r, err = db.Role.Create().SetTenantID(admin.TenantID).SetName(benchRoleName).Save(ctx)
	}
	if err != nil {
		return nil, err
	}
	ss.roleID = r.ID
	sender, err := db.User.Query().Where(user.TenantID(admin.TenantID), user.Username(benchSender)).Only(ctx)
	if ent.IsNotFound(err) {
		sender, err = db.User.Create().SetTenantID(admin.TenantID).SetUsername(benchSender).SetPasswordHash("-").
			SetNillableOrgID(admin.OrgID).AddRoleIDs(super.ID).Save(ctx)
	}
	if err != nil {
		return nil, err
	}
	existing, err := db.User.Query().Where(user.TenantID(admin.TenantID), user.UsernameHasPrefix("sock")).
		Order(ent.Asc(user.FieldID)).All(ctx)
	if err != nil {
		return nil, err
	}
	users := existing
	for len(users) < o.users {
		batch := make([]*ent.UserCreate, 0, 500)
		for i := len(users); i < o.users && len(batch) < cap(batch); i++ {
			batch = append(batch, db.User.Create().SetTenantID(admin.TenantID).SetUsername(fmt.Sprintf(benchUserFmt, i)).
				SetPasswordHash("-").SetNillableOrgID(admin.OrgID).AddRoleIDs(r.ID))
		}
		made, err := db.User.CreateBulk(batch...).Save(ctx)
		if err != nil {
			return nil, err
		}
		users = append(users, made...)
	}
	users = users[:o.users]
	authSvc := sys.Auth()
	if ss.sender, err = authSvc.StartSession(ctx, sender, "127.0.0.1", "bench"); err != nil {
		return nil, err
	}
	for _, u := range users {
		tok, err := authSvc.StartSession(ctx, u, "127.0.0.1", "bench")
		if err != nil {
			return nil, err
		}
		ss.users = append(ss.users, u.ID)
		ss.tokens = append(ss.tokens, tok)
	}
	return ss, nil
}

// socketHub holds the bench's sockets and tells waiters what arrived.
type socketHub struct {
	mu      sync.Mutex
	conns   []*websocket.Conn
	cancel  context.CancelFunc
	ctx     context.Context
	waiters []*waiter
	closed  bool
}

type waiter struct {
	match func(title string) bool
	want  int
	got   map[string]time.Time
	count int
	done  chan struct{}
}

func newSocketHub() *socketHub {
	ctx, cancel := context.WithCancel(context.Background())
	return &socketHub{ctx: ctx, cancel: cancel}
}

// open connects a socket for each of users (conc dials at a time).
func (h *socketHub) open(ctx context.Context, base string, ss *sessions, users []int64, conc int) error {
	wsBase := "ws" + strings.TrimPrefix(base, "http")
	token := map[int64]string{}
	for i, id := range ss.users {
		token[id] = ss.tokens[i]
	}
	sem := make(chan struct{}, max(conc, 1))
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	for _, id := range users {
		sem <- struct{}{}
		wg.Add(1)
		go func(id int64) {
			defer func() { <-sem; wg.Done() }()
			dctx, cancel := context.WithTimeout(ctx, 30*time.Second)
			defer cancel()
			c, _, err := websocket.Dial(dctx, fmt.Sprintf("%s/message/websocket/%d_%d", wsBase, ss.tenantID, id),
				&websocket.DialOptions{Subprotocols: []string{"xz.v1", "xz.token." + token[id]}})
			if err != nil {
				mu.Lock()
				if firstErr == nil {
					firstErr = fmt.Errorf("socket of user %d: %w", id, err)
				}
				mu.Unlock()
				return
			}
			c.SetReadLimit(1 << 20)
			h.mu.Lock()
			h.conns = append(h.conns, c)
			h.mu.Unlock()
			go h.read(c)
		}(id)
	}
	wg.Wait()
	return firstErr
}

// read hands every message frame of c to the waiters.
func (h *socketHub) read(c *websocket.Conn) {
	for {
		_, data, err := c.Read(h.ctx)
		if err != nil {
			return
		}
		at := time.Now()
		var f struct {
			Type    string
			Message struct{ Title string }
		}
		if json.Unmarshal(data, &f) != nil || f.Type != "message" {
			continue
		}
		h.mu.Lock()
		for _, w := range h.waiters {
			if w.match(f.Message.Title) && w.count < w.want {
				w.got[f.Message.Title+"#"+strconv.Itoa(w.count)] = at
				w.count++
				if w.count == w.want {
					close(w.done)
				}
			}
		}
		h.mu.Unlock()
	}
}

// expect waits for n copies of one title; expectPrefix for n titles with
// a prefix (each once). Both answer a function that waits up to a time
// and returns the arrival times by title.
func (h *socketHub) expect(title string, n int) func(time.Duration) map[string]time.Time {
	return h.add(&waiter{match: func(s string) bool { return s == title }, want: n})
}

func (h *socketHub) expectPrefix(prefix string, n int) func(time.Duration) map[string]time.Time {
	w := &waiter{match: func(s string) bool { return strings.HasPrefix(s, prefix) }, want: n}
	wait := h.add(w)
	return func(d time.Duration) map[string]time.Time {
		got := wait(d)
		out := map[string]time.Time{}
		for k, v := range got {
			out[k[:strings.LastIndex(k, "#")]] = v
		}
		return out
	}
}

func (h *socketHub) add(w *waiter) func(time.Duration) map[string]time.Time {
	w.got = map[string]time.Time{}
	w.done = make(chan struct{})
	h.mu.Lock()
	h.waiters = append(h.waiters, w)
	h.mu.Unlock()
	return func(d time.Duration) map[string]time.Time {
		select {
		case <-w.done:
		case <-time.After(d):
		}
		h.mu.Lock()
		defer h.mu.Unlock()
		return maps.Clone(w.got)
	}
}

func (h *socketHub) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.conns)
}

func (h *socketHub) close() {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return
	}
	h.closed = true
	conns := h.conns
	h.mu.Unlock()
	h.cancel()
	for _, c := range conns {
		c.CloseNow()
	}
}

// call sends one API call with a token and fails on a non-2xx answer.
func call(ctx context.Context, client *http.Client, method, target, token, body string) error {
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, target, rd)
	if err != nil {
		return err
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	auth(req, token)
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 {
		return errors.New(resp.Status + " " + string(b))
	}
	return nil
}

// spread is a latency summary.
type spread struct{ p50, p99, max time.Duration }

func latencies(got map[string]time.Time, sent time.Time) spread {
	ds := make([]time.Duration, 0, len(got))
	for _, at := range got {
		ds = append(ds, at.Sub(sent))
	}
	return durations(ds)
}

func durations(ds []time.Duration) spread {
	if len(ds) == 0 {
		return spread{}
	}
	slices.Sort(ds)
	at := func(q float64) time.Duration {
		return ds[min(len(ds)-1, int(q*float64(len(ds))))].Round(time.Millisecond)
	}
	return spread{p50: at(0.50), p99: at(0.99), max: ds[len(ds)-1].Round(time.Millisecond)}
}

// printMemoryAs prints the server's resident memory under a heading.
func printMemoryAs(what string, s *server) {
	fmt.Printf("%s: ", what)
	printMemory(s.cmd.Process.Pid)
}

package message

// Test helpers: a real App (system administration and the message part)
// on a temporary data directory or a PostgreSQL database, with an
// organisation tree and users made through ent, tokens from real
// sessions, and requests through the real handler.

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/config"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/org"
	"xiangzhi/generated/ent/role"
	"xiangzhi/generated/ent/user"
	"xiangzhi/modules/system"
)

// ticketYAML is a small module with a status, an organisation scope and a
// user field, the shape of an event assigned to a handler.
const ticketYAML = `name: ticket
title: 工单
api: /test/api/tickets
permission: test.ticket
orgScoped: true
fields:
  - {name: title, label: 标题, type: string, required: true, maxLength: 50, list: true}
  - {name: handler, label: 承办人, type: ref, ref: user, filter: equals}
status:
  field: ticketStatus
  values: {1: 待派遣, 2: 处置中, 3: 已办结}
  initial: 1
  actions:
    - {name: dispatch, label: 派遣, from: [1], to: 2}
    - {name: close, label: 办结, from: [2], to: 3}
`

// env is a running app with an organisation tree and users.
type env struct {
	app      *engine.App
	svc      *Service
	auth     *auth.Service
	ent      *ent.Client
	tenantID int64
	// orgs: root, a and b (children of root) by name.
	orgs map[string]*ent.Org
	// users by name: admin (root, super admin), alice (a, super admin),
	// bob (b, super admin), carol (a, no role).
	users  map[string]*ent.User
	tokens map[string]string
	logs   *syncBuffer
}

// envOptions say how to build a test app.
type envOptions struct {
	dbURL      string // "" for SQLite
	natsURL    string // "" for the in-process bus
	schemasDir string // "" for a fresh one with the ticket module
	opts       Options
}

func newEnv(t *testing.T, o envOptions) *env {
	t.Helper()
	t.Setenv(system.AdminPasswordEnv, "Xz-message-2024!")
	cfg := config.Default()
	cfg.DataDir = t.TempDir()
	cfg.DBURL = o.dbURL
	if cfg.DBURL == "" {
		cfg.DBURL = config.DefaultDBURL(cfg.DataDir)
	}
	cfg.NATSURL = o.natsURL
	cfg.SchemasDir = o.schemasDir
	if cfg.SchemasDir == "" {
		cfg.SchemasDir = t.TempDir()
		if err := os.WriteFile(filepath.Join(cfg.SchemasDir, "ticket.yaml"), []byte(ticketYAML), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	cfg.ConsoleFS = nil
	logs := &syncBuffer{}
	cfg.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelInfo}))
	t.Cleanup(func() {
		if t.Failed() && logs.Len() > 0 {
			t.Logf("server log:\n%s", logs.String())
		}
	})
	app, err := engine.New(cfg)
	if err != nil {
		t.Fatalf("engine.New: %v", err)
	}
	t.Cleanup(func() { app.Close() })
	if err := system.Register(app); err != nil {
		t.Fatalf("system.Register: %v", err)
	}
	svc, err := register(app, o.opts)
	if err != nil {
		t.Fatalf("register: %v", err)
	}
	e := &env{app: app, svc: svc, auth: app.System().(*system.Service).Auth(), ent: svc.ent, logs: logs,
		orgs: map[string]*ent.Org{}, users: map[string]*ent.User{}, tokens: map[string]string{}}
	e.seed(t)
	return e
}

// seed makes (or, on a database another test app already seeded, finds)
// the organisations and users, and signs every user in.
func (e *env) seed(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	admin, err := e.ent.User.Query().Where(user.Username(system.AdminUsername)).WithOrg().Only(ctx)
	if err != nil {
		t.Fatal(err)
	}
	e.tenantID = admin.TenantID
	e.orgs["root"] = admin.Edges.Org
	super, err := e.ent.Role.Query().Where(role.TenantID(e.tenantID), role.System(true)).First(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a", "b"} {
		o, err := e.ent.Org.Query().Where(org.TenantID(e.tenantID), org.OrgName("org-"+name)).Only(ctx)
		if ent.IsNotFound(err) {
			o, err = e.ent.Org.Create().SetTenantID(e.tenantID).SetOrgName("org-" + name).
				SetParentID(e.orgs["root"].ID).SetLevel(2).Save(ctx)
			if err == nil {
				o, err = o.Update().SetPath(system.OrgPath(e.orgs["root"].Path, o.ID)).Save(ctx)
			}
		}
		if err != nil {
			t.Fatal(err)
		}
		e.orgs[name] = o
	}
	admin, err = admin.Update().SetMustChangePassword(false).Save(ctx)
	if err != nil {
		t.Fatal(err)
	}
	e.users["admin"] = admin
	for _, u := range []struct {
		name, org string
		super     bool
	}{{"alice", "a", true}, {"bob", "b", true}, {"carol", "a", false}} {
		got, err := e.ent.User.Query().Where(user.TenantID(e.tenantID), user.Username(u.name)).Only(ctx)
		if ent.IsNotFound(err) {
			c := e.ent.User.Create().SetTenantID(e.tenantID).SetUsername(u.name).SetPasswordHash("x").
				SetOrgID(e.orgs[u.org].ID)
			if u.super {
				c.AddRoleIDs(super.ID)
			}
			got, err = c.Save(ctx)
		}
		if err != nil {
			t.Fatal(err)
		}
		e.users[u.name] = got
	}
	// A reload makes the permission model read the new role grants.
	if err := e.app.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	for name, u := range e.users {
		tok, err := e.auth.StartSession(ctx, u, "127.0.0.1", "test")
		if err != nil {
			t.Fatal(err)
		}
		e.tokens[name] = tok
	}
}

// uid is a user's id.
func (e *env) uid(name string) int64 { return e.users[name].ID }

// do sends one request as the named user ("" for none) and decodes the
// envelope's data into out (when not nil); it answers the status.
func (e *env) do(t *testing.T, as, method, target string, body any, out any) (int, string) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, target, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if as != "" {
		req.Header.Set("Authorization", "Bearer "+e.tokens[as])
	}
	rec := httptest.NewRecorder()
	e.app.Handler().ServeHTTP(rec, req)
	if out != nil && rec.Code == http.StatusOK {
		var env struct{ Data json.RawMessage }
		if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil {
			t.Fatalf("%s %s: %v: %s", method, target, err, rec.Body)
		}
		if err := json.Unmarshal(env.Data, out); err != nil {
			t.Fatalf("%s %s data: %v: %s", method, target, err, rec.Body)
		}
	}
	return rec.Code, rec.Body.String()
}

// unread is a user's unread count through the API.
func (e *env) unread(t *testing.T, as string) int {
	t.Helper()
	var n int
	if code, body := e.do(t, as, http.MethodGet, Base+"/unreadCount", nil, &n); code != http.StatusOK {
		t.Fatalf("unreadCount as %s = %d %s", as, code, body)
	}
	return n
}

// page is a decoded message list.
type page struct {
	Data         []Message `json:"data"`
	RecordsTotal int64     `json:"recordsTotal"`
}

// syncBuffer is a bytes.Buffer safe for the logger's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func (s *syncBuffer) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Len()
}

// contains reports whether the log holds text.
func (s *syncBuffer) contains(text string) bool { return strings.Contains(s.String(), text) }

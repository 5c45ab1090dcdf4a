package approval

// Test harness: a real app (engine, system module, approval workflow) on
// SQLite, PostgreSQL or MariaDB, with a county → township → village tree,
// a second township outside it, roles granted the test modules' codes,
// users signed in through the real RSA-OAEP login, and the workflow's
// events recorded.

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine"
	"xiangzhi/engine/apitest"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/config"
	"xiangzhi/engine/workflow"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/menu"
	"xiangzhi/generated/ent/org"
	"xiangzhi/modules/system"
)

const password = "Xz-test-2024"

// testCalendar is the National Day week of 2026 as the shipped calendar
// has it: 1–7 October off, Saturday 10 October worked.
const testCalendar = `
- type: wf_holiday
  title: 法定节假日
  items:
    - {value: "2026-10-01", label: 国庆节}
    - {value: "2026-10-02", label: 国庆节}
    - {value: "2026-10-03", label: 国庆节}
    - {value: "2026-10-04", label: 国庆节}
    - {value: "2026-10-05", label: 国庆节}
    - {value: "2026-10-06", label: 国庆节}
    - {value: "2026-10-07", label: 国庆节}
- type: wf_workday
  title: 调休上班日
  items:
    - {value: "2026-10-10", label: 国庆节调休上班}
`

// recorder keeps every event the workflow raises.
type recorder struct {
	mu     sync.Mutex
	events []workflow.Event
}

func (r *recorder) Notify(_ context.Context, events []workflow.Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, events...)
}

// take returns the events recorded since the last take.
func (r *recorder) take() []workflow.Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.events
	r.events = nil
	return out
}

// testClock is the workflow's clock in tests: the real time until a test
// sets one.
type testClock struct {
	mu sync.Mutex
	at time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.at.IsZero() {
		return time.Now()
	}
	return c.at
}

func (c *testClock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.at = t
}

// env is a running app with its people.
type env struct {
	clock   *testClock
	t       testing.TB
	app     *engine.App
	ent     *ent.Client
	wf      *workflow.Engine
	events  *recorder
	schemas string
	tenant  int64
	orgs    map[string]*ent.Org
	users   map[string]*ent.User
	tokens  map[string]string
}

// testDBs are sqlite and, when their variables are set, postgres and mysql.
func testDBs() []struct {
	name string
	url  func(*testing.T) string
} {
	dbs := []struct {
		name string
		url  func(*testing.T) string
	}{{"sqlite", func(*testing.T) string { return "" }}}
	if os.Getenv("XZ_TEST_POSTGRES") != "" {
		dbs = append(dbs, struct {
			name string
			url  func(*testing.T) string
		}{"postgres", apitest.PostgresURL})
	}
	if os.Getenv("XZ_TEST_MYSQL") != "" {
		dbs = append(dbs, struct {
			name string
			url  func(*testing.T) string
		}{"mysql", apitest.MySQLURL})
	}
	return dbs
}

// forEachDB runs fn on a fresh env per database.
func forEachDB(t *testing.T, fn func(t *testing.T, e *env)) {
	for _, db := range testDBs() {
		t.Run(db.name, func(t *testing.T) { fn(t, newEnv(t, db.url(t))) })
	}
}

// people are the test users: username → organisation key and role names.
var people = []struct {
	name, org string
	roles     []string
}{
	{"applicant", "village", []string{"申请人"}},
	{"neighbour", "village", []string{"申请人"}},
	{"vcheck", "village", []string{"村审核员"}},
	{"t1", "township", []string{"乡镇审批员"}},
	{"t2", "township", []string{"乡镇审批员"}},
	{"t3", "township", []string{"乡镇审批员"}},
	{"c1", "county", []string{"县级审批员"}},
	{"far", "township2", []string{"乡镇审批员"}},
	{"farApplicant", "village2", []string{"申请人"}},
	{"fin", "township2", nil}, // named in a workflow; outside the applicant's chain
}

// roleCodes are the codes each role gets on every test module.
var roleCodes = map[string][]string{
	"申请人":  {"list", "view", "add", "edit", "submit"},
	"村审核员": {"list", "view"}, "乡镇审批员": {"list", "view"}, "县级审批员": {"list", "view"},
}

func newEnv(t testing.TB, dbURL string) *env {
	t.Helper()
	e := &env{t: t, clock: &testClock{}, events: &recorder{}, schemas: t.TempDir(), orgs: map[string]*ent.Org{},
		users: map[string]*ent.User{}, tokens: map[string]string{}}
	writeFile(t, filepath.Join(e.schemas, "_menus.yaml"), "- {name: office, title: 办公系统, order: 10}\n")
	writeFile(t, filepath.Join(e.schemas, "_dicts.yaml"), testCalendar)
	for name, text := range testModules {
		writeFile(t, filepath.Join(e.schemas, "office", name+".yaml"), text)
	}
	cfg := config.Default()
	cfg.DataDir, cfg.DBURL, cfg.SchemasDir, cfg.ConsoleFS = t.TempDir(), dbURL, e.schemas, nil
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	app, err := engine.New(cfg)
	if err != nil {
		t.Fatalf("engine.New: %v", err)
	}
	t.Cleanup(func() { app.Close() })
	if err := system.Register(app); err != nil {
		t.Fatalf("system.Register: %v", err)
	}
	if e.wf, err = Setup(app, e.events, func(o *workflow.Options) { o.Now = e.clock.Now }); err != nil {
		t.Fatalf("Setup: %v", err)
	}
	e.app = app
	e.ent = ent.NewClient(ent.Driver(entsql.OpenDB(app.Store().Dialect(), app.Store().DB())))
	e.fixtures()
	return e
}

// fixtures make the tree, the roles and the users, then reload the
// permissions (a schema reload re-reads them).
func (e *env) fixtures() {
	ctx := context.Background()
	county, err := e.ent.Org.Query().Where(org.ParentID(0)).Order(ent.Asc(org.FieldID)).First(ctx)
	if err != nil {
		e.t.Fatal(err)
	}
	e.tenant = county.TenantID
	e.orgs["county"] = county
	e.orgs["township"] = e.org("township", county, "城关镇")
	e.orgs["village"] = e.org("village", e.orgs["township"], "东村")
	e.orgs["township2"] = e.org("township2", county, "西河镇")
	e.orgs["village2"] = e.org("village2", e.orgs["township2"], "西村")
	roles := map[string]int64{}
	for name, ops := range roleCodes {
		r, err := e.ent.Role.Create().SetTenantID(e.tenant).SetName(name).SetIcon("icon").Save(ctx)
		if err != nil {
			e.t.Fatal(err)
		}
		roles[name] = r.ID
		for _, m := range e.app.Modules().Modules {
			for _, op := range ops {
				mn, err := e.ent.Menu.Query().Where(menu.PermissionCode(m.Code(op)), menu.TerminalEQ(menu.TerminalWeb)).First(ctx)
				if err != nil {
					e.t.Fatalf("menu of %s: %v", m.Code(op), err)
				}
				if err := e.ent.RoleMenu.Create().SetRoleID(r.ID).SetMenuID(mn.ID).Exec(ctx); err != nil {
					e.t.Fatal(err)
				}
			}
		}
	}
	hash, err := auth.HashPassword(password)
	if err != nil {
		e.t.Fatal(err)
	}
	for _, p := range people {
		o := e.orgs[p.org]
		c := e.ent.User.Create().SetTenantID(e.tenant).SetUsername(p.name).SetFamilyName("用户").SetName(p.name).
			SetPasswordHash(hash).SetOrgID(o.ID).AddOrgIDs(o.ID)
		for _, r := range p.roles {
			c.AddRoleIDs(roles[r])
		}
		if e.users[p.name], err = c.Save(ctx); err != nil {
			e.t.Fatal(err)
		}
	}
	if err := e.app.Reload(ctx); err != nil {
		e.t.Fatalf("reload: %v", err)
	}
}

func (e *env) org(key string, parent *ent.Org, name string) *ent.Org {
	ctx := context.Background()
	o, err := e.ent.Org.Create().SetTenantID(parent.TenantID).SetOrgName(name).SetParentID(parent.ID).
		SetLevel(parent.Level + 1).Save(ctx)
	if err != nil {
		e.t.Fatal(err)
	}
	if o, err = o.Update().SetPath(system.OrgPath(parent.Path, o.ID)).Save(ctx); err != nil {
		e.t.Fatal(err)
	}
	return o
}

// token signs a test user in (once).
func (e *env) token(username string) string {
	if tok := e.tokens[username]; tok != "" {
		return tok
	}
	t := e.t
	t.Helper()
	_, env := e.call("", http.MethodGet, "/api/system/publicKey", nil)
	block, _ := pem.Decode([]byte(env["data"].(string)))
	pub, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	ct, err := rsa.EncryptOAEP(sha256.New(), rand.Reader, pub.(*rsa.PublicKey), []byte(password), nil)
	if err != nil {
		t.Fatal(err)
	}
	status, env := e.call("", http.MethodPost, "/api/system/login",
		map[string]any{"username": username, "password": base64.StdEncoding.EncodeToString(ct)})
	data, _ := env["data"].(map[string]any)
	tok, _ := data["token"].(string)
	if status != http.StatusOK || tok == "" {
		t.Fatalf("login %s = %d %v", username, status, env)
	}
	e.tokens[username] = tok
	return tok
}

// call sends a JSON request and decodes the envelope.
func (e *env) call(token, method, path string, body any) (int, map[string]any) {
	e.t.Helper()
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			e.t.Fatal(err)
		}
		r = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, path, r)
	if r != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	rec := httptest.NewRecorder()
	e.app.Handler().ServeHTTP(rec, req)
	out := map[string]any{}
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		e.t.Fatalf("%s %s: not JSON: %s", method, path, rec.Body.String())
	}
	return rec.Code, out
}

// as calls as a user and fails the test unless the answer is want; it
// returns the envelope's data.
func (e *env) as(user string, want int, method, path string, body any) any {
	e.t.Helper()
	status, env := e.call(e.token(user), method, path, body)
	if status != want {
		e.t.Fatalf("%s %s %s = %d %v, want %d", user, method, path, status, env, want)
	}
	return env["data"]
}

// decode turns an answer's data into v.
func decode(t testing.TB, data any, v any) {
	t.Helper()
	b, err := json.Marshal(data)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("decode %s: %v", b, err)
	}
}

func writeFile(t testing.TB, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(strings.TrimLeft(text, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
}

func path(format string, args ...any) string { return fmt.Sprintf(format, args...) }

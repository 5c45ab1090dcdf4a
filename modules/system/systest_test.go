package system

// Test helpers of the system API, shared by every _test.go file of the
// package: a real App over a temporary database with a small test module,
// login through the real RSA-OAEP flow, JSON calls, and fixtures (tenants,
// organisations, roles, users) written straight through ent.

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver

	"xiangzhi/engine"
	"xiangzhi/engine/apitest"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/config"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/menu"
	"xiangzhi/generated/ent/org"
	"xiangzhi/generated/ent/user"
)

// testPassword follows the password policy; createUser gives it to users
// unless told otherwise, and adminToken sets it as the admin's password.
const testPassword = "Xz-test-2024"

// rotated is the password login changes a forced-change password to: the
// given one with its first character moved to the end (still within the
// policy for every password the tests use).
func rotated(p string) string {
	if len(p) < 2 {
		return p + "Aa1!"
	}
	return p[1:] + p[:1]
}

// Test module: one organisation-scoped register with a workflow, export,
// import and stats, so the data-scope tests reach every module operation.
const testMenusYAML = `
- {name: village, title: 村务管理, order: 10}
`

const testModuleYAML = `
name: villageRecord
title: 村务记录
group: village
api: /village/records
permission: village.record
orgScoped: true
fields:
  - {name: title, label: 标题, type: string, required: true, maxLength: 50, list: true, filter: contains}
  - {name: kind, label: 类别, type: enum, options: [{value: 1, label: 甲}, {value: 2, label: 乙}], list: true, filter: equals}
status:
  field: auditStatus
  label: 审核状态
  values: {1: 审核中, 2: 已通过, 3: 已驳回}
  initial: 1
  actions:
    - {name: approve, label: 通过, from: [1], to: 2}
    - {name: reject, label: 驳回, from: [1], to: 3, comment: required}
export: true
import: true
stats: [kind]
`

// testModuleAPI is the base path of the test module.
const testModuleAPI = "/village/records"

// testDB is a database a test app can run on: sqlite (always), postgres
// and mysql (when XZ_TEST_POSTGRES / XZ_TEST_MYSQL are set).
type testDB struct {
	name string
	// open returns the XZ_DB_URL of a fresh, empty database that is
	// dropped when the test ends ("" for a SQLite file in the data dir).
	open func(t *testing.T) string
}

// testDBs lists sqlite and, when their variables are set, postgres and
// mysql.
func testDBs() []testDB {
	dbs := []testDB{{name: "sqlite", open: func(*testing.T) string { return "" }}}
	if os.Getenv("XZ_TEST_POSTGRES") != "" {
		dbs = append(dbs, testDB{name: "postgres", open: apitest.PostgresURL})
	}
	if os.Getenv("XZ_TEST_MYSQL") != "" {
		dbs = append(dbs, testDB{name: "mysql", open: apitest.MySQLURL})
	}
	return dbs
}

// forEachDB runs fn in a subtest per database of testDBs, each on a new
// app.
func forEachDB(t *testing.T, fn func(t *testing.T, app *engine.App, s *Service)) {
	for _, db := range testDBs() {
		t.Run(db.name, func(t *testing.T) {
			app, s := newTestAppOn(t, db)
			fn(t, app, s)
		})
	}
}

// newTestApp is a registered app on a SQLite file in a temp data dir,
// serving the test module from a temp schemas dir.
func newTestApp(t *testing.T) (*engine.App, *Service) {
	t.Helper()
	return newTestAppOn(t, testDBs()[0])
}

// clocks lets a test move the clock of the app it made (lockout expiry,
// token expiry).
var clocks sync.Map // *Service → *testClock

type testClock struct {
	mu     sync.Mutex
	offset time.Duration
	frozen time.Time // when set, the clock stands there (plus offset)
}

func (c *testClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.frozen.IsZero() {
		return c.frozen.Add(c.offset)
	}
	return time.Now().Add(c.offset)
}

// freeze stops the clock of s's app at the current whole second (every
// database keeps the login log's seconds alike), so a test of waits
// measured in seconds does not depend on how fast the machine runs it;
// advance still moves it.
func freeze(t *testing.T, s *Service) {
	t.Helper()
	c, ok := clocks.Load(s)
	if !ok {
		t.Fatal("no test clock for this service")
	}
	tc := c.(*testClock)
	tc.mu.Lock()
	tc.frozen = time.Now().Add(tc.offset).Truncate(time.Second).Add(time.Second)
	tc.offset = 0
	tc.mu.Unlock()
}

// advance moves the clock of s's app forward by d.
func advance(t *testing.T, s *Service, d time.Duration) {
	t.Helper()
	c, ok := clocks.Load(s)
	if !ok {
		t.Fatal("no test clock for this service")
	}
	tc := c.(*testClock)
	tc.mu.Lock()
	tc.offset += d
	tc.mu.Unlock()
}

// newTestAppOn is newTestApp on the database db.
func newTestAppOn(t *testing.T, db testDB) (*engine.App, *Service) {
	t.Helper()
	schemas := t.TempDir()
	writeFile(t, filepath.Join(schemas, "_menus.yaml"), testMenusYAML)
	writeFile(t, filepath.Join(schemas, "village", "record.yaml"), testModuleYAML)
	cfg := config.Default()
	cfg.DataDir = t.TempDir()
	cfg.DBURL = db.open(t)
	cfg.SchemasDir = schemas
	cfg.ConsoleFS = nil
	logs := &syncBuffer{}
	cfg.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelWarn}))
	t.Cleanup(func() {
		if t.Failed() && logs.Len() > 0 {
			t.Logf("server warnings and errors:\n%s", logs.String())
		}
	})
	app, err := engine.New(cfg)
	if err != nil {
		t.Fatalf("engine.New: %v", err)
	}
	t.Cleanup(func() { app.Close() })
	clock := &testClock{}
	s, err := register(app, options{now: clock.now})
	if err != nil {
		t.Fatalf("register: %v", err)
	}
	clocks.Store(s, clock)
	t.Cleanup(func() { clocks.Delete(s) })
	return app, s
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(strings.TrimLeft(text, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
}

func uniqueName(prefix string) string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return prefix + hex.EncodeToString(b)
}

// call sends a request to app and decodes the JSON envelope (an answer
// that is not JSON leaves it empty). body is sent
// as JSON unless it is a string or []byte (sent as is, as JSON) or nil.
// token goes into Authorization as "Bearer <token>" unless empty.
func call(t *testing.T, app *engine.App, token, method, path string, body any) (int, map[string]any) {
	t.Helper()
	rec := do(t, app, token, method, path, body)
	env := map[string]any{}
	// Files (xlsx exports, templates) are not envelopes: env stays empty.
	if rec.Body.Len() > 0 && strings.Contains(rec.Header().Get("Content-Type"), "json") {
		if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil {
			t.Fatalf("%s %s: answer is not a JSON object: %v\n%s", method, path, err, rec.Body.String())
		}
	}
	return rec.Code, env
}

// do sends a request to app and returns the raw answer.
func do(t *testing.T, app *engine.App, token, method, path string, body any) *httptest.ResponseRecorder {
	t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	case []byte:
		r = bytes.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		r = bytes.NewReader(data)
	}
	req := httptest.NewRequest(method, path, r)
	if r != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	req.RemoteAddr = "192.0.2.10:40000"
	rec := httptest.NewRecorder()
	app.Handler().ServeHTTP(rec, req)
	return rec
}

// mustOK fails the test unless the call answered 200 with code 0, and
// returns the envelope's data.
func mustOK(t *testing.T, app *engine.App, token, method, path string, body any) any {
	t.Helper()
	status, env := call(t, app, token, method, path, body)
	if status != http.StatusOK || num(env["code"]) != 0 {
		t.Fatalf("%s %s = %d %v, want 200 code 0", method, path, status, env)
	}
	return env["data"]
}

// num reads a JSON number (float64 or json.Number) or a decimal string as
// an int64; anything else is -1.
func num(v any) int64 {
	switch x := v.(type) {
	case float64:
		return int64(x)
	case json.Number:
		n, err := x.Int64()
		if err == nil {
			return n
		}
	case string:
		n, err := strconv.ParseInt(x, 10, 64)
		if err == nil {
			return n
		}
	case int64:
		return x
	case int:
		return int64(x)
	}
	return -1
}

// encrypt does what the browser does: RSA-OAEP (SHA-256) with the public
// key the server serves, base64.
func encrypt(t *testing.T, app *engine.App, plain string) string {
	t.Helper()
	status, env := call(t, app, "", http.MethodGet, "/api/system/publicKey", nil)
	text, _ := env["data"].(string)
	if status != http.StatusOK || text == "" {
		t.Fatalf("publicKey = %d %v", status, env)
	}
	block, _ := pem.Decode([]byte(text))
	if block == nil {
		t.Fatalf("public key is not PEM: %q", text)
	}
	pub, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	ct, err := rsa.EncryptOAEP(sha256.New(), rand.Reader, pub.(*rsa.PublicKey), []byte(plain), nil)
	if err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(ct)
}

// tryLogin posts the login call and returns its status and envelope.
func tryLogin(t *testing.T, app *engine.App, body map[string]any, password string) (int, map[string]any) {
	t.Helper()
	body["password"] = encrypt(t, app, password)
	return call(t, app, "", http.MethodPost, "/api/system/login", body)
}

// login signs username in with password and returns the token. When the
// server demands a password change first, login changes the password to
// rotated(password) and returns the token that change answers with.
// tenantCode, when given, picks the tenant (default tenant otherwise).
func login(t *testing.T, app *engine.App, username, password string, tenantCode ...string) string {
	t.Helper()
	body := map[string]any{"username": username}
	if len(tenantCode) > 0 {
		body["tenantCode"] = tenantCode[0]
	}
	status, env := tryLogin(t, app, body, password)
	if status != http.StatusOK || num(env["code"]) != 0 {
		t.Fatalf("login %s = %d %v", username, status, env)
	}
	data := env["data"].(map[string]any)
	token := data["token"].(string)
	if must, _ := data["mustChangePassword"].(bool); must {
		token = changePassword(t, app, token, username, password, rotated(password))
	}
	return token
}

// changePassword changes the password through the API and returns the new
// token.
func changePassword(t *testing.T, app *engine.App, token, username, oldPassword, newPassword string) string {
	t.Helper()
	data := mustOK(t, app, token, http.MethodPut, "/api/system/cscpUserPassword", map[string]any{
		"userName":    username,
		"oldPassword": encrypt(t, app, oldPassword),
		"newPassword": encrypt(t, app, newPassword),
	})
	m, _ := data.(map[string]any)
	tok, _ := m["token"].(string)
	if tok == "" {
		t.Fatalf("password change answered no token: %v", data)
	}
	return tok
}

// adminPassword is the admin's initial password: XZ_ADMIN_PASSWORD, or
// the generated one the bootstrap wrote into the data directory.
func adminPassword(t *testing.T, app *engine.App) string {
	t.Helper()
	if p := os.Getenv(AdminPasswordEnv); p != "" {
		return p
	}
	b, err := os.ReadFile(filepath.Join(app.Config().DataDir, InitialPasswordFile))
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(b))
}

// adminToken signs the built-in admin in; on the first call it changes the
// initial password to testPassword.
func adminToken(t *testing.T, app *engine.App, s *Service) string {
	t.Helper()
	ctx := context.Background()
	admin, err := s.ent.User.Query().Where(user.TenantID(s.tenantID), user.Username(AdminUsername)).Only(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !admin.MustChangePassword {
		return login(t, app, AdminUsername, testPassword)
	}
	status, env := tryLogin(t, app, map[string]any{"username": AdminUsername}, adminPassword(t, app))
	if status != http.StatusOK {
		t.Fatalf("admin login = %d %v", status, env)
	}
	token := env["data"].(map[string]any)["token"].(string)
	return changePassword(t, app, token, AdminUsername, adminPassword(t, app), testPassword)
}

// rootOrg is the first-level organisation of a tenant (the bootstrap's in
// the default tenant).
func rootOrg(t *testing.T, s *Service, tenantID int64) *ent.Org {
	t.Helper()
	o, err := s.ent.Org.Query().Where(org.TenantID(tenantID), org.ParentID(0)).Order(ent.Asc(org.FieldID)).
		First(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// createTenant makes a tenant with code and a first-level organisation and
// returns both.
func createTenant(t *testing.T, s *Service, code string) (*ent.Tenant, *ent.Org) {
	t.Helper()
	tn, err := s.ent.Tenant.Create().SetCode(code).SetName("租户" + code).Save(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return tn, createOrg(t, s, tn.ID, 0, "县"+code)
}

// createOrg makes an organisation under parentID (0: first level) with its
// path and level.
func createOrg(t *testing.T, s *Service, tenantID, parentID int64, name string) *ent.Org {
	t.Helper()
	ctx := context.Background()
	parentPath, level := "", 1
	if parentID != 0 {
		p, err := s.ent.Org.Get(ctx, parentID)
		if err != nil {
			t.Fatal(err)
		}
		parentPath, level = p.Path, p.Level+1
	}
	o, err := s.ent.Org.Create().SetTenantID(tenantID).SetOrgName(name).SetParentID(parentID).
		SetLevel(level).Save(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if o, err = o.Update().SetPath(OrgPath(parentPath, o.ID)).Save(ctx); err != nil {
		t.Fatal(err)
	}
	return o
}

// createRole makes a role of the tenant granted the web menus that carry
// codes (a button menu is created for a code no menu carries), and reloads
// the permissions.
func createRole(t *testing.T, s *Service, tenantID int64, name string, codes ...string) *ent.Role {
	t.Helper()
	ctx := context.Background()
	r, err := s.ent.Role.Create().SetTenantID(tenantID).SetName(name).SetIcon("icon").Save(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range codes {
		m, err := s.ent.Menu.Query().Where(menu.PermissionCode(code), menu.TerminalEQ(menu.TerminalWeb)).
			First(ctx)
		if ent.IsNotFound(err) {
			m, err = s.ent.Menu.Create().SetType(menu.TypeButton).SetTerminal(menu.TerminalWeb).
				SetTitle(code).SetName(code).SetPermissionCode(code).Save(ctx)
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := s.ent.RoleMenu.Create().SetRoleID(r.ID).SetMenuID(m.ID).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.authz.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	return r
}

// userSpec describes a user for createUser; zero values take defaults
// (default tenant, its first-level organisation, testPassword, no roles).
type userSpec struct {
	Username string
	Password string
	TenantID int64
	OrgID    int64
	RoleIDs  []int64
	Mobile   string
}

// createUser makes a user straight through ent with a password that needs
// no change, a member of its organisation, and reloads the permissions.
func createUser(t *testing.T, s *Service, u userSpec) *ent.User {
	t.Helper()
	ctx := context.Background()
	if u.TenantID == 0 {
		u.TenantID = s.tenantID
	}
	if u.OrgID == 0 {
		u.OrgID = rootOrg(t, s, u.TenantID).ID
	}
	if u.Password == "" {
		u.Password = testPassword
	}
	if u.Username == "" {
		u.Username = uniqueName("u")[:12]
	}
	hash, err := auth.HashPassword(u.Password)
	if err != nil {
		t.Fatal(err)
	}
	row, err := s.ent.User.Create().SetTenantID(u.TenantID).SetUsername(u.Username).
		SetFamilyName("张").SetName("三").SetMobile(u.Mobile).SetPasswordHash(hash).SetOrgID(u.OrgID).
		AddOrgIDs(u.OrgID).AddRoleIDs(u.RoleIDs...).Save(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.authz.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	return row
}

// tokenWithCodes makes a user of the default tenant's first-level
// organisation holding exactly codes (through a fresh role) and signs it
// in.
func tokenWithCodes(t *testing.T, app *engine.App, s *Service, codes ...string) string {
	t.Helper()
	var roles []int64
	if len(codes) > 0 {
		roles = append(roles, createRole(t, s, s.tenantID, uniqueName("role"), codes...).ID)
	}
	u := createUser(t, s, userSpec{RoleIDs: roles})
	return login(t, app, u.Username, testPassword)
}

// engineApp shortens the app type in test signatures.
type engineApp = engine.App

// doRaw sends a GET with the token as the whole Authorization header (no
// "Bearer ") and returns the status.
func doRaw(t *testing.T, app *engine.App, token, method, path string) int {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	req.Header.Set("Authorization", token)
	rec := httptest.NewRecorder()
	app.Handler().ServeHTTP(rec, req)
	return rec.Code
}

// syncBuffer collects the server's log lines, safely across goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Len()
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

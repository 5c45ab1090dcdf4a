// Package demotest runs tests against a real app over a demo county: the
// engine on a SQLite file in t.TempDir() serving the embedded schema set,
// filled by demo.Generate, with the system module (login, authorizer,
// data scope) and whatever hook packages the test registers, and users
// signed in through the real login (RSA-OAEP, as the browser does).
package demotest

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
	"strings"
	"testing"
	"time"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/config"
	"xiangzhi/engine/query"
	"xiangzhi/engine/store"
	"xiangzhi/generated/ent"
	"xiangzhi/modules/oos"
	"xiangzhi/modules/system"
	"xiangzhi/schemas"
	"xiangzhi/tools/demo"
)

// Villagers is the size of a test county: ten villagers a village keeps
// the generator fast while every module still gets records.
const Villagers = 120

// Now is the reference time of test counties, so their data is the same
// every run.
var Now = time.Date(2025, 11, 22, 10, 0, 0, 0, time.Local)

// Env is a running app over a demo county.
type Env struct {
	App    *engine.App
	Ent    *ent.Client
	County *demo.Result
}

// New builds the app, fills the demo county, registers the system module
// and then each of register (hook packages' Register functions).
func New(t testing.TB, register ...func(*engine.App) error) *Env {
	t.Helper()
	return NewOn(t, NewApp(t), register...)
}

// NewOn is New on the given app (e.g. NewAppOn a PostgreSQL or MariaDB
// database): the demo county, system administration and the given hooks.
func NewOn(t testing.TB, app *engine.App, register ...func(*engine.App) error) *Env {
	t.Helper()
	return NewSized(t, app, Villagers, register...)
}

// NewSized is NewOn with a county of the given number of villagers: the
// benchmarks measure the demo county's real size (2,000) where the tests
// keep the small one.
func NewSized(t testing.TB, app *engine.App, villagers int, register ...func(*engine.App) error) *Env {
	t.Helper()
	client := Client(app)
	res, err := demo.Generate(context.Background(), demo.Options{Store: app.Store(), Ent: client,
		Set: app.Modules(), Files: Files(t, app), Seed: 7, Villagers: villagers, Now: Now, DataDir: app.Config().DataDir,
		AdminPassword: "Admin#2025demo", Logger: quiet()})
	if err != nil {
		t.Fatalf("demo.Generate: %v", err)
	}
	if err := system.Register(app); err != nil {
		t.Fatalf("system.Register: %v", err)
	}
	for _, r := range register {
		if err := r(app); err != nil {
			t.Fatalf("register: %v", err)
		}
	}
	return &Env{App: app, Ent: client, County: res}
}

// NewApp is the engine on a fresh SQLite file serving the embedded
// schemas, with every module table migrated.
func NewApp(t testing.TB) *engine.App {
	t.Helper()
	cfg := config.Default()
	cfg.DataDir = t.TempDir()
	cfg.DBURL = ""
	cfg.SchemasFS = schemas.FS()
	cfg.ConsoleFS = nil
	cfg.Logger = quiet()
	app, err := engine.New(cfg)
	if err != nil {
		t.Fatalf("engine.New: %v", err)
	}
	t.Cleanup(func() { app.Close() })
	return app
}

// Files is the app's file service, opened as `xiangzhi demo` opens it,
// to keep the demo files (in the data directory's local storage).
func Files(t testing.TB, app *engine.App) *oos.Service {
	t.Helper()
	s, err := oos.Open(app)
	if err != nil {
		t.Fatalf("oos.Open: %v", err)
	}
	return s
}

// Client is an ent client on the app's database.
func Client(app *engine.App) *ent.Client {
	st := app.Store()
	return ent.NewClient(ent.Driver(entsql.OpenDB(st.Dialect(), st.DB())))
}

func quiet() *slog.Logger {
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

// Account is the demo user with username; the test fails without one.
func (e *Env) Account(t testing.TB, username string) demo.Account {
	t.Helper()
	for _, a := range e.County.Accounts {
		if a.Username == username {
			return a
		}
	}
	t.Fatalf("no demo user %s", username)
	return demo.Account{}
}

// Login signs a demo user in with the demo password and returns the token.
func (e *Env) Login(t testing.TB, username string) string {
	t.Helper()
	status, env := e.Call(t, "", http.MethodGet, "/api/system/publicKey", nil)
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
	ct, err := rsa.EncryptOAEP(sha256.New(), rand.Reader, pub.(*rsa.PublicKey), []byte(demo.Password), nil)
	if err != nil {
		t.Fatal(err)
	}
	status, env = e.Call(t, "", http.MethodPost, "/api/system/login",
		map[string]any{"username": username, "password": base64.StdEncoding.EncodeToString(ct)})
	data, _ := env["data"].(map[string]any)
	token, _ := data["token"].(string)
	if status != http.StatusOK || token == "" {
		t.Fatalf("login %s = %d %v", username, status, env)
	}
	if must, _ := data["mustChangePassword"].(bool); must {
		t.Fatalf("demo user %s is asked to change the password", username)
	}
	return token
}

// UserWithoutRoles makes a user of organisation orgID who holds no role,
// so every call that needs a code answers 403, and signs them in.
func (e *Env) UserWithoutRoles(t testing.TB, orgID int64) string {
	t.Helper()
	hash, err := auth.HashPassword(demo.Password)
	if err != nil {
		t.Fatal(err)
	}
	name := fmt.Sprintf("noroles%d", orgID)
	if err := e.Ent.User.Create().SetTenantID(e.County.TenantID).SetUsername(name).SetFamilyName("无").
		SetName("权限").SetPasswordHash(hash).SetOrgID(orgID).AddOrgIDs(orgID).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	return e.Login(t, name)
}

// Rows are the live records of a module in organisation orgID (every
// organisation when orgID is 0), in id order, read past any data scope.
func (e *Env) Rows(t testing.TB, module string, orgID int64) []store.Record {
	t.Helper()
	m := e.App.Modules().Module(module)
	if m == nil {
		t.Fatalf("no module %s", module)
	}
	var q *query.Query
	if orgID != 0 {
		q = &query.Query{Filters: []query.Filter{{Field: "orgId", Op: query.Equals, Values: []any{orgID}}}}
	}
	var out []store.Record
	err := e.App.Store().Each(context.Background(), m, e.TenantScope(), q, func(r store.Record) error {
		out = append(out, r)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Get reads one record past any data scope.
func (e *Env) Get(t testing.TB, module string, id int64) store.Record {
	t.Helper()
	r, err := e.App.Store().Get(context.Background(), e.App.Modules().Module(module), e.TenantScope(), id)
	if err != nil {
		t.Fatalf("get %s %d: %v", module, id, err)
	}
	return r
}

// TenantScope reaches every record of the demo tenant.
func (e *Env) TenantScope() store.Scope {
	return store.Scope{TenantID: e.County.TenantID, Mode: store.ScopeAll}
}

// Village is the demo village with the given index (1 to 12).
func (e *Env) Village(i int) demo.Place { return e.County.Villages[i-1] }

// Call sends a request (body as JSON unless nil) with the token and
// decodes the JSON envelope of the answer.
func (e *Env) Call(t testing.TB, token, method, path string, body any) (int, map[string]any) {
	t.Helper()
	return e.CallIn(t, token, "", method, path, body)
}

// CallIn is Call asking for locale with Accept-Language ("": none).
func (e *Env) CallIn(t testing.TB, token, locale, method, path string, body any) (int, map[string]any) {
	t.Helper()
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
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
	if locale != "" {
		req.Header.Set("Accept-Language", locale)
	}
	req.RemoteAddr = "192.0.2.10:40000"
	rec := httptest.NewRecorder()
	e.App.Handler().ServeHTTP(rec, req)
	env := map[string]any{}
	if rec.Body.Len() > 0 && strings.Contains(rec.Header().Get("Content-Type"), "json") {
		dec := json.NewDecoder(rec.Body)
		dec.UseNumber()
		if err := dec.Decode(&env); err != nil {
			t.Fatalf("%s %s: answer is not JSON: %v", method, path, err)
		}
	}
	return rec.Code, env
}

// Num reads a JSON number of an envelope as int64 (-1 when it is not one).
func Num(v any) int64 {
	switch x := v.(type) {
	case json.Number:
		if n, err := x.Int64(); err == nil {
			return n
		}
	case float64:
		return int64(x)
	case int64:
		return x
	}
	return -1
}

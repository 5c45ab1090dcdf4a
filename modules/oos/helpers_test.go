package oos

// Test helpers: a real App (system administration and the file part)
// over a temporary data directory, admin login through the real RSA-OAEP
// flow, a movable clock, multipart uploads and plain requests.

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
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver

	"xiangzhi/engine"
	"xiangzhi/engine/apitest"
	"xiangzhi/engine/config"
	"xiangzhi/engine/files"
	"xiangzhi/generated/ent/user"
	"xiangzhi/modules/system"
)

// adminPass is the admin's initial password in every test app.
const adminPass = "Xz-files-2024!"

// testClock is a clock a test moves forward.
type testClock struct {
	mu     sync.Mutex
	offset time.Duration
}

func (c *testClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.offset)
}

func (c *testClock) advance(d time.Duration) {
	c.mu.Lock()
	c.offset += d
	c.mu.Unlock()
}

// testApp is a running app with the file part and a signed-in admin.
type testApp struct {
	app      *engine.App
	svc      *Service
	clock    *testClock
	token    string
	tenantID int64
}

// appOptions say how to build a test app.
type appOptions struct {
	dbURL    string            // "" for SQLite in the data dir
	env      map[string]string // the file settings' environment
	reviewer files.Reviewer
	schemas  map[string]string // module files (name → YAML) of the schemas directory
}

// newTestApp builds an app on a temp data dir, registers system
// administration and the file part, and signs the admin in.
func newTestApp(t *testing.T, o appOptions) *testApp {
	t.Helper()
	t.Setenv(system.AdminPasswordEnv, adminPass)
	cfg := config.Default()
	cfg.DataDir = t.TempDir()
	cfg.DBURL = o.dbURL
	if cfg.DBURL == "" {
		cfg.DBURL = config.DefaultDBURL(cfg.DataDir)
	}
	cfg.SchemasDir = t.TempDir()
	for name, text := range o.schemas {
		if err := os.WriteFile(filepath.Join(cfg.SchemasDir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
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
	if err := system.Register(app); err != nil {
		t.Fatalf("system.Register: %v", err)
	}
	clock := &testClock{}
	env := o.env
	svc, err := register(app, options{getenv: func(k string) string { return env[k] }, now: clock.now, reviewer: o.reviewer})
	if err != nil {
		t.Fatalf("register: %v", err)
	}
	t.Cleanup(svc.Close)
	ta := &testApp{app: app, svc: svc, clock: clock}
	ta.token = ta.login(t, system.AdminUsername, adminPass, "")
	admin, err := svc.ent.User.Query().Where(user.Username(system.AdminUsername)).First(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ta.tenantID = admin.TenantID
	return ta
}

// login signs a user in through the RSA-OAEP flow and returns the token
// (a session that must still change its password may call signed-in
// routes, which is all the file part has).
func (ta *testApp) login(t *testing.T, username, password, tenantCode string) string {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"username": username, "tenantCode": tenantCode,
		"password": ta.encrypt(t, password)})
	rec := ta.do(t, "", http.MethodPost, "/api/system/login", bytes.NewReader(body), "application/json")
	var login struct {
		Data struct{ Token string }
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &login); err != nil || login.Data.Token == "" {
		t.Fatalf("login %s = %d %s", username, rec.Code, rec.Body)
	}
	return login.Data.Token
}

// encrypt encrypts a password with the server's public key (RSA-OAEP).
func (ta *testApp) encrypt(t *testing.T, text string) string {
	t.Helper()
	rec := ta.do(t, "", http.MethodGet, "/api/system/publicKey", nil, "")
	var env struct{ Data string }
	if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil || env.Data == "" {
		t.Fatalf("publicKey = %d %s", rec.Code, rec.Body)
	}
	block, _ := pem.Decode([]byte(env.Data))
	pub, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	ct, err := rsa.EncryptOAEP(sha256.New(), rand.Reader, pub.(*rsa.PublicKey), []byte(text), nil)
	if err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(ct)
}

// changeAdminPassword replaces the admin's initial password (module
// records need a session that no longer must change it) and signs in anew.
func (ta *testApp) changeAdminPassword(t *testing.T) {
	t.Helper()
	const next = "Xz-files-2025!"
	body, _ := json.Marshal(map[string]string{"userName": system.AdminUsername,
		"oldPassword": ta.encrypt(t, adminPass), "newPassword": ta.encrypt(t, next)})
	rec := ta.do(t, ta.token, http.MethodPut, "/api/system/cscpUserPassword", bytes.NewReader(body), "application/json")
	if rec.Code != http.StatusOK {
		t.Fatalf("change password = %d %s", rec.Code, rec.Body)
	}
	ta.token = ta.login(t, system.AdminUsername, next, "")
}

// do sends one request to the app.
func (ta *testApp) do(t *testing.T, token, method, target string, body io.Reader, ctype string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, target, body)
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	rec := httptest.NewRecorder()
	ta.app.Handler().ServeHTTP(rec, req)
	return rec
}

// answer is a decoded JSON answer.
type answer struct {
	Code   int            `json:"code"`
	Msg    string         `json:"msg"`
	Result map[string]any `json:"result"`
	Data   any            `json:"data"`
}

func decode(t *testing.T, rec *httptest.ResponseRecorder) answer {
	t.Helper()
	var a answer
	if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil {
		t.Fatalf("answer %d is not JSON: %v\n%s", rec.Code, err, rec.Body)
	}
	return a
}

// filePart is one file of a multipart upload.
type filePart struct {
	field, name string
	content     []byte
}

// fileOf is a file part in the "file" field.
func fileOf(name string, content []byte) filePart {
	return filePart{field: "file", name: name, content: content}
}

// multipartBody writes fields (in a fixed order) and parts as a multipart
// form. Names go into the header as they are (quotes escaped), so NULs and
// backslashes reach the server.
func multipartBody(t *testing.T, fields [][2]string, parts ...filePart) (*bytes.Buffer, string) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for _, f := range fields {
		if err := mw.WriteField(f[0], f[1]); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range parts {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", fmt.Sprintf(`form-data; name=%q; filename="%s"`, p.field,
			strings.ReplaceAll(p.name, `"`, `\"`)))
		h.Set("Content-Type", "application/octet-stream")
		w, err := mw.CreatePart(h)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = w.Write(p.content)
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return &b, mw.FormDataContentType()
}

// upload posts a multipart upload to target.
func (ta *testApp) upload(t *testing.T, token, target string, fields [][2]string, parts ...filePart) (*httptest.ResponseRecorder, answer) {
	t.Helper()
	body, ctype := multipartBody(t, fields, parts...)
	rec := ta.do(t, token, http.MethodPost, target, body, ctype)
	return rec, decode(t, rec)
}

// mustUpload uploads one file as the admin and returns its result.
func (ta *testApp) mustUpload(t *testing.T, fields [][2]string, p filePart) map[string]any {
	t.Helper()
	rec, a := ta.upload(t, ta.token, "/api/oos/uploadFile", fields, p)
	if rec.Code != http.StatusOK || a.Code != 0 {
		t.Fatalf("upload %s = %d %s", p.name, rec.Code, rec.Body)
	}
	return a.Result
}

// get fetches a path (a pathUrl) without a token.
func (ta *testApp) get(t *testing.T, target string) *httptest.ResponseRecorder {
	t.Helper()
	return ta.do(t, "", http.MethodGet, target, nil, "")
}

// fileRows counts the recorded file objects.
func (ta *testApp) fileRows(t *testing.T) int {
	t.Helper()
	n, err := ta.svc.ent.FileObject.Query().Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
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

// testDB is a database a test app can run on.
type testDB struct {
	name string
	open func(t *testing.T) string
}

// testDBs lists sqlite and, when their variables are set, postgres and
// mysql, each fresh per test.
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

// countFiles counts the regular files under dir.
func countFiles(t *testing.T, dir string) int {
	t.Helper()
	n := 0
	err := filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			n++
		}
		return err
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	return n
}

package engine_test

import (
	"bytes"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/config"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/store"
)

// syncBuffer is a log sink safe for the server's goroutines.
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

// testAuthorizer allows every code, recording it, except the one named in
// X-Test-Deny; X-Test-Tenant picks the tenant (1 by default); X-Test-Org
// makes the caller a member of that organisation (path /<org>/) who reaches
// its subtree only.
type testAuthorizer struct {
	mu    sync.Mutex
	codes []string
}

func (a *testAuthorizer) Authorize(c echo.Context, code string) (store.Scope, error) {
	a.mu.Lock()
	a.codes = append(a.codes, code)
	a.mu.Unlock()
	if c.Request().Header.Get("X-Test-Deny") == code {
		return store.Scope{}, httpx.NewError(http.StatusForbidden, msg.Forbidden)
	}
	tenant := int64(1)
	if s := c.Request().Header.Get("X-Test-Tenant"); s != "" {
		tenant, _ = strconv.ParseInt(s, 10, 64)
	}
	if s := c.Request().Header.Get("X-Test-Org"); s != "" {
		org, _ := strconv.ParseInt(s, 10, 64)
		return store.Scope{TenantID: tenant, UserID: 7, OrgID: org, OrgPath: "/" + s + "/", Mode: store.ScopeSubtree}, nil
	}
	return store.Scope{TenantID: tenant, UserID: 7, OrgID: 1, OrgPath: "/1/", Mode: store.ScopeAll}, nil
}

func (a *testAuthorizer) last() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.codes) == 0 {
		return ""
	}
	return a.codes[len(a.codes)-1]
}

// testApp is an App on the database dbURL serving a copy of
// testdata/schemas from a temp directory, with the test authorizer.
type testApp struct {
	*engine.App
	dir   string
	logs  *syncBuffer
	authz *testAuthorizer
}

func newTestApp(t *testing.T, dbURL string, edit ...func(*config.Config)) *testApp {
	t.Helper()
	dir := t.TempDir()
	copyTree(t, "testdata/schemas", dir)
	logs := &syncBuffer{}
	cfg := config.Default()
	cfg.DataDir = t.TempDir()
	cfg.DBURL = dbURL
	cfg.SchemasDir = dir
	cfg.ConsoleFS = nil
	cfg.WatchInterval = 100 * time.Millisecond
	cfg.Logger = slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	for _, fn := range edit {
		fn(&cfg)
	}
	app, err := engine.New(cfg)
	if err != nil {
		t.Fatalf("engine.New: %v\nlogs:\n%s", err, logs.String())
	}
	t.Cleanup(func() {
		app.Close()
		if t.Failed() {
			t.Logf("server errors:\n%s", errorLines(logs.String()))
		}
	})
	az := &testAuthorizer{}
	app.SetAuthorizer(az)
	return &testApp{App: app, dir: dir, logs: logs, authz: az}
}

// copyTree copies the folder src into dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatalf("copy %s: %v", src, err)
	}
}

// writeFile writes a schema file into the app's schemas directory.
func (a *testApp) writeFile(t *testing.T, name, text string) {
	t.Helper()
	p := filepath.Join(a.dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(strings.TrimLeft(text, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
}

func newDiscardLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// errorLines are the warning and error lines of a JSON log, without the
// access log's.
func errorLines(log string) string {
	var out []string
	for _, line := range strings.Split(log, "\n") {
		if strings.Contains(line, `"msg":"http request"`) {
			continue
		}
		if strings.Contains(line, `"level":"ERROR"`) || strings.Contains(line, `"level":"WARN"`) {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}

package engine_test

import (
	"bytes"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"xiangzhi/engine"
	"xiangzhi/engine/apitest"
	"xiangzhi/engine/config"
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

// testApp is an App on the database dbURL serving a copy of
// testdata/schemas from a temp directory, with the test system
// (apitest.System).
type testApp struct {
	*engine.App
	dir  string
	logs *syncBuffer
	sys  *apitest.System
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
	return &testApp{App: app, dir: dir, logs: logs, sys: apitest.NewSystem(t, app)}
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

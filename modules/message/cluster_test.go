package message

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"xiangzhi/engine/apitest"
)

// noteYAML is a module that appears while the cluster runs.
const noteYAML = `name: note
title: 便签
api: /test/api/notes
permission: test.note
fields:
  - {name: text, label: 内容, type: string, required: true, maxLength: 50, list: true}
`

// TestCluster starts two servers on one PostgreSQL database with the NATS
// bus between them, as two instances behind a proxy would run, and shows
// that they agree: totals, messages, revocations and module changes.
func TestCluster(t *testing.T) {
	nats := os.Getenv("XZ_TEST_NATS")
	if nats == "" {
		t.Skip("XZ_TEST_NATS is not set (e.g. nats://127.0.0.1:4222)")
	}
	db := apitest.PostgresURL(t)
	// A namespace of this run's own keeps other runs on the server apart.
	nats += "?ns=test" + strings.ReplaceAll(filepath.Base(t.TempDir()), ".", "")
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "ticket.yaml"), []byte(ticketYAML), 0o600); err != nil {
		t.Fatal(err)
	}
	a := newEnv(t, envOptions{dbURL: db, natsURL: nats, schemasDir: dir})
	b := newEnv(t, envOptions{dbURL: db, natsURL: nats, schemasDir: dir})
	srvB := httptest.NewServer(b.app.Handler())
	defer srvB.Close()

	t.Run("a record created on A is counted on B at once", func(t *testing.T) {
		for i := 1; i <= 3; i++ {
			if code, body := a.do(t, "alice", http.MethodPost, "/test/api/tickets",
				map[string]any{"title": fmt.Sprint("工单", i)}, nil); code != 200 {
				t.Fatalf("create on A = %d %s", code, body)
			}
			var p struct{ RecordsTotal int64 }
			if code, body := b.do(t, "alice", http.MethodGet, "/test/api/tickets", nil, &p); code != 200 ||
				p.RecordsTotal != int64(i) {
				t.Fatalf("list on B after %d created on A = %d %s", i, code, body)
			}
		}
	})

	t.Run("a message created on A reaches a socket on B within a second", func(t *testing.T) {
		ws := b.open(t, srvB, "carol", "")
		a.direct(t, "carol", "来自A的消息")
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_, data, err := ws.Read(ctx)
		if err != nil || !strings.Contains(string(data), "来自A的消息") {
			t.Fatalf("socket on B read %s, %v", data, err)
		}
	})

	t.Run("a logout on A rejects the token on B within a second", func(t *testing.T) {
		tok := a.tokens["bob"]
		b.tokens["bob-on-a"] = tok
		b.unread(t, "bob-on-a") // B accepts (and caches) A's session before the logout
		if code, body := a.do(t, "bob", http.MethodPost, "/api/system/logout", nil, nil); code != 200 {
			t.Fatalf("logout on A = %d %s", code, body)
		}
		deadline := time.Now().Add(time.Second)
		for {
			code, _ := b.do(t, "bob-on-a", http.MethodGet, Base+"/unreadCount", nil, nil)
			if code == http.StatusUnauthorized {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("B still answers %d to the token a second after the logout on A", code)
			}
			time.Sleep(20 * time.Millisecond)
		}
	})

	t.Run("a module file picked up by A is served by B", func(t *testing.T) {
		if err := os.WriteFile(filepath.Join(dir, "note.yaml"), []byte(noteYAML), 0o600); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		go a.app.Watch(ctx) // only A watches the directory
		deadline := time.Now().Add(10 * time.Second)
		for b.app.Modules().Module("note") == nil {
			if time.Now().After(deadline) {
				t.Fatal("B does not serve the module A picked up")
			}
			time.Sleep(50 * time.Millisecond)
		}
		if code, body := b.do(t, "admin", http.MethodPost, "/test/api/notes", map[string]any{"text": "便签"}, nil); code != 200 {
			t.Fatalf("create a note on B = %d %s", code, body)
		}
	})
	t.Run("a write on A tells a socket on B that the table changed", func(t *testing.T) {
		ws := b.open(t, srvB, "alice", "")
		if code, body := a.do(t, "alice", http.MethodPost, "/test/api/tickets", map[string]any{"title": "跨实例"}, nil); code != 200 {
			t.Fatalf("create on A = %d %s", code, body)
		}
		// The note written on B just before may still be on its way round
		// the bus to B's own sockets: its frame may come first.
		f := next(t, ws)
		if f.Type == frameTable && f.Module == "note" {
			f = next(t, ws)
		}
		expectTable(t, f, "ticket")
	})
}

package message

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"
)

// expectTable reads the next frame and checks it is a change of module.
func expectTable(t *testing.T, f frame, module string) {
	t.Helper()
	if f.Type != frameTable || f.Module != module || f.Message != nil || len(f.IDs) > 0 {
		t.Fatalf("frame = %+v, want the table change of %s alone", f, module)
	}
}

// A write tells the sockets of users who may list the module, with its name
// only; a user without the list code hears nothing; further writes inside
// the window are not told at once.
func TestSocketTableChanges(t *testing.T) {
	e := newEnv(t, envOptions{opts: Options{TableThrottle: time.Hour}})
	srv := httptest.NewServer(e.app.Handler())
	defer srv.Close()
	alice, bob, carol := e.open(t, srv, "alice", ""), e.open(t, srv, "bob", ""), e.open(t, srv, "carol", "")
	var rec struct{ ID int64 }
	if code, body := e.do(t, "alice", http.MethodPost, "/test/api/tickets", map[string]any{"title": "路灯不亮"}, &rec); code != 200 {
		t.Fatalf("create = %d %s", code, body)
	}
	expectTable(t, next(t, alice), "ticket")
	expectTable(t, next(t, bob), "ticket") // another organisation: the name only, bob reloads his own scope
	// carol holds no code of the ticket module: the frame queued before the
	// message is dropped, so the message comes first.
	e.direct(t, "carol", "hello")
	expectMessage(t, carol, "hello")

	// Inside the window (an hour here) more writes send nothing yet.
	for range 3 {
		e.do(t, "alice", http.MethodPut, "/test/api/tickets/"+itoa(rec.ID), map[string]any{"title": "路灯不亮了"}, nil)
	}
	e.direct(t, "alice", "afterwrites")
	expectMessage(t, alice, "afterwrites")
}

// A change inside the window is told once at its end.
func TestSocketTableChangeAfterWindow(t *testing.T) {
	e := newEnv(t, envOptions{opts: Options{TableThrottle: 200 * time.Millisecond}})
	srv := httptest.NewServer(e.app.Handler())
	defer srv.Close()
	ws := e.open(t, srv, "admin", "")
	for i := range 3 {
		if code, body := e.do(t, "admin", http.MethodPost, "/test/api/tickets", map[string]any{"title": "井盖" + itoa(int64(i))}, nil); code != 200 {
			t.Fatalf("create = %d %s", code, body)
		}
	}
	expectTable(t, next(t, ws), "ticket")
	expectTable(t, next(t, ws), "ticket") // the trailing one for the writes inside the window
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

package message

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// socketURL is the socket address of a user on server srv.
func socketURL(srv *httptest.Server, tenantID, userID int64, query string) string {
	u := "ws" + strings.TrimPrefix(srv.URL, "http") + SocketPath + key(tenantID, userID)
	if query != "" {
		u += "?" + query
	}
	return u
}

// dial opens a socket the way the console does: the token as a subprotocol.
func dial(t *testing.T, url, token string, header http.Header) (*websocket.Conn, *http.Response, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	opts := &websocket.DialOptions{HTTPHeader: header}
	if token != "" {
		opts.Subprotocols = []string{Subprotocol, TokenProtocol + token}
	}
	ws, resp, err := websocket.Dial(ctx, url, opts)
	if ws != nil {
		t.Cleanup(func() { ws.CloseNow() })
	}
	return ws, resp, err
}

// open opens a user's socket and fails the test when it cannot.
func (e *env) open(t *testing.T, srv *httptest.Server, name, query string) *websocket.Conn {
	t.Helper()
	ws, resp, err := dial(t, socketURL(srv, e.tenantID, e.uid(name), query), e.tokens[name], nil)
	if err != nil {
		t.Fatalf("dial as %s: %v (%v)", name, err, resp)
	}
	return ws
}

// next reads the next frame (the wait bounds a failure only).
func next(t *testing.T, ws *websocket.Conn) frame {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, data, err := ws.Read(ctx)
	if err != nil {
		t.Fatalf("read frame: %v", err)
	}
	var f frame
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatalf("frame %s: %v", data, err)
	}
	return f
}

// direct sends a user a direct message as the admin.
func (e *env) direct(t *testing.T, to, title string) {
	t.Helper()
	url := fmt.Sprintf("%s/setUserMessage?userId=%d&title=%s", Base, e.uid(to), title)
	if code, body := e.do(t, "admin", http.MethodGet, url, nil, nil); code != http.StatusOK {
		t.Fatalf("setUserMessage = %d %s", code, body)
	}
}

// expectMessage reads frames up to the next message and checks its title.
func expectMessage(t *testing.T, ws *websocket.Conn, title string) *Message {
	t.Helper()
	f := next(t, ws)
	if f.Type != frameMessage || f.Message == nil || f.Message.Title != title {
		t.Fatalf("frame = %+v (message %+v), want the message %q", f, f.Message, title)
	}
	if f.Audience != "" {
		t.Fatalf("frame shows its audience %q to the client", f.Audience)
	}
	return f.Message
}

func TestSocketRefusals(t *testing.T) {
	e := newEnv(t, envOptions{})
	srv := httptest.NewServer(e.app.Handler())
	defer srv.Close()
	tid, carol := e.tenantID, e.uid("carol")
	tests := []struct {
		name, url, token string
		header           http.Header
		status           int
	}{
		{"no token", socketURL(srv, tid, carol, ""), "", nil, 401},
		{"a bad token", socketURL(srv, tid, carol, ""), "not.a.token", nil, 401},
		{"another user's path", socketURL(srv, tid, e.uid("bob"), ""), e.tokens["carol"], nil, 403},
		{"another tenant's path", socketURL(srv, tid+1, carol, ""), e.tokens["carol"], nil, 403},
		{"a page of another site", socketURL(srv, tid, carol, ""), e.tokens["carol"],
			http.Header{"Origin": {"https://evil.example"}}, 403},
		{"a bad resume number", socketURL(srv, tid, carol, "after=-1"), e.tokens["carol"], nil, 400},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, resp, err := dial(t, tt.url, tt.token, tt.header)
			if err == nil || resp == nil || resp.StatusCode != tt.status {
				t.Fatalf("dial = %v, %v; want refused with %d", resp, err, tt.status)
			}
		})
	}
	if strings.Contains(e.logs.String(), e.tokens["carol"]) {
		t.Fatal("the server log shows a token")
	}
}

func TestSocketTabsPingAndRead(t *testing.T) {
	e := newEnv(t, envOptions{})
	srv := httptest.NewServer(e.app.Handler())
	defer srv.Close()
	// The same page's origin is allowed; the token never appears in the answer.
	tab1, resp, err := dial(t, socketURL(srv, e.tenantID, e.uid("carol"), ""), e.tokens["carol"],
		http.Header{"Origin": {srv.URL}})
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	if p := tab1.Subprotocol(); p != Subprotocol {
		t.Fatalf("subprotocol = %q, want %q", p, Subprotocol)
	}
	if strings.Contains(fmt.Sprint(resp.Header), e.tokens["carol"]) {
		t.Fatal("the upgrade answer echoes the token")
	}
	tab2 := e.open(t, srv, "carol", "")
	for _, ping := range []string{"ping", `{"type":"ping"}`} {
		if err := tab1.Write(context.Background(), websocket.MessageText, []byte(ping)); err != nil {
			t.Fatal(err)
		}
		if f := next(t, tab1); f.Type != framePong {
			t.Fatalf("answer to %s = %+v, want pong", ping, f)
		}
	}
	e.direct(t, "carol", "请补充材料")
	m := expectMessage(t, tab1, "请补充材料")
	if m2 := expectMessage(t, tab2, "请补充材料"); m2.ID != m.ID || m.Seq != 1 {
		t.Fatalf("tabs got %+v and %+v", m, m2)
	}
	if code, _ := e.do(t, "carol", http.MethodPut, fmt.Sprintf("%s/%d/read", Base, m.ID), nil, nil); code != 200 {
		t.Fatal("read failed")
	}
	if f := next(t, tab2); f.Type != frameRead || len(f.IDs) != 1 || f.IDs[0] != m.ID {
		t.Fatalf("after read tab 2 got %+v", f)
	}
}

func TestSocketLimit(t *testing.T) {
	e := newEnv(t, envOptions{opts: Options{MaxConnsPerUser: 2}})
	srv := httptest.NewServer(e.app.Handler())
	defer srv.Close()
	e.open(t, srv, "carol", "")
	e.open(t, srv, "carol", "")
	_, resp, err := dial(t, socketURL(srv, e.tenantID, e.uid("carol"), ""), e.tokens["carol"], nil)
	if err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("third socket = %v, %v; want 429", resp, err)
	}
	e.open(t, srv, "bob", "") // the limit is per user
}

func TestSocketResume(t *testing.T) {
	e := newEnv(t, envOptions{})
	srv := httptest.NewServer(e.app.Handler())
	defer srv.Close()
	for _, title := range []string{"一", "二", "三"} {
		e.direct(t, "carol", title)
	}
	// A client that saw number 1 gets 2 and 3, in order, then what is new.
	ws := e.open(t, srv, "carol", "after=1")
	if m := expectMessage(t, ws, "二"); m.Seq != 2 {
		t.Fatalf("first replayed = %+v", m)
	}
	expectMessage(t, ws, "三")
	e.direct(t, "carol", "四")
	if m := expectMessage(t, ws, "四"); m.Seq != 4 {
		t.Fatalf("live after replay = %+v", m)
	}
	// Without a number nothing is replayed.
	fresh := e.open(t, srv, "carol", "")
	e.direct(t, "carol", "五")
	expectMessage(t, fresh, "五")
	expectMessage(t, ws, "五")
}

func TestSocketChecksAtDelivery(t *testing.T) {
	e := newEnv(t, envOptions{})
	srv := httptest.NewServer(e.app.Handler())
	defer srv.Close()
	ctx := context.Background()
	// carol gets an announcement to organisation a, then moves to b: it no
	// longer concerns her, so a replay leaves it out.
	e.do(t, "admin", http.MethodPost, Base+"/announce", map[string]any{"title": "村务公开", "orgId": e.orgs["a"].ID}, nil)
	if err := e.users["carol"].Update().SetOrgID(e.orgs["b"].ID).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	e.direct(t, "carol", "fence")
	expectMessage(t, e.open(t, srv, "carol", "after=0"), "fence")

	// alice files a ticket, then loses her role: the status message about
	// a record she may no longer see is stored but not pushed.
	var rec struct{ ID int64 }
	e.do(t, "alice", http.MethodPost, "/test/api/tickets", map[string]any{"title": "井盖缺失"}, &rec)
	ws := e.open(t, srv, "alice", "")
	if err := e.users["alice"].Update().ClearRoles().Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if err := e.app.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	e.auth.InvalidateViewers() // the change went around the auth service's client
	e.do(t, "admin", http.MethodPut, fmt.Sprintf("/test/api/tickets/%d/status", rec.ID), map[string]any{"action": "dispatch"}, nil)
	if n := e.unread(t, "alice"); n != 2 {
		t.Fatalf("alice has %d unread messages, want the announcement and the status message", n)
	}
	e.direct(t, "alice", "fence")
	expectMessage(t, ws, "fence")
}

func TestSocketClosedOnLogout(t *testing.T) {
	e := newEnv(t, envOptions{})
	srv := httptest.NewServer(e.app.Handler())
	defer srv.Close()
	ws := e.open(t, srv, "carol", "")
	if code, body := e.do(t, "carol", http.MethodPost, "/api/system/logout", nil, nil); code != 200 {
		t.Fatalf("logout = %d %s", code, body)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, _, err := ws.Read(ctx)
	if got := websocket.CloseStatus(err); got != statusSessionEnded {
		t.Fatalf("after logout read = %v (status %d), want close %d", err, got, statusSessionEnded)
	}
}

func TestSlowConsumerDropped(t *testing.T) {
	e := newEnv(t, envOptions{opts: Options{SendBuffer: 1}})
	mk := func() *conn {
		c := newConn(e.svc, userKey{e.tenantID, e.uid("carol")}, e.tokens["carol"])
		if !e.svc.hub.add(c) {
			t.Fatal("hub refused a socket")
		}
		t.Cleanup(func() { e.svc.hub.remove(c) })
		return c
	}
	slow, fast := mk(), mk()
	e.direct(t, "carol", "一")
	<-fast.wake
	fast.take() // the fast socket keeps up; the slow one does not
	e.direct(t, "carol", "二")
	if slow.ctx.Err() == nil {
		t.Fatal("a socket with a full queue was not dropped")
	}
	if fast.ctx.Err() != nil {
		t.Fatal("the socket that kept up was dropped too")
	}
	<-fast.wake
	if q := fast.take(); len(q) != 1 || q[0].Message == nil || q[0].Message.Title != "二" {
		t.Fatalf("the fast socket got %+v", q)
	}
}

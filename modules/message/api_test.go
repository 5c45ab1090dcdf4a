package message

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"xiangzhi/engine"
	"xiangzhi/engine/apitest"
)

func TestMessageAPI(t *testing.T) {
	dbs := []struct {
		name string
		url  func(*testing.T) string
	}{
		{"sqlite", func(*testing.T) string { return "" }},
		{"postgres", apitest.PostgresURL},
		{"mysql", apitest.MySQLURL},
	}
	for _, db := range dbs {
		t.Run(db.name, func(t *testing.T) { messageAPI(t, newEnv(t, envOptions{dbURL: db.url(t)})) })
	}
}

// messageAPI runs the message calls' scenarios on one database.
func messageAPI(t *testing.T, e *env) {
	a, root := e.orgs["a"].ID, e.orgs["root"].ID
	var key string
	if code, body := e.do(t, "carol", http.MethodGet, Base+"/getUserId", nil, &key); code != http.StatusOK ||
		key != fmt.Sprintf("%d_%d", e.tenantID, e.uid("carol")) {
		t.Fatalf("getUserId = %d %s, key %q", code, body, key)
	}

	// Refusals: each a 4xx with a Chinese message, never a 500.
	refusals := []struct {
		name, as, method, url string
		body                  any
		status                int
		text                  string
	}{
		{"no token", "", http.MethodGet, Base + "/unreadCount", nil, 401, ""},
		{"announce without the code", "carol", http.MethodPost, Base + "/announce",
			map[string]any{"title": "t", "orgId": a}, 403, ""},
		{"announce without title", "admin", http.MethodPost, Base + "/announce", map[string]any{"orgId": a}, 400, "请输入消息标题"},
		{"announce to nobody", "admin", http.MethodPost, Base + "/announce", map[string]any{"title": "t"}, 400, "请选择接收的机构或角色"},
		{"announce to an unknown organisation", "admin", http.MethodPost, Base + "/announce",
			map[string]any{"title": "t", "orgId": 999999}, 404, ""},
		{"announce with an unknown key", "admin", http.MethodPost, Base + "/announce",
			map[string]any{"title": "t", "orgId": a, "sql": "1"}, 400, "sql"},
		{"title too long", "admin", http.MethodPost, Base + "/announce",
			map[string]any{"title": strings.Repeat("长", 101), "orgId": a}, 400, "消息标题不能超过100个字符"},
		{"bad page size", "carol", http.MethodGet, Base + "/list?size=1000", nil, 400, "size"},
		{"bad kind", "carol", http.MethodGet, Base + "/list?kind=spam", nil, 400, "kind"},
		{"direct message to another tenant's or unknown user", "admin", http.MethodGet,
			Base + "/setUserMessage?userId=999999&title=t&content=c", nil, 404, "接收用户不存在"},
		{"direct message with a bad user", "admin", http.MethodGet,
			Base + "/setUserMessage?userId=x&title=t", nil, 400, "userId"},
	}
	for _, r := range refusals {
		t.Run(r.name, func(t *testing.T) {
			code, body := e.do(t, r.as, r.method, r.url, r.body, nil)
			if code != r.status || !strings.Contains(body, r.text) {
				t.Fatalf("%s %s = %d %s; want %d with %q", r.method, r.url, code, body, r.status, r.text)
			}
		})
	}

	// An announcement to organisation a reaches alice and carol, not bob
	// (organisation b) nor the admin who sent it (the root).
	var sent struct{ Recipients int }
	if code, body := e.do(t, "admin", http.MethodPost, Base+"/announce",
		map[string]any{"title": "停水通知", "body": "明日停水", "orgId": a}, &sent); code != 200 || sent.Recipients != 2 {
		t.Fatalf("announce = %d %s", code, body)
	}
	for name, want := range map[string]int{"alice": 1, "carol": 1, "bob": 0, "admin": 0} {
		if got := e.unread(t, name); got != want {
			t.Errorf("unread of %s = %d, want %d", name, got, want)
		}
	}
	// To the whole tenant's super administrators (a role): admin, alice, bob.
	var super struct{ Recipients int }
	roleID := e.users["alice"].QueryRoles().OnlyIDX(t.Context())
	e.do(t, "admin", http.MethodPost, Base+"/announce", map[string]any{"title": "会议", "roleId": roleID, "orgId": root}, &super)
	if super.Recipients != 3 {
		t.Fatalf("role announcement reached %d, want 3", super.Recipients)
	}
	// A direct message to carol, by the socket key form of her id.
	if code, body := e.do(t, "admin", http.MethodGet, fmt.Sprintf("%s/setUserMessage?userId=%s&title=%s&content=%s",
		Base, key, "请补充材料", "身份证复印件"), nil, nil); code != 200 {
		t.Fatalf("setUserMessage = %d %s", code, body)
	}

	var p page
	e.do(t, "carol", http.MethodGet, Base+"/list?size=1", nil, &p)
	if p.RecordsTotal != 2 || len(p.Data) != 1 || p.Data[0].Title != "请补充材料" || p.Data[0].Seq != 2 ||
		p.Data[0].Kind != "direct" || p.Data[0].ReadAt != "" {
		t.Fatalf("carol's first page = %+v", p)
	}
	e.do(t, "carol", http.MethodGet, Base+"/list?kind=notice", nil, &p)
	if p.RecordsTotal != 1 || p.Data[0].Title != "停水通知" || p.Data[0].Body != "明日停水" || p.Data[0].Seq != 1 {
		t.Fatalf("carol's notices = %+v", p)
	}
	notice := p.Data[0].ID

	// Marking read, another's message, all read, delete.
	apitest.Run(t, e.app.Handler(), []apitest.Scenario{
		{Name: "bob cannot read carol's message", Method: http.MethodPut, URL: fmt.Sprintf("%s/%d/read", Base, notice),
			Headers: map[string]string{"Authorization": e.tokens["bob"]}, ExpectedStatus: 404,
			ExpectedContent: []string{"消息不存在"}},
		{Name: "carol reads it", Method: http.MethodPut, URL: fmt.Sprintf("%s/%d/read", Base, notice),
			Headers: map[string]string{"Authorization": e.tokens["carol"]}, ExpectedStatus: 200},
		{Name: "bad id", Method: http.MethodPut, URL: Base + "/x/read",
			Headers: map[string]string{"Authorization": e.tokens["carol"]}, ExpectedStatus: 400},
	})
	if got := e.unread(t, "carol"); got != 1 {
		t.Fatalf("unread after one read = %d, want 1", got)
	}
	e.do(t, "carol", http.MethodGet, Base+"/list?read=read", nil, &p)
	if p.RecordsTotal != 1 || p.Data[0].ReadAt == "" {
		t.Fatalf("read messages = %+v", p)
	}
	var n int
	e.do(t, "carol", http.MethodPut, Base+"/readAll", nil, &n)
	if n != 1 || e.unread(t, "carol") != 0 {
		t.Fatalf("readAll changed %d, unread now %d", n, e.unread(t, "carol"))
	}
	if code, _ := e.do(t, "bob", http.MethodDelete, fmt.Sprintf("%s/%d", Base, notice), nil, nil); code != 404 {
		t.Fatalf("bob deleting carol's message = %d, want 404", code)
	}
	if code, _ := e.do(t, "carol", http.MethodDelete, fmt.Sprintf("%s/%d", Base, notice), nil, nil); code != 200 {
		t.Fatalf("carol deleting her message = %d", code)
	}
	e.do(t, "carol", http.MethodGet, Base+"/list", nil, &p)
	if p.RecordsTotal != 1 {
		t.Fatalf("after delete carol has %d messages, want 1", p.RecordsTotal)
	}
}

func TestTransitionMessages(t *testing.T) {
	e := newEnv(t, envOptions{})
	// alice files a ticket naming bob as its handler; the admin dispatches it.
	var rec struct{ ID int64 }
	code, body := e.do(t, "alice", http.MethodPost, "/test/api/tickets",
		map[string]any{"title": "路灯坏了", "handler": e.uid("bob")}, &rec)
	if code != 200 || rec.ID == 0 {
		t.Fatalf("create ticket = %d %s", code, body)
	}
	if code, body := e.do(t, "admin", http.MethodPut, fmt.Sprintf("/test/api/tickets/%d/status", rec.ID),
		map[string]any{"action": "dispatch", "comment": "尽快"}, nil); code != 200 {
		t.Fatalf("dispatch = %d %s", code, body)
	}
	var p page
	e.do(t, "alice", http.MethodGet, Base+"/list", nil, &p)
	if p.RecordsTotal != 1 || p.Data[0].Kind != "status" || p.Data[0].Title != "工单：派遣" ||
		p.Data[0].Module != "ticket" || p.Data[0].RecordID != rec.ID || !strings.Contains(p.Data[0].Body, "尽快") {
		t.Fatalf("alice's messages = %+v", p)
	}
	// bob was told when the ticket named him, and again when it was dispatched.
	e.do(t, "bob", http.MethodGet, Base+"/list", nil, &p)
	if p.RecordsTotal != 2 || p.Data[0].Kind != "assign" || p.Data[0].RecordID != rec.ID ||
		p.Data[1].Title != "工单：新分配" {
		t.Fatalf("bob's messages = %+v", p)
	}
	// Whoever takes the action is not told of it: bob closes, alice learns.
	if code, body := e.do(t, "bob", http.MethodPut, fmt.Sprintf("/test/api/tickets/%d/status", rec.ID),
		map[string]any{"action": "close"}, nil); code != 200 {
		t.Fatalf("close = %d %s", code, body)
	}
	if got, want := e.unread(t, "bob"), 2; got != want {
		t.Errorf("bob's unread = %d, want %d", got, want)
	}
	if got, want := e.unread(t, "alice"), 2; got != want {
		t.Errorf("alice's unread = %d, want %d", got, want)
	}
	if got := e.unread(t, "admin"); got != 0 {
		t.Errorf("admin's unread = %d, want 0", got)
	}
}

// TestAssignmentMessages: a create or an edit that newly names a user in a
// user field tells that user once; the writer, users already named and
// edits of other fields tell nobody.
func TestAssignmentMessages(t *testing.T) {
	e := newEnv(t, envOptions{})
	var rec struct{ ID int64 }
	if code, body := e.do(t, "admin", http.MethodPost, "/test/api/tickets",
		map[string]any{"title": "水管破裂", "handler": e.uid("admin")}, &rec); code != 200 || rec.ID == 0 {
		t.Fatalf("create ticket = %d %s", code, body)
	}
	if got := e.unread(t, "admin"); got != 0 {
		t.Fatalf("the writer naming himself got %d messages", got)
	}
	path := fmt.Sprintf("/test/api/tickets/%d", rec.ID)
	if code, body := e.do(t, "admin", http.MethodPut, path, map[string]any{"handler": e.uid("bob")}, nil); code != 200 {
		t.Fatalf("assign bob = %d %s", code, body)
	}
	var p page
	e.do(t, "bob", http.MethodGet, Base+"/list", nil, &p)
	if p.RecordsTotal != 1 || p.Data[0].Kind != "assign" || p.Data[0].Title != "工单：新分配" ||
		p.Data[0].RecordID != rec.ID || p.Data[0].Module != "ticket" || !strings.Contains(p.Data[0].Body, "承办人") {
		t.Fatalf("bob's messages after the edit = %+v", p)
	}
	// Another field edited, the handler kept: nobody is told again.
	if code, body := e.do(t, "admin", http.MethodPut, path, map[string]any{"title": "水管破裂（二号楼）"}, nil); code != 200 {
		t.Fatalf("edit title = %d %s", code, body)
	}
	if got := e.unread(t, "bob"); got != 1 {
		t.Errorf("bob's unread after a title edit = %d, want 1", got)
	}
	if code, body := e.do(t, "admin", http.MethodPut, path, map[string]any{"handler": e.uid("alice")}, nil); code != 200 {
		t.Fatalf("assign alice = %d %s", code, body)
	}
	if got := e.unread(t, "alice"); got != 1 {
		t.Errorf("alice's unread after being assigned = %d, want 1", got)
	}
	if got := e.unread(t, "bob"); got != 1 {
		t.Errorf("bob's unread after the handoff = %d, want 1", got)
	}
}

func TestNotifyThroughTheEngine(t *testing.T) {
	e := newEnv(t, envOptions{})
	n := engine.Notice{TenantID: e.tenantID, RecipientID: e.uid("carol"), SenderID: e.uid("admin"), Kind: "task",
		Title: "待审批：残疾人补贴", Module: "ticket", RecordID: 1, TaskID: 7}
	if err := e.app.Notify(t.Context(), []engine.Notice{n}); err != nil {
		t.Fatal(err)
	}
	var p page
	e.do(t, "carol", http.MethodGet, Base+"/list", nil, &p)
	if p.RecordsTotal != 1 || p.Data[0].Kind != "task" || p.Data[0].TaskID != 7 || p.Data[0].Title != n.Title {
		t.Fatalf("carol's messages = %+v", p)
	}
	n.Kind = "spam"
	if err := e.app.Notify(t.Context(), []engine.Notice{n}); err == nil {
		t.Fatal("a notice of an unknown kind was sent")
	}
}

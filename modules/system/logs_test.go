package system

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/operationlog"
)

// lastOpLog is the newest operation-log row.
func lastOpLog(t *testing.T, s *Service) *ent.OperationLog {
	t.Helper()
	row, err := s.ent.OperationLog.Query().Order(ent.Desc(operationlog.FieldID)).First(context.Background())
	if err != nil {
		t.Fatalf("no operation log row: %v", err)
	}
	return row
}

func opLogCount(t *testing.T, s *Service) int {
	t.Helper()
	n, err := s.ent.OperationLog.Query().Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestOperationLog(t *testing.T) {
	tr := newTree(t)
	app, s := tr.app, tr.s
	cipher := encrypt(t, app, "Chosen-pass-1")
	mustOK(t, app, tr.admin, http.MethodPost, "/api/system/cscpUserDetails?token=abc123",
		with(validUser(tr, "logged", "13300000001"), "password", cipher))
	row := lastOpLog(t, s)
	if row.Username != "admin" || row.Method != "POST" || row.Message != "新增用户" || row.Status != 200 ||
		row.IP != "192.0.2.10" || row.Error != "" || row.UserID == nil || row.Time.IsZero() {
		t.Errorf("row = %+v", row)
	}
	for _, secret := range []string{cipher, "abc123"} {
		if strings.Contains(row.Params, secret) || strings.Contains(row.URI, secret) {
			t.Errorf("a secret is logged: params %s uri %s", row.Params, row.URI)
		}
	}
	if !strings.Contains(row.Params, `"password":"******"`) || !strings.Contains(row.Params, `"username":"logged"`) ||
		!strings.Contains(row.URI, "token=%2A%2A%2A%2A%2A%2A") {
		t.Errorf("params %s uri %s", row.Params, row.URI)
	}

	// A refused call: its status and message.
	call(t, app, tr.admin, http.MethodPost, "/api/system/cscpUserDetails", map[string]any{})
	if row := lastOpLog(t, s); row.Status != 400 || row.Error != UsernameRequired {
		t.Errorf("refused call row = %+v", row)
	}
	// A forbidden one.
	noCodes := tokenWithCodes(t, app, s)
	call(t, app, noCodes, http.MethodDelete, "/api/system/cscpUsers/5", nil)
	if row := lastOpLog(t, s); row.Status != 403 || row.Error != msg.Forbidden || row.Method != "DELETE" {
		t.Errorf("forbidden call row = %+v", row)
	}
	// The login (public): who tried, the password masked.
	tryLogin(t, app, map[string]any{"username": "logged"}, "Chosen-pass-1")
	if row := lastOpLog(t, s); row.Message != "登录" || row.Username != "logged" || strings.Contains(row.Params, "Chosen") ||
		!strings.Contains(row.Params, `"password":"******"`) {
		t.Errorf("login row = %+v", row)
	}
	// _method override: logged with the real method.
	call(t, app, tr.admin, http.MethodPost, "/api/system/cscpUsers/987654?_method=DELETE", nil)
	if row := lastOpLog(t, s); row.Method != "DELETE" || row.Message != "删除用户" || row.Status != 404 {
		t.Errorf("override row = %+v", row)
	}
	// Module routes carry their names, status actions the action's.
	rec := mustOK(t, app, tr.admin, http.MethodPost, testModuleAPI, map[string]any{"title": "日志"}).(map[string]any)
	if row := lastOpLog(t, s); row.Message != "村务记录-新增" || row.Status != 200 {
		t.Errorf("module row = %+v", row)
	}
	mustOK(t, app, tr.admin, http.MethodPut, fmt.Sprintf("%s/%d/status", testModuleAPI, num(rec["id"])), map[string]any{"action": "approve"})
	if row := lastOpLog(t, s); row.Message != "村务记录-通过" {
		t.Errorf("status row = %+v", row)
	}
	// Reads and unknown paths are not logged.
	n := opLogCount(t, s)
	mustOK(t, app, tr.admin, http.MethodGet, "/api/userDetails/userDetailsOr", nil)
	call(t, app, tr.admin, http.MethodPost, "/api/no/such/path", map[string]any{})
	if got := opLogCount(t, s); got != n {
		t.Errorf("rows %d → %d after a read and an unknown path", n, got)
	}
	// A file upload: the form is noted, the file bytes never logged.
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", "data.xlsx")
	fw.Write([]byte("SECRET-FILE-BYTES"))
	mw.Close()
	req := httptest.NewRequest(http.MethodPost, testModuleAPI+"/import", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+tr.admin)
	app.Handler().ServeHTTP(httptest.NewRecorder(), req)
	if row := lastOpLog(t, s); strings.Contains(row.Params, "SECRET") || !strings.Contains(row.Params, OpLogMultipart) {
		t.Errorf("upload row = %+v", row)
	}
	// A body too large to record is noted, and the call still works.
	big := with(validUser(tr, "big", "13300000002"), "discDetail", strings.Repeat("述", 350),
		"imgPath", "data:image/png;base64,"+strings.Repeat("A", 70000))
	mustOK(t, app, tr.admin, http.MethodPost, "/api/system/cscpUserDetails", big)
	if row := lastOpLog(t, s); !strings.Contains(row.Params, OpLogBodyTooLarge) || len([]rune(row.Params)) > opLogParamsMax {
		t.Errorf("big body row params = %.200s", row.Params)
	}
}

func TestLogLists(t *testing.T) {
	tr := newTree(t)
	app, s := tr.app, tr.s
	out := createUser(t, s, userSpec{Username: "faraway", OrgID: tr.town2.ID})
	login(t, app, out.Username, testPassword)
	tryLogin(t, app, map[string]any{"username": "faraway"}, "Wrong-pass-1")
	mustOK(t, app, adminToken(t, app, s), http.MethodPost, "/api/system/logout", nil)

	page := mustOK(t, app, tr.admin, http.MethodGet, "/api/system/cscpLogLoginsByCriteria?page=0&size=10&userName.contains=%20far%20&sort=time,desc", nil).(map[string]any)
	rows := page["data"].([]any)
	if num(page["recordsTotal"]) != 2 || len(rows) != 2 {
		t.Fatalf("login log = %v", page)
	}
	first := rows[0].(map[string]any)
	if first["userName"] != "faraway" || num(first["status"]) != 0 || first["message"] != msg.BadCredentials ||
		first["ip"] != "192.0.2.10" || first["time"] == "" {
		t.Errorf("newest login row = %v", first)
	}
	// The town administrator does not see the other township's logins.
	page = mustOK(t, app, tr.townAdmin, http.MethodGet, "/api/system/cscpLogLoginsByCriteria?userName.contains=far", nil).(map[string]any)
	if num(page["recordsTotal"]) != 0 {
		t.Errorf("town admin's login log = %v", page)
	}
	if status, _ := call(t, app, tr.admin, http.MethodGet, "/api/system/cscpLogLoginsByCriteria?userName.contains="+strings.Repeat("x", 21), nil); status != 400 {
		t.Errorf("long search = %d, want 400", status)
	}
	if status, _ := call(t, app, tr.admin, http.MethodGet, "/api/system/cscpLogLoginsByCriteria?sort=ip,desc", nil); status != 400 {
		t.Errorf("bad sort = %d, want 400", status)
	}
	page = mustOK(t, app, tr.admin, http.MethodGet, "/api/system/cscpLogOperationsByCriteria?page=0&size=5&username.contains=admin&sort=time,desc", nil).(map[string]any)
	rows = page["data"].([]any)
	if len(rows) == 0 {
		t.Fatalf("operation log = %v", page)
	}
	r := rows[0].(map[string]any)
	for _, k := range []string{"id", "username", "uri", "ip", "time", "params", "message", "error", "status"} {
		if _, ok := r[k]; !ok {
			t.Errorf("operation log row lacks %s: %v", k, r)
		}
	}
	if r["uri"] != "/api/system/logout" || r["message"] != "退出登录" {
		t.Errorf("newest operation = %v", r)
	}
}

// TestOperationLogGroupCommit: concurrent mutating calls, whose rows are
// written in group commits, each leave exactly their own row, committed
// before their answer returns; a batch with a row the database refuses
// still writes the others.
func TestOperationLogGroupCommit(t *testing.T) {
	tr := newTree(t)
	app, s := tr.app, tr.s
	before := opLogCount(t, s)
	const calls = 40
	var wg sync.WaitGroup
	errs := make(chan string, calls)
	for i := range calls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			title := fmt.Sprintf("并发日志%02d", i)
			call(t, app, tr.admin, http.MethodPost, testModuleAPI, map[string]any{"title": title})
			// The row is there as soon as the call has answered.
			n, err := s.ent.OperationLog.Query().Where(operationlog.ParamsContains(title)).Count(context.Background())
			if err != nil || n != 1 {
				errs <- fmt.Sprintf("%s: %d rows (%v) right after the answer", title, n, err)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	if got := opLogCount(t, s); got != before+calls {
		t.Errorf("rows %d → %d after %d calls", before, got, calls)
	}

	// A batch where one row is refused (a user name longer than the column).
	ctx := context.Background()
	var b opLogBatcher
	good := func(name string) *ent.OperationLogCreate {
		return s.ent.OperationLog.Create().SetTenantID(s.tenantID).SetUsername(name).SetURI("/x").SetMethod("POST").
			SetIP("127.0.0.1").SetTime(time.Now()).SetParams("").SetMessage("批量").SetStatus(200).SetDuration(1)
	}
	bad := good(strings.Repeat("长", 300))
	batch := []*opLogWait{{row: good("好行1"), res: make(chan error, 1)}, {row: bad, res: make(chan error, 1)},
		{row: good("好行2"), res: make(chan error, 1)}}
	b.commit(ctx, s.ent, batch)
	for i, w := range batch {
		err := <-w.res
		if (i == 1) != (err != nil) {
			t.Errorf("row %d of the batch: err %v", i, err)
		}
	}
	for _, name := range []string{"好行1", "好行2"} {
		if n, _ := s.ent.OperationLog.Query().Where(operationlog.Username(name)).Count(ctx); n != 1 {
			t.Errorf("%s: %d rows after a batch with a refused row", name, n)
		}
	}
}

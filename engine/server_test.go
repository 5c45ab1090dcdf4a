package engine_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/apitest"
	"xiangzhi/engine/config"
	"xiangzhi/engine/httpx"
)

func TestRoutesDeclareCodes(t *testing.T) {
	a := newTestApp(t, apitest.SQLiteURL(t))
	a.AddRoutes("/api/system", engine.Route{Method: "GET", Path: "/cscpMenus", Code: "cscp.menu.list", Name: "菜单列表",
		Handler: func(c echo.Context) error { return httpx.OK(c, engine.ScopeOf(c).TenantID) }})
	codes := map[string]string{}
	for _, r := range a.Routes() {
		if r.Code == "" && !r.Public {
			t.Errorf("route %s %s has no code and is not public", r.Method, r.Path)
		}
		if r.Handler == nil {
			t.Errorf("route %s %s has no handler", r.Method, r.Path)
		}
		codes[r.Method+" "+r.Path+" "+r.Code] = r.Name
	}
	for _, want := range []string{
		"GET /api/system/cscpMenus cscp.menu.list",
		"GET /onlineVillage/handicappeds onlineVillage.handicapped.list",
		"GET /onlineVillage/handicappeds/:id onlineVillage.handicapped.view",
		"POST /onlineVillage/handicappeds onlineVillage.handicapped.add",
		"PUT /onlineVillage/handicappeds/:id onlineVillage.handicapped.edit",
		"PUT /onlineVillage/handicappeds onlineVillage.handicapped.edit",
		"DELETE /onlineVillage/handicappeds/:id onlineVillage.handicapped.del",
		"DELETE /onlineVillage/handicappeds onlineVillage.handicapped.del",
		"PUT /onlineVillage/handicappeds/:id/status onlineVillage.handicapped.approve",
		"PUT /onlineVillage/handicappeds/:id/status onlineVillage.handicapped.reject",
		"GET /onlineVillage/handicappeds/export onlineVillage.handicapped.export",
		"POST /onlineVillage/handicappeds/import onlineVillage.handicapped.import",
		"GET /onlineVillage/handicappeds/import/template onlineVillage.handicapped.import",
		"GET /onlineVillage/handicappeds/schema onlineVillage.handicapped.list",
		"GET /onlineVillage/handicappeds/stats onlineVillage.handicapped.list",
		"GET /affairs/notices affairs.notice.list",
		"GET /healthz ",
		"GET /readyz ",
		"GET /metrics ",
	} {
		if _, ok := codes[want]; !ok {
			t.Errorf("route table lacks %q", want)
		}
	}
	for k := range codes {
		if strings.HasPrefix(k, "GET /affairs/notices/export") || strings.Contains(k, "notices/:id/status") {
			t.Errorf("route table lists %q, which the module does not switch on", k)
		}
	}
	if got := codes["PUT /onlineVillage/handicappeds/:id/status onlineVillage.handicapped.reject"]; got != "残疾人补贴-驳回" {
		t.Errorf("status route name = %q", got)
	}
	apitest.Run(t, a.Handler(), []apitest.Scenario{
		{Name: "system route authorized", Method: "GET", URL: "/api/system/cscpMenus", Headers: tenant2, ExpectedStatus: 200,
			ExpectedContent: []string{`"data":2`}, Check: wantCode(a, "cscp.menu.list")},
		{Name: "system route denied", Method: "GET", URL: "/api/system/cscpMenus",
			Headers: map[string]string{"X-Test-Deny": "cscp.menu.list"}, ExpectedStatus: 403},
		{Name: "system route, other method", Method: "POST", URL: "/api/system/cscpMenus", Body: `{}`, ExpectedStatus: 405,
			ExpectedContent: []string{`{"code":405,"msg":"请求方法不允许"}`}},
	})
}

func TestAddRoutesRefusesRoutesWithoutCode(t *testing.T) {
	a := newTestApp(t, apitest.SQLiteURL(t))
	h := func(c echo.Context) error { return nil }
	tests := []struct {
		name  string
		route engine.Route
	}{
		{"no code", engine.Route{Method: "GET", Path: "/x", Handler: h}},
		{"public with code", engine.Route{Method: "GET", Path: "/y", Code: "a.b", Public: true, Handler: h}},
		{"no handler", engine.Route{Method: "GET", Path: "/z", Code: "a.b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("AddRoutes accepted %+v", tt.route)
				}
			}()
			a.AddRoutes("/api", tt.route)
		})
	}
}

// TestNoSystemRefusesModuleRoutes: until a System is registered every
// module operation and guarded route answers 503 and writes nothing, while
// public routes and the console answer; Serve refuses to start; a System
// registers once.
func TestNoSystemRefusesModuleRoutes(t *testing.T) {
	cfg := config.Default()
	cfg.DBURL = apitest.SQLiteURL(t)
	cfg.SchemasDir = "testdata/schemas"
	cfg.ConsoleFS = nil
	cfg.Logger = newDiscardLogger()
	a, err := engine.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	a.AddRoutes("", engine.Route{Method: "GET", Path: "/api/guarded", Code: "test.guarded", Name: "guarded",
		Handler: func(c echo.Context) error { return httpx.OK(c, "reached") }})
	refused := []string{`"code":503`}
	apitest.Run(t, a.Handler(), []apitest.Scenario{
		{Name: "module create", Method: "POST", URL: notices, Body: `{"title":"开放"}`, ExpectedStatus: 503,
			ExpectedContent: refused},
		{Name: "module list", Method: "GET", URL: notices, ExpectedStatus: 503, ExpectedContent: refused},
		{Name: "module schema", Method: "GET", URL: notices + "/schema", ExpectedStatus: 503},
		{Name: "guarded route", Method: "GET", URL: "/api/guarded", ExpectedStatus: 503,
			NotExpectedContent: []string{"reached"}},
		{Name: "health is public", Method: "GET", URL: "/healthz", ExpectedStatus: 200},
		{Name: "console not built", Method: "GET", URL: "/", Headers: map[string]string{"Accept": "text/html"},
			ExpectedStatus: 200, ExpectedContent: []string{"控制台尚未构建"}},
	})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := a.Serve(ctx); err == nil || !strings.Contains(err.Error(), "no system") {
		t.Errorf("Serve without a system = %v, want a refusal", err)
	}
	if a.System() != nil {
		t.Errorf("System() = %v before RegisterSystem, want nil", a.System())
	}
	c := a.Echo().NewContext(httptest.NewRequest("GET", "/", nil), httptest.NewRecorder())
	if _, err := a.Authorize(c, "test.guarded"); err == nil {
		t.Error("Authorize without a system allowed the code")
	}
	sys := apitest.NewSystem(t, a)
	if a.System() != sys {
		t.Errorf("System() = %v, want the registered one", a.System())
	}
	if sc, err := a.Authorize(c, "test.guarded"); err != nil || sc.TenantID != 1 || engine.ScopeOf(c) != sc {
		t.Errorf("Authorize = %+v, %v; ScopeOf = %+v", sc, err, engine.ScopeOf(c))
	}
	if err := a.RegisterSystem(&apitest.System{}); !errors.Is(err, engine.ErrSystemRegistered) {
		t.Errorf("second RegisterSystem = %v, want ErrSystemRegistered", err)
	}
	apitest.Run(t, a.Handler(), []apitest.Scenario{
		{Name: "nothing was written", Method: "GET", URL: notices, ExpectedStatus: 200,
			ExpectedContent: []string{`"recordsTotal":0`}},
		{Name: "module create", Method: "POST", URL: notices, Body: `{"title":"开放"}`, ExpectedStatus: 200},
		{Name: "guarded route", Method: "GET", URL: "/api/guarded", ExpectedStatus: 200,
			ExpectedContent: []string{"reached"}},
	})
}

func TestConsoleEmbedded(t *testing.T) {
	a := newTestApp(t, apitest.SQLiteURL(t), func(c *config.Config) {
		c.ConsoleFS = fstest.MapFS{
			"index.html":        {Data: []byte("<div id=root></div>")},
			"assets/app-9f.js":  {Data: []byte("boot()")},
			"assets/app-9f.css": {Data: []byte("body{}")},
		}
	})
	browser := map[string]string{"Accept": "text/html,application/xhtml+xml"}
	apitest.Run(t, a.Handler(), []apitest.Scenario{
		{Name: "index", Method: "GET", URL: "/", Headers: browser, ExpectedStatus: 200,
			ExpectedContent: []string{"<div id=root></div>"}, Check: cacheControl("no-cache")},
		{Name: "spa fallback", Method: "GET", URL: "/user-management", Headers: browser, ExpectedStatus: 200,
			ExpectedContent: []string{"<div id=root></div>"}, Check: cacheControl("no-cache")},
		{Name: "hashed asset", Method: "GET", URL: "/assets/app-9f.js", ExpectedStatus: 200,
			ExpectedContent: []string{"boot()"}, Check: cacheControl("public, max-age=31536000, immutable")},
		{Name: "missing asset", Method: "GET", URL: "/assets/old-1.js", Headers: browser, ExpectedStatus: 404},
		{Name: "api path never spa", Method: "GET", URL: "/api/system/unknown", Headers: browser, ExpectedStatus: 404,
			ExpectedContent: []string{`接口不存在`}},
		{Name: "module base never spa", Method: "GET", URL: subsidies + "/1/x", Headers: browser, ExpectedStatus: 404,
			ExpectedContent: []string{`接口不存在`}},
		{Name: "metrics never spa", Method: "GET", URL: "/metrics/x", Headers: browser, ExpectedStatus: 404},
	})
}

func cacheControl(want string) func(*testing.T, *httptest.ResponseRecorder) {
	return func(t *testing.T, res *httptest.ResponseRecorder) {
		t.Helper()
		if got := res.Header().Get("Cache-Control"); got != want {
			t.Errorf("Cache-Control = %q, want %q", got, want)
		}
	}
}

func TestReadyzWhenTheDatabaseIsDown(t *testing.T) {
	a := newTestApp(t, apitest.SQLiteURL(t))
	if err := a.Store().Close(); err != nil {
		t.Fatal(err)
	}
	apitest.Run(t, a.Handler(), []apitest.Scenario{
		{Name: "readyz", Method: "GET", URL: "/readyz", ExpectedStatus: 503,
			ExpectedContent: []string{`{"code":503,"msg":"服务暂不可用"}`}},
		{Name: "healthz still ok", Method: "GET", URL: "/healthz", ExpectedStatus: 200},
		{Name: "a query is a 500 without internals", Method: "GET", URL: subsidies, ExpectedStatus: 500,
			ExpectedContent: []string{`{"code":500,"msg":"服务器内部错误"}`}, NotExpectedContent: []string{"sql", "closed"}},
	})
	if !strings.Contains(a.logs.String(), `"level":"ERROR","msg":"request failed"`) {
		t.Errorf("the 500 was not logged:\n%s", a.logs.String())
	}
}

func TestServeAndShutdown(t *testing.T) {
	a := newTestApp(t, apitest.SQLiteURL(t), func(c *config.Config) { c.Addr = "127.0.0.1:0" })
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.Serve(ctx) }()
	addr := waitForLog(t, a, "listening", "addr")
	res, err := http.Get("http://" + addr + "/healthz")
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(body), `"status":"ok"`) {
		t.Errorf("healthz = %d %s", res.StatusCode, body)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Serve after cancel = %v, want nil", err)
	}
	if _, err := http.Get("http://" + addr + "/healthz"); err == nil {
		t.Errorf("server still answers after shutdown")
	}
}

// waitForLog waits for a log line with msg and returns its attribute key.
func waitForLog(t *testing.T, a *testApp, msg, key string) string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		for _, line := range strings.Split(a.logs.String(), "\n") {
			var rec map[string]any
			if json.Unmarshal([]byte(line), &rec) == nil && rec["msg"] == msg {
				return fmt.Sprint(rec[key])
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("no %q log line:\n%s", msg, a.logs.String())
	return ""
}

func TestNewRefusesAMissingSchemasDir(t *testing.T) {
	cfg := config.Default()
	cfg.DBURL = apitest.SQLiteURL(t)
	cfg.SchemasDir = t.TempDir() + "/missing"
	_, err := engine.New(cfg)
	if err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("New = %v, want a schemas dir error", err)
	}
	cfg.SchemasDir = ""
	cfg.DBURL = "oracle://x"
	if _, err := engine.New(cfg); err == nil {
		t.Errorf("New accepted an unknown database url")
	}
}

func TestBodyLimit(t *testing.T) {
	a := newTestApp(t, apitest.SQLiteURL(t), func(c *config.Config) { c.MaxBodyBytes = 64 })
	apitest.Run(t, a.Handler(), []apitest.Scenario{
		{Name: "small body", Method: "POST", URL: notices, Body: `{"title":"短"}`, ExpectedStatus: 200},
		{Name: "large body", Method: "POST", URL: notices, Body: `{"title":"` + strings.Repeat("长", 40) + `"}`,
			ExpectedStatus: 413, ExpectedContent: []string{`{"code":413,"msg":"请求内容过大"}`}},
	})
}

// TestAPIDocument serves the live OpenAPI document to signed-in callers,
// compressed when the client takes gzip, and the same bytes tools/openapi
// writes (App.APIDocument).
func TestAPIDocument(t *testing.T) {
	a := newTestApp(t, apitest.SQLiteURL(t))
	want, err := a.APIDocument()
	if err != nil {
		t.Fatal(err)
	}
	apitest.Run(t, a.Handler(), []apitest.Scenario{
		{Name: "document", Method: "GET", URL: "/api/openapi.json", ExpectedStatus: 200,
			ExpectedContent: []string{`"openapi":"3.1.0"`, `"/onlineVillage/handicappeds"`, `"HandicappedCriteria"`},
			Check: func(t *testing.T, res *httptest.ResponseRecorder) {
				if !bytes.Equal(res.Body.Bytes(), want) {
					t.Error("served document differs from App.APIDocument")
				}
			}},
		{Name: "refused without the signed-in code", Method: "GET", URL: "/api/openapi.json",
			Headers: map[string]string{apitest.HeaderDeny: "signedIn"}, ExpectedStatus: 403},
		{Name: "compressed", Method: "GET", URL: "/api/openapi.json", Headers: map[string]string{"Accept-Encoding": "gzip"},
			ExpectedStatus: 200, Check: func(t *testing.T, res *httptest.ResponseRecorder) {
				if res.Header().Get("Content-Encoding") != "gzip" || res.Body.Len() >= len(want)/3 {
					t.Errorf("Content-Encoding %q, %d of %d bytes", res.Header().Get("Content-Encoding"), res.Body.Len(), len(want))
				}
			}},
	})
}

package httpx

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
	"github.com/labstack/echo/v4"

	"xiangzhi/engine/schema"
)

// newServer is an echo server with the full middleware chain, logging into
// the returned buffer.
func newServer(t *testing.T) (*echo.Echo, *Metrics, *bytes.Buffer) {
	t.Helper()
	var logs bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&logs, nil))
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	m := NewMetrics()
	e.HTTPErrorHandler = ErrorHandler(log)
	e.Pre(MethodOverride())
	e.Use(RequestIDs(), AccessLog(log), m.Middleware(), Recover(log))
	return e, m, &logs
}

func do(e http.Handler, method, target, body string, hdr ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	return rec
}

type teapot struct{}

func (teapot) Error() string         { return "teapot with secret internals" }
func (teapot) HTTPStatus() int       { return http.StatusConflict }
func (teapot) PublicMessage() string { return "壶已满" }

func TestErrorAdapter(t *testing.T) {
	e, _, logs := newServer(t)
	e.GET("/ok", func(c echo.Context) error { return OK(c, map[string]int{"n": 1}) })
	e.GET("/page", func(c echo.Context) error { return OKPage[int](c, nil, 0) })
	e.GET("/public", func(c echo.Context) error { return fmt.Errorf("wrapped: %w", teapot{}) })
	e.GET("/validation", func(c echo.Context) error {
		return &schema.ValidationError{Errors: []schema.FieldError{{Field: "name", Message: "姓名不能为空"}}}
	})
	e.GET("/internal", func(c echo.Context) error { return errors.New("db password is hunter2") })
	e.GET("/panic", func(c echo.Context) error { panic("boom") })
	e.GET("/echo400", func(c echo.Context) error { return echo.NewHTTPError(http.StatusBadRequest, "raw") })
	e.GET("/echo502", func(c echo.Context) error { return echo.NewHTTPError(http.StatusBadGateway) })
	e.GET("/deadline", func(c echo.Context) error { return fmt.Errorf("query: %w", context.DeadlineExceeded) })
	e.POST("/bind", func(c echo.Context) error {
		obj, err := BindObject(c, 64)
		if err != nil {
			return err
		}
		return OK(c, obj)
	})

	tests := []struct {
		name, method, path, body string
		status                   int
		want                     string
	}{
		{"success", "GET", "/ok", "", 200, `{"code":0,"msg":"操作成功","data":{"n":1}}`},
		{"empty page", "GET", "/page", "", 200, `{"code":0,"msg":"操作成功","data":{"data":[],"recordsTotal":0}}`},
		{"public error", "GET", "/public", "", 409, `{"code":409,"msg":"壶已满"}`},
		{"validation", "GET", "/validation", "", 400, `{"code":400,"msg":"提交的数据校验未通过","errors":[{"field":"name","message":"姓名不能为空"}]}`},
		{"internal", "GET", "/internal", "", 500, `{"code":500,"msg":"服务器内部错误"}`},
		{"panic", "GET", "/panic", "", 500, `{"code":500,"msg":"服务器内部错误"}`},
		{"unknown route", "GET", "/nowhere", "", 404, `{"code":404,"msg":"接口不存在"}`},
		{"wrong method", "DELETE", "/ok", "", 405, `{"code":405,"msg":"请求方法不允许"}`},
		{"echo 400 in Chinese", "GET", "/echo400", "", 400, `{"code":400,"msg":"请求参数有误"}`},
		{"echo 5xx is internal", "GET", "/echo502", "", 500, `{"code":500,"msg":"服务器内部错误"}`},
		{"deadline", "GET", "/deadline", "", 503, `{"code":503,"msg":"请求超时，请重试"}`},
		{"bind object", "POST", "/bind", `{"a":1.50,"b":[1,"x"]}`, 200, `{"code":0,"msg":"操作成功","data":{"a":1.50,"b":[1,"x"]}}`},
		{"bind malformed", "POST", "/bind", `{"a":`, 400, `{"code":400,"msg":"请求内容不是合法的JSON"}`},
		{"bind array", "POST", "/bind", `[1,2]`, 400, `{"code":400,"msg":"请求内容必须是JSON对象"}`},
		{"bind null", "POST", "/bind", `null`, 400, `{"code":400,"msg":"请求内容必须是JSON对象"}`},
		{"bind empty", "POST", "/bind", ``, 400, `{"code":400,"msg":"请求内容不是合法的JSON"}`},
		{"bind trailing", "POST", "/bind", `{"a":1} {"b":2}`, 400, `{"code":400,"msg":"请求内容不是合法的JSON"}`},
		{"bind duplicate key", "POST", "/bind", `{"a":1,"a":2}`, 400, `{"code":400,"msg":"请求内容不是合法的JSON"}`},
		{"bind too large", "POST", "/bind", `{"a":"` + strings.Repeat("x", 100) + `"}`, 413, `{"code":413,"msg":"请求内容过大"}`},
		{"method override", "POST", "/bind?_method=put", `{}`, 405, `{"code":405,"msg":"请求方法不允许"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := do(e, tt.method, tt.path, tt.body)
			if rec.Code != tt.status {
				t.Errorf("status = %d, want %d", rec.Code, tt.status)
			}
			if got := strings.TrimSpace(rec.Body.String()); got != tt.want {
				t.Errorf("body = %s\nwant   %s", got, tt.want)
			}
		})
	}
	if !strings.Contains(logs.String(), "hunter2") {
		t.Errorf("internal error not logged: %s", logs.String())
	}
	if !strings.Contains(logs.String(), `"panic":"boom"`) {
		t.Errorf("panic not logged: %s", logs.String())
	}
}

func TestBindContentType(t *testing.T) {
	e, _, _ := newServer(t)
	e.POST("/bind", func(c echo.Context) error {
		_, err := BindObject(c, 0)
		return err
	})
	rec := do(e, "POST", "/bind", "", "Content-Type", "text/csv")
	if rec.Code != http.StatusUnsupportedMediaType {
		t.Errorf("status = %d, want 415", rec.Code)
	}
	rec = do(e, "POST", "/bind", `{}`, "Content-Type", "application/merge-patch+json")
	if rec.Code != http.StatusOK {
		t.Errorf("+json status = %d, want 200", rec.Code)
	}
}

func TestDecodeObjectKeepsNumbers(t *testing.T) {
	obj, err := DecodeObject(strings.NewReader(`{"big": 12345678901234567890, "d": 0.1}`))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"big": json.Number("12345678901234567890"), "d": json.Number("0.1")}
	if diff := cmp.Diff(want, obj); diff != "" {
		t.Errorf("object (-want +got):\n%s", diff)
	}
}

func TestMethodOverride(t *testing.T) {
	e, _, _ := newServer(t)
	for _, m := range []string{"PUT", "DELETE", "PATCH", "POST", "GET"} {
		e.Add(m, "/r", func(c echo.Context) error { return c.String(200, c.Request().Method) })
	}
	tests := []struct{ target, want string }{
		{"/r?_method=PUT", "PUT"},
		{"/r?_method=delete", "DELETE"},
		{"/r?_method=GET", "POST"}, // never to a safe method
		{"/r?_method=BREW", "POST"},
		{"/r", "POST"},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			if got := do(e, "POST", tt.target, "").Body.String(); got != tt.want {
				t.Errorf("method = %s, want %s", got, tt.want)
			}
		})
	}
	if got := do(e, "GET", "/r?_method=DELETE", "").Body.String(); got != "GET" {
		t.Errorf("GET overridden to %s", got)
	}
}

func TestRequestIDAndAccessLog(t *testing.T) {
	e, _, logs := newServer(t)
	e.GET("/items/:id", func(c echo.Context) error {
		SetUser(c, "admin")
		return OK(c, c.Param("id"))
	})
	rec := do(e, "GET", "/items/7", "", HeaderRequestID, "abc-123")
	if got := rec.Header().Get(HeaderRequestID); got != "abc-123" {
		t.Errorf("request id = %q, want the client's", got)
	}
	rec = do(e, "GET", "/items/8", "", HeaderRequestID, "bad id\nwith newline")
	if got := rec.Header().Get(HeaderRequestID); len(got) != 32 {
		t.Errorf("request id = %q, want a generated one", got)
	}
	var line map[string]any
	first := strings.SplitN(logs.String(), "\n", 2)[0]
	if err := json.Unmarshal([]byte(first), &line); err != nil {
		t.Fatalf("log line %q: %v", first, err)
	}
	for k, want := range map[string]any{"msg": "http request", "method": "GET", "path": "/items/7",
		"route": "/items/:id", "status": 200.0, "requestId": "abc-123", "user": "admin"} {
		if line[k] != want {
			t.Errorf("log %s = %v, want %v", k, line[k], want)
		}
	}
	if _, ok := line["latency"]; !ok {
		t.Errorf("log has no latency: %v", line)
	}
	if b, _ := line["bytes"].(float64); b <= 0 {
		t.Errorf("log bytes = %v, want > 0", line["bytes"])
	}
}

func TestMetrics(t *testing.T) {
	e, m, _ := newServer(t)
	e.GET("/items/:id", func(c echo.Context) error { return OK(c, nil) })
	e.GET("/metrics", echo.WrapHandler(m.Handler()))
	m.Registry().MustRegister(NewDBCollector(fakeStats{}))
	do(e, "GET", "/items/1", "")
	do(e, "GET", "/items/2", "")
	do(e, "GET", "/missing", "")
	body := do(e, "GET", "/metrics", "").Body.String()
	for _, want := range []string{
		`xz_http_requests_total{method="GET",route="/items/:id",status="200"} 2`,
		`xz_http_requests_total{method="GET",route="unmatched",status="404"} 1`,
		`xz_http_request_duration_seconds_count{method="GET",route="/items/:id"} 2`,
		`xz_db_open_connections 3`,
		`xz_db_in_use_connections 2`,
		`go_goroutines`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %q", want)
		}
	}
}

type fakeStats struct{}

func (fakeStats) Stats() sql.DBStats { return sql.DBStats{OpenConnections: 3, InUse: 2, Idle: 1} }

type pinger struct{ err error }

func (p pinger) Ping(context.Context) error { return p.err }

func TestHealth(t *testing.T) {
	e, _, _ := newServer(t)
	e.GET("/healthz", Healthz)
	e.GET("/up", Readyz(pinger{}))
	e.GET("/down", Readyz(pinger{errors.New("connection refused")}))
	tests := []struct {
		path   string
		status int
		want   string
	}{
		{"/healthz", 200, `{"code":0,"msg":"操作成功","data":{"status":"ok"}}`},
		{"/up", 200, `{"code":0,"msg":"操作成功","data":{"status":"ok"}}`},
		{"/down", 503, `{"code":503,"msg":"服务暂不可用"}`},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			rec := do(e, "GET", tt.path, "")
			if rec.Code != tt.status || strings.TrimSpace(rec.Body.String()) != tt.want {
				t.Errorf("got %d %s, want %d %s", rec.Code, rec.Body.String(), tt.status, tt.want)
			}
		})
	}
}

func TestConsole(t *testing.T) {
	built := fstest.MapFS{
		"index.html":         {Data: []byte("<html>console</html>")},
		"assets/app-1a2b.js": {Data: []byte("console.log(1)")},
		"favicon.ico":        {Data: []byte("ico")},
	}
	tests := []struct {
		name        string
		fsys        fstest.MapFS
		method      string
		path        string
		status      int
		body, cache string
	}{
		{"root", built, "GET", "/", 200, "<html>console</html>", "no-cache"},
		{"index", built, "GET", "/index.html", 200, "<html>console</html>", "no-cache"},
		{"spa route", built, "GET", "/workbench/users", 200, "<html>console</html>", "no-cache"},
		{"spa route for a non-browser", built, "GET", "/workbench/users?json", 404, `"msg":"接口不存在"`, ""},
		{"hashed asset", built, "GET", "/assets/app-1a2b.js", 200, "console.log(1)", "public, max-age=31536000, immutable"},
		{"other file", built, "GET", "/favicon.ico", 200, "ico", "no-cache"},
		{"missing asset", built, "GET", "/assets/gone.js", 404, `"msg":"接口不存在"`, ""},
		{"missing file", built, "GET", "/robots.txt", 404, `"msg":"接口不存在"`, ""},
		{"post", built, "POST", "/workbench", 404, `"msg":"接口不存在"`, ""},
		{"dot dot stays inside", built, "GET", "/../../index.html", 200, "<html>console</html>", "no-cache"},
		{"not built", fstest.MapFS{".keep": {}}, "GET", "/workbench", 200, "go tool task build", "no-cache"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, _, _ := newServer(t)
			cs := NewConsole(tt.fsys)
			e.Any("/*", cs.Serve)
			accept := "text/html,application/xhtml+xml,*/*;q=0.8"
			if strings.HasSuffix(tt.path, "?json") {
				accept = "application/json, text/plain, */*"
			}
			rec := do(e, tt.method, tt.path, "", "Accept", accept)
			if rec.Code != tt.status {
				t.Errorf("status = %d, want %d", rec.Code, tt.status)
			}
			if !strings.Contains(rec.Body.String(), tt.body) {
				t.Errorf("body = %q, want it to contain %q", rec.Body.String(), tt.body)
			}
			if got := rec.Header().Get("Cache-Control"); tt.cache != "" && got != tt.cache {
				t.Errorf("Cache-Control = %q, want %q", got, tt.cache)
			}
		})
	}
}

// A request whose client went away is logged and counted as 499, whatever
// words the failing layer used for it (a driver says "interrupted", not
// context.Canceled), and is no "request failed" error; a server-side
// deadline still answers its 503.
func TestClientGoneIs499(t *testing.T) {
	e, m, logs := newServer(t)
	e.GET("/items", func(c echo.Context) error { return errors.New("interrupted (9)") })
	e.GET("/metrics", echo.WrapHandler(m.Handler()))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req := httptest.NewRequest("GET", "/items", nil).WithContext(ctx)
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	if rec.Code != StatusClientClosed || rec.Body.Len() != 0 {
		t.Errorf("client gone: %d %q, want 499 and no body", rec.Code, rec.Body.String())
	}
	if strings.Contains(logs.String(), "request failed") || !strings.Contains(logs.String(), `"status":499`) {
		t.Errorf("logs:\n%s", logs.String())
	}
	body := do(e, "GET", "/metrics", "").Body.String()
	if !strings.Contains(body, `route="/items",status="499"`) || strings.Contains(body, `status="500"`) {
		t.Errorf("metrics:\n%s", body)
	}
}

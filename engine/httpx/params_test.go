package httpx

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/labstack/echo/v4"
)

func TestParseID(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"1", 1, true},
		{"9223372036854775807", 9223372036854775807, true},
		{"", 0, false},
		{"0", 0, false},
		{"-3", 0, false},
		{"+3", 0, false},
		{" 3", 0, false},
		{"1e3", 0, false},
		{"9223372036854775808", 0, false},
		{"12345678901234567890", 0, false},
	}
	for _, tt := range tests {
		got, err := ParseID(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseID(%q) = %d, %v; want %d, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
		if err != nil && publicMessage(err) != "ID格式不正确" {
			t.Errorf("ParseID(%q) message = %q", tt.in, publicMessage(err))
		}
	}
}

func publicMessage(err error) string {
	var pe PublicError
	if errors.As(err, &pe) {
		return pe.PublicMessage()
	}
	return "not public: " + err.Error()
}

func TestPathAndQueryID(t *testing.T) {
	e := echo.New()
	tests := []struct {
		name, query string
		required    bool
		want        int64
		msg         string
	}{
		{"given", "userId=7", false, 7, ""},
		{"spaces trimmed", "userId=%207%20", false, 7, ""},
		{"absent optional", "", false, 0, ""},
		{"blank optional", "userId=", false, 0, ""},
		{"absent required", "", true, 0, "缺少参数：userId"},
		{"malformed", "userId=x", false, 0, "参数 userId 的值格式不正确"},
		{"zero", "userId=0", true, 0, "参数 userId 的值格式不正确"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := e.NewContext(httptest.NewRequest(http.MethodGet, "/?"+tt.query, nil), httptest.NewRecorder())
			got, err := QueryID(c, "userId", tt.required)
			gotMsg := ""
			if err != nil {
				gotMsg = publicMessage(err)
			}
			if got != tt.want || gotMsg != tt.msg {
				t.Errorf("QueryID = %d, %q; want %d, %q", got, gotMsg, tt.want, tt.msg)
			}
		})
	}
	c := e.NewContext(httptest.NewRequest(http.MethodGet, "/", nil), httptest.NewRecorder())
	c.SetParamNames("id")
	c.SetParamValues("abc")
	if _, err := PathID(c, "id"); publicMessage(err) != "参数 id 的值格式不正确" {
		t.Errorf("PathID(abc) error = %v", err)
	}
	c.SetParamValues("42")
	if id, err := PathID(c, "id"); id != 42 || err != nil {
		t.Errorf("PathID(42) = %d, %v", id, err)
	}
}

func TestPaging(t *testing.T) {
	tests := []struct {
		name, query      string
		rule             PageRule
		page, size       int
		param, wantError string
	}{
		{"defaults", "", PageRule{}, 0, 10, "", ""},
		{"module default", "", PageRule{DefaultSize: 20}, 0, 20, "", ""},
		{"given", "page=3&size=50", PageRule{}, 3, 50, "", ""},
		{"empty values", "page=&size=", PageRule{}, 0, 10, "", ""},
		{"repeated same", "page=2&page=2", PageRule{}, 2, 10, "", ""},
		{"max size", "size=1000", PageRule{}, 0, 1000, "", ""},
		{"size too large", "size=1001", PageRule{}, 0, 0, "size", "每页条数不能超过1000"},
		{"size overflow", "size=99999999999", PageRule{}, 0, 0, "size", "每页条数不能超过1000"},
		{"size zero", "size=0", PageRule{}, 0, 0, "size", "参数 size 的值格式不正确"},
		{"size text", "size=ten", PageRule{BadValue: "查询参数 %s 的值格式不正确"}, 0, 0, "size", "查询参数 size 的值格式不正确"},
		{"negative page", "page=-1", PageRule{}, 0, 0, "page", "参数 page 的值格式不正确"},
		{"page over max", "page=1000001", PageRule{MaxPage: 1_000_000}, 0, 0, "page", "参数 page 的值格式不正确"},
		{"page at max", "page=1000000", PageRule{MaxPage: 1_000_000}, 1_000_000, 10, "", ""},
		{"two pages", "page=1&page=2", PageRule{}, 0, 0, "page", "参数 page 的值格式不正确"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := url.ParseQuery(tt.query)
			if err != nil {
				t.Fatal(err)
			}
			page, size, err := Paging(v, tt.rule)
			if tt.wantError == "" {
				if err != nil || page != tt.page || size != tt.size {
					t.Errorf("Paging(%q) = %d, %d, %v; want %d, %d", tt.query, page, size, err, tt.page, tt.size)
				}
				return
			}
			var pe *PageError
			if !errors.As(err, &pe) || pe.Param != tt.param || pe.PublicMessage() != tt.wantError {
				t.Errorf("Paging(%q) error = %v, want %s: %s", tt.query, err, tt.param, tt.wantError)
			}
		})
	}
}

func TestBindFields(t *testing.T) {
	e := echo.New()
	tests := []struct {
		name, body string
		want       map[string]any
		msg        string
		fields     []string
	}{
		{"declared keys", `{"id": "1"}`, map[string]any{"id": "1"}, "", nil},
		{"empty body", ``, map[string]any{}, "", nil},
		{"unknown keys", `{"id": "1", "z": 1, "evil": 2}`, nil, "不支持的字段：evil", []string{"evil", "z"}},
		{"not an object", `[1]`, nil, "请求内容必须是JSON对象", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(tt.body))
			req.Header.Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
			got, err := BindFields(e.NewContext(req, httptest.NewRecorder()), 0, "id")
			if tt.msg == "" {
				if err != nil {
					t.Fatal(err)
				}
				if d := cmp.Diff(tt.want, got); d != "" {
					t.Errorf("BindFields (-want +got):\n%s", d)
				}
				return
			}
			status, env, _ := Resolve(err)
			var fields []string
			for _, f := range env.Errors {
				fields = append(fields, f.Field)
			}
			if status != 400 || env.Msg != tt.msg || !cmp.Equal(fields, tt.fields) {
				t.Errorf("BindFields(%s) = %d %q %v, want 400 %q %v", tt.body, status, env.Msg, fields, tt.msg, tt.fields)
			}
		})
	}
}

func TestBindInto(t *testing.T) {
	e := echo.New()
	type form struct {
		Name string `json:"name"`
		Age  int    `json:"age"`
	}
	tests := []struct {
		name, ct, body string
		want           form
		status         int
		msg            string
	}{
		{"declared", "application/json", `{"name":"甲","age":3}`, form{"甲", 3}, 0, ""},
		{"empty body keeps dst", "application/json", ``, form{"原", 0}, 0, ""},
		{"unknown key", "application/json", `{"name":"甲","isAdmin":true}`, form{}, 400, "不支持的字段：isAdmin"},
		{"wrong type", "application/json", `{"age":"x"}`, form{}, 400, "age格式不正确"},
		{"trailing data", "application/json", `{"age":1} {}`, form{}, 400, "请求内容不是合法的JSON"},
		{"not JSON", "text/plain", `{}`, form{}, 415, "不支持的请求内容类型"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(tt.body))
			req.Header.Set(echo.HeaderContentType, tt.ct)
			got := form{Name: "原"}
			err := BindInto(e.NewContext(req, httptest.NewRecorder()), 0, &got)
			if tt.status == 0 {
				if err != nil || got != tt.want {
					t.Errorf("BindInto(%s) = %+v, %v; want %+v", tt.body, got, err, tt.want)
				}
				return
			}
			status, env, _ := Resolve(err)
			if status != tt.status || env.Msg != tt.msg {
				t.Errorf("BindInto(%s) = %d %q, want %d %q", tt.body, status, env.Msg, tt.status, tt.msg)
			}
		})
	}
}

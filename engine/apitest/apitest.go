// Package apitest runs HTTP API scenarios against a real handler, in the
// manner of PocketBase's tests.ApiScenario: each scenario names a request
// and what the answer must be — its status and fragments its body must (or
// must not) contain — plus an optional check of its own.
package apitest

import (
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// Scenario is one request and the answer it must get.
type Scenario struct {
	Name   string
	Method string
	URL    string
	// Body is sent as is, with Content-Type application/json unless
	// Headers name another.
	Body    string
	Headers map[string]string
	// RemoteAddr is the caller's address (host:port); default httptest's
	// 192.0.2.1:1234, which is not loopback.
	RemoteAddr string
	// File, when set, is sent as the multipart part "file" instead of Body.
	File *File

	ExpectedStatus int
	// ExpectedContent are fragments the body must contain, compared after
	// compacting JSON bodies (so `"code":0` matches however it was spaced).
	ExpectedContent []string
	// NotExpectedContent are fragments the body must not contain.
	NotExpectedContent []string
	// Check runs last, for what fragments cannot say.
	Check func(t *testing.T, res *httptest.ResponseRecorder)
}

// File is an upload.
type File struct {
	Name string
	Data []byte
}

// Run runs the scenarios in order, each as a subtest.
func Run(t *testing.T, h http.Handler, scenarios []Scenario) {
	t.Helper()
	for _, s := range scenarios {
		t.Run(s.Name, func(t *testing.T) { s.Test(t, h) })
	}
}

// Test sends the scenario's request to h and checks the answer.
func (s Scenario) Test(t *testing.T, h http.Handler) *httptest.ResponseRecorder {
	t.Helper()
	req := s.request(t)
	res := httptest.NewRecorder()
	h.ServeHTTP(res, req)
	body := Compact(res.Body.Bytes())
	if res.Code != s.ExpectedStatus {
		t.Errorf("%s %s: status = %d, want %d; body %s", s.Method, s.URL, res.Code, s.ExpectedStatus, body)
	}
	for _, frag := range s.ExpectedContent {
		if !strings.Contains(body, frag) {
			t.Errorf("%s %s: body lacks %s\nbody: %s", s.Method, s.URL, frag, body)
		}
	}
	for _, frag := range s.NotExpectedContent {
		if strings.Contains(body, frag) {
			t.Errorf("%s %s: body contains %s\nbody: %s", s.Method, s.URL, frag, body)
		}
	}
	if s.Check != nil {
		s.Check(t, res)
	}
	return res
}

func (s Scenario) request(t *testing.T) *http.Request {
	t.Helper()
	var body io.Reader = strings.NewReader(s.Body)
	contentType := ""
	if s.Body != "" {
		contentType = "application/json"
	}
	if s.File != nil {
		var b bytes.Buffer
		w := multipart.NewWriter(&b)
		part, err := w.CreateFormFile("file", s.File.Name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := part.Write(s.File.Data); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		body, contentType = &b, w.FormDataContentType()
	}
	req := httptest.NewRequest(s.Method, s.URL, body)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for k, v := range s.Headers {
		req.Header.Set(k, v)
	}
	if s.RemoteAddr != "" {
		req.RemoteAddr = s.RemoteAddr
	}
	return req
}

// Compact is b with the insignificant space of JSON removed, or b as text
// when it is not JSON.
func Compact(b []byte) string {
	var out bytes.Buffer
	if err := json.Compact(&out, b); err != nil {
		return string(b)
	}
	return out.String()
}

// Data decodes the data member of an envelope answer into v.
func Data(t *testing.T, res *httptest.ResponseRecorder, v any) {
	t.Helper()
	var env struct {
		Code int             `json:"code"`
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(res.Body.Bytes(), &env); err != nil {
		t.Fatalf("answer is not an envelope: %v; body %s", err, res.Body.String())
	}
	if err := json.Unmarshal(env.Data, v); err != nil {
		t.Fatalf("decode data: %v; data %s", err, env.Data)
	}
}

package httpx

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestOriginOf(t *testing.T) {
	tests := []struct{ raw, want string }{
		{"https://{s}.tile.example.org/{z}/{x}/{y}.png", "https://a.tile.example.org"},
		{"https://geo.example/search?format=json&q={q}", "https://geo.example"},
		{"http://127.0.0.1:9000", "http://127.0.0.1:9000"},
		{"/relative/{z}", ""},
		{"javascript:alert(1)", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := OriginOf(tt.raw); got != tt.want {
			t.Errorf("OriginOf(%q) = %q, want %q", tt.raw, got, tt.want)
		}
	}
}

func TestConsoleSecurityHeaders(t *testing.T) {
	fsys := fstest.MapFS{"index.html": {Data: []byte("<html>console</html>")}, "assets/a-1.js": {Data: []byte("x")}}
	cs := NewConsole(fsys)
	cs.Allow(Origins{Images: []string{"https://tiles.example", ""}, Media: []string{"http://127.0.0.1:9000"},
		Connect: []string{"https://geo.example"}})
	e, _, _ := newServer(t)
	e.Any("/*", cs.Serve)
	for _, path := range []string{"/", "/workbench", "/assets/a-1.js"} {
		rec := do(e, "GET", path, "", "Accept", "text/html")
		csp := rec.Header().Get("Content-Security-Policy")
		for _, want := range []string{"script-src 'self' 'unsafe-eval';", "frame-ancestors 'none'", "object-src 'none'",
			"img-src 'self' data: blob: https://tiles.example;", "media-src 'self' blob: http://127.0.0.1:9000;",
			"connect-src 'self' https://geo.example;"} {
			if !strings.Contains(csp+";", want) {
				t.Errorf("%s: Content-Security-Policy %q lacks %q", path, csp, want)
			}
		}
		if script := strings.SplitN(csp, ";", 3)[1]; strings.Contains(script, "unsafe-inline") || strings.Contains(script, "*") {
			t.Errorf("%s: scripts may run inline or from anywhere: %q", path, script)
		}
		for h, want := range map[string]string{"Referrer-Policy": referrerPolicy, "Permissions-Policy": permissionsPolicy,
			"X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff"} {
			if got := rec.Header().Get(h); got != want {
				t.Errorf("%s: %s = %q, want %q", path, h, got, want)
			}
		}
	}
}

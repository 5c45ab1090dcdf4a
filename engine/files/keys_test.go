package files_test

import (
	"strings"
	"testing"
	"time"

	"xiangzhi/engine/files"
)

func TestNewKeyShape(t *testing.T) {
	now := time.Date(2024, 3, 9, 23, 30, 0, 0, time.UTC)
	for _, bt := range []string{"avatar", "../../etc", "%2e%2e/%2e%2e", "/abs/path", "a\x00b", `..\..\x`, "", "UPPER_case-1", strings.Repeat("x", 300)} {
		key, err := files.NewKey(7, bt, now, "png")
		if err != nil {
			t.Fatalf("NewKey(%q): %v", bt, err)
		}
		if !files.ValidKey(key) || !strings.HasPrefix(key, "7/") || !strings.Contains(key, "/2024/03/09/") {
			t.Errorf("NewKey(%q) = %q: not a valid key of tenant 7 dated 2024/03/09", bt, key)
		}
		if strings.Contains(key, "..") || strings.ContainsAny(key, "\\%\x00") {
			t.Errorf("NewKey(%q) = %q carries a traversal character", bt, key)
		}
	}
	a, _ := files.NewKey(1, "x", now, "pdf")
	b, _ := files.NewKey(1, "x", now, "pdf")
	if a == b {
		t.Errorf("two keys are equal: %s", a)
	}
	if _, err := files.NewKey(0, "x", now, "pdf"); err == nil {
		t.Error("NewKey for tenant 0 = nil error")
	}
}

func TestSanitizeBusinessType(t *testing.T) {
	tests := []struct{ in, want string }{
		{"avatar", "avatar"},
		{"../../etc", "etc"},
		{"%2e%2e/", "2e2e"},
		{"User Avatar", "useravatar"},
		{"...", "default"},
		{"村务", "default"},
	}
	for _, tt := range tests {
		if got := files.SanitizeBusinessType(tt.in); got != tt.want {
			t.Errorf("SanitizeBusinessType(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestValidKeyRefusesTraversal(t *testing.T) {
	good := "1/avatar/2024/01/02/0123456789abcdef0123456789abcdef.png"
	if !files.ValidKey(good) {
		t.Fatalf("ValidKey(%q) = false", good)
	}
	for _, k := range []string{
		"../1/avatar/2024/01/02/0123456789abcdef0123456789abcdef.png",
		"/1/avatar/2024/01/02/0123456789abcdef0123456789abcdef.png",
		"1/../2024/01/02/0123456789abcdef0123456789abcdef.png",
		"1/avatar/2024/01/02/../../../../xiangzhi.db",
		"1/%2e%2e/2024/01/02/0123456789abcdef0123456789abcdef.png",
		`1\avatar\2024\01\02\0123456789abcdef0123456789abcdef.png`,
		"1/avatar/2024/01/02/0123456789abcdef0123456789abcdef.png\x00.txt",
		"1/avatar/2024/01/02/0123456789abcdef0123456789abcdef.png/",
		"0/avatar/2024/01/02/0123456789abcdef0123456789abcdef.png",
		"",
	} {
		if files.ValidKey(k) {
			t.Errorf("ValidKey(%q) = true", k)
		}
	}
}

func TestKeyFromURL(t *testing.T) {
	key := "3/doc/2024/01/02/0123456789abcdef0123456789abcdef.pdf"
	tests := []struct {
		url  string
		want string
		ok   bool
	}{
		{"/api/oos/file/" + key + "?exp=1&sig=ab", key, true},
		{"https://x.example/api/oos/file/" + key, key, true},
		{"http://127.0.0.1:9000/bucket/" + key + "?X-Amz-Signature=1", key, true},
		{key, key, true},
		{"/api/oos/file/../../etc/passwd", "", false},
		{"http://x/a/b", "", false},
		{"%zz", "", false},
	}
	for _, tt := range tests {
		got, ok := files.KeyFromURL(tt.url)
		if ok != tt.ok || (ok && got != tt.want) {
			t.Errorf("KeyFromURL(%q) = %q, %v; want %q, %v", tt.url, got, ok, tt.want, tt.ok)
		}
	}
}

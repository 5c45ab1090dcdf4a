package store

import (
	"strings"
	"testing"
)

func TestCountCache(t *testing.T) {
	c := newCountCache(2)
	c.put("a", 5, 100)
	if n, ok := c.get("a", 5); !ok || n != 100 {
		t.Fatalf("get(a, 5) = %d, %v; want 100, true", n, ok)
	}
	if _, ok := c.get("a", 6); ok {
		t.Fatal("get(a, 6) hit: a total taken at another sequence must not be reused")
	}
	c.put("a", 4, 90) // an older total never replaces a newer one
	if n, ok := c.get("a", 5); !ok || n != 100 {
		t.Fatalf("after an older put, get(a, 5) = %d, %v; want 100, true", n, ok)
	}
	c.put("b", 1, 1)
	c.get("a", 5) // a is now the most recent
	c.put("c", 1, 1)
	if _, ok := c.get("b", 1); ok {
		t.Error("b survived eviction, want the least recently used entry gone")
	}
	if _, ok := c.get("a", 5); !ok || c.len() != 2 {
		t.Errorf("a evicted or size %d, want a kept and 2 entries", c.len())
	}
}

func TestCountKey(t *testing.T) {
	tests := []struct {
		name string
		a, b []any
	}{
		{"types differ", []any{int64(1)}, []any{"1"}},
		{"split differs", []any{"a\x00b"}, []any{"a", "b"}},
		{"values differ", []any{int64(1), "x"}, []any{int64(1), "y"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if countKey("q", tt.a) == countKey("q", tt.b) {
				t.Errorf("countKey(%v) == countKey(%v)", tt.a, tt.b)
			}
		})
	}
}

func TestIdent(t *testing.T) {
	long := "mod_" + strings.Repeat("very_long_module_name_", 4)
	got := ident(long)
	if len(got) > maxIdent || got != ident(long) || got == ident(long+"x") {
		t.Errorf("ident(%q) = %q: want ≤ %d characters, stable and distinct", long, got, maxIdent)
	}
	if ident("mod_short") != "mod_short" {
		t.Error("short names must be kept as they are")
	}
}

package gencheck

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func write(t *testing.T, dir, name, body string) {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestCompareDirs(t *testing.T) {
	want, got := t.TempDir(), t.TempDir()
	write(t, want, "a.go", "same")
	write(t, got, "a.go", "same")
	write(t, want, "sub/b.go", "old")
	write(t, got, "sub/b.go", "new")
	write(t, want, "gone.go", "x")
	write(t, got, "extra.go", "y")
	diffs, err := CompareDirs(want, got)
	if err != nil {
		t.Fatal(err)
	}
	wantDiffs := []string{
		"extra.go: generated but not committed",
		"gone.go: no longer generated",
		"sub/b.go: differs from a fresh generation",
	}
	if d := cmp.Diff(wantDiffs, diffs); d != "" {
		t.Errorf("diffs (-want +got):\n%s", d)
	}
}

func TestCompareFile(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "o.json", "{}")
	if err := CompareFile(filepath.Join(dir, "o.json"), []byte("{}")); err != nil {
		t.Errorf("equal file: %v", err)
	}
	if err := CompareFile(filepath.Join(dir, "o.json"), []byte("{ }")); err == nil {
		t.Error("changed file: got nil error")
	}
}

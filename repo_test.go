package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// maxTrackedBytes is the size above which a tracked file is taken for build
// output or data that belongs elsewhere (generated code and lock files aside).
const maxTrackedBytes = 2 << 20

// TestNoLargeTrackedFiles fails when git tracks a file over 2 MB outside
// generated/ and the package lock files: binaries, bundles and dumps do not
// belong in the repository.
func TestNoLargeTrackedFiles(t *testing.T) {
	out, err := exec.Command("git", "ls-files", "-z").Output()
	if err != nil {
		t.Skipf("not a git checkout (git ls-files: %v)", err)
	}
	var big []string
	for _, name := range bytes.Split(out, []byte{0}) {
		path := string(name)
		if path == "" || strings.HasPrefix(path, "generated/") || strings.HasSuffix(path, "package-lock.json") || path == "go.sum" {
			continue
		}
		st, err := os.Stat(path)
		if err != nil {
			continue // deleted in the work tree but still in the index
		}
		if st.Size() > maxTrackedBytes {
			big = append(big, path)
		}
	}
	if len(big) > 0 {
		t.Errorf("tracked files over 2 MB (build output or data that belongs elsewhere?): %s", strings.Join(big, ", "))
	}
}

// TestNoBuildOutputTracked fails when git tracks installed packages, the
// console's build or a symbolic link (a worktree's link to another
// checkout's node_modules once slipped into a commit and, merged, replaced
// the real folder with a link to itself).
func TestNoBuildOutputTracked(t *testing.T) {
	out, err := exec.Command("git", "ls-files", "-s", "-z").Output()
	if err != nil {
		t.Skipf("not a git checkout (git ls-files: %v)", err)
	}
	var bad []string
	for _, entry := range bytes.Split(out, []byte{0}) {
		mode, path, ok := strings.Cut(string(entry), " ")
		if !ok {
			continue
		}
		if _, after, found := strings.Cut(path, "\t"); found {
			path = after
		}
		if mode == "120000" || strings.Contains("/"+path+"/", "/node_modules/") || strings.HasPrefix(path, "ui/dist/") && path != "ui/dist/.keep" {
			bad = append(bad, path)
		}
	}
	if len(bad) > 0 {
		t.Errorf("tracked build output or links: %s", strings.Join(bad, ", "))
	}
}

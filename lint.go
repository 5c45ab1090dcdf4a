package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"xiangzhi/engine/schema"
)

// lint checks the schema files and folders given and prints every problem
// as file:line: field: problem, one a line; the status is 1 when there is
// any, 2 when no path was given.
func lint(paths []string, stdout, stderr io.Writer) int {
	if len(paths) == 0 {
		fmt.Fprintln(stderr, "usage: xiangzhi schema lint <file|dir>…")
		return 2
	}
	cwd, err := os.Getwd()
	if err != nil {
		fmt.Fprintln(stderr, "xiangzhi:", err)
		return 1
	}
	// Lint takes slash paths inside one file system: give it the whole
	// disk and absolute paths, and print them relative to where we are.
	rel := make([]string, len(paths))
	for i, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			fmt.Fprintln(stderr, "xiangzhi:", err)
			return 1
		}
		rel[i] = strings.TrimPrefix(filepath.ToSlash(abs), "/")
	}
	problems := schema.Lint(os.DirFS("/"), rel...)
	for _, e := range problems {
		shown := *e
		shown.File = filepath.FromSlash("/" + e.File)
		if r, err := filepath.Rel(cwd, shown.File); err == nil && !strings.HasPrefix(r, "..") {
			shown.File = r
		}
		fmt.Fprintln(stdout, shown.Error())
	}
	if len(problems) > 0 {
		fmt.Fprintf(stderr, "schema lint: %d problem(s)\n", len(problems))
		return 1
	}
	return 0
}

package schema

import (
	"fmt"
	"io/fs"
	"path"
	"strings"

	"xiangzhi/engine/msg"
)

// Lint checks schema files and folders for `xiangzhi schema lint
// <file|dir>…` and returns every problem, sorted. Paths are slash paths in
// fsys. For each path Lint looks for the schemas root: the nearest folder,
// from the path's own folder upwards, that holds _dicts.yaml or _menus.yaml.
// With a root, the whole tree is loaded as LoadFS loads it (so dictionaries,
// menu groups, reference targets and uniqueness are checked) and the
// problems of the given file, or of the files under the given folder, are
// returned. Without a root, the files are checked on their own: dict:,
// group: and references to other modules are not checked, references among
// the files given are.
func Lint(fsys fs.FS, paths ...string) []*LoadError {
	var out []*LoadError
	seen := map[string]bool{}
	trees := map[string][]*LoadError{}
	for _, p := range paths {
		p = path.Clean(strings.TrimPrefix(p, "./"))
		info, err := fs.Stat(fsys, p)
		if err != nil {
			out = append(out, &LoadError{File: p, Problem: fmt.Sprintf(msg.SchemaReadFailed, err)})
			continue
		}
		dir := p
		if !info.IsDir() {
			dir = path.Dir(p)
		}
		var errs []*LoadError
		if root, ok := findRoot(fsys, dir); ok && (info.IsDir() || strings.HasSuffix(p, ".yaml")) {
			if _, done := trees[root]; !done {
				_, trees[root] = LoadFS(fsys, root)
			}
			for _, e := range trees[root] {
				if within(e.File, p, info.IsDir()) {
					errs = append(errs, e)
				}
			}
		} else if info.IsDir() {
			files, walkErrs := walk(fsys, p)
			_, more := loadTree(fsys, p, files, false)
			errs = append(walkErrs, more...)
		} else {
			_, errs = loadTree(fsys, dir, []string{p}, false)
		}
		for _, e := range errs {
			if key := e.Error(); !seen[key] {
				seen[key] = true
				out = append(out, e)
			}
		}
	}
	sortErrors(out)
	return out
}

// findRoot is the nearest folder from dir upwards that holds _dicts.yaml or
// _menus.yaml.
func findRoot(fsys fs.FS, dir string) (string, bool) {
	for d := dir; ; d = path.Dir(d) {
		for _, name := range []string{DictsFile, MenusFile} {
			if _, err := fs.Stat(fsys, path.Join(d, name)); err == nil {
				return d, true
			}
		}
		if d == "." || d == "/" {
			return "", false
		}
	}
}

// within reports whether file is p, or lies under p when p is a folder.
func within(file, p string, dir bool) bool {
	if !dir {
		return file == p
	}
	return p == "." || file == p || strings.HasPrefix(file, p+"/")
}

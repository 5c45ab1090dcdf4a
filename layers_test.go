package main

import (
	"go/parser"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"unicode"
)

// The layers (docs/architecture.md): main wires modules into the engine;
// the engine knows no product. These tests hold the line.

// productPackages are the packages of this module the engine must never
// import: the product's hand-written parts, its schema tree, its console,
// the developer tools and the command.
var productPackages = []string{"xiangzhi/modules", "xiangzhi/schemas", "xiangzhi/ui", "xiangzhi/tools"}

// catalogues are the files under engine/ allowed to hold Chinese
// literals: the engine's generic message catalogue.
func catalogue(file string) bool { return path.Dir(file) == "engine/msg" }

// goFiles lists the .go files under root in fsys, skipping testdata.
func goFiles(t *testing.T, fsys fs.FS, root string) []string {
	t.Helper()
	var out []string
	err := fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return fs.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".go") {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("walk %s: %v", root, err)
	}
	if len(out) == 0 {
		t.Fatalf("no Go files under %s", root)
	}
	return out
}

// isProduct reports whether the import path ip is a product package (or
// the command itself).
func isProduct(ip string) bool {
	for _, prod := range productPackages {
		if ip == prod || strings.HasPrefix(ip, prod+"/") {
			return true
		}
	}
	return ip == "xiangzhi"
}

// productImports lists "file: import" for every import of a product
// package by a Go file under root, tests included.
func productImports(t *testing.T, fsys fs.FS, root string) []string {
	t.Helper()
	var bad []string
	for _, p := range goFiles(t, fsys, root) {
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, src, parser.ImportsOnly)
		if err != nil {
			t.Fatalf("parse %s: %v", p, err)
		}
		for _, im := range f.Imports {
			if ip, _ := strconv.Unquote(im.Path.Value); isProduct(ip) {
				bad = append(bad, p+": "+ip)
			}
		}
	}
	return bad
}

// chineseLiterals lists "file:line: literal" for every string or rune
// literal holding a Han character in a non-test Go file under root outside
// the catalogues. Comments may quote the catalogue's texts.
func chineseLiterals(t *testing.T, fsys fs.FS, root string) []string {
	t.Helper()
	var bad []string
	for _, p := range goFiles(t, fsys, root) {
		if strings.HasSuffix(p, "_test.go") || catalogue(p) {
			continue
		}
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			t.Fatal(err)
		}
		fset := token.NewFileSet()
		var s scanner.Scanner
		s.Init(fset.AddFile(p, -1, len(src)), src, nil, 0)
		for {
			pos, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			if (tok == token.STRING || tok == token.CHAR) && strings.ContainsFunc(lit, isHan) {
				bad = append(bad, fset.Position(pos).String()+": "+lit)
			}
		}
	}
	return bad
}

func isHan(r rune) bool { return unicode.Is(unicode.Han, r) }

func TestEngineImportsNoProduct(t *testing.T) {
	for _, bad := range productImports(t, os.DirFS("."), "engine") {
		t.Errorf("the engine imports the product: %s", bad)
	}
}

func TestEngineHasNoChineseOutsideItsCatalogue(t *testing.T) {
	for _, bad := range chineseLiterals(t, os.DirFS("."), "engine") {
		t.Errorf("Chinese outside engine/msg (move it to the catalogue, or to the module it belongs to): %s", bad)
	}
}

// TestLayerChecksFindOffenders: the two checks above report what they
// exist to catch, and only that.
func TestLayerChecksFindOffenders(t *testing.T) {
	fsys := fstest.MapFS{
		"engine/a/a.go": {Data: []byte("package a\n\nimport (\n\t\"fmt\"\n\t\"xiangzhi/modules/system\"\n)\n\n" +
			"// 注释可以引用文本。\nvar x = fmt.Sprint(system.X, \"村\", '镇', '、', \"ok\")\n")},
		"engine/a/a_test.go":         {Data: []byte("package a\n\nimport _ \"xiangzhi/ui\"\n\nvar y = \"测试\"\n")},
		"engine/a/testdata/t.go":     {Data: []byte("package t\n\nimport _ \"xiangzhi/schemas\"\n")},
		"engine/msg/msg.go":          {Data: []byte("package msg\n\nconst OK = \"操作成功\"\n")},
		"engine/b/b.go":              {Data: []byte("package b\n\nimport \"xiangzhi/engine/msg\"\n\nvar z = msg.OK\n")},
		"engine/c/c.go":              {Data: []byte("package c\n\nimport _ \"xiangzhi/modulesextra\"\n")},
		"engine/d/d.go":              {Data: []byte("package d\n\nimport _ \"xiangzhi\"\n")},
		"engine/a/notgo/readme.yaml": {Data: []byte("title: 村\n")},
	}
	imports := productImports(t, fsys, "engine")
	wantImports := []string{"engine/a/a.go: xiangzhi/modules/system", "engine/a/a_test.go: xiangzhi/ui",
		"engine/d/d.go: xiangzhi"}
	if strings.Join(imports, "\n") != strings.Join(wantImports, "\n") {
		t.Errorf("productImports = %q, want %q", imports, wantImports)
	}
	lits := chineseLiterals(t, fsys, "engine")
	wantLits := []string{`engine/a/a.go:9:30: "村"`, `engine/a/a.go:9:37: '镇'`}
	if strings.Join(lits, "\n") != strings.Join(wantLits, "\n") {
		t.Errorf("chineseLiterals = %q, want %q", lits, wantLits)
	}
}

package openapi

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"xiangzhi/engine/crud"
	"xiangzhi/engine/schema"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// sampleSet loads the two sample modules the schema package pins too.
func sampleSet(t *testing.T) *schema.Set {
	t.Helper()
	set, errs := schema.LoadFS(os.DirFS("../schema/testdata/golden"), ".")
	if len(errs) > 0 {
		t.Fatalf("load samples: %v", errs)
	}
	keep := set.Modules[:0]
	for _, m := range set.Modules {
		if m.Name == "handicappedSubsidy" || m.Name == "oldPersonArchive" {
			keep = append(keep, m)
		}
	}
	set.Modules = keep
	if len(set.Modules) != 2 {
		t.Fatalf("want the 2 sample modules, got %d", len(set.Modules))
	}
	return set
}

func sampleRoutes(set *schema.Set) []Route {
	routes := []Route{
		{Method: "GET", Path: "/healthz", Name: "liveness", Public: true},
		{Method: "GET", Path: "/api/system/cscpUsers/:userId", Code: "cscp.user.view", Name: "用户详情"},
	}
	for _, m := range set.Modules {
		for _, r := range crud.Routes(m) {
			routes = append(routes, Route{Method: r.Method, Path: r.Path, Code: r.Code, Name: r.Name})
		}
	}
	return routes
}

func TestDocumentGolden(t *testing.T) {
	set := sampleSet(t)
	doc := Document(Info{Title: "test", Version: "1"}, sampleRoutes(set), set)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "samples.openapi.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("read golden (run with -update): %v", err)
	}
	if d := cmp.Diff(string(want), buf.String()); d != "" {
		t.Errorf("document differs from %s (-want +got):\n%s", golden, d)
	}
}

func TestDocumentShape(t *testing.T) {
	set := sampleSet(t)
	doc := Document(Info{Title: "test", Version: "1"}, sampleRoutes(set), set)
	paths := doc["paths"].(map[string]any)
	tests := []struct {
		name, path, method string
		codes              []string
	}{
		{"public route has no code", "/healthz", "get", []string{}},
		{"echo params become braces", "/api/system/cscpUsers/{userId}", "get", []string{"cscp.user.view"}},
		{"module list", "/onlineVillage/handicappeds", "get", []string{"onlineVillage.handicapped.list"}},
		{"module create", "/onlineVillage/handicappeds", "post", []string{"onlineVillage.handicapped.add"}},
		{"status lists every action code", "/onlineVillage/handicappeds/{id}/status", "put",
			[]string{"onlineVillage.handicapped.approve", "onlineVillage.handicapped.reject"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			item, ok := paths[tt.path].(map[string]any)
			if !ok {
				t.Fatalf("path %s missing", tt.path)
			}
			op, ok := item[tt.method].(map[string]any)
			if !ok {
				t.Fatalf("%s %s missing", tt.method, tt.path)
			}
			if d := cmp.Diff(tt.codes, op["x-permission-codes"]); d != "" {
				t.Errorf("codes (-want +got):\n%s", d)
			}
		})
	}
	schemas := doc["components"].(map[string]any)["schemas"].(map[string]any)
	rec, ok := schemas["HandicappedSubsidy"].(map[string]any)
	if !ok {
		t.Fatal("record schema of handicappedSubsidy missing")
	}
	if _, has := rec["$schema"]; has {
		t.Error("component schema keeps $schema, which OpenAPI does not allow there")
	}
}

// TestRefsResolve walks the document: every $ref names a component that
// exists, so sharing parameters, responses and schemas lost nothing.
func TestRefsResolve(t *testing.T) {
	set := sampleSet(t)
	doc := Document(Info{Title: "test", Version: "1"}, sampleRoutes(set), set)
	components := doc["components"].(map[string]any)
	refs := 0
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if r, ok := x["$ref"].(string); ok {
				refs++
				parts := strings.Split(strings.TrimPrefix(r, "#/components/"), "/")
				kind, _ := components[parts[0]].(map[string]any)
				if len(parts) != 2 || kind == nil || kind[parts[1]] == nil {
					t.Errorf("$ref %s names no component", r)
				}
			}
			for _, e := range x {
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(doc)
	if refs < 10 {
		t.Fatalf("only %d $refs: the document shares nothing", refs)
	}
}

// TestCriteriaPatterns checks that the criteria object of a module takes
// exactly the query parameters its list takes: every declared field and
// operator matches one pattern, an undeclared one matches none.
func TestCriteriaPatterns(t *testing.T) {
	set := sampleSet(t)
	for _, m := range set.Modules {
		crit := criteriaSchema(m)["patternProperties"].(map[string]any)
		var res []*regexp.Regexp
		for p := range crit {
			res = append(res, regexp.MustCompile(p))
		}
		matches := func(key string) int {
			n := 0
			for _, re := range res {
				if re.MatchString(key) {
					n++
				}
			}
			return n
		}
		fields := append(slices.Clone(m.Fields), schema.CommonFields(m)...)
		for i := range fields {
			f := &fields[i]
			if !f.Filterable() {
				continue
			}
			for _, op := range f.Operators() {
				if n := matches(f.Name + "." + op); n != 1 {
					t.Errorf("%s: %s.%s matches %d patterns, want 1", m.Name, f.Name, op, n)
				}
			}
		}
		for _, bad := range []string{"nosuchfield.equals", "id.contains", "id.equalsX", "xid.equals"} {
			if n := matches(bad); n != 0 {
				t.Errorf("%s: %s matches %d patterns, want none", m.Name, bad, n)
			}
		}
	}
}

// TestEncode checks that the line-per-entry encoding is the same document.
func TestEncode(t *testing.T) {
	set := sampleSet(t)
	doc := Document(Info{Title: "test", Version: "1"}, sampleRoutes(set), set)
	b, err := Encode(doc)
	if err != nil {
		t.Fatal(err)
	}
	var got, want any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("Encode wrote invalid JSON: %v", err)
	}
	plain, _ := json.Marshal(doc)
	if err := json.Unmarshal(plain, &want); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Encode changed the document (-want +got):\n%s", d)
	}
	if !bytes.Contains(b, []byte("\n  \"/healthz\":{")) {
		t.Errorf("a path does not start its own line:\n%.300s", b)
	}
}

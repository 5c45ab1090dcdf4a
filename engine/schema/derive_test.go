package schema

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the testdata/golden/*.golden files")

// goldenSet loads the golden tree, which must load without problems.
func goldenSet(t testing.TB) *Set {
	t.Helper()
	set, errs := LoadFS(os.DirFS("testdata/golden"), ".")
	if len(errs) > 0 {
		t.Fatalf("LoadFS(testdata/golden): %v", LoadErrors(errs))
	}
	return set
}

// TestGolden pins what the engine derives from two sample modules: the DESIGN
// example and one with children, geometry, images, a multiple enum and refs.
func TestGolden(t *testing.T) {
	set := goldenSet(t)
	derivations := []struct {
		kind string
		fn   func(m *Module) any
	}{
		{"record", func(m *Module) any { return RecordSchema(m, set) }},
		{"ui", func(m *Module) any { return UISchema(m) }},
		{"list", func(m *Module) any { return ListConfig(m, set) }},
		{"describe", func(m *Module) any { return Describe(m, set) }},
	}
	for _, name := range []string{"handicappedSubsidy", "oldPersonArchive"} {
		m := set.Module(name)
		if m == nil {
			t.Fatalf("module %s not loaded", name)
		}
		for _, d := range derivations {
			t.Run(name+"."+d.kind, func(t *testing.T) {
				got, err := json.MarshalIndent(d.fn(m), "", "  ")
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, '\n')
				file := filepath.Join("testdata", "golden", name+"."+d.kind+".golden")
				if *update {
					if err := os.WriteFile(file, got, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				want, err := os.ReadFile(file)
				if err != nil {
					t.Fatalf("%v (run go test -update to create it)", err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s differs (-want +got):\n%s", file, cmp.Diff(string(want), string(got)))
				}
			})
		}
	}
}

// TestContractExample checks that the example of docs/schema.md (the
// design's contract) is the golden module file, byte for byte, and loads.
func TestContractExample(t *testing.T) {
	doc, err := os.ReadFile("../../docs/schema.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := bytes.Cut(doc, []byte("<!-- contract-example -->\n```yaml\n"))
	if !ok {
		t.Fatal("docs/schema.md has no contract example")
	}
	example, _, ok := bytes.Cut(after, []byte("```\n"))
	if !ok {
		t.Fatal("contract example not closed")
	}
	file, err := os.ReadFile("testdata/golden/handicappedSubsidy.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(file), string(example)); diff != "" {
		t.Errorf("docs/schema.md example differs from testdata/golden/handicappedSubsidy.yaml:\n%s", diff)
	}
	if m := goldenSet(t).Module("handicappedSubsidy"); m == nil {
		t.Error("the contract example did not load")
	}
}

package schema

import (
	"encoding/json"
	"io/fs"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// shippedTree is the product's schemas tree (read as files: engine code
// never imports schemas/).
const shippedTree = "../../schemas"

// TestRenderRoundTrip checks, for every shipped module file, that parse →
// designer model (JSON) → YAML → parse gives an identical module, written
// from scratch and written into the file itself; and that rendering into
// its own rendering is byte-stable.
func TestRenderRoundTrip(t *testing.T) {
	fsys := os.DirFS(shippedTree)
	set, errs := LoadFS(fsys, ".")
	if len(errs) > 0 {
		t.Fatalf("shipped tree has problems: %v", LoadErrors(errs))
	}
	if len(set.Modules) < 50 {
		t.Fatalf("only %d modules loaded from %s", len(set.Modules), shippedTree)
	}
	ignoreFile := cmp.Options{cmpopts.IgnoreFields(Module{}, "File"),
		cmp.Comparer(func(a, b Condition) bool { return a.Text == b.Text })}
	for _, m := range set.Modules {
		t.Run(m.Name, func(t *testing.T) {
			text, err := fs.ReadFile(fsys, m.File)
			if err != nil {
				t.Fatal(err)
			}
			first, err := ParseModule(m.File, text)
			if err != nil {
				t.Fatal(err)
			}
			// The designer model travels as JSON.
			data, err := json.Marshal(first)
			if err != nil {
				t.Fatal(err)
			}
			var model Module
			if err := json.Unmarshal(data, &model); err != nil {
				t.Fatal(err)
			}
			for _, base := range []struct {
				name string
				text []byte
			}{{"new file", nil}, {"into the file", text}} {
				out, err := Render(&model, base.text)
				if err != nil {
					t.Fatal(err)
				}
				again, err := ParseModule(m.File, out)
				if err != nil {
					t.Fatalf("%s: rendered YAML does not load: %v\n%s", base.name, err, out)
				}
				if diff := cmp.Diff(first, again, ignoreFile); diff != "" {
					t.Fatalf("%s: module changed by the round trip (-file +rendered):\n%s\n%s", base.name, diff, out)
				}
				stable, err := Render(again, out)
				if err != nil {
					t.Fatal(err)
				}
				if string(stable) != string(out) {
					t.Fatalf("%s: second export differs:\n%s", base.name, cmp.Diff(string(out), string(stable)))
				}
			}
		})
	}
}

// TestRenderKeepsComments checks that a designer-made file keeps its
// comments and key order through a change made in the model, and that the
// change lands where the model puts it.
func TestRenderKeepsComments(t *testing.T) {
	base := `# 坑塘台账（设计器）
name: pond
title: 坑塘
api: /api/ponds # 接口
permission: pond
fields:
  # 编号在前
  - name: code
    label: 编号
    type: string
    maxLength: 20
  - name: area
    type: decimal
    label: 面积（亩）
    precision: 10
    scale: 0
list:
  pageSize: 20 # 每页
`
	m, err := ParseModule("pond.yaml", []byte(base))
	if err != nil {
		t.Fatal(err)
	}
	m.Fields[0].MaxLength = 30
	m.Fields = append(m.Fields[:1], append([]Field{{Name: "owner", Label: "承包人", Type: TypeString}}, m.Fields[1:]...)...)
	m.Description = "村内坑塘"
	out, err := Render(m, []byte(base))
	if err != nil {
		t.Fatal(err)
	}
	want := `# 坑塘台账（设计器）
name: pond
title: 坑塘
description: 村内坑塘
api: /api/ponds # 接口
permission: pond
fields:
  # 编号在前
  - name: code
    label: 编号
    type: string
    maxLength: 30
  - name: owner
    label: 承包人
    type: string
  - name: area
    type: decimal
    label: 面积（亩）
    precision: 10
    scale: 0
list:
  pageSize: 20 # 每页
`
	if diff := cmp.Diff(want, string(out)); diff != "" {
		t.Fatalf("rendered (-want +got):\n%s", diff)
	}
	again, err := ParseModule("pond.yaml", out)
	if err != nil {
		t.Fatal(err)
	}
	if again.Fields[2].Scale != 0 || again.Fields[0].MaxLength != 30 {
		t.Errorf("parsed back: %+v", again.Fields)
	}
	twice, _ := Render(again, out)
	if string(twice) != string(out) {
		t.Errorf("second export differs:\n%s", cmp.Diff(string(out), string(twice)))
	}
	if strings.Count(string(out), "#") != 4 {
		t.Errorf("comments lost:\n%s", out)
	}
}

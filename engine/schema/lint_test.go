package schema

import (
	"os"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

func TestLint(t *testing.T) {
	tree := os.DirFS("testdata")
	standalone := fstest.MapFS{
		"a/one.yaml": {Data: []byte(`name: one
title: 一
group: anywhere
api: /one
permission: one
fields:
  - {name: kind, label: 类别, type: enum, dict: someDict}
  - {name: other, label: 其他, type: ref, ref: elsewhere}
  - {name: two, label: 二, type: ref, ref: two, display: nope}
`)},
		"a/two.yaml": {Data: []byte(`name: two
title: 二
api: /two
permission: two
fields:
  - {name: label, label: 名称, type: strin}
`)},
	}
	tests := []struct {
		name  string
		fsys  fstest.MapFS
		paths []string
		want  []string
	}{
		{"file in a tree", nil, []string{"load/bad/refs.yaml"}, []string{
			"load/bad/refs.yaml:3: group: 菜单分组 nowhere 不存在（_menus.yaml 中没有）",
			"load/bad/refs.yaml:7: fields.a.dict: 字典 nodict 不存在（_dicts.yaml 中没有这个 type）",
			"load/bad/refs.yaml:8: fields.b.ref: 引用的模块 nomodule 不存在",
			"load/bad/refs.yaml:9: fields.c.display: person 没有字段 nofield",
			"load/bad/refs.yaml:10: fields.d.display: user 没有字段 password",
			"load/bad/refs.yaml:11: fields.e.ref: 引用的模块 meta 不存在",
		}},
		{"folder in a tree, twice", nil, []string{"load/x-dup", "./load/x-dup/"}, []string{
			"load/x-dup/byRef.yaml:7: fields.x.ref: 引用的模块 badRefs 有错误，未能加载",
			"load/x-dup/person.yaml:1: name: 模块名 person 已在 load/good/person.yaml 中使用",
			"load/x-dup/person.yaml:3: api: 接口路径 /village/persons 已被 load/good/person.yaml 中的模块使用",
			"load/x-dup/person.yaml:5: table: 表名 hh_household 已被 load/good/household.yaml 中的模块使用",
		}},
		{"good file", nil, []string{"golden/handicappedSubsidy.yaml", "load/good"}, nil},
		{"missing", standalone, []string{"nothing.yaml"}, []string{
			"nothing.yaml: 无法读取文件：open nothing.yaml: file does not exist",
		}},
		{"file without a tree", standalone, []string{"a/one.yaml"}, nil},
		{"folder without a tree", standalone, []string{"a"}, []string{
			"a/one.yaml:9: fields.two.ref: 引用的模块 two 有错误，未能加载",
			`a/two.yaml:6: fields.label.type: 取值必须是以下之一："string", "text", "richtext", "int", "decimal", "bool", "date", "datetime", "enum", "ref", "image", "images", "file", "files", "video", "geoPoint", "geoPolygon", "idcard", "mobile", "email", "json", "children"`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var errs []*LoadError
			if tt.fsys != nil {
				errs = Lint(tt.fsys, tt.paths...)
			} else {
				errs = Lint(tree, tt.paths...)
			}
			var got []string
			for _, e := range errs {
				got = append(got, e.Error())
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Lint(%q) (-want +got):\n%s", tt.paths, diff)
			}
		})
	}
}

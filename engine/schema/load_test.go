package schema

import (
	"io/fs"
	"os"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

// loadErrors runs LoadFS on a testdata tree and returns the problems by file.
func loadErrors(t *testing.T, root string) (*Set, map[string][]string) {
	t.Helper()
	set, errs := LoadFS(os.DirFS(root), ".")
	byFile := map[string][]string{}
	for _, e := range errs {
		byFile[e.File] = append(byFile[e.File], e.Error())
	}
	return set, byFile
}

func TestLoadFS(t *testing.T) {
	set, got := loadErrors(t, "testdata/load")
	tests := []struct {
		file string
		want []string
	}{
		{"good/person.yaml", nil},
		{"good/household.yaml", nil},
		{"bad/_reserved.yaml", []string{
			"bad/_reserved.yaml: 以 _ 开头的文件名是保留的：只有根目录下的 _dicts.yaml 和 _menus.yaml 会被读取",
		}},
		{"bad/syntax.yaml", []string{
			"bad/syntax.yaml:4: YAML 语法错误：did not find expected ',' or '}'",
		}},
		{"bad/empty.yaml", []string{
			"bad/empty.yaml:1: 文件是空的",
		}},
		{"bad/duplicate-key.yaml", []string{
			"bad/duplicate-key.yaml:4: api: 键重复（第 3 行已出现）",
			"bad/duplicate-key.yaml:7: fields.a.label: 键重复（第 7 行已出现）",
		}},
		{"bad/meta.yaml", []string{
			"bad/meta.yaml:1: name: 必须是小驼峰写法：小写字母开头，只含字母和数字，如 applyDate",
			"bad/meta.yaml:3: api: 必须以 / 开头，如 /onlineVillage/handicappeds，每段只含字母、数字、_ 和 -",
			"bad/meta.yaml:5: colour: 未知的键（拼写错误，或该位置不允许此键）",
			`bad/meta.yaml:7: fields.a.type: 取值必须是以下之一："string", "text", "richtext", "int", "decimal", "bool", "date", "datetime", "enum", "ref", "image", "images", "file", "files", "video", "geoPoint", "geoPolygon", "idcard", "mobile", "email", "json", "children"`,
			"bad/meta.yaml:8: fields.b.required: 类型应为 true/false，实际是 文字",
			"bad/meta.yaml:9: fields[2].name: 缺少必填的键",
			"bad/meta.yaml:14: fields.d.options[0].value: 类型应为 整数 或 文字，实际是 数字",
			"bad/meta.yaml:16: status.initial: 缺少必填的键",
			"bad/meta.yaml:17: status.values.x: 状态值必须是整数",
			"bad/meta.yaml:18: list.pageSize: 不能小于 1",
			"bad/meta.yaml:18: list.sort: 必须写成“字段,asc”或“字段,desc”，如 applyDate,desc",
		}},
		{"bad/fields.yaml", []string{
			"bad/fields.yaml:6: fields.id.name: id 是每个模块都有的公共字段，不能再声明",
			"bad/fields.yaml:8: fields.userID.name: 字段 userID 与 userId 对应同一个数据库列 user_id",
			"bad/fields.yaml:9: fields.userId.name: 字段名 userId 重复",
			"bad/fields.yaml:10: fields.e.type: enum 字段必须写 options 或 dict",
			"bad/fields.yaml:11: fields.e2.options: options 和 dict 只能写一个",
			"bad/fields.yaml:12: fields.e3.options[1].value: 选项值 1 重复",
			"bad/fields.yaml:13: fields.r.type: ref 字段必须写 ref：模块名，或 user、org、grid",
			"bad/fields.yaml:14: fields.d.scale: scale（5）不能大于 precision（4）",
			"bad/fields.yaml:15: fields.i.maxLength: int 类型的字段不能使用 maxLength",
			"bad/fields.yaml:15: fields.i.min: min 不能大于 max",
			"bad/fields.yaml:15: fields.i.options: int 类型的字段不能使用 options",
			"bad/fields.yaml:16: fields.s.minLength: minLength 不能大于 maxLength",
			"bad/fields.yaml:16: fields.s.pattern: 正则表达式无效：missing closing ]: `[a-`",
			"bad/fields.yaml:17: fields.j.filter: json 类型的字段不能用作筛选条件",
			"bad/fields.yaml:17: fields.j.sort: json 类型的字段不能排序",
			"bad/fields.yaml:17: fields.j.unique: json 类型的字段不能设为唯一",
			"bad/fields.yaml:18: fields.t.sort: text 类型的字段不能排序",
			"bad/fields.yaml:19: fields.n.filter: contains 只能用于文本类字段（string、text、idcard、mobile、email）",
			"bad/fields.yaml:20: fields.b.filter: range 只能用于 int、decimal、date、datetime 字段",
			"bad/fields.yaml:21: fields.m.sort: 多选字段不能排序",
			"bad/fields.yaml:21: fields.m.unique: 多选字段不能设为唯一",
			"bad/fields.yaml:22: fields.sec.section: 分组 nowhere 没有在 sections 中声明",
			"bad/fields.yaml:27: fields.ch.fields.parentId.name: parentId 是每个模块都有的公共字段，不能再声明",
			"bad/fields.yaml:28: fields.ch.fields.x.type: children 字段的 fields 中不能再有 children",
			"bad/fields.yaml:29: fields.ch.fields.z.filter: children 的子字段不能使用 filter",
			"bad/fields.yaml:29: fields.ch.fields.z.sort: children 的子字段不能使用 sort",
			"bad/fields.yaml:30: fields.ch2.type: children 字段必须写 fields",
		}},
		{"bad/status.yaml", []string{
			"bad/status.yaml:6: fields.auditStatus.name: 状态字段 auditStatus 由引擎自动添加，不要在 fields 中声明",
			"bad/status.yaml:13: status.initial: 3 不是 status.values 中的状态值",
			"bad/status.yaml:15: status.actions.approve.from[1]: 4 不是 status.values 中的状态值",
			"bad/status.yaml:15: status.actions.approve.to: 5 不是 status.values 中的状态值",
			"bad/status.yaml:16: status.actions.approve.name: 动作名 approve 重复",
			"bad/status.yaml:17: status.actions.edit.name: 动作名 edit 与标准操作的权限码重名",
			"bad/status.yaml:18: list.sort: 排序字段 when 不存在，或没有写 sort: true",
			"bad/status.yaml:19: stats[1]: 统计字段 tags 必须是单选 enum、bool、date、datetime 字段或状态字段",
			"bad/status.yaml:19: stats[2]: 统计字段 nothing 必须是单选 enum、bool、date、datetime 字段或状态字段",
		}},
		{"bad/status-field.yaml", []string{
			"bad/status-field.yaml:8: status.field: createdAt 是公共字段，不能用作状态字段",
		}},
		{"bad/refs.yaml", []string{
			"bad/refs.yaml:3: group: 菜单分组 nowhere 不存在（_menus.yaml 中没有）",
			"bad/refs.yaml:7: fields.a.dict: 字典 nodict 不存在（_dicts.yaml 中没有这个 type）",
			"bad/refs.yaml:8: fields.b.ref: 引用的模块 nomodule 不存在",
			"bad/refs.yaml:9: fields.c.display: person 没有字段 nofield",
			"bad/refs.yaml:10: fields.d.display: user 没有字段 password",
			"bad/refs.yaml:11: fields.e.ref: 引用的模块 meta 不存在",
		}},
		{"bad/defaults.yaml", []string{
			"bad/defaults.yaml:6: fields.f.default: 默认值无效：己应为整数",
			"bad/defaults.yaml:7: fields.g.default: 默认值无效：庚的取值不在可选范围内",
			"bad/defaults.yaml:8: fields.h.default: 默认值无效：辛格式不正确",
			"bad/defaults.yaml:13: fields.rows.fields.qty.default: 默认值无效：数量不能小于1",
		}},
		{"x-dup/person.yaml", []string{
			"x-dup/person.yaml:1: name: 模块名 person 已在 good/person.yaml 中使用",
			"x-dup/person.yaml:3: api: 接口路径 /village/persons 已被 good/person.yaml 中的模块使用",
			"x-dup/person.yaml:5: table: 表名 hh_household 已被 good/household.yaml 中的模块使用",
		}},
		{"x-dup/byRef.yaml", []string{
			"x-dup/byRef.yaml:7: fields.x.ref: 引用的模块 badRefs 有错误，未能加载",
		}},
	}
	covered := map[string]bool{}
	for _, tt := range tests {
		covered[tt.file] = true
		t.Run(tt.file, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, got[tt.file]); diff != "" {
				t.Errorf("problems of %s (-want +got):\n%s", tt.file, diff)
			}
		})
	}
	for file, errs := range got {
		if !covered[file] {
			t.Errorf("unexpected problems in %s: %q", file, errs)
		}
	}
	var names []string
	for _, m := range set.Modules {
		names = append(names, m.Name)
	}
	if diff := cmp.Diff([]string{"household", "person"}, names); diff != "" {
		t.Errorf("loaded modules (-want +got):\n%s", diff)
	}
}

func TestLoadFSDictsAndMenus(t *testing.T) {
	tests := []struct {
		root   string
		want   []string
		dicts  []string
		groups []string
	}{
		{"testdata/badroot", []string{
			"_dicts.yaml:5: gender.items[1].value: 字典项的值 1 重复",
			"_dicts.yaml:10: nation.type: 字典类型 nation 重复",
			"_menus.yaml:1: a.parent: 菜单分组的上级关系形成了环",
			"_menus.yaml:2: b.parent: 菜单分组的上级关系形成了环",
			"_menus.yaml:3: c.parent: 上级分组 nowhere 不存在",
			"_menus.yaml:5: d.name: 菜单分组 d 重复",
			"uses.yaml:8: fields.gender.dict: 字典 gender 不存在（_dicts.yaml 中没有这个 type）",
		}, []string{"nation"}, []string{"d"}},
		{"testdata/badmeta", []string{
			"_dicts.yaml:1: gender.items: 缺少必填的键",
			"_dicts.yaml:3: gender.item: 未知的键（拼写错误，或该位置不允许此键）",
			"_menus.yaml:1: 1a.name: 只能含字母、数字和 _，且以字母开头",
			"_menus.yaml:2: b.title: 类型应为 文字，实际是 列表",
		}, nil, nil},
		{"testdata/golden", nil, []string{"disability_grade", "gender", "relation"},
			[]string{"village", "onlineVillage", "elderly"}},
	}
	for _, tt := range tests {
		t.Run(tt.root, func(t *testing.T) {
			set, errs := LoadFS(os.DirFS(tt.root), ".")
			var got []string
			for _, e := range errs {
				got = append(got, e.Error())
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
			var dicts, groups []string
			for _, d := range []string{"disability_grade", "gender", "nation", "relation"} {
				if set.Dicts[d] != nil {
					dicts = append(dicts, d)
				}
			}
			for _, g := range set.Groups {
				groups = append(groups, g.Name)
			}
			if diff := cmp.Diff(tt.dicts, dicts); diff != "" {
				t.Errorf("dicts (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.groups, groups); diff != "" {
				t.Errorf("groups (-want +got):\n%s", diff)
			}
		})
	}
}

func TestLoadFSKeepsDictValuesAsWritten(t *testing.T) {
	set, errs := LoadFS(os.DirFS("testdata/golden"), ".")
	if len(errs) > 0 {
		t.Fatalf("LoadFS: %v", errs)
	}
	got := set.Dicts["relation"].Items[0].Value
	if got != "01" {
		t.Errorf("relation value = %#v, want \"01\"", got)
	}
	if got := set.Dicts["gender"].Items[0].Value; got != "1" {
		t.Errorf("gender value = %#v, want \"1\"", got)
	}
}

func TestLoadFSDefaults(t *testing.T) {
	set, _ := LoadFS(os.DirFS("testdata/load"), ".") // the tree's problems are TestLoadFS's
	p := set.Module("person")
	if p == nil {
		t.Fatal("person not loaded")
	}
	if f := p.Field("salary"); f.Precision != 12 || f.Scale != 0 {
		t.Errorf("salary digits = (%d, %d), want (12, 0)", f.Precision, f.Scale)
	}
	if got := p.Field("joinedAt").Default; got != "2024-01-02 03:04:05" {
		t.Errorf("joinedAt default = %#v, want the text written", got)
	}
	if p.File != "good/person.yaml" {
		t.Errorf("File = %q", p.File)
	}
	h, _ := LoadFile(os.DirFS("testdata/golden"), "handicappedSubsidy.yaml")
	if f := h.Field("amount"); f.Precision != DefaultPrecision || f.Scale != 2 {
		t.Errorf("amount digits = (%d, %d), want (18, 2)", f.Precision, f.Scale)
	}
}

func TestLoadFile(t *testing.T) {
	fsys := fstest.MapFS{
		"ok.yaml":  {Data: []byte("name: ok\ntitle: 好\napi: /ok\npermission: ok\nfields:\n  - {name: a, label: 甲, type: enum, dict: unknownHere}\n  - {name: b, label: 乙, type: ref, ref: elsewhere}\n")},
		"bad.yaml": {Data: []byte("name: bad\ntitle: 坏\napi: /bad\npermission: bad\nfields:\n  - {name: a, label: 甲, type: string, filter: range}\n")},
	}
	m, err := LoadFile(fsys, "ok.yaml")
	if err != nil {
		t.Fatalf("LoadFile(ok.yaml): %v", err)
	}
	if m.Name != "ok" || m.File != "ok.yaml" {
		t.Errorf("module = %q from %q", m.Name, m.File)
	}
	_, err = LoadFile(fsys, "bad.yaml")
	want := "bad.yaml:6: fields.a.filter: range 只能用于 int、decimal、date、datetime 字段"
	if err == nil || err.Error() != want {
		t.Errorf("LoadFile(bad.yaml) = %v, want %s", err, want)
	}
	if _, err := LoadFile(fsys, "missing.yaml"); err == nil || !strings.Contains(err.Error(), "missing.yaml") {
		t.Errorf("LoadFile(missing.yaml) = %v", err)
	}
}

func TestRefTargets(t *testing.T) {
	mod := func(name, fields string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte("name: " + name + "\ntitle: 模块\napi: /" + name +
			"\npermission: " + name + "\nfields:\n" + fields)}
	}
	refGrid := "  - {name: g, label: 网格, type: ref, ref: grid, display: name}\n"
	tests := []struct {
		name string
		fsys fstest.MapFS
		want []string
	}{
		{"grid is the system entity without a grid module", fstest.MapFS{
			"_menus.yaml": {Data: []byte("- {name: a, title: 甲}\n")},
			"a.yaml":      mod("a", refGrid),
		}, nil},
		{"a grid module takes its place", fstest.MapFS{
			"_menus.yaml": {Data: []byte("- {name: a, title: 甲}\n")},
			"a.yaml":      mod("a", refGrid),
			"grid.yaml":   mod("grid", "  - {name: code, label: 编码, type: string}\n"),
		}, []string{"a.yaml:6: fields.g.display: grid 没有字段 name"}},
		{"user and org are reserved", fstest.MapFS{
			"_menus.yaml": {Data: []byte("- {name: a, title: 甲}\n")},
			"user.yaml":   mod("user", "  - {name: code, label: 编码, type: string}\n"),
		}, []string{"user.yaml:1: name: 模块名 user 保留给系统实体（用户、组织）"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set, errs := LoadFS(tt.fsys, ".")
			var got []string
			for _, e := range errs {
				got = append(got, e.Error())
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
			if a := set.Module("a"); a != nil {
				wantModule := set.Module("grid")
				if got := set.RefModule(a.Field("g")); got != wantModule {
					t.Errorf("RefModule = %v, want %v", got, wantModule)
				}
			}
		})
	}
}

// TestSyntaxErrorLines checks that a YAML syntax error is reported at the
// line it is on, whether yaml.v3's scanner or its parser found it (the
// parser reports zero-based lines).
func TestSyntaxErrorLines(t *testing.T) {
	head := "name: well\ntitle: 机井\napi: /api/wells\npermission: well\nfields:\n" +
		"  - name: code\n    label: 编号\n    type: string\n  - name: depth\n    label: 井深\n    type: int\n"
	tests := []struct {
		name, text string
		line       int
	}{
		// Line 12 is a less indented item, line 13 a key outdented into the middle of the list.
		{"block mapping (parser)", head + "  - name: x\n label: 乙\n", 13},
		{"block sequence (parser)", head + "  - name: x\n    label: 乙\n    type: string\n   - name: y\n", 15},
		{"mapping value (scanner)", head + "  - name: x\n    label: 乙: 丙\n", 13},
		{"tab (scanner)", head + "\t- name: x\n", 12},
		{"after a list (parser)", "- a\nb: 1\n", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseModule("well.yaml", []byte(tt.text))
			var errs LoadErrors
			if !errorsAs(err, &errs) || len(errs) != 1 {
				t.Fatalf("got %v, want one syntax error", err)
			}
			if errs[0].Line != tt.line || !strings.Contains(errs[0].Problem, "YAML 语法错误") {
				t.Errorf("got %s, want line %d\n%s", errs[0].Error(), tt.line, numbered(tt.text))
			}
		})
	}
}

func errorsAs(err error, target *LoadErrors) bool {
	es, ok := err.(LoadErrors)
	*target = es
	return ok
}

func numbered(text string) string {
	var b strings.Builder
	for i, l := range strings.Split(text, "\n") {
		b.WriteString(strings.Repeat(" ", 3-len(strings.TrimSpace(strconv.Itoa(i+1)))) + strconv.Itoa(i+1) + " " + l + "\n")
	}
	return b.String()
}

// TestLoadFSFailed checks that the modules whose files have problems are
// named in Set.Failed, a file that is no valid YAML by its name: line.
func TestLoadFSFailed(t *testing.T) {
	fsys := fstest.MapFS{
		"good.yaml":   {Data: []byte("name: good\ntitle: 好\napi: /api/goods\npermission: good\nfields:\n  - {name: a, label: 甲, type: string}\n")},
		"syntax.yaml": {Data: []byte("name: broken\ntitle: 坏\nfields: [\n")},
		"meta.yaml":   {Data: []byte("name: wrong\ntitle: 错\napi: /api/wrongs\npermission: wrong\nfields:\n  - {name: a, label: 甲, type: integer}\n")},
		"noname.yaml": {Data: []byte("- [\n")},
	}
	set, _ := LoadFS(fsys, ".")
	want := map[string]bool{"broken": true, "wrong": true, "": true}
	if diff := cmp.Diff(want, set.Failed); diff != "" || set.Module("good") == nil {
		t.Errorf("Failed (-want +got):\n%s", diff)
	}
}

// TestCheckInSet checks that one file checked against the loaded tree gives
// what loading the whole tree gives: the same module for every shipped
// file, the same problems for a broken one.
func TestCheckInSet(t *testing.T) {
	fsys := os.DirFS("../../schemas")
	set, errs := LoadFS(fsys, ".")
	if len(errs) > 0 {
		t.Fatal(LoadErrors(errs))
	}
	opts := cmp.Options{cmp.Comparer(func(a, b Condition) bool { return a.Text == b.Text })}
	for _, m := range set.Modules {
		data, err := fs.ReadFile(fsys, m.File)
		if err != nil {
			t.Fatal(err)
		}
		got, errs := CheckInSet(set, m.File, data)
		if len(errs) > 0 {
			t.Fatalf("%s: %v", m.File, LoadErrors(errs))
		}
		if diff := cmp.Diff(m, got, opts); diff != "" {
			t.Fatalf("%s (-LoadFS +CheckInSet):\n%s", m.File, diff)
		}
	}
	first := set.Modules[0]
	data, _ := fs.ReadFile(fsys, first.File)
	for _, tt := range []struct{ name, text string }{
		{"unknown dictionary", strings.Replace(string(data), "fields:\n", "fields:\n  - {name: zzDict, label: 字典, type: enum, dict: noSuchDict}\n", 1)},
		{"taken API path", strings.Replace(string(data), "api: "+first.API, "api: "+set.Modules[1].API, 1)},
		{"unknown reference", strings.Replace(string(data), "fields:\n", "fields:\n  - {name: zzRef, label: 引用, type: ref, ref: noSuchModule}\n", 1)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			extra := map[string][]byte{"designer/probe.yaml": []byte(strings.Replace(tt.text, "name: "+first.Name, "name: zzProbe", 1))}
			if tt.name == "taken API path" {
				extra["designer/probe.yaml"] = []byte(tt.text) // the same module, replaced
			}
			_, want := LoadFSWith(fsys, ".", extra)
			var mine []string
			for _, e := range want {
				if e.File == "designer/probe.yaml" {
					mine = append(mine, e.Problem)
				}
			}
			_, got := CheckInSet(set, "designer/probe.yaml", extra["designer/probe.yaml"])
			var gotText []string
			for _, e := range got {
				gotText = append(gotText, e.Problem)
			}
			if len(gotText) == 0 || (tt.name != "taken API path" && cmp.Diff(mine, gotText) != "") {
				t.Errorf("CheckInSet %v, LoadFSWith %v", gotText, mine)
			}
		})
	}
}

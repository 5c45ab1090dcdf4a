package schema

import (
	"slices"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

// TestLintRoutes: the problems of declared routes are reported at their
// line (file:line: path: problem), by the meta-schema and by the checks.
func TestLintRoutes(t *testing.T) {
	fsys := fstest.MapFS{
		"a/cat.yaml": {Data: []byte(`name: cat
title: 分类
api: /cats
permission: cat
fields:
  - {name: name, label: 名称, type: string}
  - {name: parent, label: 上级, type: ref, ref: cat}
  - {name: size, label: 数量, type: int}
  - name: kittens
    label: 小猫
    type: children
    fields:
      - {name: name, label: 名字, type: string}
status:
  field: state
  values: {1: 停用, 2: 启用}
  initial: 1
  actions:
    - {name: enable, label: 启用, from: [1], to: 2}
routes:
  - {path: getPageList, method: GET, op: list}
  - {path: getPageList, method: GET, op: list, answer: rows}
  - {path: "get/{id}", method: GET, op: get}
  - {path: "{id}", method: GET, op: get}
  - {path: "on/{id}", method: POST, op: status}
  - {path: "off/{id}", method: POST, op: status, action: disable}
  - {path: dup, method: GET, op: exists, field: size}
  - {path: tree, method: GET, op: tree, field: name}
  - {path: count, method: GET, op: stats}
  - {path: exportAll, method: POST, op: export}
  - {path: "list/{id}", method: GET, op: list, action: enable}
  - {path: insert, method: POST, op: create, answer: rows}
  - {path: "kittens/{id}", method: DELETE, op: removeRow, field: name}
  - {path: kittens, method: DELETE, op: removeRow, field: kittens}
  - {path: "kitten/{id}", method: DELETE, op: removeRow, field: kittens}
`)},
		"a/dog.yaml": {Data: []byte(`name: dog
title: 狗
api: /dogs
permission: dog
fields:
  - {name: name, label: 名称, type: string}
routes:
  - {path: /cats/getPageList, method: GET, op: list}
  - {path: getAll, method: PATCH, op: lists}
`)},
	}
	var got []string
	for _, e := range Lint(fsys, "a") {
		got = append(got, e.Error())
	}
	want := []string{
		"a/cat.yaml:7: fields.parent.ref: 引用的模块 cat 有错误，未能加载",
		"a/cat.yaml:22: routes[1].path: 路由 GET /cats/getPageList 重复声明",
		"a/cat.yaml:24: routes[3].path: 路径 /cats/{id} 已由模块的通用接口提供，不必声明",
		"a/cat.yaml:25: routes[4]: 缺少 action",
		"a/cat.yaml:26: routes[5].action: 状态动作 disable 不存在（status.actions 中没有）",
		"a/cat.yaml:27: routes[6].field: op: exists 只能检查文本类字段（string、idcard、mobile、email）",
		"a/cat.yaml:28: routes[7].field: name 必须是引用本模块（cat）的单选 ref 字段",
		"a/cat.yaml:29: routes[8]: 缺少 params.by",
		"a/cat.yaml:30: routes[9].op: 模块未开启导出（export: true），不能声明导出路由",
		"a/cat.yaml:31: routes[10].action: action 只用于 op: status",
		"a/cat.yaml:31: routes[10].path: op: list 的路径不能带 {id}",
		"a/cat.yaml:32: routes[11].answer: answer 只用于 op: list",
		"a/cat.yaml:33: routes[12].field: name 必须是本模块的 children 字段",
		"a/cat.yaml:34: routes[13].path: op: removeRow 的路径必须带 {id}（子表行的 id）",
		`a/dog.yaml:9: routes[1].method: 取值必须是以下之一："GET", "POST", "PUT", "DELETE"`,
		`a/dog.yaml:9: routes[1].op: 取值必须是以下之一："list", "get", "create", "update", "delete", "export", "status", "exists", "unique", "tree", "stats", "removeRow"`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Lint (-want +got):\n%s", diff)
	}
}

// TestLintRoutesAcrossModules: two modules may not declare one route.
func TestLintRoutesAcrossModules(t *testing.T) {
	mod := func(name, route string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte("name: " + name + "\ntitle: 甲\napi: /" + name + "s\npermission: " + name +
			"\nfields:\n  - {name: name, label: 名称, type: string}\nroutes:\n  - " + route + "\n")}
	}
	fsys := fstest.MapFS{
		"a/one.yaml": mod("one", "{path: /x/getList, method: GET, op: list}"),
		"a/two.yaml": mod("two", "{path: /x/getList, method: GET, op: list}"),
	}
	var got []string
	for _, e := range Lint(fsys, "a") {
		got = append(got, e.Error())
	}
	want := []string{"a/two.yaml:8: routes[0].path: 路由 GET /x/getList 已由 a/one.yaml 声明"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Lint (-want +got):\n%s", diff)
	}
}

// TestLintScreens: a module's screens need unique names, an operation the
// module has a code for and an address of its own under /m/ that is none
// of the generic pages; the titles are among the module's texts.
func TestLintScreens(t *testing.T) {
	fsys := fstest.MapFS{
		"a/cat.yaml": {Data: []byte(`name: cat
title: 分类
api: /cats
permission: cat
fields:
  - {name: name, label: 名称, type: string}
screens:
  - {name: marking, title: 评阅, url: /m/cat/marking, op: edit}
  - {name: marking, title: 统计, url: /m/cat/stats/all, op: list}
  - {name: sums, title: 汇总, url: /m/cat/sums, op: export}
  - {name: make, title: 新增页, url: /m/cat/create, op: add}
`)},
		"a/dog.yaml": {Data: []byte(`name: dog
title: 狗
api: /dogs
permission: dog
fields:
  - {name: name, label: 名称, type: string}
screens:
  - {name: top, title: 顶层, url: /m/dog, op: list}
`)},
	}
	var got []string
	for _, e := range Lint(fsys, "a") {
		got = append(got, e.Error())
	}
	want := []string{
		"a/cat.yaml:9: screens.marking.name: 页面 marking 重复声明",
		"a/cat.yaml:10: screens.sums.op: 模块没有操作 export 的权限码",
		"a/cat.yaml:11: screens.make.url: 页面地址 /m/cat/create 必须形如 /m/模块/页面，且不能是模块的列表、新增、修改或详情页",
		"a/dog.yaml:8: screens.top.url: 格式不正确，应匹配 ^/m/[A-Za-z0-9_-]+(/[A-Za-z0-9_.-]+)+$",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Lint (-want +got):\n%s", diff)
	}
	set, errs := LoadFS(fstest.MapFS{"a/cat.yaml": {Data: []byte(`name: cat
title: 分类
api: /cats
permission: cat
fields:
  - {name: name, label: 名称, type: string}
screens:
  - {name: marking, title: 评阅, url: /m/cat/marking, op: edit}
`)}}, "a")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if !slices.Contains(set.Module("cat").Texts(), TextPlace{"cat@marking", "评阅"}) {
		t.Errorf("the screen's title is not among the module's texts: %v", set.Module("cat").Texts())
	}
}

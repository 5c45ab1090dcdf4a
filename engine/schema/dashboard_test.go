package schema

import (
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

// dashTree is a schemas tree with one module and dashboards.
func dashTree(dashboards map[string]string) fstest.MapFS {
	fsys := fstest.MapFS{
		"_dicts.yaml": {Data: []byte("- type: gender\n  title: 性别\n  items:\n    - {value: \"1\", label: 男}\n")},
		"reg/person.yaml": {Data: []byte(`name: person
title: 人员
api: /persons
permission: person
orgScoped: true
fields:
  - {name: name, label: 姓名, type: string, filter: contains}
  - {name: gender, label: 性别, type: enum, dict: gender, filter: equals}
  - {name: tags, label: 标签, type: enum, multiple: true, options: [{value: 1, label: 甲}]}
  - {name: income, label: 收入, type: decimal}
  - {name: birthDate, label: 出生日期, type: date}
  - {name: seenAt, label: 走访时间, type: datetime}
  - {name: place, label: 位置, type: geoPoint}
`)},
	}
	for name, text := range dashboards {
		fsys["dashboards/"+name] = &fstest.MapFile{Data: []byte(text)}
	}
	return fsys
}

const goodDashboard = `name: people
title: 人员看板
code: people.screen
route: /people
filters:
  - {name: period, type: period, label: 周期}
  - {name: sex, type: choice, label: 性别, dict: gender}
widgets:
  - id: total
    kind: number
    title: 人数
    grid: {x: 0, y: 0, w: 6, h: 3}
    items:
      - {label: 人数, module: person}
      - {label: 待我审批, tasks: open}
      - {label: 收入, module: person, measure: avg, of: income, criteria: {gender.equals: "1"}}
  - id: ages
    kind: stackedBar
    title: 年龄
    grid: {x: 6, y: 0, w: 12, h: 6}
    module: person
    by: birthDate
    bucket: age
    then: gender
    filters: {period: seenAt, sex: gender}
    drill: filter:sex
  - id: places
    kind: map
    title: 分布
    grid: {x: 18, y: 0, w: 6, h: 6}
    module: person
    point: place
    shape: place
    value: {module: person, by: orgId, level: child}
    drill: org
`

func TestDashboardFiles(t *testing.T) {
	set, errs := LoadFS(dashTree(map[string]string{"people.yaml": goodDashboard}), ".")
	if len(errs) > 0 {
		t.Fatalf("good dashboard: %v", LoadErrors(errs))
	}
	d := set.Dashboard("people")
	if d == nil || d.Refresh != 60 || d.Grid.Columns != 24 || len(d.Widgets) != 3 || d.Widget("ages").Bucket != "age" ||
		set.Module("person") == nil {
		t.Fatalf("loaded %+v", d)
	}

	bad := `name: Bad-name
title: 坏看板
route: people
refresh: 5
filters:
  - {name: period, type: week, label: 周期}
widgets:
  - id: a
    kind: donut
    grid: {x: 0, y: 0, w: 1, h: 1}
  - id: b
    kind: bar
    grid: {x: 20, y: 0, w: 6, h: 1}
    module: person
    by: name
    bucket: month
    measure: sum
    of: name
    criteria: {nope.equals: 1, gender.like: 1}
    filters: {period: name, other: gender}
    drill: somewhere
    colour: red
  - id: b
    kind: stackedBar
    grid: {x: 0, y: 0, w: 2, h: 2}
    module: ghost
  - id: c
    kind: line
    grid: {x: 0, y: 0, w: 2, h: 2}
    module: person
    by: tags
    level: village
    measure: max
  - id: d
    kind: pie
    grid: {x: 0, y: 0, w: 2, h: 2}
    module: person
    by: seenAt
    bucket: age
    bands: [30, 20]
  - id: e
    kind: map
    grid: {x: 0, y: 0, w: 2, h: 2}
    module: person
    point: name
    shape: income
  - id: f
    kind: gauge
    grid: {x: 0, y: 0, w: 2, h: 2}
    module: person
  - id: g
    kind: number
    grid: {x: 0, y: 0, w: 2, h: 2}
  - id: h
    kind: number
    grid: {x: 0, y: 0, w: 2, h: 2}
    items:
      - {label: 待办, tasks: open, module: person}
      - {label: 待办, tasks: all}
`
	dup := `name: people
title: 重复
code: x
route: /other
`
	got := []string{}
	for _, e := range Lint(dashTree(map[string]string{"people.yaml": goodDashboard, "bad.yaml": bad, "zdup.yaml": dup}), "dashboards") {
		got = append(got, e.Error())
	}
	want := []string{
		"dashboards/bad.yaml:1: code: 缺少必填的键 code",
		"dashboards/bad.yaml:1: name: 名称 Bad-name 必须以小写字母开头，只含字母和数字",
		"dashboards/bad.yaml:3: route: 路由 people 必须以 / 开头",
		"dashboards/bad.yaml:4: refresh: refresh 至少为 10 秒",
		"dashboards/bad.yaml:6: filters[0].type: 不支持的筛选类型：week（可用 period、org、choice）",
		"dashboards/bad.yaml:9: widgets.a.kind: 不支持的组件类型：donut",
		"dashboards/bad.yaml:13: widgets.b.grid: 栅格位置须为非负整数，宽和高至少为 1，且 x + w 不超过 24 列",
		"dashboards/bad.yaml:15: widgets.b.by: 字段 name 不能用于分组统计（须为单选枚举、单选引用、是否、日期、日期时间、状态或 orgId、createdBy）",
		"dashboards/bad.yaml:18: widgets.b.of: 字段 name 不是整数或小数字段，不能用于 sum",
		"dashboards/bad.yaml:19: widgets.b.criteria.gender.like: 查询条件 gender.like 不是“字段.操作符”的形式，或字段不存在",
		"dashboards/bad.yaml:19: widgets.b.criteria.nope.equals: 查询条件 nope.equals 不是“字段.操作符”的形式，或字段不存在",
		"dashboards/bad.yaml:20: widgets.b.filters.other: 页面筛选 other 未在 filters 中声明",
		"dashboards/bad.yaml:21: widgets.b.drill: 不支持的钻取目标：somewhere（可用 org、filter:<筛选名>、route:/路径）",
		"dashboards/bad.yaml:22: widgets.b.colour: 未知的键 colour（拼写错误，或该位置不允许此键）",
		"dashboards/bad.yaml:23: widgets.b.id: 组件编号 b 重复",
		"dashboards/bad.yaml:26: widgets.b.module: 模块 ghost 不存在",
		"dashboards/bad.yaml:27: widgets.c.of: 统计方式 max 需要用 of 指定整数或小数字段",
		"dashboards/bad.yaml:31: widgets.c.by: 字段 tags 不能用于分组统计（须为单选枚举、单选引用、是否、日期、日期时间、状态或 orgId、createdBy）",
		"dashboards/bad.yaml:32: widgets.c.level: level 只能与 by: orgId 或 then: orgId 一起使用",
		"dashboards/bad.yaml:39: widgets.d.bucket: 字段 seenAt 不支持统计周期 age",
		"dashboards/bad.yaml:40: widgets.d.bands: 年龄分段须为递增的正整数，至多 10 个",
		"dashboards/bad.yaml:45: widgets.e.point: 字段 name 不是 geoPoint 字段",
		"dashboards/bad.yaml:46: widgets.e.shape: 字段 income 不是 geoPolygon 或 geoPoint 字段",
		"dashboards/bad.yaml:47: widgets.f.total: 仪表盘组件必须用 total 指定 100% 的范围",
		"dashboards/bad.yaml:51: widgets.g.items: 数字卡片至少需要一项 items",
		"dashboards/bad.yaml:58: widgets.h.items[0].tasks: tasks 只能为 open（当前用户的待办审批数），且不能再指定 module、measure、of、criteria",
		"dashboards/bad.yaml:59: widgets.h.items[1].tasks: tasks 只能为 open（当前用户的待办审批数），且不能再指定 module、measure、of、criteria",
		"dashboards/zdup.yaml:1: name: 看板名称 people 已在 dashboards/people.yaml 使用",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("lint (-want +got):\n%s", diff)
	}
}

// The fields the dashboards count a module by (its grouping, measured,
// criteria and page-filter fields) become its Counted, which with its
// declared stats are the columns of its statistics index; a dashboard
// change changes them, so the module is migrated again.
func TestDashboardsCounted(t *testing.T) {
	set, errs := LoadFS(dashTree(map[string]string{"people.yaml": goodDashboard}), ".")
	if len(errs) > 0 {
		t.Fatalf("good dashboard: %v", LoadErrors(errs))
	}
	p := set.Module("person")
	if diff := cmp.Diff([]string{"birthDate", "gender", "income", "seenAt"}, p.Counted); diff != "" {
		t.Errorf("Counted (-want +got):\n%s", diff)
	}
	p.Stats = []string{"seenAt", "tags"}
	if diff := cmp.Diff([]string{"seenAt", "tags", "birthDate", "gender", "income"}, p.StatsColumns()); diff != "" {
		t.Errorf("StatsColumns (-want +got):\n%s", diff)
	}
	set, errs = LoadFS(dashTree(nil), ".")
	if len(errs) > 0 || set.Module("person").Counted != nil {
		t.Errorf("no dashboards: Counted %v, %v", set.Module("person").Counted, LoadErrors(errs))
	}
}

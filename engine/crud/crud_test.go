package crud

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/xuri/excelize/v2"

	"xiangzhi/engine/httpx"
	"xiangzhi/engine/schema"
)

func testModule() *schema.Module {
	return &schema.Module{
		Name: "handicapped", Title: "残疾人补贴", API: "/onlineVillage/handicappeds", Permission: "ov.h",
		Export: true, Import: true,
		Fields: []schema.Field{{Name: "name", Label: "姓名", Type: schema.TypeString}},
		Status: &schema.Status{Field: "auditStatus", Values: map[int]string{1: "审核中", 2: "已通过"}, Initial: 1,
			Actions: []schema.Action{{Name: "approve", Label: "通过", From: []int{1}, To: 2, Permission: "ov.h.audit"}}},
	}
}

func TestMatch(t *testing.T) {
	m := testModule()
	plain := &schema.Module{Name: "n", API: "/n", Permission: "n"}
	tests := []struct {
		name         string
		m            *schema.Module
		method, rest string
		suffix       string
		id           int64
		status       int // 0: matched
	}{
		{"list", m, "GET", "", "", 0, 0},
		{"list trailing slash", m, "GET", "/", "", 0, 0},
		{"create", m, "POST", "", "", 0, 0},
		{"update body id", m, "PUT", "", "", 0, 0},
		{"batch delete", m, "DELETE", "", "", 0, 0},
		{"get", m, "GET", "/12", "/:id", 12, 0},
		{"update", m, "PUT", "/12", "/:id", 12, 0},
		{"delete", m, "DELETE", "/12", "/:id", 12, 0},
		{"status", m, "PUT", "/12/status", "/:id/status", 12, 0},
		{"export", m, "GET", "/export", "/export", 0, 0},
		{"import", m, "POST", "/import", "/import", 0, 0},
		{"template", m, "GET", "/import/template", "/import/template", 0, 0},
		{"schema", m, "GET", "/schema", "/schema", 0, 0},
		{"stats", m, "GET", "/stats", "/stats", 0, 0},
		{"bad id", m, "GET", "/abc", "", 0, 400},
		{"zero id", m, "GET", "/0", "", 0, 400},
		{"signed id", m, "GET", "/+1", "", 0, 400},
		{"bad id on status", m, "PUT", "/x/status", "", 0, 400},
		{"wrong method", m, "PATCH", "/1", "", 0, 405},
		{"post to an id", m, "POST", "/1", "", 0, 405},
		{"delete export", m, "DELETE", "/export", "", 0, 405},
		{"too deep", m, "GET", "/1/history", "", 0, 404},
		{"status of a literal", m, "PUT", "/export/status", "", 0, 404},
		{"export off", plain, "GET", "/export", "", 0, 404},
		{"import off", plain, "POST", "/import", "", 0, 404},
		{"template off", plain, "GET", "/import/template", "", 0, 404},
		{"no workflow", plain, "PUT", "/1/status", "", 0, 404},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, id, err := match(tt.m, tt.method, tt.rest)
			if tt.status != 0 {
				var pe httpx.PublicError
				if !errors.As(err, &pe) || pe.HTTPStatus() != tt.status {
					t.Fatalf("match error = %v, want status %d", err, tt.status)
				}
				return
			}
			if err != nil {
				t.Fatalf("match: %v", err)
			}
			if o.suffix != tt.suffix || o.method != tt.method || id != tt.id {
				t.Errorf("match = %s %s id %d, want %s %s id %d", o.method, o.suffix, id, tt.method, tt.suffix, tt.id)
			}
		})
	}
}

func TestRegistryFindsLongestBase(t *testing.T) {
	d := New(Options{})
	outer := &schema.Module{Name: "article", API: "/cms/api/article"}
	inner := &schema.Module{Name: "comment", API: "/cms/api/article/comments"}
	d.Swap(&schema.Set{Modules: []*schema.Module{outer, inner}})
	tests := []struct {
		path string
		want *schema.Module
		rest string
	}{
		{"/cms/api/article", outer, ""},
		{"/cms/api/article/7", outer, "/7"},
		{"/cms/api/article/comments/7", inner, "/7"},
		{"/cms/api/article/", outer, "/"},
		{"/cms/api/article/comments", inner, ""},
		{"/cms/api/article/commentsx/1", outer, "/commentsx/1"},
		{"/cms/api/articles", nil, ""},
		{"/cms/api", nil, ""},
	}
	for _, tt := range tests {
		m, rest := d.reg.Load().find(tt.path)
		if m != tt.want || rest != tt.rest {
			t.Errorf("find(%q) = %v %q, want %v %q", tt.path, m, rest, tt.want, tt.rest)
		}
	}
	if !d.Owns("/cms/api/article/1") || d.Owns("/cms/apix") {
		t.Errorf("Owns is wrong")
	}
}

func TestRoutesCodes(t *testing.T) {
	got := map[string]string{}
	for _, r := range Routes(testModule()) {
		got[r.Method+" "+r.Path] += r.Code + " "
	}
	want := map[string]string{
		"GET /onlineVillage/handicappeds":                 "ov.h.list ",
		"GET /onlineVillage/handicappeds/schema":          "ov.h.list ",
		"GET /onlineVillage/handicappeds/stats":           "ov.h.list ",
		"GET /onlineVillage/handicappeds/:id":             "ov.h.view ",
		"POST /onlineVillage/handicappeds":                "ov.h.add ",
		"PUT /onlineVillage/handicappeds/:id":             "ov.h.edit ",
		"PUT /onlineVillage/handicappeds":                 "ov.h.edit ",
		"DELETE /onlineVillage/handicappeds/:id":          "ov.h.del ",
		"DELETE /onlineVillage/handicappeds":              "ov.h.del ",
		"PUT /onlineVillage/handicappeds/:id/status":      "ov.h.audit ",
		"GET /onlineVillage/handicappeds/export":          "ov.h.export ",
		"POST /onlineVillage/handicappeds/import":         "ov.h.import ",
		"GET /onlineVillage/handicappeds/import/template": "ov.h.import ",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("routes (-want +got):\n%s", diff)
	}
}

func TestParseIDs(t *testing.T) {
	tests := []struct {
		in     []string
		want   []int64
		errMsg string
	}{
		{[]string{"1,2,3"}, []int64{1, 2, 3}, ""},
		{[]string{"1", "2,1", " 4 "}, []int64{1, 2, 4}, ""},
		{[]string{"1,,2"}, []int64{1, 2}, ""},
		{nil, nil, "请选择要删除的记录"},
		{[]string{""}, nil, "请选择要删除的记录"},
		{[]string{"1,a"}, nil, "ID格式不正确"},
		{[]string{"0"}, nil, "ID格式不正确"},
	}
	for _, tt := range tests {
		got, err := parseIDs(tt.in)
		var pe httpx.PublicError
		switch {
		case tt.errMsg == "" && err != nil:
			t.Errorf("parseIDs(%q): %v", tt.in, err)
		case tt.errMsg != "" && (!errors.As(err, &pe) || pe.PublicMessage() != tt.errMsg):
			t.Errorf("parseIDs(%q) error = %v, want %s", tt.in, err, tt.errMsg)
		case !cmp.Equal(got, tt.want):
			t.Errorf("parseIDs(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
	many := make([]string, MaxBatch+1)
	for i := range many {
		many[i] = strconv.Itoa(i + 1)
	}
	if _, err := parseIDs(many); err == nil {
		t.Errorf("parseIDs accepted %d ids", len(many))
	}
}

func TestBodyID(t *testing.T) {
	tests := []struct {
		v      any
		path   int64
		want   int64
		status int
	}{
		{nil, 5, 5, 0},
		{json.Number("5"), 5, 5, 0},
		{json.Number("7"), 0, 7, 0},
		{"7", 0, 7, 0},
		{nil, 0, 0, http.StatusBadRequest},
		{json.Number("6"), 5, 0, http.StatusBadRequest},
		{json.Number("1.5"), 0, 0, http.StatusBadRequest},
		{true, 0, 0, http.StatusBadRequest},
	}
	for _, tt := range tests {
		got, err := bodyID(tt.v, tt.path)
		if tt.status != 0 {
			if err == nil {
				t.Errorf("bodyID(%v, %d) accepted", tt.v, tt.path)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("bodyID(%v, %d) = %d, %v; want %d", tt.v, tt.path, got, err, tt.want)
		}
	}
}

func TestContentDisposition(t *testing.T) {
	got := ContentDisposition("残疾人补贴_20240101120000.xlsx", `han"dicapped_1.xlsx`)
	want := `attachment; filename="han_dicapped_1.xlsx"; filename*=UTF-8''%E6%AE%8B%E7%96%BE%E4%BA%BA%E8%A1%A5%E8%B4%B4_20240101120000.xlsx`
	if got != want {
		t.Errorf("ContentDisposition =\n%s\nwant\n%s", got, want)
	}
}

func TestColumnCellsAndValues(t *testing.T) {
	set := &schema.Set{Dicts: map[string]*schema.Dict{"gender": {Type: "gender", Items: []schema.Option{
		{Value: "0", Label: "女"}, {Value: "1", Label: "男"}}}}}
	gender := column{f: &schema.Field{Name: "g", Label: "性别", Type: schema.TypeEnum, Dict: "gender"}}
	gender.options = optionsOf(gender.f, set)
	grade := column{f: &schema.Field{Name: "r", Label: "等级", Type: schema.TypeEnum,
		Options: []schema.Option{{Value: 1, Label: "一级"}, {Value: 2, Label: "二级"}}}}
	grade.options = grade.f.Options
	multi := column{f: &schema.Field{Name: "m", Label: "参保", Type: schema.TypeEnum, Multiple: true,
		Options: []schema.Option{{Value: 1, Label: "医保"}, {Value: 2, Label: "养老"}}}}
	multi.options = multi.f.Options
	boolean := column{f: &schema.Field{Name: "b", Label: "低保", Type: schema.TypeBool}}
	date := column{f: &schema.Field{Name: "d", Label: "日期", Type: schema.TypeDate}}
	stamp := column{f: &schema.Field{Name: "t", Label: "时间", Type: schema.TypeDateTime}}
	num := column{f: &schema.Field{Name: "n", Label: "数量", Type: schema.TypeInt}}
	dec := column{f: &schema.Field{Name: "x", Label: "金额", Type: schema.TypeDecimal}}
	text := column{f: &schema.Field{Name: "s", Label: "姓名", Type: schema.TypeString}}

	cells := []struct {
		c    column
		v    any
		want any
	}{
		{gender, "1", "男"}, {grade, int64(2), "二级"}, {grade, json.Number("1"), "一级"}, {grade, int64(9), "9"},
		{multi, []any{int64(1), int64(2)}, "医保、养老"}, {boolean, true, "是"}, {boolean, false, "否"},
		{date, time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC), "2024-03-01"}, {date, "2024-03-01", "2024-03-01"},
		{num, json.Number("12"), 12.0}, {dec, "100.50", 100.5}, {text, nil, nil}, {text, "张三", "张三"},
	}
	for _, tt := range cells {
		if got := tt.c.cell(tt.v); !cmp.Equal(got, tt.want) {
			t.Errorf("%s cell(%v) = %#v, want %#v", tt.c.f.Label, tt.v, got, tt.want)
		}
	}
	values := []struct {
		c    column
		in   string
		want any
		bad  bool
	}{
		{gender, "男", "1", false}, {gender, "0", "0", false}, {gender, "未知", nil, true},
		{grade, "二级", json.Number("2"), false}, {grade, "1", json.Number("1"), false},
		{multi, "医保、养老", []any{json.Number("1"), json.Number("2")}, false}, {multi, "医保,其他", nil, true},
		{boolean, "是", true, false}, {boolean, "否", false, false}, {boolean, "TRUE", true, false}, {boolean, "也许", nil, true},
		{date, "2024-03-01", "2024-03-01", false}, {date, "2024/3/1", "2024-03-01", false},
		{date, "2024年3月1日", "2024-03-01", false}, {date, "45352", "2024-03-01", false}, {date, "昨天", nil, true},
		{stamp, "2024-03-01 08:30", "2024-03-01 08:30:00", false}, {stamp, "45352.5", "2024-03-01 12:00:00", false},
		{num, "12", json.Number("12"), false}, {num, "12.0", json.Number("12"), false}, {num, "1.5", nil, true},
		{dec, "88.80", json.Number("88.80"), false}, {dec, "八十", nil, true},
		{text, "  张三 ", "张三", false},
	}
	for _, tt := range values {
		got, err := tt.c.value(tt.in)
		if tt.bad {
			if err == nil {
				t.Errorf("%s value(%q) = %v, want an error", tt.c.f.Label, tt.in, got)
			}
			continue
		}
		if err != nil || !cmp.Equal(got, tt.want) {
			t.Errorf("%s value(%q) = %#v, %v; want %#v", tt.c.f.Label, tt.in, got, err, tt.want)
		}
	}
}

func TestImportColumnsSkipExportOnly(t *testing.T) {
	m := testModule()
	m.Fields = append(m.Fields,
		schema.Field{Name: "photo", Label: "照片", Type: schema.TypeImage},
		schema.Field{Name: "memo", Label: "说明", Type: schema.TypeRichText},
		schema.Field{Name: "code", Label: "编号", Type: schema.TypeString, ReadOnly: true},
		schema.Field{Name: "kids", Label: "子女", Type: schema.TypeChildren},
	)
	names := func(cols []column) (out []string) {
		for _, c := range cols {
			out = append(out, c.f.Name)
		}
		return out
	}
	if got, want := names(exportColumns(m, nil)), []string{"name", "code", "auditStatus"}; !cmp.Equal(got, want) {
		t.Errorf("export columns = %v, want %v", got, want)
	}
	if got, want := names(importColumns(m, nil)), []string{"name"}; !cmp.Equal(got, want) {
		t.Errorf("import columns = %v, want %v", got, want)
	}
}

func TestReadSheetLimitsRows(t *testing.T) {
	m := testModule()
	f := excelize.NewFile()
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	if err := sw.SetRow("A1", []any{"姓名"}); err != nil {
		t.Fatal(err)
	}
	for i := 2; i <= MaxImportRows+2; i++ {
		cell, _ := excelize.CoordinatesToCellName(1, i)
		if err := sw.SetRow(cell, []any{"张三"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := sw.Flush(); err != nil {
		t.Fatal(err)
	}
	_, _, err = readSheet(f, m, &schema.Set{})
	var pe httpx.PublicError
	if !errors.As(err, &pe) || pe.PublicMessage() != "导入数据不能超过10000行" {
		t.Errorf("readSheet of %d rows = %v, want the row limit", MaxImportRows+1, err)
	}
}

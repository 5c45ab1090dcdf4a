package schema

import (
	"encoding/json"
	"errors"
	"maps"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// okHandicapped is a valid handicappedSubsidy record.
func okHandicapped() map[string]any {
	return map[string]any{
		"name": "张三", "idCard": "11010519491231002X", "disabilityGrade": "2",
		"amount": 120.5, "applyDate": "2024-03-01", "proofs": []any{"/files/a.pdf"}, "villager": 7,
	}
}

// okArchive is a valid oldPersonArchive record.
func okArchive() map[string]any {
	return map[string]any{
		"villager": 3, "careLevel": 2, "services": []any{"meal", "bath"}, "subsidy": 300,
		"checkTime": "2024-05-06 07:08:09", "location": map[string]any{"lng": 116.4, "lat": 39.9},
		"yard": map[string]any{"type": "Polygon", "coordinates": []any{[]any{
			[]any{116.0, 39.0}, []any{116.1, 39.0}, []any{116.1, 39.1}, []any{116.0, 39.0}}}},
		"photos": []any{"/f/1.jpg"}, "caregivers": []any{1, 2}, "extra": map[string]any{"k": "v"},
		"members": []any{map[string]any{"name": "李四", "relation": "01", "mobile": "13912345678"}},
	}
}

// landCollection is a geoPolygon of one categorised polygon (the mapLand widget's value).
func landCollection(category, color string) map[string]any {
	return map[string]any{"type": "FeatureCollection", "features": []any{map[string]any{
		"type": "Feature",
		"geometry": map[string]any{"type": "Polygon", "coordinates": []any{[]any{
			[]any{115.1, 36.2}, []any{115.2, 36.2}, []any{115.2, 36.3}, []any{115.1, 36.2}}}},
		"properties": map[string]any{"category": category, "color": color, "parentId": "7", "selfId": "p1"},
	}}}
}

// okVillager is a valid villager record.
func okVillager() map[string]any {
	return map[string]any{
		"name": "王五", "idCard": "110105194912310011", "gender": "1", "mobile": "13800138000",
		"email": "wang@example.cn", "birthDate": "1949-12-31", "householder": true, "population": 4,
		"photo": "/f/p.jpg", "remark": "无",
	}
}

func with(rec map[string]any, kv ...any) map[string]any {
	out := maps.Clone(rec)
	for i := 0; i+1 < len(kv); i += 2 {
		k := kv[i].(string)
		if kv[i+1] == absent {
			delete(out, k)
			continue
		}
		out[k] = kv[i+1]
	}
	return out
}

// absent removes a key in with.
var absent = &struct{}{}

func TestValidate(t *testing.T) {
	set := goldenSet(t)
	tests := []struct {
		name    string
		module  string
		rec     map[string]any
		partial bool
		want    []FieldError
	}{
		{"valid handicapped", "handicappedSubsidy", okHandicapped(), false, nil},
		{"valid archive", "oldPersonArchive", okArchive(), false, nil},
		{"valid villager", "villager", okVillager(), false, nil},
		{"required absent", "handicappedSubsidy", with(okHandicapped(), "name", absent), false,
			[]FieldError{{"name", "姓名不能为空"}}},
		{"required absent on update", "handicappedSubsidy", with(okHandicapped(), "name", absent), true, nil},
		{"required blank on update", "handicappedSubsidy", with(okHandicapped(), "name", "  "), true,
			[]FieldError{{"name", "姓名不能为空"}}},
		{"required null", "handicappedSubsidy", with(okHandicapped(), "idCard", nil), false,
			[]FieldError{{"idCard", "身份证号不能为空"}}},
		{"optional null clears", "handicappedSubsidy", with(okHandicapped(), "amount", nil, "proofs", nil), false, nil},
		{"max length", "handicappedSubsidy", with(okHandicapped(), "name", strings.Repeat("张", 21)), false,
			[]FieldError{{"name", "姓名长度不能超过20个字符"}}},
		{"max length counts characters", "handicappedSubsidy", with(okHandicapped(), "name", strings.Repeat("张", 20)), false, nil},
		{"idcard check digit", "handicappedSubsidy", with(okHandicapped(), "idCard", "110105194912310021"), false,
			[]FieldError{{"idCard", "身份证号格式不正确"}}},
		{"idcard type", "handicappedSubsidy", with(okHandicapped(), "idCard", 110105194912310029), false,
			[]FieldError{{"idCard", "身份证号应为文本"}}},
		{"decimal min", "handicappedSubsidy", with(okHandicapped(), "amount", -1), false,
			[]FieldError{{"amount", "补贴金额不能小于0"}}},
		{"decimal scale", "handicappedSubsidy", with(okHandicapped(), "amount", 1.234), false,
			[]FieldError{{"amount", "补贴金额最多保留2位小数"}}},
		{"decimal scale as json.Number", "handicappedSubsidy", with(okHandicapped(), "amount", json.Number("1.230")), false, nil},
		{"decimal integer digits", "handicappedSubsidy", with(okHandicapped(), "amount", json.Number("12345678901234567")), false,
			[]FieldError{{"amount", "补贴金额整数部分不能超过16位"}}},
		{"decimal type", "handicappedSubsidy", with(okHandicapped(), "amount", "12"), false,
			[]FieldError{{"amount", "补贴金额应为数字"}}},
		{"dict enum", "handicappedSubsidy", with(okHandicapped(), "disabilityGrade", "9"), false,
			[]FieldError{{"disabilityGrade", "残疾等级的取值不在可选范围内"}}},
		{"dict enum is text", "handicappedSubsidy", with(okHandicapped(), "disabilityGrade", 2), false,
			[]FieldError{{"disabilityGrade", "残疾等级的取值不在可选范围内"}}},
		{"date", "handicappedSubsidy", with(okHandicapped(), "applyDate", "2024-02-30"), false,
			[]FieldError{{"applyDate", "申请日期格式不正确，应为“年-月-日”，如 2024-01-31"}}},
		{"files max count", "handicappedSubsidy", with(okHandicapped(), "proofs", []any{"a", "b", "c", "d", "e", "f"}), false,
			[]FieldError{{"proofs", "证明材料最多只能有5项"}}},
		{"ref below 1", "handicappedSubsidy", with(okHandicapped(), "villager", 0), false,
			[]FieldError{{"villager", "村民的取值不在可选范围内"}}},
		{"unknown field", "handicappedSubsidy", with(okHandicapped(), "foo", 1), false,
			[]FieldError{{"foo", "未知字段：foo"}}},
		{"read-only keys ignored", "handicappedSubsidy", with(okHandicapped(), "id", 5, "version", 2,
			"orgId", 0, "createdAt", "whenever", "history", "x", "auditStatus", 99), true, nil},
		{"several problems in order", "handicappedSubsidy", with(okHandicapped(), "zzz", 1, "name", nil,
			"amount", -5, "idCard", "x"), false, []FieldError{
			{"name", "姓名不能为空"}, {"idCard", "身份证号格式不正确"}, {"amount", "补贴金额不能小于0"},
			{"zzz", "未知字段：zzz"}}},
		{"mobile", "villager", with(okVillager(), "mobile", "12800138000"), false,
			[]FieldError{{"mobile", "手机号格式不正确"}}},
		{"email", "villager", with(okVillager(), "email", "wang@example"), false,
			[]FieldError{{"email", "电子邮箱格式不正确"}}},
		{"email max 40", "villager", with(okVillager(), "email", strings.Repeat("a", 34)+"@ex.com"), false,
			[]FieldError{{"email", "电子邮箱长度不能超过40个字符"}}},
		{"int min", "villager", with(okVillager(), "population", 0), false,
			[]FieldError{{"population", "家庭人口不能小于1"}}},
		{"int max", "villager", with(okVillager(), "population", 31), false,
			[]FieldError{{"population", "家庭人口不能大于30"}}},
		{"int fraction", "villager", with(okVillager(), "population", 1.5), false,
			[]FieldError{{"population", "家庭人口应为整数"}}},
		{"bool", "villager", with(okVillager(), "householder", "yes"), false,
			[]FieldError{{"householder", "是否户主应为是或否"}}},
		{"text max", "villager", with(okVillager(), "remark", strings.Repeat("a", 501)), false,
			[]FieldError{{"remark", "备注长度不能超过500个字符"}}},
		{"image url max", "villager", with(okVillager(), "photo", strings.Repeat("a", 1025)), false,
			[]FieldError{{"photo", "照片长度不能超过1024个字符"}}},
		{"int enum", "oldPersonArchive", with(okArchive(), "careLevel", 4), false,
			[]FieldError{{"careLevel", "照护等级的取值不在可选范围内"}}},
		{"int enum given text", "oldPersonArchive", with(okArchive(), "careLevel", "2"), false,
			[]FieldError{{"careLevel", "照护等级的取值不在可选范围内"}}},
		{"multiple enum item", "oldPersonArchive", with(okArchive(), "services", []any{"meal", "fly"}), false,
			[]FieldError{{"services", "所需服务的取值不在可选范围内"}}},
		{"multiple enum repeated", "oldPersonArchive", with(okArchive(), "services", []any{"meal", "meal"}), false,
			[]FieldError{{"services", "所需服务中有重复的项"}}},
		{"decimal max", "oldPersonArchive", with(okArchive(), "subsidy", 5000.01), false,
			[]FieldError{{"subsidy", "每月补贴不能大于5000"}}},
		{"datetime", "oldPersonArchive", with(okArchive(), "checkTime", "2024-05-06T07:08:09Z"), false,
			[]FieldError{{"checkTime", "最近走访时间格式不正确，应为“年-月-日 时:分:秒”，如 2024-01-31 08:30:00"}}},
		{"datetime not a time", "oldPersonArchive", with(okArchive(), "checkTime", "2024-05-06 25:08:09"), false,
			[]FieldError{{"checkTime", "最近走访时间格式不正确，应为“年-月-日 时:分:秒”，如 2024-01-31 08:30:00"}}},
		{"geo point range", "oldPersonArchive", with(okArchive(), "location", map[string]any{"lng": 181, "lat": 0}), false,
			[]FieldError{{"location", "居住位置格式不正确"}}},
		{"geo point missing lat", "oldPersonArchive", with(okArchive(), "location", map[string]any{"lng": 1}), false,
			[]FieldError{{"location", "居住位置格式不正确"}}},
		{"geo polygon", "oldPersonArchive", with(okArchive(), "yard", map[string]any{"type": "Polygon",
			"coordinates": []any{[]any{[]any{1, 2}, []any{1, 2}}}}), false,
			[]FieldError{{"yard", "宅基地范围格式不正确"}}},
		{"geo multipolygon", "oldPersonArchive", with(okArchive(), "yard", map[string]any{"type": "MultiPolygon",
			"coordinates": []any{[]any{[]any{[]any{1, 2}, []any{1, 3}, []any{2, 3}, []any{1, 2}}}}}), false, nil},
		{"geo circle", "oldPersonArchive", with(okArchive(), "location", map[string]any{"lng": 115.15, "lat": 36.29, "radius": 100}), false, nil},
		{"geo circle radius zero", "oldPersonArchive", with(okArchive(), "location", map[string]any{"lng": 115.15, "lat": 36.29, "radius": 0}), false,
			[]FieldError{{"location", "居住位置格式不正确"}}},
		{"land polygons", "oldPersonArchive", with(okArchive(), "yard", landCollection("forestCrood", "#228b22")), false, nil},
		{"land polygon unknown category", "oldPersonArchive", with(okArchive(), "yard", landCollection("moonCrood", "#228b22")), false,
			[]FieldError{{"yard", "宅基地范围格式不正确"}}},
		{"land polygon bad colour", "oldPersonArchive", with(okArchive(), "yard", landCollection("ploughCrood", "green")), false,
			[]FieldError{{"yard", "宅基地范围格式不正确"}}},
		{"images max count", "oldPersonArchive", with(okArchive(), "photos", []any{"a", "b", "c", "d"}), false,
			[]FieldError{{"photos", "居住照片最多只能有3项"}}},
		{"ref list", "oldPersonArchive", with(okArchive(), "caregivers", []any{1, "x"}), false,
			[]FieldError{{"caregivers", "帮扶干部的取值不在可选范围内"}}},
		{"json", "oldPersonArchive", with(okArchive(), "extra", "text"), false,
			[]FieldError{{"extra", "扩展信息应为对象或列表"}}},
		{"children rows", "oldPersonArchive", with(okArchive(), "members", []any{
			map[string]any{"id": 9, "name": "甲", "relation": "02"},
			map[string]any{"relation": "77", "mobile": "1", "x": 1},
		}), false, []FieldError{
			{"members.1.name", "家庭成员第2行：姓名不能为空"},
			{"members.1.relation", "家庭成员第2行：与老人关系的取值不在可选范围内"},
			{"members.1.mobile", "家庭成员第2行：联系电话格式不正确"},
			{"members.1.x", "家庭成员第2行：未知字段：x"},
		}},
		{"children row not an object", "oldPersonArchive", with(okArchive(), "members", []any{"x"}), false,
			[]FieldError{{"members", "家庭成员格式不正确"}}},
		{"children null required in row", "oldPersonArchive", with(okArchive(), "members", []any{
			map[string]any{"name": nil, "relation": "01"}}), false,
			[]FieldError{{"members.0.name", "家庭成员第1行：姓名不能为空"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := set.Module(tt.module)
			err := Validate(m, set, tt.rec, tt.partial)
			var got []FieldError
			if err != nil {
				var ve *ValidationError
				if !errors.As(err, &ve) {
					t.Fatalf("Validate = %v, want a *ValidationError", err)
				}
				got = ve.Errors
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Validate (-want +got):\n%s", diff)
			}
		})
	}
}

func TestValidationError(t *testing.T) {
	set := goldenSet(t)
	err := Validate(set.Module("handicappedSubsidy"), set, map[string]any{}, false)
	var ve *ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("Validate = %v", err)
	}
	if ve.HTTPStatus() != http.StatusBadRequest {
		t.Errorf("HTTPStatus = %d", ve.HTTPStatus())
	}
	if ve.PublicMessage() != "提交的数据校验未通过" {
		t.Errorf("PublicMessage = %q", ve.PublicMessage())
	}
	want := "invalid record: name: 姓名不能为空; idCard: 身份证号不能为空"
	if ve.Error() != want {
		t.Errorf("Error = %q, want %q", ve.Error(), want)
	}
	if diff := cmp.Diff(ve.Errors, ve.FieldErrors()); diff != "" {
		t.Errorf("FieldErrors differ: %s", diff)
	}
}

func TestValidateCompilesOnce(t *testing.T) {
	set := goldenSet(t)
	m := set.Module("villager")
	a, err := compiledFor(m, set)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := compiledFor(m, set)
	if a != b {
		t.Error("compiledFor compiled the same module twice")
	}
	other := *m
	c, _ := compiledFor(&other, set)
	if c == a {
		t.Error("another module pointer shares the compiled schema")
	}
}

// TestValidateConcurrent validates from many goroutines at once, each module
// compiled on first use; run with -race it also checks the cache.
func TestValidateConcurrent(t *testing.T) {
	set, errs := LoadFS(os.DirFS("testdata/golden"), ".")
	if len(errs) > 0 {
		t.Fatal(LoadErrors(errs))
	}
	records := map[string]map[string]any{
		"handicappedSubsidy": with(okHandicapped(), "name", nil),
		"oldPersonArchive":   okArchive(),
		"villager":           with(okVillager(), "mobile", "1"),
	}
	want := map[string]int{"handicappedSubsidy": 1, "oldPersonArchive": 0, "villager": 1}
	var wg sync.WaitGroup
	results := make(chan string, 60)
	for i := range 60 {
		name := []string{"handicappedSubsidy", "oldPersonArchive", "villager"}[i%3]
		wg.Go(func() {
			n := 0
			var ve *ValidationError
			if err := Validate(set.Module(name), set, records[name], false); errors.As(err, &ve) {
				n = len(ve.Errors)
			}
			if n != want[name] {
				results <- name
			}
		})
	}
	wg.Wait()
	close(results)
	for name := range results {
		t.Errorf("%s: wrong number of problems under concurrency", name)
	}
}

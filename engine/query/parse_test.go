package query

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"xiangzhi/engine/schema"
)

// testModule is a subsidy register with one field of each filter kind.
func testModule() *schema.Module {
	return &schema.Module{
		Name: "handicappedSubsidy", Title: "残疾人补贴", API: "/onlineVillage/handicappeds",
		Permission: "onlineVillage.handicapped", OrgScoped: true,
		Fields: []schema.Field{
			{Name: "name", Label: "姓名", Type: schema.TypeString, Filter: schema.FilterContains, Sort: true},
			{Name: "username", Label: "用户名", Type: schema.TypeString, Filter: schema.FilterContains},
			{Name: "idCard", Label: "身份证号", Type: schema.TypeIDCard, Unique: true, Filter: schema.FilterEquals},
			{Name: "grade", Label: "残疾等级", Type: schema.TypeEnum, Dict: "disability_grade", Filter: schema.FilterEquals},
			{Name: "kind", Label: "类别", Type: schema.TypeEnum, Filter: schema.FilterIn,
				Options: []schema.Option{{Value: 1, Label: "视力"}, {Value: 2, Label: "听力"}}},
			{Name: "color", Label: "颜色", Type: schema.TypeEnum, Filter: schema.FilterEquals,
				Options: []schema.Option{{Value: "red", Label: "红"}, {Value: "blue", Label: "蓝"}}},
			{Name: "tags", Label: "标签", Type: schema.TypeEnum, Multiple: true, Filter: schema.FilterIn,
				Options: []schema.Option{{Value: "a", Label: "甲"}, {Value: "b", Label: "乙"}}},
			{Name: "amount", Label: "金额", Type: schema.TypeDecimal, Filter: schema.FilterRange},
			{Name: "age", Label: "年龄", Type: schema.TypeInt, Filter: schema.FilterRange, Sort: true},
			{Name: "poor", Label: "贫困户", Type: schema.TypeBool, Filter: schema.FilterEquals},
			{Name: "applyDate", Label: "申请日期", Type: schema.TypeDate, Filter: schema.FilterRange, Sort: true},
			{Name: "visitedAt", Label: "走访时间", Type: schema.TypeDateTime, Filter: schema.FilterRange},
			{Name: "villager", Label: "村民", Type: schema.TypeRef, Ref: "villager", Filter: schema.FilterEquals},
			{Name: "proofs", Label: "证明材料", Type: schema.TypeFiles, Filter: schema.FilterEquals},
			{Name: "remark", Label: "备注", Type: schema.TypeText},
			{Name: "registerTime", Label: "注册时间", Type: schema.TypeDateTime, Sort: true},
			{Name: "family", Label: "家庭成员", Type: schema.TypeChildren, Filter: schema.FilterEquals,
				Fields: []schema.Field{{Name: "name", Label: "姓名", Type: schema.TypeString}}},
		},
		Status: &schema.Status{Field: "auditStatus", Values: map[int]string{1: "审核中", 2: "已通过", 3: "未通过"}, Initial: 1},
		List:   schema.List{Sort: "applyDate,desc", PageSize: 20},
	}
}

func local(s string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04:05", s, time.Local)
	if err != nil {
		panic(err)
	}
	return t
}

func TestParse(t *testing.T) {
	tests := []struct {
		name  string
		query string
		want  *Query
	}{
		{"defaults", "", &Query{Size: 20}},
		{"page and size", "page=3&size=50", &Query{Page: 3, Size: 50}},
		{"max size", "size=1000", &Query{Size: 1000}},
		{"empty page and size", "page=&size=", &Query{Size: 10}},
		{"sort desc and asc", "sort=applyDate,desc&sort=name", &Query{Size: 20,
			Sort: []Sort{{Field: "applyDate", Desc: true}, {Field: "name"}}}},
		{"sort several keys one direction", "sort=age,name,DESC", &Query{Size: 20,
			Sort: []Sort{{Field: "age", Desc: true}, {Field: "name", Desc: true}}}},
		{"sort common and status", "sort=createdAt,desc&sort=auditStatus,asc&sort=id", &Query{Size: 20,
			Sort: []Sort{{Field: "createdAt", Desc: true}, {Field: "auditStatus"}, {Field: "id"}}}},
		{"sort by column name", "sort=register_time,desc", &Query{Size: 20,
			Sort: []Sort{{Field: "registerTime", Desc: true}}}},
		{"sort duplicate kept once", "sort=name&sort=name,desc", &Query{Size: 20, Sort: []Sort{{Field: "name"}}}},
		{"plain equals", "idCard=110101199003077777", &Query{Size: 20,
			Filters: []Filter{{Field: "idCard", Op: Equals, Values: []any{"110101199003077777"}}}}},
		{"plain equals trimmed", "idCard=+110+", &Query{Size: 20,
			Filters: []Filter{{Field: "idCard", Op: Equals, Values: []any{"110"}}}}},
		{"like suffix", "usernameLike=adm", &Query{Size: 20,
			Filters: []Filter{{Field: "username", Op: Contains, Values: []any{"adm"}}}}},
		{"contains and doesNotContain", "name.contains=张&name.doesNotContain=三", &Query{Size: 20,
			Filters: []Filter{{Field: "name", Op: Contains, Values: []any{"张"}},
				{Field: "name", Op: DoesNotContain, Values: []any{"三"}}}}},
		{"contains keeps percent as text", "name.contains=50%25_x", &Query{Size: 20,
			Filters: []Filter{{Field: "name", Op: Contains, Values: []any{"50%_x"}}}}},
		{"empty criteria ignored", "name=&usernameLike=&kind.in=&age.greaterThan=+", &Query{Size: 20}},
		{"in comma separated and repeated", "kind.in=1,2&kind.in=2", &Query{Size: 20,
			Filters: []Filter{{Field: "kind", Op: In, Values: []any{int64(1), int64(2)}}}}},
		{"notIn strings", "color.notIn=red", &Query{Size: 20,
			Filters: []Filter{{Field: "color", Op: NotIn, Values: []any{"red"}}}}},
		{"dict values only converted", "grade.equals=9", &Query{Size: 20,
			Filters: []Filter{{Field: "grade", Op: Equals, Values: []any{"9"}}}}},
		{"multiple enum membership", "tags.equals=a", &Query{Size: 20,
			Filters: []Filter{{Field: "tags", Op: Equals, Values: []any{"a"}}}}},
		{"range on decimal and int", "amount.greaterThanOrEqual=10.5&age.lessThan=60", &Query{Size: 20,
			Filters: []Filter{{Field: "age", Op: LessThan, Values: []any{int64(60)}},
				{Field: "amount", Op: GreaterThanOrEqual, Values: []any{10.5}}}}},
		{"bool", "poor=true", &Query{Size: 20, Filters: []Filter{{Field: "poor", Op: Equals, Values: []any{true}}}}},
		{"date", "applyDate.greaterThan=2024-03-01", &Query{Size: 20,
			Filters: []Filter{{Field: "applyDate", Op: GreaterThan, Values: []any{local("2024-03-01 00:00:00")}}}}},
		{"datetime local", "visitedAt.lessThanOrEqual=2024-03-01 08:30:00", &Query{Size: 20,
			Filters: []Filter{{Field: "visitedAt", Op: LessThanOrEqual, Values: []any{local("2024-03-01 08:30:00")}}}}},
		{"datetime rfc3339", "visitedAt.lessThan=2024-03-01T00:30:00Z", &Query{Size: 20,
			Filters: []Filter{{Field: "visitedAt", Op: LessThan,
				Values: []any{time.Date(2024, 3, 1, 0, 30, 0, 0, time.UTC)}}}}},
		{"ref", "villager=42", &Query{Size: 20, Filters: []Filter{{Field: "villager", Op: Equals, Values: []any{int64(42)}}}}},
		{"specified", "proofs.specified=false&name.specified=true", &Query{Size: 20,
			Filters: []Filter{{Field: "name", Op: Specified, Values: []any{true}},
				{Field: "proofs", Op: Specified, Values: []any{false}}}}},
		{"common fields", "id.in=1,2&orgId=7&createdAt.greaterThan=2024-01-01&auditStatus.in=1,3", &Query{Size: 20,
			Filters: []Filter{
				{Field: "auditStatus", Op: In, Values: []any{int64(1), int64(3)}},
				{Field: "createdAt", Op: GreaterThan, Values: []any{local("2024-01-01 00:00:00")}},
				{Field: "id", Op: In, Values: []any{int64(1), int64(2)}},
				{Field: "orgId", Op: Equals, Values: []any{int64(7)}}}}},
		{"reserved skipped", "ids=1,2&_method=PUT&by=kind&bucket=day&_t=123", &Query{Size: 20}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := url.ParseQuery(tt.query)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Parse(testModule(), v, "ids", "_method", "by", "bucket", "_t")
			if err != nil {
				t.Fatalf("Parse(%q) error: %v", tt.query, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Parse(%q) mismatch (-want +got):\n%s", tt.query, diff)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name  string
		query string
		param string
		msg   string
	}{
		{"unknown field", "nickname=x", "nickname", "不支持的查询参数：nickname"},
		{"unknown operator", "name.startsWith=x", "name.startsWith", "不支持的查询参数：name.startsWith"},
		{"empty field name", ".equals=x", ".equals", "不支持的查询参数：.equals"},
		{"empty key", "=x", "", "不支持的查询参数："},
		{"like on unknown", "nicknameLike=x", "nicknameLike", "不支持的查询参数：nicknameLike"},
		{"field without filter", "remark=x", "remark", "不支持的查询参数：remark"},
		{"children are not criteria", "family=x", "family", "不支持的查询参数：family"},
		{"operator not allowed by filter", "idCard.contains=11", "idCard.contains", "查询参数 idCard.contains 不支持该查询条件"},
		{"range not allowed on equals", "villager.greaterThan=1", "villager.greaterThan", "查询参数 villager.greaterThan 不支持该查询条件"},
		{"like not allowed", "idCardLike=1", "idCardLike", "查询参数 idCardLike 不支持该查询条件"},
		{"files only specified", "proofs=a.pdf", "proofs", "查询参数 proofs 不支持该查询条件"},
		{"version not filterable", "version=1", "version", "不支持的查询参数：version"},
		{"wrong int", "age.lessThan=sixty", "age.lessThan", "查询参数 age.lessThan 的值格式不正确"},
		{"wrong decimal", "amount.greaterThan=NaN", "amount.greaterThan", "查询参数 amount.greaterThan 的值格式不正确"},
		{"wrong bool", "poor=maybe", "poor", "查询参数 poor 的值格式不正确"},
		{"wrong date", "applyDate.greaterThan=2024-13-01", "applyDate.greaterThan", "查询参数 applyDate.greaterThan 的值格式不正确"},
		{"enum not an option", "kind.in=1,5", "kind.in", "查询参数 kind.in 的值格式不正确"},
		{"string enum not an option", "color=green", "color", "查询参数 color 的值格式不正确"},
		{"status not a value", "auditStatus=9", "auditStatus", "查询参数 auditStatus 的值格式不正确"},
		{"specified needs bool", "name.specified=", "name.specified", "查询参数 name.specified 的值格式不正确"},
		{"two values for equals", "name=a&name=b", "name", "查询参数 name 的值格式不正确"},
		{"invalid utf-8", "name=%ff", "name", "查询参数 name 的值格式不正确"},
		{"nul byte", "name.contains=a%00", "name.contains", "查询参数 name.contains 的值格式不正确"},
		{"too many in values", "id.in=" + manyIDs(51), "id.in", "查询参数 id.in 的取值不能超过50个"},
		{"size too large", "size=1001", "size", "每页条数不能超过1000"},
		{"size overflow", "size=99999999999", "size", "每页条数不能超过1000"},
		{"size zero", "size=0", "size", "查询参数 size 的值格式不正确"},
		{"size not a number", "size=ten", "size", "查询参数 size 的值格式不正确"},
		{"negative page", "page=-1", "page", "查询参数 page 的值格式不正确"},
		{"sort unknown", "sort=password,desc", "sort", "不支持的排序字段：password"},
		{"sort not sortable", "sort=idCard", "sort", "不支持的排序字段：idCard"},
		{"sort direction only", "sort=desc", "sort", "查询参数 sort 的值格式不正确"},
		{"sort empty key", "sort=,name", "sort", "不支持的排序字段："},
		{"too many sort keys", "sort=id&sort=name&sort=age&sort=applyDate&sort=createdAt&sort=updatedAt", "sort", "查询参数 sort 的值格式不正确"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := url.ParseQuery(tt.query)
			if err != nil {
				t.Fatal(err)
			}
			_, err = Parse(testModule(), v)
			var qe *Error
			if !errors.As(err, &qe) {
				t.Fatalf("Parse(%q) error = %v, want *Error", tt.query, err)
			}
			if qe.Param != tt.param || qe.PublicMessage() != tt.msg || qe.HTTPStatus() != http.StatusBadRequest {
				t.Errorf("Parse(%q) = {%q, %q, %d}, want {%q, %q, 400}",
					tt.query, qe.Param, qe.PublicMessage(), qe.HTTPStatus(), tt.param, tt.msg)
			}
		})
	}
}

func manyIDs(n int) string {
	s := "1"
	for i := 2; i <= n; i++ {
		s += "," + strconv.Itoa(i)
	}
	return s
}

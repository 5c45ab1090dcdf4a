package store

import "xiangzhi/engine/schema"

func ptr[T any](v T) *T { return &v }

// testModule is a register with a field of every type, children and a
// status: the store suite's subject.
func testModule() *schema.Module {
	return &schema.Module{
		Name: "handicappedSubsidy", Title: "残疾人补贴", API: "/onlineVillage/handicappeds",
		Permission: "onlineVillage.handicapped", OrgScoped: true,
		Fields: []schema.Field{
			{Name: "name", Label: "姓名", Type: schema.TypeString, MaxLength: 20, Filter: schema.FilterContains, Sort: true, List: true},
			{Name: "idCard", Label: "身份证号", Type: schema.TypeIDCard, Unique: true, Filter: schema.FilterEquals},
			{Name: "mobile", Label: "手机号", Type: schema.TypeMobile, Filter: schema.FilterContains},
			{Name: "email", Label: "邮箱", Type: schema.TypeEmail},
			{Name: "grade", Label: "残疾等级", Type: schema.TypeEnum, Dict: "disability_grade", Filter: schema.FilterEquals},
			{Name: "kind", Label: "类别", Type: schema.TypeEnum, Filter: schema.FilterIn,
				Options: []schema.Option{{Value: 1, Label: "视力"}, {Value: 2, Label: "听力"}, {Value: 3, Label: "肢体"}}},
			{Name: "color", Label: "颜色", Type: schema.TypeEnum, Filter: schema.FilterEquals,
				Options: []schema.Option{{Value: "red", Label: "红"}, {Value: "blue", Label: "蓝"}}},
			{Name: "tags", Label: "标签", Type: schema.TypeEnum, Multiple: true, Filter: schema.FilterIn,
				Options: []schema.Option{{Value: "a_1", Label: "甲"}, {Value: "b", Label: "乙"}, {Value: "c", Label: "丙"}}},
			{Name: "helpers", Label: "帮扶人", Type: schema.TypeRef, Ref: schema.RefUser, Multiple: true, Filter: schema.FilterEquals},
			{Name: "amount", Label: "补贴金额(元)", Type: schema.TypeDecimal, Precision: 12, Scale: 2, Min: ptr(0.0), Filter: schema.FilterRange},
			{Name: "age", Label: "年龄", Type: schema.TypeInt, Filter: schema.FilterRange, Sort: true},
			{Name: "poor", Label: "贫困户", Type: schema.TypeBool, Filter: schema.FilterEquals},
			{Name: "applyDate", Label: "申请日期", Type: schema.TypeDate, Filter: schema.FilterRange, Sort: true},
			{Name: "visitedAt", Label: "走访时间", Type: schema.TypeDateTime, Filter: schema.FilterRange, Sort: true},
			{Name: "villager", Label: "村民", Type: schema.TypeRef, Ref: "villager", Filter: schema.FilterEquals},
			{Name: "photo", Label: "照片", Type: schema.TypeImage},
			{Name: "proofs", Label: "证明材料", Type: schema.TypeFiles, Filter: schema.FilterEquals},
			{Name: "location", Label: "位置", Type: schema.TypeGeoPoint},
			{Name: "boundary", Label: "边界", Type: schema.TypeGeoPolygon},
			{Name: "extra", Label: "扩展", Type: schema.TypeJSON},
			{Name: "remark", Label: "备注", Type: schema.TypeText, Filter: schema.FilterContains},
			{Name: "intro", Label: "简介", Type: schema.TypeRichText},
			{Name: "family", Label: "家庭成员", Type: schema.TypeChildren, Fields: []schema.Field{
				{Name: "name", Label: "姓名", Type: schema.TypeString},
				{Name: "relation", Label: "关系", Type: schema.TypeEnum,
					Options: []schema.Option{{Value: "spouse", Label: "配偶"}, {Value: "child", Label: "子女"}}},
				{Name: "birthday", Label: "出生日期", Type: schema.TypeDate},
			}},
		},
		Status: &schema.Status{Field: "auditStatus", Label: "审核状态",
			Values: map[int]string{1: "审核中", 2: "已通过", 3: "未通过"}, Initial: 1,
			Actions: []schema.Action{
				{Name: "approve", Label: "通过", From: []int{1}, To: 2},
				{Name: "reject", Label: "驳回", From: []int{1}, To: 3, Comment: schema.CommentRequired},
				{Name: "reopen", Label: "重新提交", From: []int{3}, To: 1, Comment: schema.CommentOptional},
			}},
		List: schema.List{Sort: "applyDate,desc", PageSize: 10},
		// What a dashboard would count it by: the statistics index.
		Counted: []string{"amount", "applyDate", "auditStatus", "kind"},
	}
}

// action returns the test module's action by name.
func action(m *schema.Module, name string) schema.Action {
	for _, a := range m.Status.Actions {
		if a.Name == name {
			return a
		}
	}
	panic("no action " + name)
}

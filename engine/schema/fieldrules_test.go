package schema

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestOperators(t *testing.T) {
	eq := []string{"equals", "notEquals", "in", "notIn", "specified"}
	tests := []struct {
		filter Filter
		want   []string
	}{
		{"", nil},
		{FilterEquals, eq},
		{FilterIn, eq},
		{FilterContains, append(eq[:5:5], "contains", "doesNotContain")},
		{FilterRange, append(eq[:5:5], "greaterThan", "lessThan", "greaterThanOrEqual", "lessThanOrEqual")},
	}
	for _, tt := range tests {
		f := &Field{Filter: tt.filter}
		if diff := cmp.Diff(tt.want, f.Operators()); diff != "" {
			t.Errorf("Operators(%q) (-want +got):\n%s", tt.filter, diff)
		}
	}
	// The answer is a copy: changing it must not change the table.
	ops := (&Field{Filter: FilterEquals}).Operators()
	ops[0] = "changed"
	if got := (&Field{Filter: FilterEquals}).Operators()[0]; got != "equals" {
		t.Errorf("Operators shares its table: %q", got)
	}
}

func TestCommonFields(t *testing.T) {
	set := goldenSet(t)
	type short struct {
		Name   string
		Type   FieldType
		Ref    string
		Filter Filter
		Sort   bool
	}
	summary := func(m *Module) []short {
		var out []short
		for _, f := range CommonFields(m) {
			out = append(out, short{f.Name, f.Type, f.Ref, f.Filter, f.Sort})
		}
		return out
	}
	base := []short{
		{"id", TypeInt, "", FilterRange, true},
		{"orgId", TypeRef, RefOrg, FilterEquals, false},
		{"createdBy", TypeRef, RefUser, FilterEquals, false},
		{"createdAt", TypeDateTime, "", FilterRange, true},
		{"updatedBy", TypeRef, RefUser, FilterEquals, false},
		{"updatedAt", TypeDateTime, "", FilterRange, true},
		{"version", TypeInt, "", "", false},
	}
	if diff := cmp.Diff(base, summary(set.Module("villager"))); diff != "" {
		t.Errorf("without status (-want +got):\n%s", diff)
	}
	withStatus := append(base[:7:7], short{"auditStatus", TypeEnum, "", FilterEquals, true})
	h := set.Module("handicappedSubsidy")
	if diff := cmp.Diff(withStatus, summary(h)); diff != "" {
		t.Errorf("with status (-want +got):\n%s", diff)
	}
	sf := CommonFields(h)[7]
	wantOpts := []Option{{Value: 1, Label: "审核中"}, {Value: 2, Label: "已通过"}, {Value: 3, Label: "未通过"}}
	if diff := cmp.Diff(wantOpts, sf.Options); diff != "" {
		t.Errorf("status options (-want +got):\n%s", diff)
	}
	if !sf.IntEnum() || !sf.List || sf.Label != "状态" {
		t.Errorf("status field = %+v", sf)
	}
}

func TestFieldHelpers(t *testing.T) {
	tests := []struct {
		name string
		f    Field
		len  int
		max  int
		size int64
	}{
		{"string", Field{Type: TypeString}, 255, 0, 0},
		{"string 20", Field{Type: TypeString, MaxLength: 20}, 20, 0, 0},
		{"text", Field{Type: TypeText}, 2000, 0, 0},
		{"richtext", Field{Type: TypeRichText}, 1 << 20, 0, 0},
		{"idcard", Field{Type: TypeIDCard}, 18, 0, 0},
		{"mobile", Field{Type: TypeMobile}, 11, 0, 0},
		{"email", Field{Type: TypeEmail}, 40, 0, 0},
		{"image", Field{Type: TypeImage, MaxSize: "2MB"}, 1024, 0, 2 << 20},
		{"images", Field{Type: TypeImages, MaxSize: "500 KB"}, 0, 9, 500 << 10},
		{"files 5", Field{Type: TypeFiles, MaxCount: 5, MaxSize: "1.5GB"}, 0, 5, 3 << 29},
		{"int", Field{Type: TypeInt}, 0, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.f.MaxLen(); got != tt.len {
				t.Errorf("MaxLen = %d, want %d", got, tt.len)
			}
			if got := tt.f.MaxItems(); got != tt.max {
				t.Errorf("MaxItems = %d, want %d", got, tt.max)
			}
			if got := tt.f.MaxSizeBytes(); got != tt.size {
				t.Errorf("MaxSizeBytes = %d, want %d", got, tt.size)
			}
		})
	}
}

func TestDisplayField(t *testing.T) {
	set := &Set{Modules: []*Module{
		{Name: "withName", Fields: []Field{{Name: "code", Type: TypeString}, {Name: "name", Type: TypeString}}},
		{Name: "noName", Fields: []Field{{Name: "size", Type: TypeInt}, {Name: "title", Type: TypeString}}},
		{Name: "numbers", Fields: []Field{{Name: "size", Type: TypeInt}}},
	}}
	tests := []struct {
		f    Field
		want string
	}{
		{Field{Type: TypeString}, ""},
		{Field{Type: TypeRef, Ref: "withName", Display: "code"}, "code"},
		{Field{Type: TypeRef, Ref: "withName"}, "name"},
		{Field{Type: TypeRef, Ref: "noName"}, "title"},
		{Field{Type: TypeRef, Ref: "numbers"}, "id"},
		{Field{Type: TypeRef, Ref: RefUser}, "name"},
	}
	for _, tt := range tests {
		if got := set.DisplayField(&tt.f); got != tt.want {
			t.Errorf("DisplayField(%+v) = %q, want %q", tt.f, got, tt.want)
		}
	}
	var none *Set
	if got := none.DisplayField(&Field{Type: TypeRef, Ref: "x"}); got != "name" {
		t.Errorf("nil set DisplayField = %q", got)
	}
}

func TestLoadErrorFormat(t *testing.T) {
	tests := []struct {
		e    LoadError
		want string
	}{
		{LoadError{"a.yaml", 3, "fields.x.type", "坏"}, "a.yaml:3: fields.x.type: 坏"},
		{LoadError{"a.yaml", 1, "", "文件是空的"}, "a.yaml:1: 文件是空的"},
		{LoadError{"a.yaml", 0, "", "保留"}, "a.yaml: 保留"},
	}
	for _, tt := range tests {
		if got := tt.e.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}
	es := LoadErrors{&tests[0].e, &tests[1].e}
	if got := es.Error(); got != "a.yaml:3: fields.x.type: 坏\na.yaml:1: 文件是空的" {
		t.Errorf("LoadErrors.Error() = %q", got)
	}
}

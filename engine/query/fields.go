package query

import (
	"slices"

	"xiangzhi/engine/schema"
)

// sortableCommon are the common columns a list may always be sorted by.
var sortableCommon = []string{"id", "createdAt", "updatedAt"}

// commonFields are the columns every module table has, as pseudo-fields, with
// the status field as an int enum when the module declares a status.
//
// TODO(schema): switch to schema.CommonFields once it lands.
func commonFields(m *schema.Module) []schema.Field {
	fs := []schema.Field{
		{Name: "id", Type: schema.TypeInt, Filter: schema.FilterRange, Sort: true},
		{Name: "orgId", Type: schema.TypeRef, Ref: schema.RefOrg, Filter: schema.FilterIn},
		{Name: "createdBy", Type: schema.TypeRef, Ref: schema.RefUser, Filter: schema.FilterIn},
		{Name: "createdAt", Type: schema.TypeDateTime, Filter: schema.FilterRange, Sort: true},
		{Name: "updatedBy", Type: schema.TypeRef, Ref: schema.RefUser, Filter: schema.FilterIn},
		{Name: "updatedAt", Type: schema.TypeDateTime, Filter: schema.FilterRange, Sort: true},
		{Name: "version", Type: schema.TypeInt},
	}
	if st := m.Status; st != nil {
		f := schema.Field{Name: st.Field, Label: st.Label, Type: schema.TypeEnum, Filter: schema.FilterIn, Sort: true}
		keys := make([]int, 0, len(st.Values))
		for k := range st.Values {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			f.Options = append(f.Options, schema.Option{Value: k, Label: st.Values[k]})
		}
		fs = append(fs, f)
	}
	return fs
}

// filterOps are the operators each declared filter allows.
var filterOps = map[schema.Filter][]Op{
	schema.FilterEquals:   {Equals, NotEquals, In, NotIn, Specified},
	schema.FilterIn:       {Equals, NotEquals, In, NotIn, Specified},
	schema.FilterContains: {Equals, NotEquals, In, NotIn, Specified, Contains, DoesNotContain},
	schema.FilterRange: {Equals, NotEquals, In, NotIn, Specified,
		GreaterThan, LessThan, GreaterThanOrEqual, LessThanOrEqual},
}

// declaredOps are the operators the field's filter allows.
//
// TODO(schema): switch to (*schema.Field).Operators once it lands.
func declaredOps(f *schema.Field) []Op { return filterOps[f.Filter] }

// Allowed reports whether op may be used on f: the field's filter allows it
// and the field's type can answer it (contains needs text, comparisons need
// an ordered type, values stored as JSON only know specified, and a multiple
// choice only knows membership).
func Allowed(f *schema.Field, op Op) bool {
	if !slices.Contains(declaredOps(f), op) {
		return false
	}
	switch kindOf(f) {
	case kindText:
		return !isRange(op)
	case kindJSON:
		return op == Specified
	case kindMulti:
		return op != Contains && op != DoesNotContain && !isRange(op)
	case kindBool:
		return op != Contains && op != DoesNotContain && !isRange(op)
	default: // numbers, dates, choices
		return op != Contains && op != DoesNotContain
	}
}

func isRange(op Op) bool {
	return op == GreaterThan || op == LessThan || op == GreaterThanOrEqual || op == LessThanOrEqual
}

// kind groups field types by how their values are filtered.
type kind int

const (
	kindText kind = iota
	kindInt
	kindDecimal
	kindBool
	kindDate
	kindDateTime
	kindChoice // enum: string or int values
	kindMulti  // multiple enum or ref, stored as a JSON array
	kindJSON   // files, images, geometry, json
)

func kindOf(f *schema.Field) kind {
	switch f.Type {
	case schema.TypeString, schema.TypeText, schema.TypeRichText, schema.TypeIDCard,
		schema.TypeMobile, schema.TypeEmail:
		return kindText
	case schema.TypeInt:
		return kindInt
	case schema.TypeDecimal:
		return kindDecimal
	case schema.TypeBool:
		return kindBool
	case schema.TypeDate:
		return kindDate
	case schema.TypeDateTime:
		return kindDateTime
	case schema.TypeEnum:
		if f.Multiple {
			return kindMulti
		}
		return kindChoice
	case schema.TypeRef:
		if f.Multiple {
			return kindMulti
		}
		return kindInt
	default:
		return kindJSON
	}
}

// IntEnum reports whether an enum's values are integers: every inline option
// value is an integer. Dictionary enums hold strings.
func IntEnum(f *schema.Field) bool {
	if f.Type != schema.TypeEnum || f.Dict != "" || len(f.Options) == 0 {
		return false
	}
	for _, o := range f.Options {
		if _, ok := optionInt(o.Value); !ok {
			return false
		}
	}
	return true
}

// optionInt reads an option value as an integer, the way YAML or JSON
// decoding may have typed it.
func optionInt(v any) (int64, bool) {
	switch x := v.(type) {
	case int:
		return int64(x), true
	case int64:
		return x, true
	case uint64:
		return int64(x), x <= 1<<63-1
	case float64:
		if x == float64(int64(x)) {
			return int64(x), true
		}
	}
	return 0, false
}

package query

import (
	"slices"

	"xiangzhi/engine/schema"
)

// declaredOps are the operators the field's filter allows.
func declaredOps(f *schema.Field) []Op {
	names := f.Operators()
	ops := make([]Op, len(names))
	for i, n := range names {
		ops[i] = Op(n)
	}
	return ops
}

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

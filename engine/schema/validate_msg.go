package schema

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/xeipuuv/gojsonschema"

	"xiangzhi/engine/msg"
)

// schemaError turns one failure of the record schema into a field message.
func (v *validation) schemaError(fields []Field, re gojsonschema.ResultError) {
	path := contextPath(re.Context())
	switch re.Type() {
	case "required":
		path = append(path, fmt.Sprint(re.Details()["property"]))
	case "additional_property_not_allowed":
		prop := fmt.Sprint(re.Details()["property"])
		v.add(append(path, prop), 0, fmt.Sprintf(msg.FieldUnknown, prop))
		return
	}
	if len(path) == 0 {
		v.add([]string{""}, 9, msg.ValidationFailed)
		return
	}
	f := fieldNamed(fields, path[0])
	fieldPath, rest := path[:1], path[1:]
	if f == nil {
		v.add(fieldPath, 0, fmt.Sprintf(msg.FieldUnknown, path[0]))
		return
	}
	if f.Type == TypeChildren && len(rest) >= 2 {
		cf := fieldNamed(f.Fields, rest[1])
		if cf == nil {
			v.add(path[:3], 0, fmt.Sprintf(msg.FieldUnknown, rest[1]))
			return
		}
		f, fieldPath, rest = cf, path[:3], rest[2:]
	}
	message, rank := fieldMessage(f, re, len(rest) > 0)
	v.add(fieldPath, rank, message)
}

// fieldMessage is the Chinese message of one schema failure on field f, and
// its rank (lower wins when a field fails several ways). inside is true when
// the failure is within the value (an item of a list, a key of a point).
func fieldMessage(f *Field, re gojsonschema.ResultError, inside bool) (string, int) {
	label := shortLabel(f.Label)
	d := re.Details()
	if f.Type == TypeRef && !inside && strings.HasPrefix(re.Type(), "number_") {
		inside = true // an id below 1 is no record at all
	}
	if f.Type == TypeEnum && re.Type() == "invalid_type" {
		inside = true
	}
	if inside {
		if f.Type == TypeEnum || f.Type == TypeRef {
			return fmt.Sprintf(msg.FieldNotAnOption, label), 4
		}
		return fmt.Sprintf(msg.FieldBadFormat, label), 5
	}
	switch re.Type() {
	case "required":
		return fmt.Sprintf(msg.FieldRequired, label), 0
	case "invalid_type":
		return fmt.Sprintf(msg.FieldBadType, label, kindName(fmt.Sprint(d["expected"]))), 1
	case "format":
		switch f.Type {
		case TypeDate:
			return fmt.Sprintf(msg.FieldBadDate, label), 2
		case TypeDateTime:
			return fmt.Sprintf(msg.FieldBadDateTime, label), 2
		}
		return fmt.Sprintf(msg.FieldBadFormat, label), 2
	case "pattern":
		switch {
		case f.Type == TypeDateTime:
			return fmt.Sprintf(msg.FieldBadDateTime, label), 2
		case f.PatternMsg != "":
			return f.PatternMsg, 2
		}
		return fmt.Sprintf(msg.FieldBadFormat, label), 2
	case "string_lte":
		return fmt.Sprintf(msg.FieldTooLong, label, f.MaxLen()), 3
	case "string_gte":
		return fmt.Sprintf(msg.FieldTooShort, label, f.MinLength), 3
	case "number_gte", "number_gt":
		return fmt.Sprintf(msg.FieldTooSmall, label, fmt.Sprint(d["min"])), 3
	case "number_lte", "number_lt":
		return fmt.Sprintf(msg.FieldTooLarge, label, fmt.Sprint(d["max"])), 3
	case "array_max_items":
		return fmt.Sprintf(msg.FieldTooMany, label, toInt(d["max"])), 3
	case "array_min_items":
		if f.Required {
			return fmt.Sprintf(msg.FieldRequired, label), 0
		}
		return fmt.Sprintf(msg.FieldTooFew, label, toInt(d["min"])), 3
	case "unique":
		return fmt.Sprintf(msg.FieldDuplicateItems, label), 3
	case "number_one_of", "const", "enum":
		if f.Type == TypeEnum {
			return fmt.Sprintf(msg.FieldNotAnOption, label), 4
		}
	}
	return fmt.Sprintf(msg.FieldBadFormat, label), 5
}

// kindName names a JSON type (or a bracketed list of them) in Chinese.
func kindName(t string) string {
	names := map[string]string{
		"string": msg.KindText, "integer": msg.KindInteger, "number": msg.KindNumber,
		"boolean": msg.KindBoolean, "array": msg.KindList, "object": msg.KindObject, "null": msg.KindNull,
	}
	parts := strings.Split(strings.Trim(t, "[]"), ",")
	for i, p := range parts {
		if n, ok := names[p]; ok {
			parts[i] = n
		}
	}
	return strings.Join(parts, msg.KindOr)
}

func toInt(v any) int {
	n, _ := strconv.Atoi(fmt.Sprint(v))
	return n
}

// digits checks what the schema cannot: a decimal's digits before and after
// the point, and that an integer fits 64 bits. Fields that already failed
// are skipped.
func (v *validation) digits(fields []Field, doc map[string]any, at []string) {
	for i := range fields {
		f := &fields[i]
		val, ok := doc[f.Name]
		p := append(slices.Clip(at), f.Name)
		if !ok || v.has(p) {
			continue
		}
		label := shortLabel(f.Label)
		switch f.Type {
		case TypeDecimal:
			intDigits, fracDigits, ok := decimalDigits(val)
			prec, scale := f.Digits()
			switch {
			case !ok:
			case fracDigits > scale:
				v.add(p, 3, fmt.Sprintf(msg.FieldScale, label, scale))
			case intDigits > prec-scale:
				v.add(p, 3, fmt.Sprintf(msg.FieldIntDigits, label, prec-scale))
			}
		case TypeInt:
			if !fitsInt64(val) {
				v.add(p, 3, fmt.Sprintf(msg.FieldIntRange, label))
			}
		case TypeChildren:
			rows, _ := val.([]any)
			for j, row := range rows {
				if r, ok := row.(map[string]any); ok {
					v.digits(f.Fields, r, append(slices.Clip(p), strconv.Itoa(j)))
				}
			}
		}
	}
}

// has reports whether a problem is already recorded at path.
func (v *validation) has(path []string) bool {
	_, ok := v.errs[strings.Join(path, ".")]
	return ok
}

// decimalDigits counts the significant digits of a number before and after
// the point, as written (json.Number) or as the shortest float text.
func decimalDigits(val any) (intDigits, fracDigits int, ok bool) {
	var s string
	switch x := val.(type) {
	case json.Number:
		s = x.String()
		if strings.ContainsAny(s, "eE") {
			f, err := x.Float64()
			if err != nil {
				return 0, 0, false
			}
			s = strconv.FormatFloat(f, 'f', -1, 64)
		}
	case float64:
		s = strconv.FormatFloat(x, 'f', -1, 64)
	case float32:
		s = strconv.FormatFloat(float64(x), 'f', -1, 32)
	case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		s = fmt.Sprint(x)
	default:
		return 0, 0, false
	}
	s = strings.TrimLeft(s, "+-")
	whole, frac, _ := strings.Cut(s, ".")
	return len(strings.TrimLeft(whole, "0")), len(strings.TrimRight(frac, "0")), true
}

// fitsInt64 reports whether an integral number fits a 64-bit column.
func fitsInt64(val any) bool {
	switch x := val.(type) {
	case json.Number:
		_, err := strconv.ParseInt(x.String(), 10, 64)
		return err == nil
	case float64:
		return x >= math.MinInt64 && x < math.MaxInt64
	case uint64:
		return x <= math.MaxInt64
	case uint:
		return uint64(x) <= math.MaxInt64
	}
	return true
}

// sorted lists the problems in declaration order (unknown keys last, by
// name), rows in order, and words messages about a children row with the
// children label and the row number.
func (v *validation) sorted(fields []Field) []FieldError {
	type ranked struct {
		key []int
		fe  FieldError
	}
	var out []ranked
	for path, fe := range v.errs {
		steps := strings.Split(path, ".")
		key := []int{indexOf(fields, steps[0])}
		if parent := fieldNamed(fields, steps[0]); len(steps) >= 3 && parent != nil {
			row, _ := strconv.Atoi(steps[1])
			key = append(key, row, indexOf(parent.Fields, steps[2]))
			fe.Message = fmt.Sprintf(msg.FieldChildRow, shortLabel(parent.Label), row+1, fe.Message)
		}
		out = append(out, ranked{key, fe})
	}
	slices.SortFunc(out, func(a, b ranked) int {
		return cmp.Or(slices.Compare(a.key, b.key), cmp.Compare(a.fe.Field, b.fe.Field))
	})
	res := make([]FieldError, len(out))
	for i, r := range out {
		res[i] = r.fe
	}
	return res
}

// indexOf is the position of a field by name; unknown names sort last.
func indexOf(fields []Field, name string) int {
	for i := range fields {
		if fields[i].Name == name {
			return i
		}
	}
	return len(fields)
}

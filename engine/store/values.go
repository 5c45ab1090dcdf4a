package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
)

// Wall-clock layouts of dates and datetimes, in records and in the database.
const (
	DateLayout     = "2006-01-02"
	DateTimeLayout = "2006-01-02 15:04:05"
)

// encode turns a record value into the argument stored in c's column. Empty
// strings of non-text columns and nil are NULL. Datetimes are kept as wall
// clock in the server's zone (time.Local).
func encode(c *col, v any) (any, error) {
	if v == nil {
		return nil, nil
	}
	if s, ok := v.(string); ok && s == "" && c.kind != kText {
		return nil, nil
	}
	switch c.kind {
	case kText:
		return encodeText(c, v)
	case kInt:
		n, ok := IntOf(v)
		if !ok {
			return nil, errBadValue(c, fmt.Sprintf("%T is not an integer", v))
		}
		if c.field != nil && c.field.Type == schema.TypeEnum && !hasOption(c.field, n) {
			return nil, errBadValue(c, "not one of the options")
		}
		return n, nil
	case kFloat:
		x, ok := toFloat(v)
		if !ok {
			return nil, errBadValue(c, fmt.Sprintf("%T is not a number", v))
		}
		return x, nil
	case kBool:
		switch b := v.(type) {
		case bool:
			return b, nil
		case string:
			if p, err := strconv.ParseBool(b); err == nil {
				return p, nil
			}
		default:
			if n, ok := IntOf(v); ok && (n == 0 || n == 1) {
				return n == 1, nil
			}
		}
		return nil, errBadValue(c, "not true or false")
	case kDate, kDateTime:
		t, ok := toTime(v)
		if !ok {
			return nil, errBadValue(c, "not a date")
		}
		return timeArg(c.kind, t), nil
	default:
		return encodeJSON(c, v)
	}
}

func encodeText(c *col, v any) (any, error) {
	var s string
	switch x := v.(type) {
	case string:
		s = x
	default:
		// Dictionary and option values may arrive as numbers.
		n, ok := IntOf(v)
		if !ok || c.field == nil || c.field.Type != schema.TypeEnum {
			return nil, errBadValue(c, fmt.Sprintf("%T is not text", v))
		}
		s = strconv.FormatInt(n, 10)
	}
	if !utf8.ValidString(s) || strings.ContainsRune(s, 0) {
		return nil, errBadValue(c, "invalid text")
	}
	if c.field != nil {
		if n := varcharSize(c.field); n > 0 && utf8.RuneCountInString(s) > n {
			return nil, errBadValue(c, fmt.Sprintf("longer than %d characters", n))
		}
		if c.field.Type == schema.TypeEnum && len(c.field.Options) > 0 && s != "" && !hasOption(c.field, s) {
			return nil, errBadValue(c, "not one of the options")
		}
	}
	return s, nil
}

// encodeJSON stores JSON-kind values as compact JSON text. Multiple choices
// are normalised to an array of int64 or strings so that membership filters
// can match their canonical encoding.
func encodeJSON(c *col, v any) (any, error) {
	if c.multi {
		items, err := multiItems(c, v)
		if err != nil {
			return nil, err
		}
		b, _ := json.Marshal(items)
		return string(b), nil
	}
	if raw, ok := v.(json.RawMessage); ok {
		if !json.Valid(raw) {
			return nil, errBadValue(c, "invalid json")
		}
		return string(raw), nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, errBadValue(c, "not json")
	}
	return string(b), nil
}

func multiItems(c *col, v any) ([]any, error) {
	var in []any
	switch x := v.(type) {
	case []any:
		in = x
	case []string:
		for _, s := range x {
			in = append(in, s)
		}
	case []int64:
		for _, n := range x {
			in = append(in, n)
		}
	default:
		return nil, errBadValue(c, "not a list")
	}
	ints := c.field.Type == schema.TypeRef || c.field.IntEnum()
	out := make([]any, 0, len(in))
	for _, e := range in {
		if ints {
			n, ok := IntOf(e)
			if !ok || c.field.Type == schema.TypeEnum && !hasOption(c.field, n) {
				return nil, errBadValue(c, "bad list item")
			}
			out = append(out, n)
			continue
		}
		s, ok := e.(string)
		if !ok {
			n, isInt := IntOf(e) // dictionary codes may arrive as numbers
			if !isInt {
				return nil, errBadValue(c, "bad list item")
			}
			s = strconv.FormatInt(n, 10)
		}
		if !utf8.ValidString(s) || strings.ContainsRune(s, 0) || len(s) > 64 || !hasOption(c.field, s) {
			return nil, errBadValue(c, "bad list item")
		}
		out = append(out, s)
	}
	return out, nil
}

func hasOption(f *schema.Field, v any) bool {
	if len(f.Options) == 0 {
		return true // dictionary values are checked by the caller, who has the Set
	}
	for _, o := range f.Options {
		if n, ok := v.(int64); ok {
			if m, ok := IntOf(o.Value); ok && m == n {
				return true
			}
		} else if fmt.Sprint(o.Value) == v {
			return true
		}
	}
	return false
}

// timeArg is the wall-clock text a date or datetime is stored as.
func timeArg(k kind, t time.Time) string {
	t = t.In(time.Local)
	if k == kDate {
		return t.Format(DateLayout)
	}
	return t.Format(DateTimeLayout)
}

// IntOf reads a whole number as records and JSON bodies carry it (Go
// integers, a float without a fraction, json.Number, a decimal string).
func IntOf(v any) (int64, bool) {
	switch x := v.(type) {
	case int:
		return int64(x), true
	case int32:
		return int64(x), true
	case int64:
		return x, true
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
			return int64(x), true
		}
	case json.Number:
		n, err := x.Int64()
		return n, err == nil
	case string:
		n, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64)
		return n, err == nil
	}
	return 0, false
}

func toFloat(v any) (float64, bool) {
	var x float64
	switch y := v.(type) {
	case float64:
		x = y
	case int:
		x = float64(y)
	case int64:
		x = float64(y)
	case json.Number:
		f, err := y.Float64()
		if err != nil {
			return 0, false
		}
		x = f
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(y), 64)
		if err != nil {
			return 0, false
		}
		x = f
	default:
		return 0, false
	}
	return x, !math.IsNaN(x) && !math.IsInf(x, 0)
}

func toTime(v any) (time.Time, bool) {
	switch x := v.(type) {
	case time.Time:
		return x, true
	case string:
		t, err := query.ParseTime(strings.TrimSpace(x))
		return t, err == nil
	}
	return time.Time{}, false
}

// decode turns a scanned column value into the record value, smoothing over
// driver differences: dates and datetimes as wall-clock text, numbers as
// int64 or float64, booleans as bool, JSON decoded. NULL is nil.
func decode(c *col, raw any) any {
	if b, ok := raw.([]byte); ok {
		raw = string(b)
	}
	if raw == nil {
		return nil
	}
	switch c.kind {
	case kInt:
		if n, ok := IntOf(raw); ok {
			return n
		}
	case kFloat:
		if x, ok := toFloat(raw); ok {
			return x
		}
	case kBool:
		switch x := raw.(type) {
		case bool:
			return x
		case int64:
			return x != 0
		case string:
			return x == "1" || strings.EqualFold(x, "true") || x == "t"
		}
	case kDate, kDateTime:
		return decodeTime(c.kind, raw)
	case kJSON:
		s, _ := raw.(string)
		if s == "" {
			return nil
		}
		return decodeJSON(c, s)
	}
	if s, ok := raw.(string); ok {
		return s
	}
	return fmt.Sprint(raw)
}

// decodeTime formats a stored date or datetime. Drivers hand back either
// text or a time.Time carrying the stored wall clock (in UTC): the wall
// clock is what was stored, so it is formatted without conversion.
func decodeTime(k kind, raw any) any {
	layout := DateTimeLayout
	if k == kDate {
		layout = DateLayout
	}
	switch x := raw.(type) {
	case time.Time:
		return x.Format(layout)
	case string:
		if len(x) >= len(layout) && (k == kDate || x[10] == ' ') {
			return x[:len(layout)]
		}
		if t, err := query.ParseTime(x); err == nil {
			return t.Format(layout)
		}
		return x
	}
	return fmt.Sprint(raw)
}

func decodeJSON(c *col, s string) any {
	d := json.NewDecoder(bytes.NewReader([]byte(s)))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return s // not JSON: hand back the text rather than lose it
	}
	return numbers(v)
}

// numbers replaces json.Number by int64 when integral, else float64.
func numbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		if n, err := x.Int64(); err == nil {
			return n
		}
		f, _ := x.Float64()
		return f
	case []any:
		for i := range x {
			x[i] = numbers(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = numbers(x[k])
		}
	}
	return v
}

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
// int64 or float64, booleans as bool, JSON decoded. NULL is nil. A value
// already of its record type is handed back as it came (the same
// interface: boxing it again would allocate for every field of every row).
func decode(c *col, raw any) any {
	if b, ok := raw.([]byte); ok {
		raw = string(b)
	}
	if raw == nil {
		return nil
	}
	switch c.kind {
	case kInt:
		if _, ok := raw.(int64); ok {
			return raw
		}
		if n, ok := IntOf(raw); ok {
			return n
		}
	case kFloat:
		if _, ok := raw.(float64); ok {
			return raw
		}
		if x, ok := toFloat(raw); ok {
			return x
		}
	case kBool:
		switch x := raw.(type) {
		case bool:
			return raw
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
	if _, ok := raw.(string); ok {
		return raw
	}
	return fmt.Sprint(raw)
}

// decodeSQLite is decode for a value read from SQLite, whose dates and
// datetimes selectRecords reads as their stored text.
func decodeSQLite(c *col, raw any) any {
	if c.kind == kDate || c.kind == kDateTime {
		if s, ok := raw.(string); ok {
			return decodeSQLiteTime(c.kind, raw, s)
		}
	}
	return decode(c, raw)
}

// decodeSQLiteTime gives for the text s of a DATE or DATETIME column what
// decode gave when the driver parsed the column's text itself: the text
// when it is already the layout (every value the store writes), else the
// driver's parse formatted in the layout, else, when the driver could not
// parse it either, what decodeTime makes of text.
func decodeSQLiteTime(k kind, raw any, s string) any {
	layout := DateTimeLayout
	if k == kDate {
		layout = DateLayout
	}
	if isLayoutText(s, layout) {
		return raw
	}
	if t, ok := sqliteParseTime(s); ok {
		return t.Format(layout)
	}
	return decodeTime(k, s)
}

// isLayoutText reports whether s is exactly in layout (DateLayout or
// DateTimeLayout) with digits where the layout has them. Such a text is
// its own decoding: the driver parsed it into the same wall clock, or, out
// of range, handed it back as text, which decodeTime kept whole.
func isLayoutText(s, layout string) bool {
	if len(s) != len(layout) {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch l := layout[i]; l {
		case '-', ' ', ':':
			if s[i] != l {
				return false
			}
		default:
			if s[i] < '0' || s[i] > '9' {
				return false
			}
		}
	}
	return true
}

// sqliteTimeFormats are the formats modernc.org/sqlite (v1.60) tries on the
// text of a DATE, DATETIME or TIMESTAMP column, in its order.
var sqliteTimeFormats = []string{
	"2006-01-02 15:04:05.999999999-07:00",
	"2006-01-02T15:04:05.999999999-07:00",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02T15:04:05.999999999",
	"2006-01-02 15:04",
	"2006-01-02T15:04",
	"2006-01-02",
}

// sqliteParseTime parses s as modernc.org/sqlite does a DATE or DATETIME
// column's text (no _loc in the store's DSN): first as time.Time.String's
// form, then, a trailing Z cut, by sqliteTimeFormats.
func sqliteParseTime(s string) (time.Time, bool) {
	str := s
	if x := strings.Index(s, "m="); x > 0 {
		str = str[:x]
	}
	if t, err := time.Parse("2006-01-02 15:04:05.999999999 -0700 MST", strings.TrimSpace(str)); err == nil {
		return t, true
	}
	ts, _ := strings.CutSuffix(s, "Z")
	for _, f := range sqliteTimeFormats {
		if t, err := time.Parse(f, ts); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
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
	if v, ok := decodeFlatArray(s); ok {
		return v
	}
	return decodeJSONText(s)
}

// decodeJSONText is decodeJSON through encoding/json's decoder.
func decodeJSONText(s string) any {
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

// decodeFlatArray decodes a compact array of integers and plain strings
// ([1,3], ["01","02"], []) — what multiple choices and references store,
// the only JSON of most list pages — to what the decoder path of
// decodeJSON gives, without a decoder (its buffers were a tenth of a list
// page's allocations). ok is false for any other text (other values,
// spaces, escapes, numbers that are not int64), left to the decoder.
func decodeFlatArray(s string) ([]any, bool) {
	if len(s) < 2 || s[0] != '[' || s[len(s)-1] != ']' {
		return nil, false
	}
	body := s[1 : len(s)-1]
	out := make([]any, 0, strings.Count(body, ",")+1)
	if body == "" {
		return out, true
	}
	for {
		if body[0] == '"' {
			end := strings.IndexByte(body[1:], '"')
			if end < 0 {
				return nil, false
			}
			str := body[1 : 1+end]
			for i := 0; i < len(str); i++ {
				if str[i] < 0x20 || str[i] == '\\' {
					return nil, false
				}
			}
			if !utf8.ValidString(str) {
				return nil, false
			}
			out = append(out, str)
			body = body[end+2:]
		} else {
			i := strings.IndexByte(body, ',')
			if i < 0 {
				i = len(body)
			}
			n, ok := jsonInt(body[:i])
			if !ok {
				return nil, false
			}
			out = append(out, n)
			body = body[i:]
		}
		if body == "" {
			return out, true
		}
		if body[0] != ',' || len(body) == 1 {
			return nil, false
		}
		body = body[1:]
	}
}

// jsonInt reads a JSON integer (-?(0|[1-9][0-9]*)) that fits an int64.
func jsonInt(s string) (int64, bool) {
	digits := strings.TrimPrefix(s, "-")
	if digits == "" || digits[0] == '0' && len(digits) > 1 {
		return 0, false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}

package query

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"xiangzhi/engine/schema"
)

// MaxTextValue is the longest text a criterion value may be, in bytes.
const MaxTextValue = 1000

// TimeLayouts are the formats a date or datetime criterion accepts. Values
// without a zone are read in the server's local zone (time.Local), which is
// also the zone the store keeps wall-clock datetimes in.
var TimeLayouts = []string{
	"2006-01-02 15:04:05",
	"2006-01-02",
	time.RFC3339Nano,
	"2006-01-02T15:04:05",
	"2006-01-02 15:04",
}

// ParseTime reads a date or datetime in one of TimeLayouts.
func ParseTime(s string) (time.Time, error) {
	for _, layout := range TimeLayouts {
		if t, err := time.ParseInLocation(layout, s, time.Local); err == nil {
			return t, nil
		}
	}
	return time.Time{}, errors.New("not a date or datetime")
}

// text checks a text value: valid UTF-8 without NUL (PostgreSQL refuses
// both) and not absurdly long.
func text(s string) (string, error) {
	switch {
	case !utf8.ValidString(s) || strings.ContainsRune(s, 0):
		return "", errors.New("not valid text")
	case len(s) > MaxTextValue:
		return "", fmt.Errorf("text longer than %d bytes", MaxTextValue)
	}
	return s, nil
}

// convert turns one raw criterion value into the field's Go type: string,
// int64, float64, bool or time.Time. Enum values with inline options must be
// one of the options; dictionary values are only type-converted.
func convert(f *schema.Field, s string) (any, error) {
	switch kindOf(f) {
	case kindInt:
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, errors.New("not an integer")
		}
		return n, nil
	case kindDecimal:
		x, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
			return nil, errors.New("not a number")
		}
		return x, nil
	case kindBool:
		b, err := strconv.ParseBool(s)
		if err != nil {
			return nil, errors.New("not true or false")
		}
		return b, nil
	case kindDate, kindDateTime:
		return ParseTime(s)
	case kindChoice, kindMulti:
		return choice(f, s)
	default:
		return text(s)
	}
}

// choice converts the value of an enum (single or multiple) or of a multiple
// ref.
func choice(f *schema.Field, s string) (any, error) {
	if f.Type == schema.TypeRef {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, errors.New("not an id")
		}
		return n, nil
	}
	if f.IntEnum() {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, errors.New("not an integer option")
		}
		for _, o := range f.Options {
			if fmt.Sprint(o.Value) == strconv.FormatInt(n, 10) {
				return n, nil
			}
		}
		return nil, errors.New("not one of the options")
	}
	t, err := text(s)
	if err != nil || len(f.Options) == 0 {
		return t, err
	}
	for _, o := range f.Options {
		if fmt.Sprint(o.Value) == t {
			return t, nil
		}
	}
	return nil, errors.New("not one of the options")
}

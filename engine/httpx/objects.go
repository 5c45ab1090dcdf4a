package httpx

// A JSON encoder for the maps records travel in. encoding/json encodes a
// map[string]any by reflection, value by value, and sorts its keys through
// reflect values; a page of 20 registers of 40 fields spent a sixth of its
// server time there. Objects and Object write the same bytes (keys sorted,
// HTML-safe escaping, the same number format) with a type switch over the
// values records hold, and hand anything else to encoding/json.

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"sync"
	"unicode/utf8"
)

// Object is a record (a map of JSON values) that encodes itself.
type Object map[string]any

// Objects is a list of records that encodes itself.
type Objects []map[string]any

// MarshalJSON writes o as encoding/json would.
func (o Object) MarshalJSON() ([]byte, error) {
	return appendObject(make([]byte, 0, 64*len(o)+2), o)
}

// MarshalJSON writes os as encoding/json would, except that a nil list is
// [] (a page is never null).
func (os Objects) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 1024*len(os)+2)
	return appendRows(b, os)
}

// appendRows writes a list of records. The records of one list nearly
// always have the same keys (a module's columns): the keys are sorted and
// encoded once (keyOrder) and each further record is only checked to have
// exactly them, which costs a map lookup per key where sorting cost a
// sixth of a 40-field page.
func appendRows[M ~map[string]any](b []byte, rows []M) ([]byte, error) {
	ko := keyOrders.Get().(*keyOrder)
	defer keyOrders.Put(ko)
	b = append(b, '[')
	for i, o := range rows {
		if i > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = ko.appendObject(b, o); err != nil {
			return nil, err
		}
	}
	return append(b, ']'), nil
}

func appendObject(b []byte, m map[string]any) ([]byte, error) {
	ko := keyOrders.Get().(*keyOrder)
	defer keyOrders.Put(ko)
	return ko.appendObject(b, m)
}

// keyOrders keeps key orders between answers: a record of the module whose
// keys a pooled order last learned (the common case: a server answers the
// same few modules over and over) is written without sorting its keys.
var keyOrders = sync.Pool{New: func() any { return new(keyOrder) }}

// keyOrder is the sorted keys of the last record written, each with its
// encoded head (`"key":`, after a comma from the second on), and the
// values of the record being written in that order.
type keyOrder struct {
	keys  []string
	heads [][]byte
	vals  []any
}

// appendObject writes m as encoding/json does: null when nil, else its keys
// sorted. When m has exactly the keys of the record before, their order and
// heads are reused.
func (ko *keyOrder) appendObject(b []byte, m map[string]any) ([]byte, error) {
	if m == nil {
		return append(b, "null"...), nil
	}
	if !ko.fits(m) {
		ko.learn(m)
	}
	b = append(b, '{')
	for i, v := range ko.vals {
		b = append(b, ko.heads[i]...)
		var err error
		if b, err = appendValue(b, v); err != nil {
			return nil, err
		}
	}
	clear(ko.vals) // hold no value past the record
	return append(b, '}'), nil
}

// fits reports whether m has exactly the known keys (as many, each
// present) and, if so, gathers its values in their order.
func (ko *keyOrder) fits(m map[string]any) bool {
	if ko.heads == nil || len(m) != len(ko.keys) {
		return false
	}
	ko.vals = ko.vals[:0]
	for _, k := range ko.keys {
		v, ok := m[k]
		if !ok {
			return false
		}
		ko.vals = append(ko.vals, v)
	}
	return true
}

// learn sorts m's keys, encodes their heads and gathers m's values.
func (ko *keyOrder) learn(m map[string]any) {
	ko.keys = ko.keys[:0]
	for k := range m {
		ko.keys = append(ko.keys, k)
	}
	slices.Sort(ko.keys)
	ko.heads = make([][]byte, len(ko.keys))
	ko.vals = ko.vals[:0]
	for i, k := range ko.keys {
		var h []byte
		if i > 0 {
			h = append(h, ',')
		}
		h = appendString(h, k)
		ko.heads[i] = append(h, ':')
		ko.vals = append(ko.vals, m[k])
	}
}

// appendMap writes a map as encoding/json does: null when nil, else its
// keys sorted, each value written by put.
func appendMap[V any](b []byte, m map[string]V, put func([]byte, V) ([]byte, error)) ([]byte, error) {
	if m == nil {
		return append(b, "null"...), nil
	}
	// The maps written here are small (a record's labels: a few fields of
	// one id each): their keys are sorted in an array on the stack.
	var small [8]string
	keys := small[:0]
	if len(m) > len(small) {
		keys = make([]string, 0, len(m))
	}
	for k := range m {
		keys = append(keys, k)
	}
	if len(keys) > 1 {
		slices.Sort(keys)
	}
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, k)
		b = append(b, ':')
		var err error
		if b, err = put(b, m[k]); err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

// putString and putStrings are appendMap's writers of string maps.
func putString(b []byte, s string) ([]byte, error) { return appendString(b, s), nil }

func putStrings(b []byte, m map[string]string) ([]byte, error) { return appendMap(b, m, putString) }

func appendValue(b []byte, v any) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case string:
		return appendString(b, x), nil
	case bool:
		return strconv.AppendBool(b, x), nil
	case int64:
		return strconv.AppendInt(b, x, 10), nil
	case int:
		return strconv.AppendInt(b, int64(x), 10), nil
	case float64:
		return appendFloat(b, x)
	case json.Number:
		if x == "" {
			return append(b, '0'), nil
		}
		if !json.Valid([]byte(x)) {
			break // encoding/json's own error
		}
		return append(b, x...), nil
	case map[string]any:
		return appendObject(b, x)
	case []map[string]any:
		if x == nil {
			return append(b, "null"...), nil
		}
		return appendRows(b, x)
	case []any:
		if x == nil {
			return append(b, "null"...), nil
		}
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = appendValue(b, e); err != nil {
				return nil, err
			}
		}
		return append(b, ']'), nil
	case map[string]string:
		return appendMap(b, x, putString)
	case map[string]map[string]string:
		return appendMap(b, x, putStrings)
	case *Labels:
		if x == nil {
			return append(b, "null"...), nil
		}
		return appendLabels(b, *x), nil
	}
	out, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(b, out...), nil
}

// appendFloat formats as encoding/json does: the shortest representation,
// in exponent form below 1e-6 and from 1e21, with a two-digit exponent
// shortened (1e-07 → 1e-7).
func appendFloat(b []byte, f float64) ([]byte, error) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		_, err := json.Marshal(f)
		return nil, err
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	start := len(b)
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		n := len(b) - start
		if n >= 4 && b[len(b)-4] == 'e' && b[len(b)-3] == '-' && b[len(b)-2] == '0' {
			b[len(b)-2] = b[len(b)-1]
			b = b[:len(b)-1]
		}
	}
	return b, nil
}

const hexDigits = "0123456789abcdef"

// plainASCII are the ASCII bytes written as they are.
var plainASCII = func() (t [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// threeByteLead are the lead bytes of three-byte UTF-8 sequences valid with
// any two continuation bytes: E1, E3–EC, EE and EF. E0 (overlong forms), ED
// (surrogates) and E2 (U+2028 and U+2029 need escaping) are decoded.
var threeByteLead = func() (t [256]bool) {
	for c := 0xE1; c <= 0xEF; c++ {
		t[c] = c != 0xE2 && c != 0xED
	}
	return t
}()

// appendEscape writes the escape of an ASCII byte that needs one.
func appendEscape(b []byte, c byte) []byte {
	switch c {
	case '"', '\\':
		return append(b, '\\', c)
	case '\n':
		return append(b, '\\', 'n')
	case '\r':
		return append(b, '\\', 'r')
	case '\t':
		return append(b, '\\', 't')
	case '\b':
		return append(b, '\\', 'b')
	case '\f':
		return append(b, '\\', 'f')
	}
	return append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
}

// appendString writes s as a JSON string escaped as encoding/json does by
// default: quotes, backslashes and control characters, <, > and & (HTML
// safe), U+2028 and U+2029, and invalid UTF-8 as U+FFFD. A three-byte
// sequence whose lead byte admits any two continuation bytes (most of the
// BMP: all of Chinese) is passed over without decoding it.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if plainASCII[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			b = appendEscape(b, c)
			i++
			start = i
			continue
		}
		if threeByteLead[s[i]] && i+2 < len(s) && s[i+1]&0xC0 == 0x80 && s[i+2]&0xC0 == 0x80 {
			i += 3
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

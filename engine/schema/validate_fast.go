package schema

import (
	"encoding/json"
	"math"
	"regexp"
	"strconv"
	"unicode/utf8"

	"github.com/xeipuuv/gojsonschema"
)

// fastNode is a record schema compiled for a native check of the keywords
// record schemas use (type, lengths, pattern, format, enum, bounds, items,
// properties, required, additionalProperties). It answers only "valid for
// sure": a value it cannot judge exactly as gojsonschema would (a keyword
// it does not know, such as the oneOf of a polygon, a Go type JSON
// decoding does not give, a number beyond 2^53) or that fails any check
// sends the whole record to gojsonschema, which words every refusal. So a
// valid record — nearly every write — skips gojsonschema's marshal, decode
// and walk, and a refused one gets the same messages as before.
type fastNode struct {
	unsupported bool
	types       []string // JSON types allowed; none: any
	minLen      int      // -1: none
	maxLen      int
	pattern     *regexp.Regexp
	format      string
	enum        map[fastKey]bool
	min, max    *float64
	items       *fastNode
	minItems    int // -1: none
	maxItems    int
	unique      bool
	props       map[string]*fastNode
	required    []string
	closed      bool      // additionalProperties: false
	extra       *fastNode // additionalProperties as a schema
}

// fastKey is a scalar as gojsonschema compares it in enum and uniqueItems
// (its JSON text after a round trip through float64): a string, or an
// integer within ±2^53.
type fastKey struct {
	str   string
	num   int64
	isNum bool
}

// fastAnnotations are keywords that do not constrain a value.
var fastAnnotations = map[string]bool{"$schema": true, "title": true, "description": true, "default": true,
	"readOnly": true, "format": true}

// compileFast compiles one (sub)schema of a record schema.
func compileFast(s any) *fastNode {
	m, ok := s.(map[string]any)
	if !ok {
		return &fastNode{unsupported: true}
	}
	n := &fastNode{minLen: -1, maxLen: -1, minItems: -1, maxItems: -1}
	for k, v := range m {
		ok := true
		switch k {
		case "type":
			switch t := v.(type) {
			case string:
				n.types = []string{t}
			case []string:
				n.types = t
			default:
				ok = false
			}
		case "maxLength":
			n.maxLen, ok = schemaInt(v)
		case "minLength":
			n.minLen, ok = schemaInt(v)
		case "maxItems":
			n.maxItems, ok = schemaInt(v)
		case "minItems":
			n.minItems, ok = schemaInt(v)
		case "pattern":
			p, _ := v.(string)
			re, err := regexp.Compile(p)
			n.pattern, ok = re, err == nil
		case "format":
			n.format, ok = v.(string)
		case "minimum":
			n.min, ok = schemaFloat(v)
		case "maximum":
			n.max, ok = schemaFloat(v)
		case "uniqueItems":
			n.unique, ok = v.(bool)
		case "enum":
			list, _ := v.([]any)
			n.enum = map[fastKey]bool{}
			for _, e := range list {
				key, good := scalarKey(e)
				if !good {
					ok = false
				}
				n.enum[key] = true
			}
		case "items":
			n.items = compileFast(v)
		case "properties":
			props, _ := v.(map[string]any)
			ok = props != nil
			n.props = make(map[string]*fastNode, len(props))
			for name, ps := range props {
				n.props[name] = compileFast(ps)
			}
		case "required":
			n.required, ok = v.([]string)
		case "additionalProperties":
			switch a := v.(type) {
			case bool:
				n.closed = !a
			default:
				n.extra = compileFast(a)
			}
		default:
			ok = fastAnnotations[k]
		}
		if !ok {
			n.unsupported = true
		}
	}
	return n
}

func schemaInt(v any) (int, bool) {
	switch x := v.(type) {
	case int:
		return x, true
	case int64:
		return int(x), true
	}
	return 0, false
}

func schemaFloat(v any) (*float64, bool) {
	var f float64
	switch x := v.(type) {
	case int:
		f = float64(x)
	case int64:
		f = float64(x)
	case float64:
		f = x
	default:
		return nil, false
	}
	return &f, true
}

// maxExact is the largest integer float64 holds exactly (2^53).
const maxExact = 1 << 53

// scalarKey is the comparison key of a string or an integral number.
func scalarKey(v any) (fastKey, bool) {
	switch x := v.(type) {
	case string:
		return fastKey{str: x}, true
	}
	f, ok := numberValue(v)
	if !ok || f != math.Trunc(f) {
		return fastKey{}, false
	}
	return fastKey{num: int64(f), isNum: true}, true
}

// numberValue is a number as a float64 when that compares with bounds
// exactly as gojsonschema's rationals do: integers within ±2^53, any finite
// float64 (its shortest text orders as it does), and a json.Number of at
// most 15 significant digits (the float64 gives back the same decimal).
func numberValue(v any) (float64, bool) {
	var f float64
	switch x := v.(type) {
	case int:
		f = float64(x)
	case int64:
		f = float64(x)
	case int32:
		f = float64(x)
	case float64:
		f = x
	case json.Number:
		if n, err := strconv.ParseInt(string(x), 10, 64); err == nil {
			f = float64(n)
			break
		}
		if significantDigits(string(x)) > 15 {
			return 0, false
		}
		var err error
		if f, err = strconv.ParseFloat(string(x), 64); err != nil {
			return 0, false
		}
	default:
		return 0, false
	}
	if math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) >= maxExact {
		return 0, false
	}
	return f, true
}

// significantDigits counts the digits of a number's mantissa without its
// leading zeros (trailing ones count: they do no harm).
func significantDigits(s string) int {
	n, lead := 0, true
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == 'e' || c == 'E':
			return n
		case c >= '1' && c <= '9', c == '0' && !lead:
			n++
			lead = false
		}
	}
	return n
}

// valid reports whether v certainly satisfies the schema.
func (n *fastNode) valid(v any) bool {
	if n.unsupported {
		return false
	}
	kind, ok := jsonKind(v)
	if !ok {
		return false
	}
	if len(n.types) > 0 && !n.typeAllows(kind, v) {
		return false
	}
	if n.enum != nil {
		key, ok := scalarKey(v)
		if !ok || !n.enum[key] {
			return false
		}
	}
	switch kind {
	case "string":
		s := v.(string)
		if n.minLen >= 0 || n.maxLen >= 0 {
			l := utf8.RuneCountInString(s)
			if n.minLen >= 0 && l < n.minLen || n.maxLen >= 0 && l > n.maxLen {
				return false
			}
		}
		if n.pattern != nil && !n.pattern.MatchString(s) {
			return false
		}
		if n.format != "" && !gojsonschema.FormatCheckers.IsFormat(n.format, s) {
			return false
		}
	case "number":
		if n.min != nil || n.max != nil {
			f, ok := numberValue(v)
			if !ok || n.min != nil && f < *n.min || n.max != nil && f > *n.max {
				return false
			}
		}
		if n.format != "" {
			return false
		}
	case "array":
		list := v.([]any)
		if n.minItems >= 0 && len(list) < n.minItems || n.maxItems >= 0 && len(list) > n.maxItems {
			return false
		}
		var seen map[fastKey]bool
		if n.unique {
			seen = make(map[fastKey]bool, len(list))
		}
		for _, e := range list {
			if n.items != nil && !n.items.valid(e) {
				return false
			}
			if n.unique {
				key, ok := scalarKey(e)
				if !ok || seen[key] {
					return false
				}
				seen[key] = true
			}
		}
	case "object":
		obj := v.(map[string]any)
		for _, r := range n.required {
			if _, ok := obj[r]; !ok {
				return false
			}
		}
		for k, e := range obj {
			if p, ok := n.props[k]; ok {
				if !p.valid(e) {
					return false
				}
				continue
			}
			if n.closed || n.extra != nil && !n.extra.valid(e) {
				return false
			}
		}
	}
	return true
}

// jsonKind is the JSON type of a value decoded from JSON or built as such
// ("number" for any number); false for anything else (nil included).
func jsonKind(v any) (string, bool) {
	switch v.(type) {
	case string:
		return "string", true
	case bool:
		return "boolean", true
	case int, int64, int32:
		return "number", true
	case float64:
		f := v.(float64)
		return "number", !math.IsNaN(f) && !math.IsInf(f, 0)
	case json.Number:
		_, err := strconv.ParseFloat(string(v.(json.Number)), 64)
		return "number", err == nil
	case []any:
		return "array", true
	case map[string]any:
		return "object", true
	}
	return "", false
}

// typeAllows reports whether the schema's types admit v of kind.
func (n *fastNode) typeAllows(kind string, v any) bool {
	for _, t := range n.types {
		switch {
		case t == kind:
			return true
		case t == "integer" && kind == "number":
			if f, ok := numberValue(v); ok && f == math.Trunc(f) {
				return true
			}
		}
	}
	return false
}

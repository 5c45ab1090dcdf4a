package schema

// The condition language of workflow steps: a small typed expression over a
// record's fields, parsed into a tree when the module loads and evaluated
// in Go. It is never turned into code or SQL text.
//
//	amount > 5000
//	usingDay >= 3 && (kind == 2 || urgent)
//	category in ["办公用品", "差旅"] and not urgent
//	remark == null

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"xiangzhi/engine/msg"
)

// Condition is a parsed, type-checked condition on a module's fields.
type Condition struct {
	Text string
	root condNode
}

// condNode is one node of a condition's tree.
type condNode interface {
	eval(rec map[string]any) bool
}

type condAnd []condNode
type condOr []condNode
type condNot struct{ x condNode }

// condCmp compares a field with literals: op is ==, !=, >, >=, <, <= or
// "in" (vals holds the list).
type condCmp struct {
	field string
	kind  condKind
	op    string
	vals  []any // float64, string, bool or nil, per kind
}

// condTruth is a bool field on its own.
type condTruth struct{ field string }

// condKind is how a field's values compare.
type condKind int

const (
	condNumber condKind = iota
	condText
	condTime // date or date-time text: compared as text, which orders them
	condBool
)

// Eval reports whether the condition holds for the record (API keys; values
// as the store or JSON decoding give them). A nil condition holds.
func (c *Condition) Eval(rec map[string]any) bool {
	if c == nil || c.root == nil {
		return true
	}
	return c.root.eval(rec)
}

func (n condAnd) eval(rec map[string]any) bool {
	for _, x := range n {
		if !x.eval(rec) {
			return false
		}
	}
	return true
}

func (n condOr) eval(rec map[string]any) bool {
	for _, x := range n {
		if x.eval(rec) {
			return true
		}
	}
	return false
}

func (n condNot) eval(rec map[string]any) bool { return !n.x.eval(rec) }

func (n condTruth) eval(rec map[string]any) bool {
	b, _ := rec[n.field].(bool)
	return b
}

func (n condCmp) eval(rec map[string]any) bool {
	v := n.kind.value(rec[n.field])
	switch n.op {
	case "in":
		return v != nil && slices.Contains(n.vals, v)
	case "==":
		return v == n.vals[0]
	case "!=":
		return v != n.vals[0]
	}
	if v == nil || n.vals[0] == nil {
		return false
	}
	c := 0
	switch a := v.(type) {
	case float64:
		b := n.vals[0].(float64)
		c = cmp.Compare(a, b)
	case string:
		c = strings.Compare(a, n.vals[0].(string))
	}
	switch n.op {
	case ">":
		return c > 0
	case ">=":
		return c >= 0
	case "<":
		return c < 0
	}
	return c <= 0 // "<="
}

// value normalises a record value for comparison: numbers to float64,
// texts trimmed, dates to their text; nil for absent or mistyped values.
func (k condKind) value(v any) any {
	switch k {
	case condNumber:
		switch n := v.(type) {
		case float64:
			return n
		case int64:
			return float64(n)
		case int:
			return float64(n)
		case interface{ Float64() (float64, error) }: // json.Number
			if f, err := n.Float64(); err == nil {
				return f
			}
		case string:
			if f, err := strconv.ParseFloat(strings.TrimSpace(n), 64); err == nil {
				return f
			}
		}
	case condText, condTime:
		switch s := v.(type) {
		case string:
			return strings.TrimSpace(s)
		case time.Time:
			return s.Format(DateTimeLayout)
		case fmt.Stringer:
			return s.String()
		}
	case condBool:
		if b, ok := v.(bool); ok {
			return b
		}
	}
	return nil
}

// ParseCondition parses text as a condition on m's fields and checks it:
// every name must be a top-level field usable in conditions (not files,
// geometry, JSON, children or multiple choices), every literal of the
// field's kind, ordering only on numbers and dates, enum literals among
// the field's options. The error is in Chinese, for the loader.
func ParseCondition(m *Module, text string) (*Condition, error) {
	p := &condParser{m: m}
	if err := p.lex(text); err != nil {
		return nil, err
	}
	root, err := p.or()
	if err != nil {
		return nil, err
	}
	if p.pos < len(p.toks) {
		return nil, fmt.Errorf(msg.CondUnexpected, p.toks[p.pos].text)
	}
	return &Condition{Text: text, root: root}, nil
}

// condField is the kind of a field in conditions, or an error naming why
// the field cannot be used.
func condField(m *Module, name string) (*Field, condKind, error) {
	f := m.Field(name)
	if f == nil {
		return nil, 0, fmt.Errorf(msg.CondUnknownField, name)
	}
	if f.Multiple {
		return nil, 0, fmt.Errorf(msg.CondFieldNotUsable, name, f.Type)
	}
	switch f.Type {
	case TypeInt, TypeDecimal, TypeRef:
		return f, condNumber, nil
	case TypeString, TypeText, TypeIDCard, TypeMobile, TypeEmail:
		return f, condText, nil
	case TypeDate, TypeDateTime:
		return f, condTime, nil
	case TypeBool:
		return f, condBool, nil
	case TypeEnum:
		if f.IntEnum() {
			return f, condNumber, nil
		}
		return f, condText, nil
	}
	return nil, 0, fmt.Errorf(msg.CondFieldNotUsable, name, f.Type)
}

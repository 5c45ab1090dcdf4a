package schema

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"xiangzhi/engine/msg"
)

// condToken is one token of a condition: a name, a number, a quoted text,
// or an operator or bracket.
type condToken struct {
	kind byte // 'n' name, '#' number, '"' text, 'o' operator or bracket
	text string
}

// condParser is a recursive-descent parser over the tokens of one condition.
type condParser struct {
	m    *Module
	toks []condToken
	pos  int
}

// condOps are the operators and brackets, longest first.
var condOps = []string{"==", "!=", ">=", "<=", "&&", "||", ">", "<", "!", "(", ")", "[", "]", ","}

func (p *condParser) lex(s string) error {
	rs := []rune(s)
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case unicode.IsSpace(r):
			i++
		case r == '"' || r == '\'':
			j := i + 1
			for j < len(rs) && rs[j] != r {
				j++
			}
			if j == len(rs) {
				return fmt.Errorf(msg.CondUnclosedText)
			}
			p.toks = append(p.toks, condToken{'"', string(rs[i+1 : j])})
			i = j + 1
		case unicode.IsDigit(r) || (r == '-' && i+1 < len(rs) && unicode.IsDigit(rs[i+1])):
			j := i + 1
			for j < len(rs) && (unicode.IsDigit(rs[j]) || rs[j] == '.') {
				j++
			}
			p.toks = append(p.toks, condToken{'#', string(rs[i:j])})
			i = j
		case unicode.IsLetter(r) || r == '_':
			j := i + 1
			for j < len(rs) && (unicode.IsLetter(rs[j]) || unicode.IsDigit(rs[j]) || rs[j] == '_') {
				j++
			}
			p.toks = append(p.toks, condToken{'n', string(rs[i:j])})
			i = j
		default:
			rest := string(rs[i:])
			k := slices.IndexFunc(condOps, func(op string) bool { return strings.HasPrefix(rest, op) })
			if k < 0 {
				return fmt.Errorf(msg.CondUnexpected, string(r))
			}
			p.toks = append(p.toks, condToken{'o', condOps[k]})
			i += len([]rune(condOps[k]))
		}
	}
	if len(p.toks) == 0 {
		return fmt.Errorf(msg.CondEmpty)
	}
	return nil
}

func (p *condParser) peek() condToken {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return condToken{}
}

// accept consumes the next token when it is one of the operators or words.
func (p *condParser) accept(words ...string) bool {
	t := p.peek()
	if (t.kind == 'o' || t.kind == 'n') && slices.Contains(words, t.text) {
		p.pos++
		return true
	}
	return false
}

func (p *condParser) or() (condNode, error) {
	var items condOr
	for {
		x, err := p.and()
		if err != nil {
			return nil, err
		}
		items = append(items, x)
		if !p.accept("||", "or") {
			break
		}
	}
	if len(items) == 1 {
		return items[0], nil
	}
	return items, nil
}

func (p *condParser) and() (condNode, error) {
	var items condAnd
	for {
		x, err := p.unary()
		if err != nil {
			return nil, err
		}
		items = append(items, x)
		if !p.accept("&&", "and") {
			break
		}
	}
	if len(items) == 1 {
		return items[0], nil
	}
	return items, nil
}

func (p *condParser) unary() (condNode, error) {
	if p.accept("!", "not") {
		x, err := p.unary()
		if err != nil {
			return nil, err
		}
		return condNot{x}, nil
	}
	if p.accept("(") {
		x, err := p.or()
		if err != nil {
			return nil, err
		}
		if !p.accept(")") {
			return nil, fmt.Errorf(msg.CondExpected, ")")
		}
		return x, nil
	}
	return p.comparison()
}

// comparison is `field op literal`, `field in [literal, …]` or a bool
// field on its own.
func (p *condParser) comparison() (condNode, error) {
	t := p.peek()
	if t.kind != 'n' {
		if t.text == "" {
			return nil, fmt.Errorf(msg.CondExpected, msg.CondAField)
		}
		return nil, fmt.Errorf(msg.CondUnexpected, t.text)
	}
	p.pos++
	f, kind, err := condField(p.m, t.text)
	if err != nil {
		return nil, err
	}
	op := p.peek()
	isOp := op.kind == 'o' && slices.Contains([]string{"==", "!=", ">", ">=", "<", "<="}, op.text)
	if !isOp && !(op.kind == 'n' && op.text == "in") {
		if kind == condBool {
			return condTruth{field: f.Name}, nil
		}
		return nil, fmt.Errorf(msg.CondNeedsCompare, f.Name)
	}
	p.pos++
	n := condCmp{field: f.Name, kind: kind, op: op.text}
	if op.text == "in" {
		if !p.accept("[") {
			return nil, fmt.Errorf(msg.CondExpected, "[")
		}
		for {
			v, err := p.literal(f, kind, false)
			if err != nil {
				return nil, err
			}
			n.vals = append(n.vals, v)
			if p.accept("]") {
				break
			}
			if !p.accept(",") {
				return nil, fmt.Errorf(msg.CondExpected, "]")
			}
		}
		return n, nil
	}
	if op.text != "==" && op.text != "!=" && kind != condNumber && kind != condTime {
		return nil, fmt.Errorf(msg.CondNotOrdered, f.Name, op.text)
	}
	v, err := p.literal(f, kind, op.text == "==" || op.text == "!=")
	if err != nil {
		return nil, err
	}
	n.vals = []any{v}
	return n, nil
}

// literal reads one literal and checks it against the field's kind (and an
// enum's options). null is allowed where nullOK.
func (p *condParser) literal(f *Field, kind condKind, nullOK bool) (any, error) {
	t := p.peek()
	if t.text == "" && t.kind == 0 {
		return nil, fmt.Errorf(msg.CondExpected, msg.CondAValue)
	}
	p.pos++
	if t.kind == 'n' && t.text == "null" && nullOK {
		return nil, nil
	}
	bad := fmt.Errorf(msg.CondWrongType, f.Name, t.text, condKindName(f, kind))
	var v any
	switch {
	case kind == condNumber && t.kind == '#':
		x, err := strconv.ParseFloat(t.text, 64)
		if err != nil {
			return nil, bad
		}
		v = x
	case kind == condText && t.kind == '"':
		v = strings.TrimSpace(t.text)
	case kind == condTime && t.kind == '"':
		layout := DateLayout
		if f.Type == TypeDateTime {
			layout = DateTimeLayout
		}
		if _, err := time.Parse(layout, t.text); err != nil {
			return nil, bad
		}
		v = t.text
	case kind == condBool && t.kind == 'n' && (t.text == "true" || t.text == "false"):
		v = t.text == "true"
	default:
		return nil, bad
	}
	if f.Type == TypeEnum && len(f.Options) > 0 && !slices.ContainsFunc(f.Options, func(o Option) bool {
		return kind.value(o.Value) == v || fmt.Sprint(o.Value) == fmt.Sprint(v)
	}) {
		return nil, fmt.Errorf(msg.CondNotAnOption, t.text, f.Name)
	}
	return v, nil
}

// condKindName says in Chinese what literal a field wants.
func condKindName(f *Field, kind condKind) string {
	switch kind {
	case condNumber:
		return msg.CondKindNumber
	case condTime:
		if f.Type == TypeDateTime {
			return msg.CondKindDateTime
		}
		return msg.CondKindDate
	case condBool:
		return msg.CondKindBool
	}
	return msg.CondKindText
}

package schema

import (
	"fmt"
	"maps"
	"runtime"
	"slices"
	"strings"
	"sync"
	"weak"

	"github.com/xeipuuv/gojsonschema"

	"xiangzhi/engine/msg"
)

// Validate checks a submitted record against the module: the record schema
// (compiled once per module and set, with the custom formats; a record the
// native check finds valid skips gojsonschema, see validate_fast.go), then what the
// schema cannot say (a decimal's digits, an integer that fits 64 bits). A
// key the module does not declare is refused; the common read-only keys
// and the status field are accepted and ignored (the store sets them). An
// absent key or a null value is "no value": refused for a required field,
// except that with partial (an update) absent keys keep their stored value
// and are not checked. The answer is nil or a *ValidationError whose
// messages name fields by their Chinese labels; any other error is a bug.
// Values are what encoding/json decodes (json.Number is fine). m and set
// must not change once validated with: the compiled schema is cached.
func Validate(m *Module, set *Set, rec map[string]any, partial bool) error {
	c, err := compiledFor(m, set)
	if err != nil {
		return err
	}
	v := &validation{}
	doc := v.prepare(m.Fields, rec, nil, skipKeys(m))
	schema, fast := c.full, c.fastFull
	if partial {
		schema, fast = c.partial, c.fastPartial
	}
	if len(v.errs) > 0 || !fast.valid(doc) {
		res, err := schema.Validate(gojsonschema.NewGoLoader(doc))
		if err != nil {
			return fmt.Errorf("validate %s record: %w", m.Name, err)
		}
		for _, re := range res.Errors() {
			v.schemaError(m.Fields, re)
		}
	}
	v.digits(m.Fields, doc, nil)
	if len(v.errs) == 0 {
		return nil
	}
	return &ValidationError{Errors: v.sorted(m.Fields)}
}

// compiled holds the full and the partial (no top-level required) schema of
// one module, and both compiled for the native check of valid records
// (validate_fast.go).
type compiled struct {
	full, partial         *gojsonschema.Schema
	fastFull, fastPartial *fastNode
}

// cacheKey names a module and the set it was compiled with, without keeping
// either alive: when the module is collected its entry goes too.
type cacheKey struct {
	m weak.Pointer[Module]
	s weak.Pointer[Set]
}

var compiledCache sync.Map // cacheKey → *compiled

func compiledFor(m *Module, set *Set) (*compiled, error) {
	key := cacheKey{weak.Make(m), weak.Make(set)}
	if c, ok := compiledCache.Load(key); ok {
		return c.(*compiled), nil
	}
	setupJSONSchema()
	rs := enumsAsEnum(RecordSchema(m, set)).(map[string]any)
	full, err := gojsonschema.NewSchema(gojsonschema.NewGoLoader(rs))
	if err != nil {
		return nil, fmt.Errorf("compile record schema of %s: %w", m.Name, err)
	}
	ps := maps.Clone(rs)
	ps["required"] = []string{}
	part, err := gojsonschema.NewSchema(gojsonschema.NewGoLoader(ps))
	if err != nil {
		return nil, fmt.Errorf("compile record schema of %s: %w", m.Name, err)
	}
	c := &compiled{full: full, partial: part, fastFull: compileFast(rs), fastPartial: compileFast(ps)}
	if _, loaded := compiledCache.LoadOrStore(key, c); !loaded {
		runtime.AddCleanup(m, func(k cacheKey) { compiledCache.Delete(k) }, key)
	}
	return c, nil
}

// enumsAsEnum answers a copy of a record schema whose choice lists — a
// oneOf of {const, title}, the form the console renders as a select — are
// plain enums of their values. The validator accepts the same values and
// refuses the rest as before (an enum error names the same field), but it
// no longer tries the value against every choice and builds a formatted
// error for each it does not match: for a dictionary of fifty entries that
// was most of the cost of validating a record.
func enumsAsEnum(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = enumsAsEnum(e)
		}
		if values, ok := constValues(x["oneOf"]); ok {
			delete(out, "oneOf")
			out["enum"] = values
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = enumsAsEnum(e)
		}
		return out
	}
	return v
}

// constValues answers the values of a oneOf made only of {const[, title]}
// branches.
func constValues(v any) ([]any, bool) {
	list, ok := v.([]any)
	if !ok || len(list) == 0 {
		return nil, false
	}
	values := make([]any, len(list))
	for i, e := range list {
		branch, ok := e.(map[string]any)
		if !ok {
			return nil, false
		}
		c, has := branch["const"]
		if !has || len(branch) > 2 || len(branch) == 2 && branch["title"] == nil {
			return nil, false
		}
		values[i] = c
	}
	return values, true
}

// skipKeys are the keys a submitted record may carry and the validator
// ignores: the common read-only ones and the status field.
func skipKeys(m *Module) map[string]bool {
	out := map[string]bool{}
	for _, k := range ReadOnlyKeys {
		out[k] = true
	}
	if m.Status != nil {
		out[m.Status.Field] = true
	}
	return out
}

// validation collects field errors by path.
type validation struct {
	errs map[string]FieldError // by field path
	rank map[string]int
}

// add records a problem at path unless one of better rank is there.
func (v *validation) add(path []string, rank int, message string) {
	if v.errs == nil {
		v.errs, v.rank = map[string]FieldError{}, map[string]int{}
	}
	key := strings.Join(path, ".")
	if r, ok := v.rank[key]; ok && r <= rank {
		return
	}
	v.errs[key] = FieldError{Field: key, Message: message}
	v.rank[key] = rank
}

// prepare copies the record for the schema: it reports unknown keys and
// empty required values, and leaves out ignored keys and nulls. Rows of
// children fields are prepared the same way.
func (v *validation) prepare(fields []Field, rec map[string]any, at []string, skip map[string]bool) map[string]any {
	doc := make(map[string]any, len(rec))
	for _, k := range slices.Sorted(maps.Keys(rec)) {
		val := rec[k]
		p := append(slices.Clip(at), k)
		if skip[k] {
			continue
		}
		f := fieldNamed(fields, k)
		if f == nil {
			v.add(p, 0, fmt.Sprintf(msg.FieldUnknown, k))
			continue
		}
		if isEmpty(val) {
			if f.Required {
				v.add(p, 0, fmt.Sprintf(msg.FieldRequired, shortLabel(f.Label)))
			}
			continue
		}
		if f.Type == TypeChildren {
			if rows, ok := val.([]any); ok {
				val = v.prepareRows(f, rows, p)
			}
		}
		doc[k] = val
	}
	return doc
}

// prepareRows prepares the rows of a children field.
func (v *validation) prepareRows(f *Field, rows []any, at []string) []any {
	out := make([]any, len(rows))
	for i, row := range rows {
		r, ok := row.(map[string]any)
		if !ok {
			out[i] = row // the schema reports it
			continue
		}
		out[i] = v.prepare(f.Fields, r, append(slices.Clip(at), fmt.Sprint(i)), map[string]bool{"id": true})
	}
	return out
}

// isEmpty reports whether a submitted value means "no value".
func isEmpty(val any) bool {
	switch x := val.(type) {
	case nil:
		return true
	case string:
		return strings.TrimSpace(x) == ""
	case []any:
		return len(x) == 0
	}
	return false
}

func fieldNamed(fields []Field, name string) *Field {
	for i := range fields {
		if fields[i].Name == name {
			return &fields[i]
		}
	}
	return nil
}

// shortLabel is a label without a trailing unit in brackets, for messages:
// 补贴金额(元) → 补贴金额.
func shortLabel(label string) string {
	for _, pair := range [][2]string{{"(", ")"}, {"（", "）"}} {
		if strings.HasSuffix(label, pair[1]) {
			if i := strings.LastIndex(label, pair[0]); i > 0 {
				return label[:i]
			}
		}
	}
	return label
}

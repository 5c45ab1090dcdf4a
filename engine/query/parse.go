package query

import (
	"errors"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"

	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
)

// MaxInValues is the most values one in or notIn criterion may carry.
const MaxInValues = 50

// MaxSortKeys is the most sort keys one request may give.
const MaxSortKeys = 5

// likeSuffix marks the short form of contains: usernameLike=ab.
const likeSuffix = "Like"

// Parse reads list request parameters into a Query checked against the
// module's fields: page (zero-based), size (the module's page size by default,
// at most MaxSize), sort=field[,asc|desc] (repeatable), and criteria
// field.operator=value, field=value (equals) and fieldLike=value (contains).
// Keys in reserved belong to the caller and are skipped. Everything else is an
// *Error naming the parameter. A criterion whose values are all empty
// (name=&mobile=, as search forms send them) is ignored, except specified.
// Parameters are read in key order so the same request always yields the
// same Query.
func Parse(m *schema.Module, v url.Values, reserved ...string) (*Query, error) {
	q := &Query{Size: DefaultSize}
	if m.List.PageSize > 0 {
		q.Size = min(m.List.PageSize, MaxSize)
	}
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	fields := fieldIndex(m)
	for _, key := range keys {
		vals := v[key]
		if slices.Contains(reserved, key) {
			continue
		}
		var err error
		switch key {
		case "page", "size":
			err = q.parsePaging(key, vals)
		case "sort":
			q.Sort, err = parseSort(fields, key, vals)
		default:
			var f *Filter
			f, err = parseCriterion(fields, key, vals)
			if f != nil {
				q.Filters = append(q.Filters, *f)
			}
		}
		if err != nil {
			return nil, err
		}
	}
	return q, nil
}

// fieldIndex maps API names to the fields a list may name: the module's
// stored fields and the common ones.
// The index is kept per module (a list parses its query on every call;
// building the map of 40 fields was a few percent of a list page's
// allocations) and built again when the module's fields are another slice
// or its status another.
func fieldIndex(m *schema.Module) map[string]*schema.Field {
	if v, ok := fieldIndexes.Load(m.Name); ok {
		if k := v.(*keptIndex); k.m == m && len(m.Fields) == k.n && (k.n == 0 || &m.Fields[0] == k.first) && m.Status == k.status {
			return k.idx
		}
	}
	idx := buildFieldIndex(m)
	k := &keptIndex{m: m, idx: idx, n: len(m.Fields), status: m.Status}
	if k.n > 0 {
		k.first = &m.Fields[0]
	}
	fieldIndexes.Store(m.Name, k)
	return idx
}

// fieldIndexes keeps fieldIndex's maps by module name (a republished
// module replaces its entry, so they are as many as the modules); the maps
// are only read.
var fieldIndexes sync.Map // module name → *keptIndex

// keptIndex is a kept field index and the module, fields slice and status
// (the common fields include the status field) it was built from.
type keptIndex struct {
	m      *schema.Module
	idx    map[string]*schema.Field
	n      int
	first  *schema.Field
	status *schema.Status
}

func buildFieldIndex(m *schema.Module) map[string]*schema.Field {
	idx := make(map[string]*schema.Field, len(m.Fields)+8)
	for i := range m.Fields {
		if f := &m.Fields[i]; f.Stored() {
			idx[f.Name] = f
		}
	}
	common := schema.CommonFields(m)
	for i := range common {
		idx[common[i].Name] = &common[i]
	}
	return idx
}

// single returns the one non-empty value of a parameter, "" when none.
func single(key string, vals []string) (string, error) {
	var out string
	for _, s := range vals {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		if out != "" && out != s {
			return "", errBadValue(key, "more than one value")
		}
		out = s
	}
	return out, nil
}

// parsePaging reads page or size with the toolkit every list shares,
// keeping the query's own error (and its 查询参数 wording). A size given
// empty (size=) is DefaultSize, not the module's page size.
func (q *Query) parsePaging(key string, vals []string) error {
	page, size, err := httpx.Paging(url.Values{key: vals},
		httpx.PageRule{DefaultSize: DefaultSize, BadValue: msg.QueryBadValue})
	var pe *httpx.PageError
	if errors.As(err, &pe) {
		return &Error{Param: pe.Param, Reason: pe.Reason, Public: pe.PublicMessage()}
	}
	if err != nil {
		return err
	}
	if key == "page" {
		q.Page = page
	} else {
		q.Size = size
	}
	return nil
}

// parseSort reads sort=a,desc, sort=a and sort=a,b,asc (the direction applies
// to every key before it). A key is a sortable field's API name or its column
// name (register_time for registerTime, as some callers send).
func parseSort(fields map[string]*schema.Field, key string, vals []string) ([]Sort, error) {
	var out []Sort
	for _, raw := range vals {
		if raw = strings.TrimSpace(raw); raw == "" {
			continue
		}
		parts := strings.Split(raw, ",")
		desc := false
		switch strings.ToLower(strings.TrimSpace(parts[len(parts)-1])) {
		case "desc":
			desc, parts = true, parts[:len(parts)-1]
		case "asc":
			parts = parts[:len(parts)-1]
		}
		if len(parts) == 0 {
			return nil, errBadValue(key, "sort without a field")
		}
		for _, p := range parts {
			name, ok := sortable(fields, strings.TrimSpace(p))
			if !ok {
				return nil, errBadSort(key, strings.TrimSpace(p))
			}
			if slices.ContainsFunc(out, func(s Sort) bool { return s.Field == name }) {
				continue
			}
			out = append(out, Sort{Field: name, Desc: desc})
		}
	}
	if len(out) > MaxSortKeys {
		return nil, errBadValue(key, "too many sort keys")
	}
	return out, nil
}

// sortable resolves a sort key to the API name of a sortable field.
func sortable(fields map[string]*schema.Field, key string) (string, bool) {
	if f := fields[key]; f != nil && f.Sort {
		return f.Name, true
	}
	for _, f := range fields {
		if f.Sort && f.Column() == key {
			return f.Name, true
		}
	}
	return "", false
}

// parseCriterion reads one criterion parameter. It returns nil, nil for a
// criterion with only empty values.
func parseCriterion(fields map[string]*schema.Field, key string, vals []string) (*Filter, error) {
	name, op := key, Equals
	f := fields[key]
	if f == nil {
		if i := strings.LastIndexByte(key, '.'); i >= 0 {
			name, op = key[:i], Op(key[i+1:])
			if !knownOp(op) {
				return nil, errUnknown(key)
			}
		} else if n, ok := strings.CutSuffix(key, likeSuffix); ok {
			name, op = n, Contains
		}
		f = fields[name]
	}
	if name == "" || f == nil || len(declaredOps(f)) == 0 {
		return nil, errUnknown(key)
	}
	if !Allowed(f, op) {
		return nil, errOpNotAllowed(key)
	}
	values, err := criterionValues(f, op, key, vals)
	if err != nil || values == nil {
		return nil, err
	}
	return &Filter{Field: f.Name, Op: op, Values: values}, nil
}

func knownOp(op Op) bool {
	switch op {
	case Equals, NotEquals, Contains, DoesNotContain, In, NotIn,
		GreaterThan, LessThan, GreaterThanOrEqual, LessThanOrEqual, Specified:
		return true
	}
	return false
}

// criterionValues converts the raw values of a criterion to the field's type.
func criterionValues(f *schema.Field, op Op, key string, vals []string) ([]any, error) {
	if op == In || op == NotIn {
		var raw []string
		for _, s := range vals {
			for _, p := range strings.Split(s, ",") {
				if p = strings.TrimSpace(p); p != "" {
					raw = append(raw, p)
				}
			}
			if len(raw) > MaxInValues {
				return nil, errTooMany(key)
			}
		}
		if len(raw) == 0 {
			return nil, nil
		}
		out := make([]any, 0, len(raw))
		for _, s := range raw {
			x, err := convert(f, s)
			if err != nil {
				return nil, errBadValue(key, err.Error())
			}
			if !slices.Contains(out, x) {
				out = append(out, x)
			}
		}
		return out, nil
	}
	s, err := single(key, vals)
	if err != nil {
		return nil, err
	}
	if op == Specified {
		b, err := strconv.ParseBool(s)
		if err != nil {
			return nil, errBadValue(key, "not true or false")
		}
		return []any{b}, nil
	}
	if s == "" {
		return nil, nil
	}
	var x any
	if op == Contains || op == DoesNotContain {
		x, err = text(s)
	} else {
		x, err = convert(f, s)
	}
	if err != nil {
		return nil, errBadValue(key, err.Error())
	}
	return []any{x}, nil
}

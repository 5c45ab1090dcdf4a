package crud

import (
	"context"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"weak"

	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// Rows lists one page of m's records for the viewer (the module's data
// scope), each field of fields rendered as people read it: labels for
// choices and references, 是/否, dates as text. Every row carries its id.
func (d *Dispatcher) Rows(ctx context.Context, set *schema.Set, m *schema.Module, viewer store.Scope, q *query.Query, fields []string) ([]map[string]any, error) {
	x := &call{m: m, set: set, scope: moduleScope(m, viewer), viewer: viewer}
	page, err := d.opts.Store.List(ctx, m, x.scope, q)
	if err != nil {
		return nil, fmt.Errorf("rows of %s: %w", m.Name, err)
	}
	if err := d.label(ctx, x, page.Rows); err != nil {
		return nil, err
	}
	out := make([]map[string]any, 0, len(page.Rows))
	for _, r := range page.Rows {
		labels, _ := r[schema.LabelsKey].(map[string]map[string]string)
		row := map[string]any{"id": r["id"]}
		for _, name := range fields {
			f := fieldOf(m, name)
			if f == nil {
				continue
			}
			v := r[name]
			if f.Type == schema.TypeRef {
				var text []string
				for _, id := range RefIDs(v) {
					if l, ok := labels[name][strconv.FormatInt(id, 10)]; ok {
						text = append(text, l)
					} else {
						text = append(text, strconv.FormatInt(id, 10))
					}
				}
				switch len(text) {
				case 0:
					row[name] = nil
				case 1:
					row[name] = text[0]
				default:
					row[name] = text
				}
				continue
			}
			row[name] = column{f: f, options: optionsOf(f, set)}.cell(v)
		}
		out = append(out, row)
	}
	return out, nil
}

// FieldLabel is the label people read for a declared or common field.
func FieldLabel(m *schema.Module, name string) string {
	if f := fieldOf(m, name); f != nil {
		return f.Label
	}
	return name
}

// OptionLabels lists an enum field's choices (inline or from the
// dictionary) for a filter's drop-down.
func OptionLabels(f *schema.Field, set *schema.Set) []schema.Option { return optionsOf(f, set) }

// loose keeps, per module, a copy whose every field accepts the criteria
// its type can answer, for criteria written by a dashboard's author rather
// than sent by a client. It is keyed weakly: an entry goes when its module
// is no longer held (a republished module's previous version, once the
// calls that started with it are over), so it holds at most the modules in
// use, whichever dispatcher, reload or caller brought them. (Kept by the
// module pointer strongly, it was only swept by the reloads of one
// dispatcher: every other caller's versions stayed.)
var loose sync.Map // weak.Pointer[schema.Module] → *schema.Module

// ParseCriteria parses a dashboard's criteria and page filters for m:
// like a list's criteria, except that a field need not declare a filter
// (the dashboard file, checked by the loader, is no client input); text
// fields keep their own filters (a substring search wants its index).
func ParseCriteria(m *schema.Module, v map[string][]string) (*query.Query, error) {
	return query.Parse(looseOf(m), v)
}

// looseOf is m's loose copy (see loose), made on first use.
func looseOf(m *schema.Module) *schema.Module {
	key := weak.Make(m)
	if lm, ok := loose.Load(key); ok {
		return lm.(*schema.Module)
	}
	c := *m
	c.Fields = append([]schema.Field(nil), m.Fields...)
	for i := range c.Fields {
		f := &c.Fields[i]
		switch f.Type {
		case schema.TypeInt, schema.TypeDecimal, schema.TypeDate, schema.TypeDateTime:
			f.Sort = true
		}
		if f.Filter != "" {
			continue
		}
		switch f.Type {
		case schema.TypeInt, schema.TypeDecimal, schema.TypeDate, schema.TypeDateTime:
			f.Filter = schema.FilterRange
		case schema.TypeEnum, schema.TypeRef, schema.TypeBool:
			f.Filter = schema.FilterEquals
		}
	}
	lm, loaded := loose.LoadOrStore(key, &c)
	if !loaded {
		// The copy shares no pointer to m, so m can be collected.
		runtime.AddCleanup(m, func(k weak.Pointer[schema.Module]) { loose.Delete(k) }, key)
	}
	return lm.(*schema.Module)
}

// ResolveRefs lets a dashboard's criteria name a referenced record by its
// display value ("tags.equals: 留守儿童"): for a ref field to a module, a
// value that is not an id becomes the ids of the target's records (in the
// viewer's scope of the target) whose display field equals it; none
// matching leaves an id that matches nothing.
func (d *Dispatcher) ResolveRefs(ctx context.Context, set *schema.Set, m *schema.Module, viewer store.Scope, v map[string][]string) error {
	for k, vals := range v {
		name, op, _ := strings.Cut(k, ".")
		f := m.Field(name)
		if f == nil || f.Type != schema.TypeRef || len(vals) == 0 {
			continue
		}
		target := set.RefModule(f)
		if target == nil {
			continue
		}
		display := set.DisplayField(f)
		var out []string
		changed := false
		for _, val := range strings.Split(strings.Join(vals, ","), ",") {
			if _, err := strconv.ParseInt(val, 10, 64); err == nil || val == "" {
				out = append(out, val)
				continue
			}
			changed = true
			q := &query.Query{Filters: []query.Filter{{Field: display, Op: query.Equals, Values: []any{val}}}, Size: 50}
			page, err := d.opts.Store.List(ctx, target, readScope(target, viewer), q)
			if err != nil {
				return fmt.Errorf("resolve %s=%s: %w", k, val, err)
			}
			for _, r := range page.Rows {
				if id, ok := r["id"].(int64); ok {
					out = append(out, strconv.FormatInt(id, 10))
				}
			}
		}
		if !changed {
			continue
		}
		if len(out) == 0 {
			out = []string{"0"}
		}
		if len(out) > 1 && (op == "" || op == "equals") {
			delete(v, k)
			k = name + ".in"
		}
		v[k] = []string{strings.Join(out, ",")}
	}
	return nil
}

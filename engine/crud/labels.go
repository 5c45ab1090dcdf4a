package crud

// Display values of references: a record's ref fields hold ids; the list
// and get answers carry, in each record's "_labels", what people read for
// them — {field: {id: label}} — so the console never shows a bare id. The
// labels of a page are resolved with one query per ref field (the ids of
// every row together), in the viewer's tenant and data scope: a record the
// viewer may not reach gets no label. System entities (user, org, and grid
// when no module takes its place) are named by the SystemLabels the system
// module installs. The status history names the user of each transition.

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"

	"xiangzhi/engine/httpx"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// SystemLabels names system entities of a tenant by id: ref is "user",
// "org" or "grid" and display the field shown (schema.DisplayField). Ids
// it does not know are left out.
type SystemLabels func(ctx context.Context, tenantID int64, ref, display string, ids []int64) (map[int64]string, error)

// systemLabels holds the installed SystemLabels.
type systemLabels struct{ fn atomic.Pointer[SystemLabels] }

// SetSystemLabels installs fn, which names users, organisations and
// system grids in list and get answers.
func (d *Dispatcher) SetSystemLabels(fn SystemLabels) { d.sys.fn.Store(&fn) }

// refFields are the fields of m whose values are ids: its ref fields and
// the common orgId, createdBy and updatedBy.
func refFields(m *schema.Module) []*schema.Field {
	var out []*schema.Field
	for i := range m.Fields {
		if m.Fields[i].Type == schema.TypeRef {
			out = append(out, &m.Fields[i])
		}
	}
	return append(out, commonRefs()...)
}

// commonRefs are the ref fields every module has (of schema.CommonFields:
// a status field is an enum, never a ref), made once: building the common
// fields for every labelled page cost a get 4% of its time.
var commonRefs = sync.OnceValue(func() []*schema.Field {
	var out []*schema.Field
	for _, cf := range schema.CommonFields(&schema.Module{}) {
		if cf.Type == schema.TypeRef {
			out = append(out, &cf)
		}
	}
	return out
})

// RefIDs are the ids a ref value holds (one, or a list for multiple).
func RefIDs(v any) []int64 { return appendRefIDs(nil, v) }

// appendRefIDs appends the ids a ref value holds to out.
func appendRefIDs(out []int64, v any) []int64 {
	if list, ok := v.([]any); ok {
		for _, x := range list {
			if n, ok := asInt(x); ok && n > 0 {
				out = append(out, n)
			}
		}
	} else if n, ok := asInt(v); ok && n > 0 {
		out = append(out, n)
	}
	return out
}

// refTargets are the modules x.m's ref fields name (system entities,
// which SystemLabels names, are not among them).
func refTargets(x *call) []*schema.Module {
	var out []*schema.Module
	for _, f := range refFields(x.m) {
		if t := x.set.RefModule(f); t != nil && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// label adds "_labels" to every record: one lookup per ref field. Each
// distinct id's key text is made once per field (a page's rows share their
// organisation, creator and grid), and the ids are gathered in one buffer.
// The lookups of module references are answered from the store's kept
// values while their tables' write sequences hold (Store.FieldValues); the
// sequences of all the target tables are read first, in one statement.
func (d *Dispatcher) label(ctx context.Context, x *call, recs []store.Record) error {
	fs := refFields(x.m)
	fields, err := d.resolve(ctx, x, fs, len(recs), func(i, k int) any { return recs[i][fs[k].Name] })
	if err != nil {
		return err
	}
	labels := make([]map[string]map[string]string, len(recs))
	var buf []int64
	for _, w := range fields {
		f := fs[w.k]
		for i, r := range recs {
			buf = appendRefIDs(buf[:0], r[f.Name])
			for _, id := range buf {
				name, ok := w.names[id]
				if !ok {
					continue
				}
				if labels[i] == nil {
					labels[i] = map[string]map[string]string{}
				}
				byID := labels[i][f.Name]
				if byID == nil {
					byID = make(map[string]string, len(buf))
					labels[i][f.Name] = byID
				}
				byID[w.text(id)] = name
			}
		}
	}
	for i, r := range recs {
		if labels[i] == nil {
			labels[i] = map[string]map[string]string{}
		}
		r[schema.LabelsKey] = labels[i]
	}
	return nil
}

// labelTable is label for a page read as column values (list): the
// "_labels" of each row as the entries of its maps (httpx.Labels), which
// are written as the maps would be. A page of 20 villagers spent ≈ 300
// allocations and 43 KB — half of what the page allocated — on the maps
// and on small records holding the rows' references
// (docs/performance.md, "Sorted page tail").
func (d *Dispatcher) labelTable(ctx context.Context, x *call, l *tableLayout, rows [][]any) ([]httpx.Labels, error) {
	fields, err := d.resolve(ctx, x, l.refFields, len(rows), func(i, k int) any { return rows[i][l.refs[k]] })
	if err != nil {
		return nil, err
	}
	out := make([]httpx.Labels, len(rows))
	if len(fields) == 0 {
		return out, nil
	}
	all := make([]httpx.Label, 0, len(rows)*len(fields))
	ends := make([]int, len(rows))
	var buf []int64
	for i, row := range rows {
		for _, w := range fields {
			buf = appendRefIDs(buf[:0], row[l.refs[w.k]])
			for _, id := range buf {
				if name, ok := w.names[id]; ok {
					all = append(all, httpx.Label{Field: l.refFields[w.k].Name, ID: w.text(id), Name: name})
				}
			}
		}
		ends[i] = len(all)
	}
	start := 0
	for i, end := range ends {
		out[i] = httpx.SortLabels(all[start:end:end])
		start = end
	}
	return out, nil
}

// refNames are the names of one ref field's ids on a page.
type refNames struct {
	k     int              // the field's index in the fields resolve was given
	names map[int64]string // by id; an id the viewer may not reach is absent
	texts map[int64]string // each id's decimal text, made once
}

// text is id's decimal text.
func (w refNames) text(id int64) string {
	t := w.texts[id]
	if t == "" {
		t = strconv.FormatInt(id, 10)
		w.texts[id] = t
	}
	return t
}

// resolve names the ids that the n rows hold in the ref fields fs
// (value(i, k) is row i's value of fs[k]): one lookup per field with ids.
func (d *Dispatcher) resolve(ctx context.Context, x *call, fs []*schema.Field, n int, value func(i, k int) any) ([]refNames, error) {
	var buf []int64
	type wanted struct {
		k    int
		ids  []int64
		seen map[int64]string
	}
	var fields []wanted
	var targets []*schema.Module
	for k, f := range fs {
		var ids []int64
		seen := map[int64]string{}
		for i := range n {
			buf = appendRefIDs(buf[:0], value(i, k))
			for _, id := range buf {
				if _, ok := seen[id]; !ok {
					seen[id] = ""
					ids = append(ids, id)
				}
			}
		}
		if len(ids) == 0 {
			continue
		}
		fields = append(fields, wanted{k: k, ids: ids, seen: seen})
		if t := x.set.RefModule(f); t != nil && !slices.Contains(targets, t) {
			targets = append(targets, t)
		}
	}
	if len(targets) > 1 {
		var err error
		if ctx, err = d.opts.Store.WithWriteSeqs(ctx, targets); err != nil {
			return nil, fmt.Errorf("labels of %s: %w", x.m.Name, err)
		}
	}
	out := make([]refNames, 0, len(fields))
	for _, w := range fields {
		names, err := d.names(ctx, x, fs[w.k], w.ids)
		if err != nil {
			return nil, fmt.Errorf("labels of %s.%s: %w", x.m.Name, fs[w.k].Name, err)
		}
		out = append(out, refNames{k: w.k, names: names, texts: w.seen})
	}
	return out, nil
}

// names resolves the ids of ref field f: a module's records in the
// viewer's scope, or system entities through SystemLabels.
func (d *Dispatcher) names(ctx context.Context, x *call, f *schema.Field, ids []int64) (map[int64]string, error) {
	display := x.set.DisplayField(f)
	target := x.set.RefModule(f)
	if target == nil {
		fn := d.sys.fn.Load()
		if fn == nil {
			return nil, nil
		}
		return (*fn)(ctx, x.scope.TenantID, f.Ref, display, ids)
	}
	col := column{f: target.Field(display)}
	if col.f != nil {
		col.options = optionsOf(col.f, x.set)
	}
	values, err := d.opts.Store.FieldValues(ctx, target, readScope(target, x.viewer), display, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]string, len(values))
	for id, v := range values {
		switch {
		case v == nil:
			out[id] = strconv.FormatInt(id, 10)
		case col.f != nil:
			out[id] = key(col.cell(v))
		default:
			out[id] = key(v)
		}
	}
	return out, nil
}

// nameHistory names the user of each status transition of a record.
func (d *Dispatcher) nameHistory(ctx context.Context, x *call, rec store.Record) error {
	hist, ok := rec["history"].([]store.Transition)
	fn := d.sys.fn.Load()
	if !ok || len(hist) == 0 || fn == nil {
		return nil
	}
	var ids []int64
	for _, h := range hist {
		if h.UserID > 0 {
			ids = append(ids, h.UserID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	names, err := (*fn)(ctx, x.scope.TenantID, schema.RefUser, "name", ids)
	if err != nil {
		return fmt.Errorf("history users of %s: %w", x.m.Name, err)
	}
	for i := range hist {
		hist[i].UserName = names[hist[i].UserID]
	}
	return nil
}

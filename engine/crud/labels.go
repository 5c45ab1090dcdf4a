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
	"strconv"
	"sync/atomic"

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
	for _, cf := range schema.CommonFields(m) {
		if cf.Type == schema.TypeRef {
			out = append(out, &cf)
		}
	}
	return out
}

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

// label adds "_labels" to every record: one query per ref field. Each
// distinct id's key text is made once per field (a page's rows share their
// organisation, creator and grid), and the ids are gathered in one buffer.
func (d *Dispatcher) label(ctx context.Context, x *call, recs []store.Record) error {
	labels := make([]map[string]map[string]string, len(recs))
	var buf []int64
	for _, f := range refFields(x.m) {
		var ids []int64
		seen := map[int64]string{}
		for _, r := range recs {
			buf = appendRefIDs(buf[:0], r[f.Name])
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
		names, err := d.names(ctx, x, f, ids)
		if err != nil {
			return fmt.Errorf("labels of %s.%s: %w", x.m.Name, f.Name, err)
		}
		for i, r := range recs {
			buf = appendRefIDs(buf[:0], r[f.Name])
			for _, id := range buf {
				name, ok := names[id]
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
				k := seen[id]
				if k == "" {
					k = strconv.FormatInt(id, 10)
					seen[id] = k
				}
				byID[k] = name
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

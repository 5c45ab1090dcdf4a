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

// labelPlan is what labelling a module's records needs of the schema,
// made once per module and set (labelPlanOf) rather than on every request:
// the reference fields, each with the module it names, its display field
// and how that field's values are written. (Finding them again — a target
// module searched by name among all modules, the display field, a
// dictionary's options — was a fifth of a get's labels.)
type labelPlan struct {
	m   *schema.Module
	set *schema.Set
	// fields are refFields(m) in that order.
	fields []*labelField
	// targets are the distinct modules the fields name (refTargets).
	targets []*schema.Module
}

// labelField is one reference field of a labelPlan.
type labelField struct {
	f *schema.Field
	// target is the module f names; nil for a system entity, which
	// SystemLabels names.
	target  *schema.Module
	display string // the target's field shown (Set.DisplayField)
	// col is the target's display field with its choices; col.f is nil
	// when the target has no such field ("id").
	col column
}

// labelPlans keeps a labelPlan per module name: a republished module or a
// new set replaces its entry, so they are as many as the modules.
var labelPlans sync.Map // module name → *labelPlan

// labelPlanOf is the labelPlan of m served in set.
func labelPlanOf(set *schema.Set, m *schema.Module) *labelPlan {
	if v, ok := labelPlans.Load(m.Name); ok {
		if p := v.(*labelPlan); p.m == m && p.set == set {
			return p
		}
	}
	p := &labelPlan{m: m, set: set}
	for _, f := range refFields(m) {
		p.fields = append(p.fields, fieldPlan(set, f))
		if t := p.fields[len(p.fields)-1].target; t != nil && !slices.Contains(p.targets, t) {
			p.targets = append(p.targets, t)
		}
	}
	labelPlans.Store(m.Name, p)
	return p
}

// fieldPlan is how ref field f is labelled in set.
func fieldPlan(set *schema.Set, f *schema.Field) *labelField {
	lf := &labelField{f: f, target: set.RefModule(f), display: set.DisplayField(f)}
	if lf.target != nil {
		if lf.col.f = lf.target.Field(lf.display); lf.col.f != nil {
			lf.col.options = optionsOf(lf.col.f, set)
		}
	}
	return lf
}

// refTargets are the modules x.m's ref fields name (system entities,
// which SystemLabels names, are not among them).
func refTargets(x *call) []*schema.Module { return labelPlanOf(x.set, x.m).targets }

// label adds "_labels" to every record as maps ({field: {id: label}}), for
// callers that read them (Rows, the tree); list pages and gets write
// entries instead (labelEntries). The lookups of module references are
// answered from the store's kept values while their tables' write
// sequences hold (Store.FieldValues); the sequences of all the target
// tables are read first, in one statement.
func (d *Dispatcher) label(ctx context.Context, x *call, recs []store.Record) error {
	fs := labelPlanOf(x.set, x.m).fields
	fields, err := d.resolve(ctx, x, fs, len(recs), func(i, k int) any { return recs[i][fs[k].f.Name] })
	if err != nil {
		return err
	}
	labels := make([]map[string]map[string]string, len(recs))
	var buf []int64
	for _, w := range fields {
		f := fs[w.k].f
		for i, r := range recs {
			buf = appendRefIDs(buf[:0], r[f.Name])
			for _, id := range buf {
				e := w.find(id)
				if e == nil || !e.found {
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
				byID[e.idText()] = e.name
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

// labelRecord adds "_labels" to one record (a get's) as entries
// (*httpx.Labels), which are written as label's maps would be, without
// the maps.
func (d *Dispatcher) labelRecord(ctx context.Context, x *call, rec store.Record) error {
	fs := labelPlanOf(x.set, x.m).fields
	ls, err := d.labelEntries(ctx, x, fs, 1, func(_, k int) any { return rec[fs[k].f.Name] })
	if err != nil {
		return err
	}
	rec[schema.LabelsKey] = &ls[0]
	return nil
}

// labelTable is label for a page read as column values (list): the
// "_labels" of each row as the entries of its maps (httpx.Labels), which
// are written as the maps would be. A page of 20 villagers spent ≈ 300
// allocations and 43 KB — half of what the page allocated — on the maps
// and on small records holding the rows' references
// (docs/performance.md, "Sorted page tail").
func (d *Dispatcher) labelTable(ctx context.Context, x *call, l *tableLayout, rows [][]any) ([]httpx.Labels, error) {
	all := labelPlanOf(x.set, x.m).fields
	fs := make([]*labelField, len(l.planIdx))
	for k, i := range l.planIdx {
		fs[k] = all[i]
	}
	return d.labelEntries(ctx, x, fs, len(rows), func(i, k int) any { return rows[i][l.refs[k]] })
}

// labelEntries are the "_labels" of n rows as entries; value(i, k) is row
// i's value of fs[k].
func (d *Dispatcher) labelEntries(ctx context.Context, x *call, fs []*labelField, n int, value func(i, k int) any) ([]httpx.Labels, error) {
	fields, err := d.resolve(ctx, x, fs, n, value)
	if err != nil {
		return nil, err
	}
	out := make([]httpx.Labels, n)
	if len(fields) == 0 {
		return out, nil
	}
	all := make([]httpx.Label, 0, n*len(fields))
	ends := make([]int, n)
	var buf []int64
	for i := range n {
		for _, w := range fields {
			buf = appendRefIDs(buf[:0], value(i, w.k))
			for _, id := range buf {
				if e := w.find(id); e != nil && e.found {
					all = append(all, httpx.Label{Field: fs[w.k].f.Name, ID: e.idText(), Name: e.name})
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
	k   int     // the field's index in the fields resolve was given
	ids []refID // the distinct ids, in the order first met
	all []int64 // the same ids, as the lookups take them
	// index finds an id in ids once they are many (refIndexFrom); below,
	// ids are searched in order, which costs less than a map.
	index map[int64]int
}

// refIndexFrom is the number of distinct ids of a field from which
// refNames indexes them in a map.
const refIndexFrom = 16

// refID is one id of a refNames and its name.
type refID struct {
	id    int64
	text  string // the id's decimal text, made once (idText)
	name  string
	found bool // false: the viewer may not reach the record, or it is gone
}

// idText is the id's decimal text.
func (e *refID) idText() string {
	if e.text == "" {
		e.text = strconv.FormatInt(e.id, 10)
	}
	return e.text
}

// add adds id unless it is there.
func (w *refNames) add(id int64) {
	if w.find(id) != nil {
		return
	}
	w.ids = append(w.ids, refID{id: id})
	w.all = append(w.all, id)
	switch {
	case w.index != nil:
		w.index[id] = len(w.ids) - 1
	case len(w.ids) >= refIndexFrom:
		w.index = make(map[int64]int, 2*len(w.ids))
		for i, e := range w.ids {
			w.index[e.id] = i
		}
	}
}

// find is the entry of id, or nil.
func (w *refNames) find(id int64) *refID {
	if w.index != nil {
		if i, ok := w.index[id]; ok {
			return &w.ids[i]
		}
		return nil
	}
	for i := range w.ids {
		if w.ids[i].id == id {
			return &w.ids[i]
		}
	}
	return nil
}

// resolve names the ids that the n rows hold in the ref fields fs
// (value(i, k) is row i's value of fs[k]): one lookup per field with ids.
func (d *Dispatcher) resolve(ctx context.Context, x *call, fs []*labelField, n int, value func(i, k int) any) ([]*refNames, error) {
	var buf []int64
	var fields []*refNames
	var targets []*schema.Module
	for k, lf := range fs {
		var w *refNames
		for i := range n {
			buf = appendRefIDs(buf[:0], value(i, k))
			for _, id := range buf {
				if w == nil {
					w = &refNames{k: k}
				}
				w.add(id)
			}
		}
		if w == nil {
			continue
		}
		fields = append(fields, w)
		if lf.target != nil && !slices.Contains(targets, lf.target) {
			targets = append(targets, lf.target)
		}
	}
	if len(targets) > 1 {
		var err error
		if ctx, err = d.opts.Store.WithWriteSeqs(ctx, targets); err != nil {
			return nil, fmt.Errorf("labels of %s: %w", x.m.Name, err)
		}
	}
	for _, w := range fields {
		lf := fs[w.k]
		if err := d.fillNames(ctx, x, lf, w); err != nil {
			return nil, fmt.Errorf("labels of %s.%s: %w", x.m.Name, lf.f.Name, err)
		}
	}
	return fields, nil
}

// fillNames names the ids of w, of ref field lf: a module's records in the
// viewer's scope, or system entities through SystemLabels.
func (d *Dispatcher) fillNames(ctx context.Context, x *call, lf *labelField, w *refNames) error {
	if lf.target == nil {
		fn := d.sys.fn.Load()
		if fn == nil {
			return nil
		}
		names, err := (*fn)(ctx, x.scope.TenantID, lf.f.Ref, lf.display, w.all)
		if err != nil {
			return err
		}
		for i := range w.ids {
			w.ids[i].name, w.ids[i].found = names[w.ids[i].id]
		}
		return nil
	}
	values, err := d.opts.Store.FieldValues(ctx, lf.target, readScope(lf.target, x.viewer), lf.display, w.all)
	if err != nil {
		return err
	}
	for i := range w.ids {
		e := &w.ids[i]
		v, ok := values[e.id]
		if !ok {
			continue
		}
		e.name, e.found = displayText(lf, e.id, v), true
	}
	return nil
}

// displayText is what a reference to id shows, v being the target's
// display value.
func displayText(lf *labelField, id int64, v any) string {
	switch {
	case v == nil:
		return strconv.FormatInt(id, 10)
	case lf.col.f != nil:
		return key(lf.col.cell(v))
	default:
		return key(v)
	}
}

// names resolves the ids of ref field f (stats' buckets): a module's
// records in the viewer's scope, or system entities through SystemLabels.
func (d *Dispatcher) names(ctx context.Context, x *call, f *schema.Field, ids []int64) (map[int64]string, error) {
	lf := fieldPlan(x.set, f)
	w := &refNames{}
	for _, id := range ids {
		w.add(id)
	}
	if err := d.fillNames(ctx, x, lf, w); err != nil {
		return nil, err
	}
	out := make(map[int64]string, len(w.ids))
	for _, e := range w.ids {
		if e.found {
			out[e.id] = e.name
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

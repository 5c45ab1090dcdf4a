package designer

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// Kinds of plan changes.
const (
	KindCreate     = "create"
	KindAddField   = "addField"
	KindWiden      = "widen"
	KindAddIndex   = "addIndex"
	KindRename     = "rename"
	KindTypeChange = "typeChange"
	KindNarrow     = "narrow"
	KindDropField  = "dropField"
	KindSetting    = "setting"
)

// Risks of plan changes, riskiest first.
const (
	RiskDestructive = "destructive"
	RiskConvert     = "convert"
	RiskRename      = "rename"
	RiskAdditive    = "additive"
	RiskNone        = "none"
)

var riskOrder = map[string]int{RiskDestructive: 0, RiskConvert: 1, RiskRename: 2, RiskAdditive: 3, RiskNone: 4}

// previewSize is how many distinct values a type change previews.
const previewSize = 5

// Preview is one value of a type change and what it becomes.
type Preview struct {
	From any  `json:"from"`
	To   any  `json:"to"`
	OK   bool `json:"ok"`
}

// Change is one line of a plan.
type Change struct {
	Kind    string    `json:"kind"`
	Risk    string    `json:"risk"`
	Field   string    `json:"field,omitempty"`
	From    string    `json:"from,omitempty"`
	To      string    `json:"to,omitempty"`
	Detail  string    `json:"detail"`
	Rows    int64     `json:"rows,omitempty"`
	Losses  int64     `json:"losses,omitempty"`
	Preview []Preview `json:"preview,omitempty"`

	oldCol, newCol *store.FieldColumn
	cells          []store.Cell // the column's values when the change needs them
	// oldTable, newTable: a renamed children field's table, renamed.
	oldTable, newTable string
}

// Plan is what a publish will do (docs/designer.md, § The plan).
type Plan struct {
	Module      string              `json:"module"`
	FromVersion int64               `json:"fromVersion"`
	New         bool                `json:"new"`
	Problems    []*schema.LoadError `json:"problems"`
	Destructive bool                `json:"destructive"`
	Confirm     string              `json:"confirm,omitempty"`
	Changes     []Change            `json:"changes"`

	old, next *schema.Module
	renames   map[string]string
}

// computePlan compares the module served now (old, nil for a first
// publish) with next, reading the table to count and preview what the
// changes do to the data. renames maps old field paths to new ones.
func computePlan(ctx context.Context, st *store.Store, old, next *schema.Module, renames map[string]string) (*Plan, error) {
	p := &Plan{Module: next.Name, Problems: []*schema.LoadError{}, Changes: []Change{}, old: old, next: next,
		renames: map[string]string{}}
	if old == nil {
		p.New = true
		p.Changes = append(p.Changes, Change{Kind: KindCreate, Risk: RiskAdditive, Field: next.TableName(),
			Detail: fmt.Sprintf(msg.PlanCreate, next.TableName())})
		return p, nil
	}
	oldCols := store.FieldColumns(old)
	newCols := map[string]*store.FieldColumn{}
	for _, fc := range store.FieldColumns(next) {
		newCols[fc.Path] = &fc
	}
	oldPaths := map[string]bool{}
	for _, fc := range oldCols {
		oldPaths[fc.Path] = true
	}
	for from, to := range renames {
		if oldPaths[from] && newCols[to] != nil && !oldPaths[to] && from != to {
			p.renames[from] = to
		}
	}
	// Children fields renamed: their table is renamed with its rows (never a
	// new table beside the old one), their own fields follow.
	tables := map[string]string{} // old children table → new
	for _, from := range slices.Sorted(maps.Keys(renames)) {
		to := renames[from]
		of, nf := old.Field(from), next.Field(to)
		if of == nil || nf == nil || of.Stored() || nf.Stored() || from == to ||
			old.Field(to) != nil || (next.Field(from) != nil && !next.Field(from).Stored()) {
			continue
		}
		ot, nt := store.ChildTable(old, of), store.ChildTable(next, nf)
		hasOld, _ := st.HasTable(ctx, ot)
		if hasNew, _ := st.HasTable(ctx, nt); hasOld && hasNew {
			p.Problems = append(p.Problems, &schema.LoadError{File: next.File, Field: "fields." + to,
				Problem: fmt.Sprintf(msg.DesignerChildTableTaken, label(nf), nt)})
			continue
		}
		p.renames[from] = to
		tables[ot] = nt
		var n int64
		if hasOld {
			n, _ = st.CountRows(ctx, ot)
		}
		p.Changes = append(p.Changes, Change{Kind: KindRename, Risk: RiskRename, Field: to, From: from, To: to, Rows: n,
			Detail: fmt.Sprintf(msg.PlanRenameChild, from, to, n), oldTable: ot, newTable: nt})
	}
	matched := map[string]bool{}
	for i := range oldCols {
		oc := &oldCols[i]
		path := oc.Path
		if to, ok := p.renames[path]; ok {
			path = to
		} else if parent, child, ok := strings.Cut(path, "."); ok && tables[oc.Table] != "" {
			path = p.renames[parent] + "." + child
		}
		nc := newCols[path]
		if nc == nil || nc.Table != cmp.Or(tables[oc.Table], oc.Table) {
			if err := p.drop(ctx, st, oc); err != nil {
				return nil, err
			}
			continue
		}
		matched[path] = true
		if err := p.compare(ctx, st, oc, nc); err != nil {
			return nil, err
		}
	}
	// The columns were read from the old tables; the publish changes them in
	// the renamed ones.
	for i := range oldCols {
		if nt := tables[oldCols[i].Table]; nt != "" {
			oldCols[i].Table = nt
		}
	}
	// Children fields gone: their tables stay.
	for _, f := range old.Fields {
		if f.Stored() || p.renames[f.Name] != "" ||
			slices.ContainsFunc(next.Fields, func(n schema.Field) bool { return n.Name == f.Name && !n.Stored() }) {
			continue
		}
		n, err := st.CountRows(ctx, old.ChildTableName(&f))
		if err != nil {
			n = 0
		}
		p.Changes = append(p.Changes, Change{Kind: KindDropField, Risk: RiskDestructive, Field: f.Name, Rows: n,
			Detail: fmt.Sprintf(msg.PlanDropChild, label(&f), n)})
	}
	for _, fc := range store.FieldColumns(next) {
		if matched[fc.Path] {
			continue
		}
		p.Changes = append(p.Changes, Change{Kind: KindAddField, Risk: RiskAdditive, Field: fc.Path,
			Detail: fmt.Sprintf(msg.PlanAddField, label(fc.Field)), newCol: &fc})
	}
	renamedTo := map[string]bool{}
	for _, to := range p.renames {
		renamedTo[to] = true
	}
	for _, f := range next.Fields {
		if !f.Stored() && !renamedTo[f.Name] && !slices.ContainsFunc(old.Fields, func(o schema.Field) bool { return o.Name == f.Name && !o.Stored() }) &&
			len(f.Fields) == 0 {
			p.Changes = append(p.Changes, Change{Kind: KindAddField, Risk: RiskAdditive, Field: f.Name,
				Detail: fmt.Sprintf(msg.PlanAddField, label(&f))})
		}
	}
	p.settings()
	sort.SliceStable(p.Changes, func(i, j int) bool { return riskOrder[p.Changes[i].Risk] < riskOrder[p.Changes[j].Risk] })
	for _, c := range p.Changes {
		if c.Risk == RiskDestructive {
			p.Destructive, p.Confirm = true, next.Name
		}
	}
	return p, nil
}

// drop plans a field that is gone: its values are backed up, then its
// column is dropped.
func (p *Plan) drop(ctx context.Context, st *store.Store, oc *store.FieldColumn) error {
	cells, err := st.ReadColumn(ctx, *oc)
	if err != nil {
		return err
	}
	n := int64(len(cells))
	p.Changes = append(p.Changes, Change{Kind: KindDropField, Risk: RiskDestructive, Field: oc.Path, Rows: n, Losses: n,
		Detail: fmt.Sprintf(msg.PlanDropField, label(oc.Field), n), oldCol: oc, cells: cells})
	return nil
}

// compare plans the changes of one field kept (perhaps renamed).
func (p *Plan) compare(ctx context.Context, st *store.Store, oc, nc *store.FieldColumn) error {
	if oc.Column != nc.Column {
		n, err := countValues(ctx, st, oc)
		if err != nil {
			return err
		}
		p.Changes = append(p.Changes, Change{Kind: KindRename, Risk: RiskRename, Field: nc.Path, From: oc.Path, To: nc.Path,
			Rows: n, Detail: fmt.Sprintf(msg.PlanRename, oc.Path, nc.Path, n), oldCol: oc, newCol: nc})
	}
	of, nf := oc.Field, nc.Field
	if !store.SameStorage(of, nf) {
		cells, err := st.ReadColumn(ctx, *oc)
		if err != nil {
			return err
		}
		c := Change{Kind: KindTypeChange, Risk: RiskConvert, Field: nc.Path, From: string(of.Type), To: string(nf.Type),
			Rows: int64(len(cells)), oldCol: oc, newCol: nc, cells: cells}
		seen := map[string]bool{}
		for _, cell := range cells {
			to, ok := store.Convert(of, nf, cell.Value)
			if !ok {
				c.Losses++
			}
			key := fmt.Sprint(cell.Value)
			if len(c.Preview) < previewSize && !seen[key] {
				seen[key] = true
				c.Preview = append(c.Preview, Preview{From: cell.Value, To: to, OK: ok})
			}
		}
		if c.Losses > 0 {
			c.Risk = RiskDestructive
		}
		c.Detail = fmt.Sprintf(msg.PlanTypeChange, label(nf), of.Type, nf.Type, c.Rows, c.Losses)
		p.Changes = append(p.Changes, c)
		return nil
	}
	if os, ns := store.TextSize(of), store.TextSize(nf); os >= 0 && os != ns {
		if ns == 0 || (os > 0 && ns > os) {
			p.Changes = append(p.Changes, Change{Kind: KindWiden, Risk: RiskAdditive, Field: nc.Path, From: size(os), To: size(ns),
				Detail: fmt.Sprintf(msg.PlanWiden, label(nf), size(os), size(ns)), oldCol: oc, newCol: nc})
		} else if err := p.narrow(ctx, st, oc, nc, msg.PlanNarrow, size(os), size(ns)); err != nil {
			return err
		}
	}
	if op, os := store.DecimalSize(of); op > 0 {
		np, ns := store.DecimalSize(nf)
		from, to := fmt.Sprintf("%d,%d", op, os), fmt.Sprintf("%d,%d", np, ns)
		switch {
		case from == to:
		case np-ns >= op-os:
			p.Changes = append(p.Changes, Change{Kind: KindWiden, Risk: RiskAdditive, Field: nc.Path, From: from, To: to,
				Detail: fmt.Sprintf(msg.PlanWiden, label(nf), from, to), oldCol: oc, newCol: nc})
		default:
			if err := p.narrow(ctx, st, oc, nc, msg.PlanNarrowNum, from, to); err != nil {
				return err
			}
		}
	}
	if nf.Unique && !of.Unique {
		dups, err := st.Duplicates(ctx, *oc)
		if err != nil {
			return err
		}
		if dups > 0 {
			p.Problems = append(p.Problems, &schema.LoadError{File: p.next.File, Field: "fields." + nc.Path + ".unique",
				Problem: fmt.Sprintf(msg.DesignerUnique, label(nf), dups)})
		}
		p.Changes = append(p.Changes, Change{Kind: KindAddIndex, Risk: RiskAdditive, Field: nc.Path,
			Detail: fmt.Sprintf(msg.PlanAddIndex, label(nf))})
	} else if (nf.Filter != "" && of.Filter == "") || (nf.Sort && !of.Sort) {
		p.Changes = append(p.Changes, Change{Kind: KindAddIndex, Risk: RiskAdditive, Field: nc.Path,
			Detail: fmt.Sprintf(msg.PlanAddIndex, label(nf))})
	}
	return nil
}

// narrow plans a shorter text or a smaller decimal: the values that no
// longer fit are counted, backed up and cut.
func (p *Plan) narrow(ctx context.Context, st *store.Store, oc, nc *store.FieldColumn, format, from, to string) error {
	cells, err := st.ReadColumn(ctx, *oc)
	if err != nil {
		return err
	}
	var lost []store.Cell
	for _, cell := range cells {
		if !store.Fits(nc.Field, cell.Value) {
			lost = append(lost, cell)
		}
	}
	c := Change{Kind: KindNarrow, Risk: RiskConvert, Field: nc.Path, From: from, To: to, Rows: int64(len(cells)),
		Losses: int64(len(lost)), Detail: fmt.Sprintf(format, label(nc.Field), from, to, len(lost)),
		oldCol: oc, newCol: nc, cells: lost}
	if c.Losses > 0 {
		c.Risk = RiskDestructive
	}
	p.Changes = append(p.Changes, c)
	return nil
}

// settings adds one line per top-level key whose value changed without a
// column change (title, list, labels of fields, …).
func (p *Plan) settings() {
	a, b := topKeys(p.old), topKeys(p.next)
	keys := slices.Sorted(maps.Keys(b))
	for k := range a {
		if _, ok := b[k]; !ok {
			keys = append(keys, k)
		}
	}
	for _, k := range keys {
		if reflect.DeepEqual(a[k], b[k]) {
			continue
		}
		c := Change{Kind: KindSetting, Risk: RiskNone, Field: k, Detail: fmt.Sprintf(msg.PlanSetting, k)}
		if s, ok := scalarText(a[k]); ok {
			c.From = s
		}
		if s, ok := scalarText(b[k]); ok {
			c.To = s
		}
		p.Changes = append(p.Changes, c)
	}
}

func topKeys(m *schema.Module) map[string]any {
	out := map[string]any{}
	data, err := json.Marshal(m)
	if err == nil {
		_ = json.Unmarshal(data, &out)
	}
	return out
}

func scalarText(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64), true
	case bool:
		return strconv.FormatBool(x), true
	}
	return "", false
}

func countValues(ctx context.Context, st *store.Store, fc *store.FieldColumn) (int64, error) {
	cells, err := st.ReadColumn(ctx, *fc)
	return int64(len(cells)), err
}

func size(n int) string {
	if n == 0 {
		return msg.PlanUnbounded
	}
	return strconv.Itoa(n)
}

func label(f *schema.Field) string {
	if f.Label != "" {
		return f.Label
	}
	return f.Name
}

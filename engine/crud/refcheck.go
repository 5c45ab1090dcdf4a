package crud

// References within reach: every id a create, an update or an import puts
// in a ref field — a module ref, a user, org or grid ref, single or
// multiple, at the top level or in a children row — must name a record the
// caller could read: for a module ref a live record of the target module
// in the caller's tenant and in its data scope as the target's list applies
// it (moduleScope of the viewer); for a system ref an entity SystemRefs
// says the viewer may name. Anything else is a 400 naming the field
// (<label>不存在), the same answer whether the id does not exist, lies in
// another organisation or belongs to another tenant, so no id can be probed.
// The check costs one query per ref field per request (the ids of every
// record and row together). An update checks only the ids the field did not
// hold before, so a record keeping a reference it already had (one that
// later fell out of the editor's reach) stays editable.

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// SystemRefs says which of ids name system entities of kind ref ("user",
// "org" or "grid") that the viewer sc may reference: users of its tenant,
// organisations of its tenant inside its data scope. Ids it leaves out are
// refused.
type SystemRefs func(ctx context.Context, sc store.Scope, ref string, ids []int64) (map[int64]bool, error)

// OrgPaths gives the materialised path ("/1/5/") of an organisation of a
// tenant; an unknown one is store.ErrOutOfScope or store.ErrNotFound.
type OrgPaths func(ctx context.Context, tenantID, orgID int64) (string, error)

// systemRefs holds the installed SystemRefs.
type systemRefs struct{ fn atomic.Pointer[SystemRefs] }

// SetSystemRefs installs fn, which says which users, organisations and
// system grids a write may reference. Until one is installed no system
// reference is accepted.
func (d *Dispatcher) SetSystemRefs(fn SystemRefs) { d.refs.fn.Store(&fn) }

// RefsFromLabels is a SystemRefs built from what names system entities and
// what places organisations: an id exists when labels names it in the
// viewer's tenant; an organisation is within reach when the viewer's scope
// is the whole tenant, when it is the viewer's own, or, for a subtree
// scope, when its path lies under the viewer's (one orgPaths call per
// organisation id). Other system refs (a grid without a grid module) name
// nothing labels knows and are refused.
func RefsFromLabels(labels SystemLabels, orgPaths OrgPaths) SystemRefs {
	return func(ctx context.Context, sc store.Scope, ref string, ids []int64) (map[int64]bool, error) {
		known, err := labels(ctx, sc.TenantID, ref, "", ids)
		if err != nil {
			return nil, err
		}
		out := make(map[int64]bool, len(known))
		for id := range known {
			if ref != schema.RefOrg || sc.Mode == store.ScopeAll || id == sc.OrgID {
				out[id] = true
				continue
			}
			if sc.Mode != store.ScopeSubtree || sc.OrgPath == "" || orgPaths == nil {
				continue
			}
			path, err := orgPaths(ctx, sc.TenantID, id)
			switch {
			case errors.Is(err, store.ErrOutOfScope), errors.Is(err, store.ErrNotFound):
				continue
			case err != nil:
				return nil, fmt.Errorf("path of organisation %d: %w", id, err)
			}
			out[id] = strings.HasPrefix(path, sc.OrgPath)
		}
		return out, nil
	}
}

// refSlot is a ref field a record may hold ids in: a field of the module,
// or a field of the rows of one of its children fields (parent).
type refSlot struct {
	f      *schema.Field
	parent *schema.Field
}

// refSlots are the ref fields of m a client writes, in declaration order
// (children rows' ref fields where their children field is declared).
func refSlots(m *schema.Module) []refSlot {
	var out []refSlot
	for i := range m.Fields {
		f := &m.Fields[i]
		switch {
		case f.Type == schema.TypeRef && !f.ReadOnly:
			out = append(out, refSlot{f: f})
		case f.Type == schema.TypeChildren:
			for j := range f.Fields {
				if f.Fields[j].Type == schema.TypeRef {
					out = append(out, refSlot{f: &f.Fields[j], parent: f})
				}
			}
		}
	}
	return out
}

// refHit is one place of one record where a written id stands.
type refHit struct {
	rec   int
	field string // the error's field: villager, members.0.relative
	text  string // the error's message
	ids   []int64
}

// hits are the places of recs where slot s holds ids that olds (the
// stored records, same positions; nil or shorter for creates) did not hold
// in that slot.
func (s refSlot) hits(recs, olds []store.Record) []refHit {
	var out []refHit
	text := fmt.Sprintf(msg.RefNotFound, s.f.Label)
	for i, rec := range recs {
		var old store.Record
		if i < len(olds) {
			old = olds[i]
		}
		if s.parent == nil {
			if ids := newIDs(RefIDs(rec[s.f.Name]), RefIDs(old[s.f.Name])); len(ids) > 0 {
				out = append(out, refHit{i, s.f.Name, text, ids})
			}
			continue
		}
		var had []int64
		for _, row := range rowsOf(old[s.parent.Name]) {
			had = append(had, RefIDs(row[s.f.Name])...)
		}
		for j, row := range rowsOf(rec[s.parent.Name]) {
			if ids := newIDs(RefIDs(row[s.f.Name]), had); len(ids) > 0 {
				out = append(out, refHit{i, s.parent.Name + "." + strconv.Itoa(j) + "." + s.f.Name,
					fmt.Sprintf(msg.FieldChildRow, s.parent.Label, j+1, text), ids})
			}
		}
	}
	return out
}

// newIDs are the ids of ids that had does not hold.
func newIDs(ids, had []int64) []int64 {
	return slices.DeleteFunc(ids, func(id int64) bool { return slices.Contains(had, id) })
}

// rowsOf reads the rows of a children value, as a request or the store
// gives them.
func rowsOf(v any) []map[string]any {
	switch t := v.(type) {
	case []map[string]any:
		return t
	case []any:
		out := make([]map[string]any, 0, len(t))
		for _, e := range t {
			if row, ok := e.(map[string]any); ok {
				out = append(out, row)
			}
		}
		return out
	}
	return nil
}

// unreachableRefs checks the ids recs put in their ref fields (those olds
// did not hold) and returns, per record, a field error for each place
// holding an id out of the caller's reach. One query per ref field.
func (d *Dispatcher) unreachableRefs(ctx context.Context, x *call, recs, olds []store.Record) ([][]schema.FieldError, error) {
	out := make([][]schema.FieldError, len(recs))
	for _, s := range refSlots(x.m) {
		hits := s.hits(recs, olds)
		var ids []int64
		for _, h := range hits {
			for _, id := range h.ids {
				if !slices.Contains(ids, id) {
					ids = append(ids, id)
				}
			}
		}
		if len(ids) == 0 {
			continue
		}
		reach, err := d.reachable(ctx, x, s.f, ids)
		if err != nil {
			return nil, fmt.Errorf("check references of %s.%s: %w", x.m.Name, s.f.Name, err)
		}
		for _, h := range hits {
			if slices.ContainsFunc(h.ids, func(id int64) bool { return !reach[id] }) {
				out[h.rec] = append(out[h.rec], schema.FieldError{Field: h.field, Message: h.text})
			}
		}
	}
	return out, nil
}

// reachable is the set of ids of ref field f the caller could read.
func (d *Dispatcher) reachable(ctx context.Context, x *call, f *schema.Field, ids []int64) (map[int64]bool, error) {
	if target := x.set.RefModule(f); target != nil {
		found, err := d.opts.Store.FieldValues(ctx, target, readScope(target, x.viewer), "id", ids)
		if err != nil {
			return nil, err
		}
		out := make(map[int64]bool, len(found))
		for id := range found {
			out[id] = true
		}
		return out, nil
	}
	fn := d.refs.fn.Load()
	if fn == nil {
		return nil, nil
	}
	return (*fn)(ctx, x.viewer, f.Ref, ids)
}

// holdsRefs reports whether rec sets any ref field, directly or in
// children rows.
func holdsRefs(m *schema.Module, rec store.Record) bool {
	for _, s := range refSlots(m) {
		key := s.f.Name
		if s.parent != nil {
			key = s.parent.Name
		}
		if _, ok := rec[key]; ok {
			return true
		}
	}
	return false
}

// checkRefs refuses rec, about to be created (id 0) or to update record
// id, when it puts an id out of the caller's reach in a ref field: 400
// with the first problem as the message and all of them as errors.
func (d *Dispatcher) checkRefs(ctx context.Context, x *call, id int64, rec store.Record) error {
	if !holdsRefs(x.m, rec) {
		return nil
	}
	var olds []store.Record
	if id != 0 {
		old, err := d.opts.Store.Get(ctx, x.m, x.scope, id)
		if err != nil {
			return fmt.Errorf("update %s %d: %w", x.m.Name, id, err)
		}
		olds = []store.Record{old}
	}
	errs, err := d.unreachableRefs(ctx, x, []store.Record{rec}, olds)
	if err != nil {
		return err
	}
	if len(errs[0]) == 0 {
		return nil
	}
	return &httpx.Error{Status: http.StatusBadRequest, Message: errs[0][0].Message, Fields: errs[0]}
}

// checkImportRefs adds to the report, per row, each ref field holding an
// id out of the caller's reach.
func (d *Dispatcher) checkImportRefs(ctx context.Context, x *call, rows []*importRow, report *ImportReport) error {
	recs := make([]store.Record, len(rows))
	for i, r := range rows {
		recs[i] = r.rec
	}
	errs, err := d.unreachableRefs(ctx, x, recs, nil)
	if err != nil {
		return fmt.Errorf("import %s: %w", x.m.Name, err)
	}
	for i, fes := range errs {
		for _, fe := range fes {
			report.add(rows[i].num, fe.Field, fe.Message)
		}
	}
	return nil
}

package crud

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/query"
	"xiangzhi/engine/richtext"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// reserved are query parameters that belong to the HTTP layer, not to the
// criteria: the method override and the cache-busting timestamps some
// clients add.
var reserved = []string{"_method", "_t", "_"}

// MaxBatch is the most ids one batch delete may name.
const MaxBatch = 1000

// list answers one page of the records the criteria match within the scope,
// each with the display values of its references (label).
//
// The page is read as column values (Store.ListTable) and written straight
// from them in the module's column order (httpx.OKTable): the same bytes as
// the records of page written by OKObjects, without a map per record. The
// labels are resolved from the rows' reference columns and kept as lists
// of entries (labelTable), not maps. (A read step that needs whole records
// — there is none today — would take page's path.)
func (d *Dispatcher) list(c echo.Context, x *call) error {
	if recordLists.Load() {
		page, err := d.page(c, x, c.QueryParams())
		if err != nil {
			return err
		}
		return httpx.OKObjects(c, page.Rows, page.Total)
	}
	q, err := query.Parse(x.m, c.QueryParams(), reserved...)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	done, err := d.opts.Store.ReadTurn(ctx) // the page and its labels: one wait, in turn
	if err != nil {
		return err
	}
	t, err := d.opts.Store.ListTable(ctx, x.m, x.scope, q)
	if err != nil {
		done()
		return fmt.Errorf("list %s: %w", x.m.Name, err)
	}
	l := layoutOf(x.m, t.Keys)
	labels, err := d.labelTable(ctx, x, l, t.Rows)
	done()
	if err != nil {
		return err
	}
	for i := range t.Rows {
		t.Rows[i] = append(t.Rows[i], &labels[i])
	}
	err = httpx.OKTable(c, l.json, t.Rows, t.Total)
	t.Release() // the answer's bytes are written: nothing holds a row
	return err
}

// recordLists answers lists through the general path — Store.List's
// records, labelled and written by OKObjects — which the tests compare the
// table path with, byte for byte.
var recordLists atomic.Bool

// SetRecordLists makes list answers take the general path (records as
// maps) when on, the table path when off. For the comparison test and the
// list benchmark on the demo county (tools/demo), which the engine's own
// tests may not import.
func SetRecordLists(on bool) { recordLists.Store(on) }

// tableLayout is how a module's list pages are written: the JSON layout of
// its columns and "_labels", and the columns label reads.
type tableLayout struct {
	m    *schema.Module
	json *httpx.Layout
	// planIdx are the indexes in refFields(m) (and in its labelPlan's
	// fields) of the reference fields the rows hold, refs their indexes
	// in the keys.
	planIdx []int
	refs    []int
}

// layouts keeps a tableLayout per module name: a republished module (a new
// *schema.Module) replaces its entry, so they are as many as the modules.
var layouts sync.Map // module name → *tableLayout

// layoutOf is the layout of m's pages whose records have keys (Table.Keys).
func layoutOf(m *schema.Module, keys []string) *tableLayout {
	if v, ok := layouts.Load(m.Name); ok {
		l := v.(*tableLayout)
		if lk := l.json.Keys(); l.m == m && len(lk) == len(keys)+1 && slices.Equal(lk[:len(keys)], keys) {
			return l
		}
	}
	l := &tableLayout{m: m, json: httpx.NewLayout(append(slices.Clone(keys), schema.LabelsKey))}
	for i, f := range refFields(m) {
		if j := slices.Index(keys, f.Name); j >= 0 {
			l.planIdx, l.refs = append(l.planIdx, i), append(l.refs, j)
		}
	}
	layouts.Store(m.Name, l)
	return l
}

// page reads the page the query parameters ask for, labelled.
func (d *Dispatcher) page(c echo.Context, x *call, params url.Values) (*store.Page, error) {
	q, err := query.Parse(x.m, params, reserved...)
	if err != nil {
		return nil, err
	}
	page, err := d.opts.Store.List(c.Request().Context(), x.m, x.scope, q)
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", x.m.Name, err)
	}
	if err := d.label(c.Request().Context(), x, page.Rows); err != nil {
		return nil, err
	}
	return page, nil
}

// get answers one record with its children and, for a module with a
// workflow, its status history (the store adds both), with the display
// values of its references and the names of the history's users.
func (d *Dispatcher) get(c echo.Context, x *call) error {
	// The write sequences the labels are kept under are read with the
	// record, in its statement (label then reads none).
	rec, ctx, err := d.opts.Store.GetWithSeqs(c.Request().Context(), x.m, x.scope, x.id, refTargets(x))
	if err != nil {
		return fmt.Errorf("get %s %d: %w", x.m.Name, x.id, err)
	}
	if err := d.labelRecord(ctx, x, rec); err != nil {
		return err
	}
	if err := d.nameHistory(ctx, x, rec); err != nil {
		return err
	}
	return httpx.OKObject(c, rec)
}

// create validates the body against the module and inserts it, answering
// the created record. Keys the server sets (id, version, the status, …) may
// be echoed back: the validator accepts them and the store ignores them;
// so are read-only fields (dropReadOnly).
func (d *Dispatcher) create(c echo.Context, x *call) error {
	rec, err := httpx.BindObject(c, d.opts.MaxBody)
	if err != nil {
		return err
	}
	rec = richtext.Sanitize(x.m, schema.ApplyDefaults(x.m, dropReadOnly(x.m, rec)))
	if err := schema.Validate(x.m, x.set, rec, false); err != nil {
		return err
	}
	if err := checkFileFields(x.m, x.scope.TenantID, rec); err != nil {
		return err
	}
	if err := d.checkRefs(c.Request().Context(), x, 0, rec); err != nil {
		return err
	}
	created, err := d.opts.Store.Create(c.Request().Context(), x.m, x.scope, rec)
	if err != nil {
		return fmt.Errorf("create %s: %w", x.m.Name, err)
	}
	return httpx.OK(c, created)
}

// update serves PUT {api}/{id} and PUT {api} with the id in the body. Only
// the fields sent change; version, when sent, must still be the record's.
// Keys the server sets (createdAt, the status, …) and read-only fields may
// be echoed back: they are ignored.
func (d *Dispatcher) update(c echo.Context, x *call) error {
	rec, err := httpx.BindObject(c, d.opts.MaxBody)
	if err != nil {
		return err
	}
	id, err := bodyID(rec["id"], x.id)
	if err != nil {
		return err
	}
	rec = richtext.Sanitize(x.m, dropReadOnly(x.m, rec))
	if err := schema.Validate(x.m, x.set, rec, true); err != nil {
		return err
	}
	if err := checkFileFields(x.m, x.scope.TenantID, rec); err != nil {
		return err
	}
	if err := d.checkRefs(c.Request().Context(), x, id, rec); err != nil {
		return err
	}
	updated, err := d.opts.Store.Update(c.Request().Context(), x.m, x.scope, id, rec)
	if err != nil {
		return fmt.Errorf("update %s %d: %w", x.m.Name, id, err)
	}
	return httpx.OK(c, updated)
}

// dropReadOnly removes the module's read-only fields (readOnly or
// autoNumber) and the display values (_labels) from a client's record: what the server computes — a hook,
// the store's numbering, an import — is never set through the module API.
// Clients may echo a record back unchanged, so the values are ignored, not
// refused.
func dropReadOnly(m *schema.Module, rec map[string]any) map[string]any {
	delete(rec, schema.LabelsKey)
	for i := range m.Fields {
		if m.Fields[i].ReadOnly {
			delete(rec, m.Fields[i].Name)
		}
	}
	return rec
}

// bodyID reconciles the id in the body with the one in the path (0 when the
// path has none).
func bodyID(v any, pathID int64) (int64, error) {
	if v == nil {
		if pathID == 0 {
			return 0, httpx.BadRequest(msg.IDRequired)
		}
		return pathID, nil
	}
	var text string
	switch t := v.(type) {
	case json.Number:
		text = t.String()
	case string:
		text = t
	default:
		return 0, httpx.ErrBadID
	}
	id, err := httpx.ParseID(text)
	if err != nil {
		return 0, err
	}
	if pathID != 0 && id != pathID {
		return 0, httpx.BadRequest(msg.IDMismatch)
	}
	return id, nil
}

// DeleteResult is the answer of a delete.
type DeleteResult struct {
	Deleted int64 `json:"deleted"`
}

// deleteOne soft-deletes one record; a record out of reach is a 404.
func (d *Dispatcher) deleteOne(c echo.Context, x *call) error {
	n, err := d.opts.Store.Delete(c.Request().Context(), x.m, x.scope, []int64{x.id})
	if err != nil {
		return fmt.Errorf("delete %s %d: %w", x.m.Name, x.id, err)
	}
	return httpx.OK(c, DeleteResult{Deleted: n})
}

// deleteMany deletes the records ids=1,2,3 names that the scope reaches;
// reaching none is a 404 like a single delete.
func (d *Dispatcher) deleteMany(c echo.Context, x *call) error {
	ids, err := parseIDs(c.QueryParams()["ids"])
	if err != nil {
		return err
	}
	if err := onlyParams(c, "ids"); err != nil {
		return err
	}
	n, err := d.opts.Store.Delete(c.Request().Context(), x.m, x.scope, ids)
	if err != nil {
		return fmt.Errorf("delete %s: %w", x.m.Name, err)
	}
	return httpx.OK(c, DeleteResult{Deleted: n})
}

// parseIDs reads ids given as ids=1,2,3 or repeated ids=1&ids=2, dropping
// repeats.
func parseIDs(vals []string) ([]int64, error) {
	var ids []int64
	for _, v := range vals {
		for _, s := range strings.Split(v, ",") {
			s = strings.TrimSpace(s)
			if s == "" {
				continue
			}
			id, err := httpx.ParseID(s)
			if err != nil {
				return nil, err
			}
			if !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
	}
	switch {
	case len(ids) == 0:
		return nil, httpx.BadRequest(msg.NoIDs)
	case len(ids) > MaxBatch:
		return nil, httpx.BadRequest(msg.TooManyIDs)
	}
	return ids, nil
}

// onlyParams refuses query parameters other than the allowed and reserved
// ones, naming the first unknown one.
func onlyParams(c echo.Context, allowed ...string) error {
	keys := slices.Sorted(maps.Keys(c.QueryParams()))
	for _, k := range keys {
		if !slices.Contains(allowed, k) && !slices.Contains(reserved, k) {
			return httpx.NewError(http.StatusBadRequest, fmt.Sprintf(msg.QueryUnknownParam, k))
		}
	}
	return nil
}

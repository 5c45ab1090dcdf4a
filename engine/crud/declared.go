package crud

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// declared is one route a module file declares (schema.Route), compiled:
// its path split into segments, "{id}" where the id goes.
type declared struct {
	m    *schema.Module
	r    *schema.Route
	segs []string
}

// declaredKey is what a path must share with a declared route to be
// tested against it: its number of segments and its first segment.
type declaredKey struct {
	n     int
	first string
}

// declaredRoutes are the declared routes of every module, in the set's
// order, and the same routes by declaredKey (each list in that order), so
// that a request tests the few routes of its own shape rather than every
// declared route of every module (every request to a module path asked).
type declaredRoutes struct {
	all   []*declared
	byKey map[declaredKey][]*declared
	wild  bool // some route's first segment is the id: byKey cannot answer
}

// compileDeclared lists the declared routes of every module.
func compileDeclared(set *schema.Set) declaredRoutes {
	out := declaredRoutes{byKey: map[declaredKey][]*declared{}}
	for _, m := range set.Modules {
		for i := range m.Routes {
			r := &m.Routes[i]
			d := &declared{m: m, r: r, segs: strings.Split(strings.TrimPrefix(m.RoutePath(r), "/"), "/")}
			out.all = append(out.all, d)
			if d.segs[0] == "{id}" {
				out.wild = true
			}
			k := declaredKey{n: len(d.segs), first: d.segs[0]}
			out.byKey[k] = append(out.byKey[k], d)
		}
	}
	return out
}

// candidates are the routes path (trimmed of its slashes) may match, in
// the set's order, and the path's segments.
func (dr *declaredRoutes) candidates(path string) ([]*declared, []string) {
	segs := strings.Split(path, "/")
	if dr.wild {
		return dr.all, segs
	}
	return dr.byKey[declaredKey{n: len(segs), first: segs[0]}], segs
}

// match reports whether path (split) is this route's, and the id segment.
func (dr *declared) match(segs []string) (idText string, ok bool) {
	if len(segs) != len(dr.segs) {
		return "", false
	}
	for i, s := range dr.segs {
		switch {
		case s == "{id}":
			idText = segs[i]
		case s != segs[i]:
			return "", false
		}
	}
	return idText, true
}

// findDeclared returns the declared route for method and path: nil with
// pathKnown when a declared route has the path under another method.
func (r *registry) findDeclared(method, path string) (dr *declared, idText string, pathKnown bool) {
	cands, segs := r.declared.candidates(strings.TrimPrefix(strings.TrimSuffix(path, "/"), "/"))
	for _, d := range cands {
		id, ok := d.match(segs)
		if !ok {
			continue
		}
		pathKnown = true
		if d.r.Method == method {
			return d, id, true
		}
	}
	return nil, "", pathKnown
}

// serveDeclared runs a declared route with the permission code and data
// scope of its generic operation.
func (d *Dispatcher) serveDeclared(c echo.Context, set *schema.Set, dr *declared, idText string) error {
	m, r := dr.m, dr.r
	httpx.SetRouteGroup(c, strings.TrimSuffix(m.API, "/"))
	httpx.SetRoute(c, strings.ReplaceAll(m.RoutePath(r), "{id}", ":id"))
	x := &call{m: m, set: set}
	if idText != "" {
		var err error
		if x.id, err = httpx.ParseID(idText); err != nil {
			return err
		}
	}
	var err error
	if r.Op == "status" {
		a := m.Action(r.Action)
		if x.viewer, err = d.opts.Authorizer.Authorize(c, m.ActionCode(*a)); err != nil {
			return err
		}
	} else if x.viewer, err = d.opts.Authorizer.Authorize(c, m.RouteCode(r)); err != nil {
		return err
	}
	x.scope = moduleScope(m, x.viewer)
	if code := schema.RouteOps[r.Op]; readCodes[code] {
		x.scope = readScope(m, x.viewer)
	}
	fixParams(c, r.Params)
	switch r.Op {
	case "list":
		return d.declaredList(c, x, r.Answer == "rows")
	case "get":
		if x.id == 0 {
			if x.id, err = queryID(c); err != nil {
				return err
			}
		}
		return d.get(c, x)
	case "create":
		return d.create(c, x)
	case "update":
		return d.update(c, x)
	case "delete":
		return d.declaredDelete(c, x)
	case "export":
		return d.export(c, x)
	case "status":
		return d.declaredStatus(c, x, m.Action(r.Action))
	case "exists", "unique":
		return d.exists(c, x, r.Field, r.Op == "unique")
	case "tree":
		return d.tree(c, x, r.Field)
	case "stats":
		return d.declaredStats(c, x)
	case "removeRow":
		return d.removeRow(c, x, r.Field)
	}
	return httpx.ErrRouteNotFound
}

// fixParams sets the route's fixed query parameters over the caller's, and
// reads the paging names other clients send: pageSize for size, pageNum
// and current (one-based) for page.
func fixParams(c echo.Context, fixed map[string]string) {
	q := c.QueryParams()
	if v := q.Get("pageSize"); v != "" && q.Get("size") == "" {
		q.Set("size", v)
	}
	for _, k := range []string{"pageNum", "current"} {
		if v := q.Get(k); v != "" && q.Get("page") == "" {
			if n, err := strconv.Atoi(v); err == nil && n >= 1 {
				q.Set("page", strconv.Itoa(n-1))
			}
		}
	}
	q.Del("pageSize")
	q.Del("pageNum")
	q.Del("current")
	for k, v := range fixed {
		q.Set(k, v)
	}
	c.Request().URL.RawQuery = q.Encode()
	c.SetRequest(c.Request()) // echo caches the parsed query: read it anew
}

// queryID reads the record id from ?id= (getById?id=7).
func queryID(c echo.Context) (int64, error) {
	v := c.QueryParam("id")
	if v == "" {
		return 0, httpx.BadRequest(msg.IDRequired)
	}
	return httpx.ParseID(v)
}

// declaredList answers a list as a page ({data, recordsTotal}) or, with
// rows, as the array alone (up to the largest page when no size is sent).
func (d *Dispatcher) declaredList(c echo.Context, x *call, rows bool) error {
	p := c.QueryParams()
	if rows && p.Get("size") == "" {
		p.Set("size", strconv.Itoa(query.MaxSize))
	}
	page, err := d.page(c, x, p)
	if err != nil {
		return err
	}
	if rows {
		if page.Rows == nil {
			page.Rows = []store.Record{}
		}
		return httpx.OK(c, page.Rows)
	}
	return httpx.OKObjects(c, page.Rows, page.Total)
}

// declaredDelete deletes the record of the path's {id}, or the ids of the
// query (ids=1,2), or of the body ([1,2], {"ids": [1,2]} or {"id": 1}).
func (d *Dispatcher) declaredDelete(c echo.Context, x *call) error {
	if x.id != 0 {
		return d.deleteOne(c, x)
	}
	if c.QueryParams().Has("ids") {
		return d.deleteMany(c, x)
	}
	if v := c.QueryParam("id"); v != "" {
		id, err := httpx.ParseID(v)
		if err != nil {
			return err
		}
		x.id = id
		return d.deleteOne(c, x)
	}
	vals, err := bodyIDs(c, d.opts.MaxBody)
	if err != nil {
		return err
	}
	ids, err := parseIDs(vals)
	if err != nil {
		return err
	}
	n, err := d.opts.Store.Delete(c.Request().Context(), x.m, x.scope, ids)
	if err != nil {
		return fmt.Errorf("delete %s: %w", x.m.Name, err)
	}
	return httpx.OK(c, DeleteResult{Deleted: n})
}

// bodyIDs reads the ids of a delete's body as texts for parseIDs.
func bodyIDs(c echo.Context, limit int64) ([]string, error) {
	raw, err := io.ReadAll(http.MaxBytesReader(c.Response(), c.Request().Body, limit))
	if err != nil || len(bytes.TrimSpace(raw)) == 0 {
		return nil, httpx.BadRequest(msg.NoIDs)
	}
	var list []json.Number
	if json.Unmarshal(raw, &list) == nil {
		return numbers(list), nil
	}
	var obj struct {
		IDs []json.Number `json:"ids"`
		ID  json.Number   `json:"id"`
	}
	if err := json.Unmarshal(raw, &obj); err != nil {
		return nil, httpx.ErrBadID
	}
	if obj.ID != "" {
		obj.IDs = append(obj.IDs, obj.ID)
	}
	return numbers(obj.IDs), nil
}

func numbers(ns []json.Number) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = n.String()
	}
	return out
}

// declaredStatus runs the route's status action on the record of {id} (or
// the body's id), with the body's comment and version when sent.
func (d *Dispatcher) declaredStatus(c echo.Context, x *call, a *schema.Action) error {
	body, err := httpx.BindFields(c, d.opts.MaxBody, "id", "comment", "version", "action")
	if err != nil {
		return err
	}
	if x.id == 0 && body["id"] == nil && c.QueryParam("id") != "" {
		x.id, err = queryID(c)
	} else if x.id == 0 {
		x.id, err = bodyID(body["id"], 0)
	}
	if err != nil {
		return err
	}
	req, err := readStatusRequest(map[string]any{"action": a.Name, "comment": body["comment"], "version": body["version"]})
	if err != nil {
		return err
	}
	return d.runAction(c, x, a, req)
}

// exists answers whether another record of the tenant holds the value
// (?<field>=v or ?value=v; ?id= leaves that record out): data true when
// one does, or with unique true when none does. The check spans the whole
// tenant, as the unique constraint does.
func (d *Dispatcher) exists(c echo.Context, x *call, field string, unique bool) error {
	p := c.QueryParams()
	v := strings.TrimSpace(p.Get(field))
	if v == "" {
		v = strings.TrimSpace(p.Get("value"))
	}
	if v == "" {
		text := fmt.Sprintf(msg.RouteValueRequired, x.m.Field(field).Label)
		return &httpx.Error{Status: http.StatusBadRequest, Message: text,
			Fields: []schema.FieldError{{Field: field, Message: text}}}
	}
	q := &query.Query{Size: 1, Filters: []query.Filter{{Field: field, Op: query.Equals, Values: []any{v}}}}
	if s := p.Get("id"); s != "" {
		id, err := httpx.ParseID(s)
		if err != nil {
			return err
		}
		q.Filters = append(q.Filters, query.Filter{Field: "id", Op: query.NotEquals, Values: []any{id}})
	}
	sc := x.scope
	sc.Mode = store.ScopeAll
	page, err := d.opts.Store.List(c.Request().Context(), x.m, sc, q)
	if err != nil {
		return fmt.Errorf("exists %s: %w", x.m.Name, err)
	}
	return httpx.OK(c, (page.Total > 0) != unique)
}

// Node is one record of a tree answer with the records under it.
type Node struct {
	store.Record
	Children []*Node `json:"children"`
}

// MarshalJSON writes the record's keys and children side by side.
func (n *Node) MarshalJSON() ([]byte, error) {
	out := make(map[string]any, len(n.Record)+1)
	for k, v := range n.Record {
		out[k] = v
	}
	out["children"] = n.Children
	return json.Marshal(out)
}

// tree answers the records in reach (the criteria apply; at most the
// largest page) nested by parent: a record whose parent is out of reach is
// a root. ?parentId= (or ?<parent>=) answers only that record's subtree's
// first level down as roots.
func (d *Dispatcher) tree(c echo.Context, x *call, parent string) error {
	p := c.QueryParams()
	under := p.Get("parentId")
	p.Del("parentId")
	if p.Get("size") == "" {
		p.Set("size", strconv.Itoa(query.MaxSize))
	}
	if p.Get("sort") == "" && x.m.List.Sort == "" {
		p.Set("sort", "id")
	}
	q, err := query.Parse(x.m, p, reserved...)
	if err != nil {
		return err
	}
	page, err := d.opts.Store.List(c.Request().Context(), x.m, x.scope, q)
	if err != nil {
		return fmt.Errorf("tree %s: %w", x.m.Name, err)
	}
	if err := d.label(c.Request().Context(), x, page.Rows); err != nil {
		return err
	}
	nodes := map[int64]*Node{}
	for _, r := range page.Rows {
		id, _ := asInt(r["id"])
		nodes[id] = &Node{Record: r, Children: []*Node{}}
	}
	roots := []*Node{}
	var underID int64
	if under != "" {
		if underID, err = httpx.ParseID(under); err != nil {
			return err
		}
	}
	for _, r := range page.Rows {
		id, _ := asInt(r["id"])
		pid, ok := asInt(r[parent])
		switch {
		case underID != 0:
			if ok && pid == underID {
				roots = append(roots, nodes[id])
			}
		case ok && nodes[pid] != nil && pid != id:
			nodes[pid].Children = append(nodes[pid].Children, nodes[id])
		default:
			roots = append(roots, nodes[id])
		}
	}
	if underID != 0 {
		for _, r := range page.Rows {
			id, _ := asInt(r["id"])
			if pid, ok := asInt(r[parent]); ok && nodes[pid] != nil && pid != id {
				nodes[pid].Children = append(nodes[pid].Children, nodes[id])
			}
		}
	}
	return httpx.OK(c, roots)
}

// declaredStats answers the route's statistic (its params fix by, bucket,
// measure, …) as a page: data the buckets, recordsTotal their count.
func (d *Dispatcher) declaredStats(c echo.Context, x *call) error {
	buckets, err := d.statsOf(c, x)
	if err != nil {
		return err
	}
	if buckets == nil {
		buckets = []store.Bucket{}
	}
	return httpx.OK(c, map[string]any{"data": buckets, "recordsTotal": len(buckets)})
}

// removeRow removes one row of a children field: the path's {id} is the
// row's id. The record holding it must be in the caller's write scope
// (else 404, as a row of another tenant is). The record is then updated as
// PUT with the field's other rows would update it — the module's rules,
// references, write hooks and history apply, and the update holds only
// for the version read (a concurrent edit is 409) — and the answer is the
// record.
func (d *Dispatcher) removeRow(c echo.Context, x *call, field string) error {
	ctx := c.Request().Context()
	parent, err := d.opts.Store.ChildParent(ctx, x.m, field, x.scope.TenantID, x.id)
	if err != nil {
		return fmt.Errorf("remove row %d of %s.%s: %w", x.id, x.m.Name, field, err)
	}
	rec, err := d.opts.Store.Get(ctx, x.m, x.scope, parent)
	if err != nil {
		return err
	}
	rows, _ := rec[field].([]store.Record)
	keep := make([]store.Record, 0, len(rows))
	for _, row := range rows {
		if id, _ := asInt(row["id"]); id != x.id {
			keep = append(keep, row)
		}
	}
	if len(keep) == len(rows) { // the record was saved since: its rows are new
		return fmt.Errorf("remove row %d of %s %d: %w", x.id, x.m.Name, parent, store.ErrNotFound)
	}
	// The rows as a client sends them back: JSON values, numbers as
	// json.Number.
	raw, err := json.Marshal(map[string]any{field: keep, "version": rec["version"]})
	if err != nil {
		return fmt.Errorf("remove row of %s.%s: %w", x.m.Name, field, err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var upd map[string]any
	if err := dec.Decode(&upd); err != nil {
		return fmt.Errorf("remove row of %s.%s: %w", x.m.Name, field, err)
	}
	if err := schema.Validate(x.m, x.set, upd, true); err != nil {
		return err
	}
	if err := checkFileFields(x.m, x.scope.TenantID, upd); err != nil {
		return err
	}
	if err := d.checkRefs(ctx, x, parent, upd); err != nil {
		return err
	}
	updated, err := d.opts.Store.Update(ctx, x.m, x.scope, parent, upd)
	if err != nil {
		return fmt.Errorf("remove row of %s %d: %w", x.m.Name, parent, err)
	}
	return httpx.OK(c, updated)
}

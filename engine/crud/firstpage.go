package crud

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// FirstPage reads the page of m's records a list page opening on criteria
// (the criteria of its address, without what it fills in from the
// schema) asks GET {api} for: criteria with the list's default page, size
// and order added where they name none, as the console adds them. The
// page is what GET {api} with that query answers the request's user —
// authorized with the module's list code, read in the list's scope,
// labelled — so the console may ask for it together with the schema
// (GET /api/modules/{name}/schema?rows=…) and use it instead. query is the
// query the page is of; the console uses the page only if its list asks
// exactly that. ok is false, and nothing is read, when GET {api} is a
// route the module declares rather than the generic list.
func (d *Dispatcher) FirstPage(c echo.Context, m *schema.Module, criteria url.Values) (query url.Values, page *store.Page, ok bool, err error) {
	reg := d.reg.Load()
	base := strings.TrimSuffix(m.API, "/")
	if dr, _, _ := reg.findDeclared(http.MethodGet, base); dr != nil {
		return nil, nil, false, nil
	}
	query = listQuery(m, criteria)
	x := &call{m: m, set: reg.set}
	if x.viewer, err = d.opts.Authorizer.Authorize(c, m.Code("list")); err != nil {
		return nil, nil, false, err
	}
	x.scope = readScope(m, x.viewer)
	if page, err = d.page(c, x, query); err != nil {
		return nil, nil, false, err
	}
	return query, page, true, nil
}

// listQuery is criteria with the list's default page (the first), size and
// order where it names none. The order is written as the console writes
// the schema's list.sort ("a,desc;b,asc"): one sort=field,dir per key, a
// key without a direction descending.
func listQuery(m *schema.Module, criteria url.Values) url.Values {
	q := url.Values{}
	for k, v := range criteria {
		q[k] = append([]string(nil), v...)
	}
	if !q.Has("page") {
		q.Set("page", "0")
	}
	if !q.Has("size") {
		q.Set("size", strconv.Itoa(schema.ListPageSize(m)))
	}
	if !q.Has("sort") {
		for _, part := range strings.Split(schema.ListSort(m), ";") {
			field, dir, _ := strings.Cut(strings.TrimSpace(part), ",")
			if field = strings.TrimSpace(field); field == "" {
				continue
			}
			order := "desc"
			if strings.EqualFold(strings.TrimSpace(dir), "asc") {
				order = "asc"
			}
			q.Add("sort", field+","+order)
		}
	}
	return q
}

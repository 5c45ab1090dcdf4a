package crud

import (
	"net/http"
	"strings"
	"testing"

	"xiangzhi/engine/schema"
)

// TestFindDeclared: the declared routes looked up by their shape answer
// what testing every declared route in the set's order answers — the
// route, its id segment and whether the path is declared with another
// method — for paths of every length, with and without slashes around,
// and when a route's first segment is the id (the index cannot answer
// then, and every route is tested).
func TestFindDeclared(t *testing.T) {
	mod := func(name, api string, routes ...schema.Route) *schema.Module {
		return &schema.Module{Name: name, API: api, Routes: routes}
	}
	get := func(path string) schema.Route { return schema.Route{Path: path, Method: http.MethodGet, Op: "get"} }
	post := func(path string) schema.Route { return schema.Route{Path: path, Method: http.MethodPost, Op: "create"} }
	sets := map[string]*schema.Set{
		"named": {Modules: []*schema.Module{
			mod("a", "/cmzz/api/villagerinfo", get("selectByPrimaryKey/{id}"), post("add"), get("getPageList"), get("{id}/card")),
			mod("b", "/cmzz/api/household", get("selectByPrimaryKey/{id}"), post("selectByPrimaryKey/{id}")),
			mod("c", "/affairs/notices", get("/affairs/zwglVillageNoticesByCriteria/list"), get("/x")),
		}},
		"id first": {Modules: []*schema.Module{
			mod("a", "/cmzz/api/villagerinfo", get("selectByPrimaryKey/{id}")),
			mod("d", "/d", get("/{id}/card"), get("/7/card")),
		}},
	}
	paths := []string{"", "/", "/x", "/x/", "/y", "/cmzz/api/villagerinfo/selectByPrimaryKey/12",
		"/cmzz/api/villagerinfo/selectByPrimaryKey/12/", "cmzz/api/villagerinfo/selectByPrimaryKey/12",
		"/cmzz/api/villagerinfo/selectByPrimaryKey", "/cmzz/api/villagerinfo/add", "/cmzz/api/villagerinfo/getPageList",
		"/cmzz/api/villagerinfo/5/card", "/cmzz/api/villagerinfo/5/cards", "/cmzz/api/household/selectByPrimaryKey/3",
		"/affairs/zwglVillageNoticesByCriteria/list", "/affairs/zwglVillageNoticesByCriteria/list/1",
		"/7/card", "/8/card", "/7/cards", "/cmzz/api/villagerinfo/12"}
	for name, set := range sets {
		routes := compileDeclared(set)
		if name == "id first" && !routes.wild || name == "named" && routes.wild {
			t.Errorf("%s: wild = %v", name, routes.wild)
		}
		r := &registry{set: set, declared: routes}
		found := 0
		for _, p := range paths {
			for _, method := range []string{http.MethodGet, http.MethodPost, http.MethodDelete, ""} {
				dr, id, known := r.findDeclared(method, p)
				wdr, wid, wknown := scanDeclared(routes.all, method, p)
				if dr != wdr || id != wid || known != wknown {
					t.Errorf("%s: %s %q = %v %q %v, want %v %q %v", name, method, p, dr, id, known, wdr, wid, wknown)
				}
				if dr != nil {
					found++
				}
			}
		}
		if found == 0 {
			t.Fatalf("%s: no path found a route", name)
		}
	}
}

// scanDeclared is findDeclared by testing every route in order.
func scanDeclared(all []*declared, method, path string) (*declared, string, bool) {
	segs := strings.Split(strings.TrimPrefix(strings.TrimSuffix(path, "/"), "/"), "/")
	known := false
	for _, d := range all {
		id, ok := d.match(segs)
		if !ok {
			continue
		}
		known = true
		if d.r.Method == method {
			return d, id, true
		}
	}
	return nil, "", known
}

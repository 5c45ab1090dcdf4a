package demo_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"xiangzhi/engine"
	"xiangzhi/engine/crud"
	"xiangzhi/engine/schema"
	"xiangzhi/tools/demo/demotest"
)

// TestListTableAsRecords: on a demo county, every shipped module's list
// pages — first pages, a later page sorted by each sortable field both
// ways, a page past the end — answer byte for byte the same through the
// table path (column values written by a layout) as through the general
// path (records as maps, labelled, written by OKObjects), for a county and
// a village administrator, on SQLite, PostgreSQL and MariaDB.
func TestListTableAsRecords(t *testing.T) {
	onEachDatabase(t, func(t *testing.T, app *engine.App) {
		env := demotest.NewOn(t, app)
		defer crud.SetRecordLists(false)
		answer := func(token, path string, records bool) string {
			crud.SetRecordLists(records)
			req := httptest.NewRequest(http.MethodGet, path, nil)
			req.Header.Set("Authorization", "Bearer "+token)
			req.RemoteAddr = "192.0.2.10:40000"
			rec := httptest.NewRecorder()
			env.App.Handler().ServeHTTP(rec, req)
			return fmt.Sprintf("%d %s %s", rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
		}
		pages, full := 0, 0
		for _, user := range []string{"county_admin", "v01_admin"} {
			token := env.Login(t, user)
			for _, m := range env.App.Modules().Modules {
				if m.API == "" {
					continue
				}
				paths := []string{m.API, m.API + "?page=0&size=50", m.API + "?page=200&size=50"}
				for _, f := range sortable(m) {
					paths = append(paths, m.API+"?page=1&size=3&sort="+f+",desc", m.API+"?page=0&size=5&sort="+f+",asc")
				}
				for _, p := range paths {
					got, want := answer(token, p, false), answer(token, p, true)
					if got != want {
						t.Fatalf("%s GET %s:\ntable   %.2000s\nrecords %.2000s", user, p, got, want)
					}
					pages++
					if len(got) > 300 && got[:4] == "200 " {
						full++
					}
				}
			}
		}
		if full < 50 {
			t.Fatalf("only %d of %d pages answered 200 with records: the comparison proves little", full, pages)
		}
		t.Logf("%d pages compared, %d with records", pages, full)
	})
}

// sortable are the fields a list of m may be sorted by.
func sortable(m *schema.Module) []string {
	var out []string
	for _, f := range m.Fields {
		if f.Sort {
			out = append(out, f.Name)
		}
	}
	return out
}

// BenchmarkListPage serves the county administrator's villager list
// sorted by birth date, page 4 of 20 (the county bench's sorted page), on
// a demo county in SQLite, through the whole handler chain: "records" is
// the general path, "table" the column-value path.
//
//	go test ./tools/demo -run '^$' -bench ListPage -benchmem -cpu 1
func BenchmarkListPage(b *testing.B) {
	env := demotest.New(b)
	token := env.Login(b, "county_admin")
	defer crud.SetRecordLists(false)
	for _, path := range []struct{ name, path string }{
		{"sorted", "/cmzz/api/villagerinfo?page=3&size=20&sort=birthDate,desc"},
		{"first", "/cmzz/api/villagerinfo?page=0&size=20"},
	} {
		for _, records := range []bool{true, false} {
			name := path.name + "/table"
			if records {
				name = path.name + "/records"
			}
			b.Run(name, func(b *testing.B) {
				crud.SetRecordLists(records)
				for b.Loop() {
					req := httptest.NewRequest(http.MethodGet, path.path, nil)
					req.Header.Set("Authorization", "Bearer "+token)
					req.Header.Set("Accept-Encoding", "gzip")
					req.RemoteAddr = "192.0.2.10:40000"
					rec := httptest.NewRecorder()
					env.App.Handler().ServeHTTP(rec, req)
					if rec.Code != http.StatusOK {
						b.Fatalf("%s: %d %s", path.path, rec.Code, rec.Body)
					}
				}
			})
		}
	}
}

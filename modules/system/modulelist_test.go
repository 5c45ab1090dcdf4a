package system

import (
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"xiangzhi/engine/msg"
)

func TestModuleList(t *testing.T) {
	app, s := newTestApp(t)
	m := app.Modules().Module("villageRecord")
	if m == nil {
		t.Fatal("test module villageRecord not loaded")
	}
	tests := []struct {
		name     string
		token    string
		status   int
		wantSeen bool
	}{
		{"anonymous", "", http.StatusUnauthorized, false},
		{"signed in without the list code", tokenWithCodes(t, app, s), http.StatusOK, false},
		{"holding the list code", tokenWithCodes(t, app, s, m.Code("list")), http.StatusOK, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, env := call(t, app, tt.token, http.MethodGet, "/api/modules", nil)
			if status != tt.status {
				t.Fatalf("status = %d, want %d (%v)", status, tt.status, env)
			}
			if status != http.StatusOK {
				return
			}
			seen := false
			for _, e := range env["data"].([]any) {
				row := e.(map[string]any)
				if row["name"] == m.Name {
					seen = true
					if row["api"] != m.API || row["title"] != m.Title {
						t.Errorf("entry = %v, want api %s title %s", row, m.API, m.Title)
					}
				}
			}
			if seen != tt.wantSeen {
				t.Errorf("module listed = %v, want %v", seen, tt.wantSeen)
			}
		})
	}
}

// TestModuleSchemaByName: /api/modules/{name}/schema answers what the module's own {api}/schema does, to the
// same viewers (its list code), and 404 for a name no module has.
func TestModuleSchemaByName(t *testing.T) {
	app, s := newTestApp(t)
	m := app.Modules().Module("villageRecord")
	if m == nil {
		t.Fatal("test module villageRecord not loaded")
	}
	lister := tokenWithCodes(t, app, s, m.Code("list"))
	byName := "/api/modules/" + m.Name + "/schema"
	tests := []struct {
		name   string
		token  string
		path   string
		status int
	}{
		{"anonymous", "", byName, http.StatusUnauthorized},
		{"signed in without the list code", tokenWithCodes(t, app, s), byName, http.StatusForbidden},
		{"holding another code only", tokenWithCodes(t, app, s, m.Code("add")), byName, http.StatusForbidden},
		{"holding the list code", lister, byName, http.StatusOK},
		{"unknown module", lister, "/api/modules/noSuchModule/schema", http.StatusNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, env := call(t, app, tt.token, http.MethodGet, tt.path, nil)
			if status != tt.status {
				t.Fatalf("status = %d, want %d (%v)", status, tt.status, env)
			}
		})
	}
	_, got := call(t, app, lister, http.MethodGet, byName, nil)
	_, want := call(t, app, lister, http.MethodGet, strings.TrimSuffix(m.API, "/")+"/schema", nil)
	if want["data"] == nil || !reflect.DeepEqual(got["data"], want["data"]) {
		t.Errorf("by name = %v\nwant the module's own schema %v", got["data"], want["data"])
	}
}

// TestModuleSchemaWithFirstPage: with rows=<criteria>, /api/modules/{name}/schema answers the schema and the
// page the module's list asks GET {api} for — the criteria with the list's default page, size and order, as
// the console fills them in — exactly as GET {api} with that query answers the same user (their data scope:
// a village user sees their village's records, the township both), refuses what GET {api} refuses, and any
// other parameter.
func TestModuleSchemaWithFirstPage(t *testing.T) {
	forEachDB(t, func(t *testing.T, app *engineApp, s *Service) {
		root := rootOrg(t, s, s.tenantID)
		town := createOrg(t, s, s.tenantID, root.ID, "一镇")
		v1 := createOrg(t, s, s.tenantID, town.ID, "甲村")
		v2 := createOrg(t, s, s.tenantID, town.ID, "乙村")
		clerk := createRole(t, s, s.tenantID, "村务员", recordCodes...)
		token := func(name string, orgID int64) string {
			u := createUser(t, s, userSpec{Username: name, OrgID: orgID, RoleIDs: []int64{clerk.ID}})
			return login(t, app, u.Username, testPassword)
		}
		a, b, townUser := token("cunA", v1.ID), token("cunB", v2.ID), token("zhen", town.ID)
		for i := range 12 {
			mustOK(t, app, a, http.MethodPost, testModuleAPI, map[string]any{"title": fmt.Sprintf("甲村记录%02d", i), "kind": 1 + i%2})
		}
		mustOK(t, app, b, http.MethodPost, testModuleAPI, map[string]any{"title": "乙村记录", "kind": 2})
		byName := "/api/modules/villageRecord/schema"
		_, schemaOnly := call(t, app, a, http.MethodGet, byName, nil)

		tests := []struct {
			name, token, criteria, query string
			total                        int64
		}{
			{"village user, no criteria", a, "", "page=0&size=10&sort=id%2Cdesc", 12},
			{"other village", b, "", "page=0&size=10&sort=id%2Cdesc", 1},
			{"township", townUser, "", "page=0&size=10&sort=id%2Cdesc", 13},
			{"criteria of the address", townUser, "title.contains=甲村&kind.equals=2", "kind.equals=2&page=0&size=10&sort=id%2Cdesc&title.contains=%E7%94%B2%E6%9D%91", 6},
			{"page, size and order of the address", a, "page=1&size=5&sort=id,asc", "page=1&size=5&sort=id%2Casc", 12},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				status, env := call(t, app, tt.token, http.MethodGet, byName+"?rows="+url.QueryEscape(tt.criteria), nil)
				if status != http.StatusOK {
					t.Fatalf("status = %d %v", status, env)
				}
				data := env["data"].(map[string]any)
				if !reflect.DeepEqual(data["schema"], schemaOnly["data"]) {
					t.Errorf("schema = %v\nwant the schema without rows", data["schema"])
				}
				rows := data["rows"].(map[string]any)
				if rows["query"] != tt.query {
					t.Errorf("query = %v, want %s", rows["query"], tt.query)
				}
				list := mustOK(t, app, tt.token, http.MethodGet, testModuleAPI+"?"+tt.query, nil).(map[string]any)
				if num(rows["recordsTotal"]) != tt.total || !reflect.DeepEqual(rows["data"], list["data"]) || num(list["recordsTotal"]) != tt.total {
					t.Errorf("rows = %v (%v)\nwant the list's %v (%v), %d in all", rows["data"], rows["recordsTotal"], list["data"], list["recordsTotal"], tt.total)
				}
			})
		}

		t.Run("refused as the list refuses", func(t *testing.T) {
			for _, criteria := range []string{"noSuchField=1", "size=5000", "sort=title,asc"} {
				status, env := call(t, app, a, http.MethodGet, byName+"?rows="+url.QueryEscape(criteria), nil)
				listStatus, listEnv := call(t, app, a, http.MethodGet, testModuleAPI+"?"+criteria, nil)
				if status != http.StatusBadRequest || listStatus != http.StatusBadRequest || env["msg"] != listEnv["msg"] {
					t.Errorf("rows=%s: %d %v, the list %d %v; want the same 400", criteria, status, env, listStatus, listEnv)
				}
			}
		})
		t.Run("unknown parameters", func(t *testing.T) {
			for _, q := range []string{"?page=0", "?rows=&size=5", "?title.contains=x"} {
				status, env := call(t, app, a, http.MethodGet, byName+q, nil)
				if status != http.StatusBadRequest || !strings.HasPrefix(fmt.Sprint(env["msg"]), strings.Split(msg.QueryUnknownParam, "%")[0]) {
					t.Errorf("%s = %d %v, want 400 naming the parameter", q, status, env)
				}
			}
		})
		t.Run("without the list code", func(t *testing.T) {
			if status, env := call(t, app, tokenWithCodes(t, app, s, "village.record.view"), http.MethodGet, byName+"?rows=", nil); status != http.StatusForbidden {
				t.Errorf("status = %d %v, want 403", status, env)
			}
		})
	})
}

package system

import (
	"net/http"
	"reflect"
	"strings"
	"testing"
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

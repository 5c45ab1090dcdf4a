package system

import (
	"net/http"
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

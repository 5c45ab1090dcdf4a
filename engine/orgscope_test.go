package engine_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"xiangzhi/engine/apitest"
)

// TestDataScopeFollowsOrgScoped: rows of an orgScoped module are reached in
// the caller's subtree only; rows of a module that is not orgScoped belong to
// the whole tenant.
func TestDataScopeFollowsOrgScoped(t *testing.T) {
	a := newTestApp(t, apitest.SQLiteURL(t))
	do := func(method, url, org, body string) (int, map[string]any) {
		t.Helper()
		req := httptest.NewRequest(method, url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Test-Org", org)
		rec := httptest.NewRecorder()
		a.Handler().ServeHTTP(rec, req)
		var env map[string]any
		json.Unmarshal(rec.Body.Bytes(), &env)
		return rec.Code, env
	}
	total := func(url, org string) float64 {
		t.Helper()
		status, env := do(http.MethodGet, url, org, "")
		if status != http.StatusOK {
			t.Fatalf("list %s as org %s: %d %v", url, org, status, env)
		}
		return env["data"].(map[string]any)["recordsTotal"].(float64)
	}
	if status, env := do(http.MethodPost, subsidies, "5", subsidy("张三", 1, "1", "")); status != http.StatusOK {
		t.Fatalf("create subsidy: %d %v", status, env)
	}
	if status, env := do(http.MethodPost, notices, "5", `{"title":"全县通知"}`); status != http.StatusOK {
		t.Fatalf("create notice: %d %v", status, env)
	}
	tests := []struct {
		name, url, org string
		want           float64
	}{
		{"orgScoped: own organisation sees its row", subsidies, "5", 1},
		{"orgScoped: another organisation does not", subsidies, "6", 0},
		{"not orgScoped: the row's organisation sees it", notices, "5", 1},
		{"not orgScoped: every organisation of the tenant sees it", notices, "6", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := total(tt.url, tt.org); got != tt.want {
				t.Errorf("recordsTotal = %v, want %v", got, tt.want)
			}
		})
	}
}

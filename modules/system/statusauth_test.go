package system

import (
	"net/http"
	"testing"
)

// TestStatusRouteAuthenticatesBeforeReadingTheBody: the status route reads
// its body to learn which action's code it needs, but a caller without a
// session gets 401 (and one without the module's codes 403) whatever the
// body says, never a 400 that describes the request.
func TestStatusRouteAuthenticatesBeforeReadingTheBody(t *testing.T) {
	app, s := newTestApp(t)
	path := testModuleAPI + "/1/status"
	noCodes := tokenWithCodes(t, app, s)
	tests := []struct {
		name   string
		token  string
		body   any
		status int
	}{
		{"anonymous, unknown action", "", map[string]any{"action": "nope"}, http.StatusUnauthorized},
		{"anonymous, malformed body", "", map[string]any{"evil": 1}, http.StatusUnauthorized},
		{"no codes, unknown action", noCodes, map[string]any{"action": "nope"}, http.StatusForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, env := call(t, app, tt.token, http.MethodPut, path, tt.body)
			if status != tt.status {
				t.Errorf("status = %d %v, want %d", status, env, tt.status)
			}
		})
	}
	viewer := tokenWithCodes(t, app, s, "village.record.view")
	if status, _ := call(t, app, viewer, http.MethodPut, path, map[string]any{"action": "nope"}); status != http.StatusBadRequest {
		t.Errorf("a caller who may view gets %d for an unknown action, want 400", status)
	}

	// An action whose comment is required: a caller lacking the action's
	// code learns nothing about the comment rule (403, not 400); one
	// holding it is told the comment is missing.
	if status, env := call(t, app, viewer, http.MethodPut, path, map[string]any{"action": "reject"}); status != http.StatusForbidden {
		t.Errorf("a viewer without the reject code gets %d %v, want 403", status, env)
	}
	rejecter := tokenWithCodes(t, app, s, "village.record.view", "village.record.reject")
	if status, env := call(t, app, rejecter, http.MethodPut, path, map[string]any{"action": "reject"}); status != http.StatusBadRequest {
		t.Errorf("a rejecter without a comment gets %d %v, want 400", status, env)
	}
}

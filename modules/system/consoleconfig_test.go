package system

import (
	"net/http"
	"testing"
)

func TestConsoleConfig(t *testing.T) {
	app, s := newTestApp(t)
	if status, _ := call(t, app, "", http.MethodGet, "/api/system/consoleConfig", nil); status != http.StatusUnauthorized {
		t.Fatalf("anonymous status = %d, want 401", status)
	}
	status, env := call(t, app, tokenWithCodes(t, app, s), http.MethodGet, "/api/system/consoleConfig", nil)
	if status != http.StatusOK {
		t.Fatalf("status = %d, want 200 (%v)", status, env)
	}
	data := env["data"].(map[string]any)
	// The test app runs on the defaults: no tile layer and no place search.
	if data["mapTileUrl"] != "" || data["mapGeocoderUrl"] != "" {
		t.Errorf("config = %v, want empty map URLs", data)
	}
}

package system

import (
	"net/http"
	"testing"
)

func TestCatalogueRoute(t *testing.T) {
	app, s := newTestApp(t)
	m := app.Modules().Module("villageRecord")
	if m == nil {
		t.Fatal("test module villageRecord not loaded")
	}
	token := tokenWithCodes(t, app, s)
	if status, _ := call(t, app, "", http.MethodGet, "/api/i18n/en", nil); status != http.StatusUnauthorized {
		t.Errorf("anonymous: status %d, want 401", status)
	}
	status, env := call(t, app, token, http.MethodGet, "/api/i18n/fr", nil)
	if status != http.StatusNotFound || env["msg"] == nil {
		t.Errorf("fr: status %d %v, want 404 with a message", status, env)
	}
	status, env = call(t, app, token, http.MethodGet, "/api/i18n/zh_TW", nil)
	if status != http.StatusOK {
		t.Fatalf("zh_TW: status %d %v", status, env)
	}
	data := env["data"].(map[string]any)
	texts := data["texts"].(map[string]any)
	if data["locale"] != "zh_TW" || len(texts) == 0 {
		t.Fatalf("zh_TW catalogue = %v", data)
	}
	for zh, tw := range texts {
		if zh == tw {
			t.Errorf("zh_TW sends %q unchanged: only converted texts travel", zh)
		}
	}
	if tw := texts[MenuSystem]; tw != "系統管理" {
		t.Errorf("zh_TW %s = %v, want 系統管理", MenuSystem, tw)
	}
	if status, env = call(t, app, token, http.MethodGet, "/api/i18n/en", nil); status != http.StatusOK {
		t.Fatalf("en: status %d %v", status, env)
	}
	// The seeded system menus are translated beside the module texts.
	en := env["data"].(map[string]any)["texts"].(map[string]any)
	if en[MenuUsers] != "Users" || en[MenuApproval] != "Approvals" {
		t.Errorf("en system menus = %v / %v", en[MenuUsers], en[MenuApproval])
	}
}

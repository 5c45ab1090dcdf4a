package system

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"xiangzhi/engine/msg"
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

// The whole application answers its refusals in the locale the request
// asks for (Accept-Language), Chinese without it or for a message without a
// translation.
func TestRefusalsFollowAcceptLanguage(t *testing.T) {
	app, s := newTestApp(t)
	token := tokenWithCodes(t, app, s)
	ask := func(token, path, lang string) (int, string) {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		if lang != "" {
			req.Header.Set("Accept-Language", lang)
		}
		rec := httptest.NewRecorder()
		app.Handler().ServeHTTP(rec, req)
		var env struct{ Msg string }
		if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil {
			t.Fatalf("%s: %v %s", path, err, rec.Body.String())
		}
		return rec.Code, env.Msg
	}
	for _, tt := range []struct {
		token, path, lang string
		status            int
		want              string
	}{
		{"", "/api/i18n/en", "", http.StatusUnauthorized, msg.Unauthorized},
		{"", "/api/i18n/en", "en-US,en;q=0.9", http.StatusUnauthorized, "Your sign-in has expired. Please sign in again."},
		{"", "/api/i18n/en", "ja", http.StatusUnauthorized, "認証の有効期限が切れました。もう一度ログインしてください。"},
		{"", "/api/i18n/en", "ko-KR", http.StatusUnauthorized, "인증 정보가 만료되었습니다. 다시 로그인하세요."},
		{"", "/api/i18n/en", "zh-TW", http.StatusUnauthorized, "身份認證信息已失效，請重新登錄。"},
		{"", "/api/i18n/en", "zh-CN,zh;q=0.9,en;q=0.8", http.StatusUnauthorized, msg.Unauthorized},
		{token, "/api/no/such/route", "en", http.StatusNotFound, "No such endpoint"},
		// No translation of this message: Chinese in every locale.
		{token, "/api/i18n/fr", "en", http.StatusNotFound, fmt.Sprintf(msg.I18nNoLocale, "fr")},
	} {
		status, got := ask(tt.token, tt.path, tt.lang)
		if status != tt.status || got != tt.want {
			t.Errorf("%s [%s] = %d %q, want %d %q", tt.path, tt.lang, status, got, tt.status, tt.want)
		}
	}
}

package system

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"xiangzhi/engine/auth"
	"xiangzhi/engine/msg"
)

func TestPublicKeyAndRule(t *testing.T) {
	app, s := newTestApp(t)
	status, env := call(t, app, "", http.MethodGet, "/api/system/publicKey", nil)
	if status != http.StatusOK || num(env["code"]) != 0 || !strings.HasPrefix(env["data"].(string), "-----BEGIN PUBLIC KEY-----") {
		t.Fatalf("publicKey = %d %v", status, env)
	}
	// The rule is for signed-in users (the issue keeps only login, the
	// public key, health and metrics open).
	if status, _ := call(t, app, "", http.MethodGet, "/api/system/cscpUserPasswordRule", nil); status != http.StatusUnauthorized {
		t.Fatalf("anonymous password rule = %d, want 401", status)
	}
	token := tokenWithCodes(t, app, s)
	if data := mustOK(t, app, token, http.MethodGet, "/api/system/cscpUserPasswordRule", nil); data != msg.PasswordRule {
		t.Fatalf("password rule = %v", data)
	}
}

func TestFirstAdminLogin(t *testing.T) {
	forEachDB(t, func(t *testing.T, app *engineApp, s *Service) {
		initial := adminPassword(t, app)
		status, env := tryLogin(t, app, map[string]any{"username": "admin"}, initial)
		if status != http.StatusOK {
			t.Fatalf("login = %d %v", status, env)
		}
		data := env["data"].(map[string]any)
		if data["mustChangePassword"] != true {
			t.Fatalf("mustChangePassword = %v, want true", data["mustChangePassword"])
		}
		if u := data["user"].(map[string]any); u["username"] != "admin" || num(u["userId"]) <= 0 {
			t.Errorf("user = %v", u)
		}
		token := data["token"].(string)
		// Every call that needs a code is refused until the password changes.
		for _, p := range []string{"/api/userDetails/userDetailsOr", "/api/system/cscpOrgs/all", testModuleAPI} {
			status, env := call(t, app, token, http.MethodGet, p, nil)
			if status != http.StatusForbidden || env["msg"] != msg.MustChangePassword {
				t.Errorf("GET %s before the change = %d %v, want 403 %s", p, status, env, msg.MustChangePassword)
			}
		}
		// Signed-in calls work.
		if d := mustOK(t, app, token, http.MethodGet, "/api/system/cscpCurrentUserDetails", nil).(map[string]any); d["username"] != "admin" {
			t.Errorf("current user = %v", d)
		}
		// The same password is refused as the new one.
		status, env = call(t, app, token, http.MethodPut, "/api/system/cscpUserPassword", map[string]any{
			"userName": "admin", "oldPassword": encrypt(t, app, initial), "newPassword": encrypt(t, app, initial)})
		if status != http.StatusBadRequest || env["msg"] != NewPasswordSame {
			t.Errorf("same password = %d %v", status, env)
		}
		// A password breaking the policy is refused with the spec's text.
		status, env = call(t, app, token, http.MethodPut, "/api/system/cscpUserPassword", map[string]any{
			"userName": "admin", "oldPassword": encrypt(t, app, initial), "newPassword": encrypt(t, app, "short")})
		if status != http.StatusBadRequest || env["msg"] != msg.PasswordPolicy {
			t.Errorf("weak password = %d %v", status, env)
		}
		// A wrong old password.
		status, env = call(t, app, token, http.MethodPut, "/api/system/cscpUserPassword", map[string]any{
			"userName": "admin", "oldPassword": encrypt(t, app, "Wrong-pass-1"), "newPassword": encrypt(t, app, testPassword)})
		if status != http.StatusBadRequest || env["msg"] != msg.OldPasswordWrong {
			t.Errorf("wrong old password = %d %v", status, env)
		}
		newToken := changePassword(t, app, token, "admin", initial, testPassword)
		// The old token is revoked by the change; the new one works.
		if status, _ := call(t, app, token, http.MethodGet, "/api/system/cscpCurrentUserDetails", nil); status != http.StatusUnauthorized {
			t.Errorf("old token after password change = %d, want 401", status)
		}
		mustOK(t, app, newToken, http.MethodGet, "/api/userDetails/userDetailsOr", nil)
		// The next login needs no change.
		status, env = tryLogin(t, app, map[string]any{"username": "admin"}, testPassword)
		if status != http.StatusOK || env["data"].(map[string]any)["mustChangePassword"] != false {
			t.Errorf("second login = %d %v", status, env)
		}
	})
}

func TestLoginValidationAndTenants(t *testing.T) {
	app, s := newTestApp(t)
	tests := []struct {
		name   string
		body   string
		status int
		msg    string
	}{
		{"no username", `{"password":"x"}`, 400, LoginUsernameRequired},
		{"no password", `{"username":"admin"}`, 400, LoginPasswordRequired},
		{"unknown field", `{"username":"admin","password":"x","captcha":"1"}`, 400, "不支持的字段：captcha"},
		{"not json", `{"username":`, 400, msg.BadJSON},
		{"undecryptable", `{"username":"admin","password":"bm90IGVuY3J5cHRlZA=="}`, 400, msg.PasswordDecryptFailed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, env := call(t, app, "", http.MethodPost, "/api/system/login", tt.body)
			if status != tt.status || env["msg"] != tt.msg {
				t.Errorf("login = %d %v, want %d %s", status, env, tt.status, tt.msg)
			}
		})
	}
	tn, o := createTenant(t, s, "east")
	u := createUser(t, s, userSpec{Username: "east1", TenantID: tn.ID, OrgID: o.ID})
	// Without the tenant code the default tenant is asked: no such user.
	if status, env := tryLogin(t, app, map[string]any{"username": u.Username}, testPassword); status != 400 || env["msg"] != msg.BadCredentials {
		t.Errorf("login in the default tenant = %d %v", status, env)
	}
	if status, env := tryLogin(t, app, map[string]any{"username": u.Username, "tenantCode": "nope"}, testPassword); status != 400 || env["msg"] != msg.BadCredentials {
		t.Errorf("login with an unknown tenant = %d %v", status, env)
	}
	token := login(t, app, u.Username, testPassword, "east")
	d := mustOK(t, app, token, http.MethodGet, "/api/system/cscpCurrentUserDetails", nil).(map[string]any)
	if num(d["tenantId"]) != tn.ID {
		t.Errorf("tenant of the east user = %v", d["tenantId"])
	}
}

func TestTokens(t *testing.T) {
	app, s := newTestApp(t)
	u := createUser(t, s, userSpec{Username: "tok"})
	token := login(t, app, u.Username, testPassword)
	mustOK(t, app, token, http.MethodGet, "/api/system/cscpCurrentUserDetails", nil)

	// The raw token without "Bearer " is accepted too.
	rec := doRaw(t, app, token, http.MethodGet, "/api/system/cscpCurrentUserDetails")
	if rec != http.StatusOK {
		t.Errorf("raw token = %d, want 200", rec)
	}
	claims := &auth.Claims{}
	if _, _, err := jwt.NewParser().ParseUnverified(token, claims); err != nil {
		t.Fatal(err)
	}
	forged := func(method jwt.SigningMethod, key any) string {
		s, err := jwt.NewWithClaims(method, claims).SignedString(key)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	tests := []struct{ name, token string }{
		{"missing", ""},
		{"garbage", "abc.def.ghi"},
		{"alg none", forged(jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType)},
		{"wrong key", forged(jwt.SigningMethodHS256, []byte("0123456789abcdef0123456789abcdef"))},
		{"tampered", token[:len(token)-4] + "AAAA"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, env := call(t, app, tt.token, http.MethodGet, "/api/system/cscpCurrentUserDetails", nil)
			if status != http.StatusUnauthorized || env["msg"] != msg.Unauthorized {
				t.Errorf("= %d %v, want 401", status, env)
			}
		})
	}
	t.Run("expired", func(t *testing.T) {
		other := login(t, app, u.Username, testPassword)
		advance(t, s, auth.DefaultTokenTTL+time.Minute)
		if status, _ := call(t, app, other, http.MethodGet, "/api/system/cscpCurrentUserDetails", nil); status != http.StatusUnauthorized {
			t.Errorf("expired token = %d, want 401", status)
		}
	})
}

func TestLogoutRevokes(t *testing.T) {
	app, s := newTestApp(t)
	u := createUser(t, s, userSpec{Username: "bye"})
	token := login(t, app, u.Username, testPassword)
	other := login(t, app, u.Username, testPassword)
	mustOK(t, app, token, http.MethodPost, "/api/system/logout", nil)
	if status, _ := call(t, app, token, http.MethodGet, "/api/system/cscpCurrentUserDetails", nil); status != http.StatusUnauthorized {
		t.Errorf("after logout = %d, want 401", status)
	}
	// Another session of the same user lives on.
	mustOK(t, app, other, http.MethodGet, "/api/system/cscpCurrentUserDetails", nil)
	if status, _ := call(t, app, "", http.MethodPost, "/api/system/logout", nil); status != http.StatusUnauthorized {
		t.Errorf("anonymous logout = %d, want 401", status)
	}
}

func TestPasswordChangeRevokesEverySession(t *testing.T) {
	app, s := newTestApp(t)
	u := createUser(t, s, userSpec{Username: "chg"})
	a := login(t, app, u.Username, testPassword)
	b := login(t, app, u.Username, testPassword)
	// Naming another user is refused.
	status, env := call(t, app, a, http.MethodPut, "/api/system/cscpUserPassword", map[string]any{
		"userName": "admin", "oldPassword": encrypt(t, app, testPassword), "newPassword": encrypt(t, app, "New-pass-123")})
	if status != http.StatusBadRequest || env["msg"] != PasswordOfOtherUser {
		t.Errorf("other user's password = %d %v", status, env)
	}
	status, env = call(t, app, a, http.MethodPut, "/api/system/cscpUserPassword", map[string]any{"userName": u.Username})
	if status != http.StatusBadRequest || env["msg"] != OldPasswordRequired {
		t.Errorf("empty change = %d %v", status, env)
	}
	c := changePassword(t, app, a, u.Username, testPassword, "New-pass-123")
	for name, tok := range map[string]string{"caller": a, "other session": b} {
		if status, _ := call(t, app, tok, http.MethodGet, "/api/system/cscpCurrentUserDetails", nil); status != http.StatusUnauthorized {
			t.Errorf("%s after change = %d, want 401", name, status)
		}
	}
	mustOK(t, app, c, http.MethodGet, "/api/system/cscpCurrentUserDetails", nil)
	login(t, app, u.Username, "New-pass-123")
}

package system

import (
	"encoding/base32"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/msg"
)

// TestSignInNoOracle: over HTTP a wrong password, an unknown user and an
// account an administrator locked answer with the same status and body;
// so do an existing and an unknown name inside the throttle's wait. The
// lock shows only after the right password; an unlock lets the user in.
func TestSignInNoOracle(t *testing.T) {
	forEachDB(t, func(t *testing.T, app *engine.App, s *Service) {
		admin := adminToken(t, app, s)
		createUser(t, s, userSpec{Username: "known"})
		held := createUser(t, s, userSpec{Username: "held"})
		mustOK(t, app, admin, http.MethodPut, fmt.Sprintf("/api/system/cscpUsers/%d/lock", held.ID), nil)
		// The waits are seconds long: on a busy machine the attempts below
		// would outlast them on a running clock.
		freeze(t, s)
		attempt := func(name, password string) (int, map[string]any) {
			return tryLogin(t, app, map[string]any{"username": name}, password)
		}
		for i := 0; i < auth.DefaultAccountThreshold; i++ {
			ws, wrong := attempt("known", "Wrong-pass-1")
			us, unknown := attempt("nobody", "Wrong-pass-1")
			ls, locked := attempt("held", "Wrong-pass-1")
			if ws != http.StatusBadRequest || wrong["msg"] != msg.BadCredentials {
				t.Fatalf("wrong password = %d %v", ws, wrong)
			}
			if us != ws || ls != ws || !cmp.Equal(wrong, unknown) || !cmp.Equal(wrong, locked) {
				t.Fatalf("answers differ: wrong %d %v, unknown %d %v, locked %d %v", ws, wrong, us, unknown, ls, locked)
			}
		}
		ks, known := attempt("known", testPassword)
		us, unknown := attempt("nobody", testPassword)
		if ks != http.StatusTooManyRequests || known["msg"] != msg.TooManyRequests || us != ks || !cmp.Equal(known, unknown) {
			t.Errorf("throttled: known %d %v, unknown %d %v", ks, known, us, unknown)
		}
		advance(t, s, time.Second)
		if st, env := attempt("held", testPassword); st != http.StatusLocked || env["msg"] != msg.AccountLocked {
			t.Errorf("right password of a locked account = %d %v", st, env)
		}
		advance(t, s, time.Second)
		mustOK(t, app, admin, http.MethodPut, fmt.Sprintf("/api/system/cscpUsers/%d/unlock", held.ID), nil)
		login(t, app, "held", testPassword)
		// The login log shows the throttled attempts.
		d := mustOK(t, app, admin, http.MethodGet, "/api/system/cscpLogLoginsByCriteria?userName.contains=nobody&size=50", nil)
		throttled := 0
		for _, r := range d.(map[string]any)["data"].([]any) {
			if num(r.(map[string]any)["status"]) == auth.LoginThrottled {
				throttled++
			}
		}
		if throttled != 1 {
			t.Errorf("throttled rows of nobody = %d, want 1 (%v)", throttled, d)
		}
	})
}

func totpCode(t *testing.T, s *Service, secret string) string {
	t.Helper()
	key, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(secret)
	if err != nil {
		t.Fatal(err)
	}
	return auth.TOTP(key, s.now(), 6)
}

// TestTOTPOverHTTP: enrolment from the profile, a sign-in with the code
// (RSA-encrypted), a wrong code refused with its message, and a role that
// requires two-factor sign-in making its holder enrol at the next sign-in.
func TestTOTPOverHTTP(t *testing.T) {
	forEachDB(t, func(t *testing.T, app *engine.App, s *Service) {
		admin := adminToken(t, app, s)
		createUser(t, s, userSpec{Username: "twofa"})
		token := login(t, app, "twofa", testPassword)
		st := mustOK(t, app, token, http.MethodGet, "/api/system/totp", nil).(map[string]any)
		if st["enabled"] != false {
			t.Fatalf("status before = %v", st)
		}
		setup := mustOK(t, app, token, http.MethodPost, "/api/system/totp/start", nil).(map[string]any)
		secret := setup["secret"].(string)
		if status, env := call(t, app, token, http.MethodPost, "/api/system/totp/confirm", map[string]any{"code": "000000"}); status != 400 || env["msg"] != msg.TOTPCodeWrong {
			t.Errorf("wrong confirm = %d %v", status, env)
		}
		conf := mustOK(t, app, token, http.MethodPost, "/api/system/totp/confirm", map[string]any{"code": totpCode(t, s, secret)})
		if codes := conf.(map[string]any)["recoveryCodes"].([]any); len(codes) != auth.RecoveryCodeCount {
			t.Errorf("recovery codes = %v", codes)
		}
		advance(t, s, 30*time.Second)
		status, env := tryLogin(t, app, map[string]any{"username": "twofa"}, testPassword)
		data := env["data"].(map[string]any)
		if status != 200 || data["token"] != "" || data["totpRequired"] != true || data["challenge"] == "" {
			t.Fatalf("password step = %d %v", status, env)
		}
		step := func(code string) (int, map[string]any) {
			return call(t, app, "", http.MethodPost, "/api/system/login/totp",
				map[string]any{"challenge": data["challenge"], "code": encrypt(t, app, code)})
		}
		if status, env := step("123456"); status != 400 || env["msg"] != msg.TOTPCodeWrong {
			t.Errorf("wrong code = %d %v", status, env)
		}
		status, env = step(totpCode(t, s, secret))
		if status != 200 || env["data"].(map[string]any)["token"] == "" {
			t.Fatalf("code step = %d %v", status, env)
		}

		// A role that requires it: its holder enrols right after the password.
		r := createRole(t, s, s.tenantID, "需动态码")
		body := map[string]any{"id": r.ID, "name": r.Name, "icon": "icon", "requireTotp": true}
		if d := mustOK(t, app, admin, http.MethodPut, "/api/system/cscpRoless", body).(map[string]any); d["requireTotp"] != true {
			t.Errorf("role = %v", d)
		}
		createUser(t, s, userSpec{Username: "mustenrol", RoleIDs: []int64{r.ID}})
		status, env = tryLogin(t, app, map[string]any{"username": "mustenrol"}, testPassword)
		data = env["data"].(map[string]any)
		ts, _ := data["totpSetup"].(map[string]any)
		if status != 200 || data["totpRequired"] != true || ts == nil {
			t.Fatalf("password step of a required role = %d %v", status, env)
		}
		status, env = step(totpCode(t, s, ts["secret"].(string)))
		if d, _ := env["data"].(map[string]any); status != 200 || d["token"] == "" || len(d["recoveryCodes"].([]any)) != auth.RecoveryCodeCount {
			t.Errorf("enrolling code step = %d %v", status, env)
		}
	})
}

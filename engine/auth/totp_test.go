package auth_test

import (
	"context"
	"encoding/base32"
	"net/http"
	"strings"
	"testing"
	"time"

	"xiangzhi/engine/auth"
	"xiangzhi/engine/auth/authtest"
	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent"
)

// TestTOTPVectors checks the code generator against RFC 6238 Appendix B
// (the SHA-1 rows: eight digits, the ASCII key "12345678901234567890").
func TestTOTPVectors(t *testing.T) {
	key := []byte("12345678901234567890")
	tests := []struct {
		unix int64
		want string
	}{
		{59, "94287082"},
		{1111111109, "07081804"},
		{1111111111, "14050471"},
		{1234567890, "89005924"},
		{2000000000, "69279037"},
		{20000000000, "65353130"},
	}
	for _, tt := range tests {
		if got := auth.TOTP(key, time.Unix(tt.unix, 0), 8); got != tt.want {
			t.Errorf("TOTP at %d = %s, want %s", tt.unix, got, tt.want)
		}
	}
	// Six digits are the last six of the same truncation.
	if got := auth.TOTP(key, time.Unix(59, 0), 6); got != "287082" {
		t.Errorf("six-digit TOTP at 59 = %s, want 287082", got)
	}
}

// codeOf is what an authenticator app shows for a base32 secret at now.
func codeOf(t *testing.T, secret string, now time.Time) string {
	t.Helper()
	key, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(secret)
	if err != nil {
		t.Fatalf("secret %q: %v", secret, err)
	}
	return auth.TOTP(key, now, 6)
}

func (f *fixture) step2(t *testing.T, challenge, code string) (*auth.LoginResult, error) {
	t.Helper()
	return f.svc.LoginTOTP(context.Background(), challenge, encrypt(t, f.svc.PublicKeyPEM(), code),
		"127.0.0.1", "go-test")
}

// enrol turns two-factor sign-in on for u and returns the secret and the
// recovery codes.
func (f *fixture) enrol(t *testing.T, u *ent.User) (string, []string) {
	t.Helper()
	ctx := context.Background()
	setup, err := f.svc.StartTOTP(ctx, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(setup.URI, "otpauth://totp/") || !strings.Contains(setup.URI, "secret="+setup.Secret) {
		t.Errorf("otpauth URI = %s", setup.URI)
	}
	_, err = f.svc.ConfirmTOTP(ctx, u.ID, "000000x")
	publicError(t, err, http.StatusBadRequest, msg.TOTPCodeWrong, auth.ErrTOTPCode)
	codes, err := f.svc.ConfirmTOTP(ctx, u.ID, codeOf(t, setup.Secret, f.clock.Now()))
	if err != nil {
		t.Fatalf("confirm: %v", err)
	}
	if len(codes) != auth.RecoveryCodeCount {
		t.Fatalf("recovery codes = %v", codes)
	}
	return setup.Secret, codes
}

func TestTOTPSignIn(t *testing.T) {
	for _, db := range authtest.All(t) {
		t.Run(db.Name, func(t *testing.T) {
			ctx := context.Background()
			f := newFixture(t, db.Client, auth.Options{})
			u := f.user(t, "qianba", "Abc12345!", false)
			secret, recovery := f.enrol(t, u)
			// The secret is stored sealed, never as given.
			row, err := f.client.User.Get(ctx, u.ID)
			if err != nil {
				t.Fatal(err)
			}
			if row.TotpSecret == "" || strings.Contains(row.TotpSecret, secret) || strings.Contains(row.TotpRecovery, recovery[0]) {
				t.Errorf("stored secret %q / recovery %q reveal what was shown", row.TotpSecret, row.TotpRecovery)
			}
			_, err = f.svc.StartTOTP(ctx, u.ID)
			publicError(t, err, http.StatusBadRequest, msg.TOTPAlreadyEnabled, auth.ErrTOTPState)

			// The password alone gives a challenge, no token.
			f.clock.Advance(30 * time.Second)
			res, err := f.login(t, "qianba", "Abc12345!")
			if err != nil || res.Token != "" || res.Challenge == "" {
				t.Fatalf("password step = %+v, %v; want a challenge", res, err)
			}
			_, err = f.step2(t, res.Challenge, "123456")
			publicError(t, err, http.StatusBadRequest, msg.TOTPCodeWrong, auth.ErrTOTPCode)
			_, err = f.step2(t, "forged.challenge", codeOf(t, secret, f.clock.Now()))
			publicError(t, err, http.StatusBadRequest, msg.TOTPChallengeExpired, auth.ErrChallenge)
			code := codeOf(t, secret, f.clock.Now())
			done, err := f.step2(t, res.Challenge, code)
			if err != nil || done.Token == "" {
				t.Fatalf("code step = %+v, %v", done, err)
			}
			if _, err := f.svc.Authenticate(ctx, done.Token); err != nil {
				t.Errorf("token of the code step: %v", err)
			}
			// The same code is not accepted twice.
			_, err = f.step2(t, res.Challenge, code)
			publicError(t, err, http.StatusBadRequest, msg.TOTPCodeWrong, auth.ErrTOTPCode)
			// A recovery code works once.
			done, err = f.step2(t, res.Challenge, strings.ToUpper(recovery[3]))
			if err != nil || done.Token == "" {
				t.Fatalf("recovery code = %+v, %v", done, err)
			}
			_, err = f.step2(t, res.Challenge, recovery[3])
			publicError(t, err, http.StatusBadRequest, msg.TOTPCodeWrong, auth.ErrTOTPCode)
			st, err := f.svc.TOTPStatus(ctx, u.ID)
			if err != nil || !st.Enabled || st.RecoveryCodesLeft != auth.RecoveryCodeCount-1 {
				t.Errorf("status = %+v, %v", st, err)
			}
			// A challenge expires.
			f.clock.Advance(auth.ChallengeTTL)
			_, err = f.step2(t, res.Challenge, codeOf(t, secret, f.clock.Now()))
			publicError(t, err, http.StatusBadRequest, msg.TOTPChallengeExpired, auth.ErrChallenge)
			// Turning it off needs the password (or a code).
			err = f.svc.DisableTOTP(ctx, u.ID, "Wrong-pass1", "")
			publicError(t, err, http.StatusBadRequest, msg.TOTPPasswordWrong, auth.ErrWrongPassword)
			err = f.svc.DisableTOTP(ctx, u.ID, "", "")
			publicError(t, err, http.StatusBadRequest, msg.TOTPProofRequired, auth.ErrTOTPState)
			if err := f.svc.DisableTOTP(ctx, u.ID, "Abc12345!", ""); err != nil {
				t.Fatal(err)
			}
			if res, err := f.login(t, "qianba", "Abc12345!"); err != nil || res.Token == "" {
				t.Errorf("login after disable = %+v, %v; want a token", res, err)
			}
		})
	}
}

// TestTOTPWrongCodesThrottled: wrong codes count as failed attempts.
func TestTOTPWrongCodesThrottled(t *testing.T) {
	f := newFixture(t, authtest.SQLite(t), auth.Options{})
	u := f.user(t, "zhoujiu", "Abc12345!", false)
	secret, _ := f.enrol(t, u)
	f.clock.Advance(30 * time.Second)
	res, err := f.login(t, "zhoujiu", "Abc12345!")
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < auth.DefaultAccountThreshold; i++ {
		_, err = f.step2(t, res.Challenge, "000000")
		publicError(t, err, http.StatusBadRequest, msg.TOTPCodeWrong, auth.ErrTOTPCode)
	}
	_, err = f.step2(t, res.Challenge, codeOf(t, secret, f.clock.Now()))
	publicError(t, err, http.StatusTooManyRequests, msg.TooManyRequests, auth.ErrThrottled)
}

// TestTOTPRequiredByRole: a holder of a role that requires two-factor
// sign-in and has none enrols right after the password.
func TestTOTPRequiredByRole(t *testing.T) {
	for _, db := range authtest.All(t) {
		t.Run(db.Name, func(t *testing.T) {
			ctx := context.Background()
			f := newFixture(t, db.Client, auth.Options{})
			u := f.user(t, "wushi", "Abc12345!", false)
			r, err := f.client.Role.Create().SetTenantID(f.tenantID).SetName("需两步验证").SetRequireTotp(true).Save(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if err := f.client.User.UpdateOneID(u.ID).AddRoleIDs(r.ID).Exec(ctx); err != nil {
				t.Fatal(err)
			}
			res, err := f.login(t, "wushi", "Abc12345!")
			if err != nil || res.Token != "" || res.Challenge == "" || res.Setup == nil {
				t.Fatalf("password step = %+v, %v; want a challenge with a setup", res, err)
			}
			_, err = f.step2(t, res.Challenge, "999999")
			publicError(t, err, http.StatusBadRequest, msg.TOTPCodeWrong, auth.ErrTOTPCode)
			secret := res.Setup.Secret
			done, err := f.step2(t, res.Challenge, codeOf(t, secret, f.clock.Now()))
			if err != nil || done.Token == "" || len(done.RecoveryCodes) != auth.RecoveryCodeCount {
				t.Fatalf("enrolling code step = %+v, %v", done, err)
			}
			// From now on a code is asked, no new setup.
			f.clock.Advance(30 * time.Second)
			res, err = f.login(t, "wushi", "Abc12345!")
			if err != nil || res.Challenge == "" || res.Setup != nil {
				t.Fatalf("second sign-in = %+v, %v", res, err)
			}
			if done, err = f.step2(t, res.Challenge, codeOf(t, secret, f.clock.Now())); err != nil || done.Token == "" {
				t.Errorf("code step = %+v, %v", done, err)
			}
		})
	}
}

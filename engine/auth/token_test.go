package auth_test

import (
	"context"
	"encoding/base64"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"xiangzhi/engine/auth"
	"xiangzhi/engine/auth/authtest"
	"xiangzhi/engine/msg"
)

func TestTokens(t *testing.T) {
	clk := newClock()
	key := []byte("0123456789abcdef0123456789abcdef")
	tokens := auth.NewTokens(key, 0, clk.Now)
	exp := clk.Now().Add(tokens.TTL())
	good, err := tokens.Issue(7, 3, "jti-1", []string{"dataStatistics", "formDesign"}, exp)
	if err != nil {
		t.Fatal(err)
	}
	c, err := tokens.Parse(good)
	if err != nil {
		t.Fatalf("Parse(good) = %v", err)
	}
	if c.Subject != "7" || c.UserID() != 7 || c.TenantID != 3 || c.ID != "jti-1" ||
		c.Auth != "dataStatistics,formDesign" || !c.ExpiresAt.Equal(exp) || !c.IssuedAt.Equal(clk.Now()) {
		t.Errorf("claims = %+v", c)
	}
	// A token seen before answers from the kept claims: the same claims, and
	// a caller changing its copy changes nothing for the next.
	c.TenantID = 99
	again, err := tokens.Parse(good)
	if err != nil || again.TenantID != 3 || again.UserID() != 7 || again.ID != "jti-1" {
		t.Errorf("Parse(good) again = %+v, %v", again, err)
	}
	if tokens.TTL() != 24*time.Hour {
		t.Errorf("TTL = %v, want one day", tokens.TTL())
	}

	sign := func(method jwt.SigningMethod, k any, claims jwt.MapClaims) string {
		s, err := jwt.NewWithClaims(method, claims).SignedString(k)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	claims := func() jwt.MapClaims {
		return jwt.MapClaims{"sub": "7", "tid": 3, "jti": "jti-1", "auth": "",
			"iat": clk.Now().Unix(), "exp": clk.Now().Add(time.Hour).Unix()}
	}
	parts := strings.Split(good, ".")
	payload, _ := base64.RawURLEncoding.DecodeString(parts[1])
	forged := strings.Replace(string(payload), `"sub":"7"`, `"sub":"1"`, 1)
	tampered := parts[0] + "." + base64.RawURLEncoding.EncodeToString([]byte(forged)) + "." + parts[2]
	noExp := claims()
	delete(noExp, "exp")
	noJTI := claims()
	delete(noJTI, "jti")
	noneToken := sign(jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, claims())

	tests := []struct{ name, token string }{
		{"tampered payload", tampered},
		{"alg none", noneToken},
		{"HS512 with the right key", sign(jwt.SigningMethodHS512, key, claims())},
		{"wrong key", sign(jwt.SigningMethodHS256, []byte("another key of thirty-two bytes!"), claims())},
		{"no exp", sign(jwt.SigningMethodHS256, key, noExp)},
		{"no jti", sign(jwt.SigningMethodHS256, key, noJTI)},
		{"garbage", "not.a.token"},
		{"empty", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tokens.Parse(tt.token)
			publicError(t, err, http.StatusUnauthorized, msg.Unauthorized, auth.ErrInvalidToken)
		})
	}
	t.Run("expired", func(t *testing.T) {
		clk.Advance(25 * time.Hour)
		defer clk.Advance(-25 * time.Hour)
		_, err := tokens.Parse(good)
		publicError(t, err, http.StatusUnauthorized, msg.Unauthorized, auth.ErrInvalidToken)
	})
}

func TestAuthenticateNeedsLiveSession(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, authtest.SQLite(t), auth.Options{})
	u := f.user(t, "zhangsan", "Abc12345!", false)
	login := func() string {
		t.Helper()
		res, err := f.login(t, "zhangsan", "Abc12345!")
		if err != nil {
			t.Fatalf("login: %v", err)
		}
		return res.Token
	}
	first, second := login(), login()
	v, err := f.svc.Authenticate(ctx, first)
	if err != nil {
		t.Fatalf("Authenticate(fresh token) = %v", err)
	}
	if v.UserID != u.ID || v.TenantID != f.tenantID || v.Username != "zhangsan" || v.OrgID != f.orgID ||
		v.OrgPath != rootPath(f.orgID) || v.SessionID == "" {
		t.Errorf("viewer = %+v", v)
	}

	// Logout ends the first session only.
	if err := f.svc.Sessions().Revoke(ctx, v.SessionID); err != nil {
		t.Fatal(err)
	}
	_, err = f.svc.Authenticate(ctx, first)
	publicError(t, err, http.StatusUnauthorized, msg.Unauthorized, auth.ErrSessionEnded)
	if _, err := f.svc.Authenticate(ctx, second); err != nil {
		t.Fatalf("other session after logout: %v", err)
	}

	// An administrator (or a password change) ends all of them.
	third := login()
	n, err := f.svc.Sessions().RevokeUser(ctx, u.ID)
	if err != nil || n != 2 {
		t.Errorf("RevokeUser = %d, %v; want 2 live sessions ended", n, err)
	}
	for _, tok := range []string{second, third} {
		_, err = f.svc.Authenticate(ctx, tok)
		publicError(t, err, http.StatusUnauthorized, msg.Unauthorized, auth.ErrSessionEnded)
	}

	// A session that expired server-side (shortened by hand) is refused even
	// though the token itself is still valid.
	fourth := login()
	c, err := f.svc.Tokens().Parse(fourth)
	if err != nil {
		t.Fatal(err)
	}
	s, err := f.svc.Sessions().Check(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Update().SetExpiresAt(f.clock.Now().Add(-time.Minute)).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	_, err = f.svc.Authenticate(ctx, fourth)
	publicError(t, err, http.StatusUnauthorized, msg.Unauthorized, auth.ErrSessionEnded)

	// A token signed with the right key for a session that never existed.
	forged, err := f.svc.Tokens().Issue(u.ID, f.tenantID, "no-such-session", nil, f.clock.Now().Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.svc.Authenticate(ctx, forged)
	publicError(t, err, http.StatusUnauthorized, msg.Unauthorized, auth.ErrSessionEnded)

	// A disabled user's live token stops working at once.
	fifth := login()
	if err := f.client.User.UpdateOneID(u.ID).SetDisabled(true).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	_, err = f.svc.Authenticate(ctx, fifth)
	publicError(t, err, http.StatusUnauthorized, msg.AccountDisabled, auth.ErrDisabled)
}

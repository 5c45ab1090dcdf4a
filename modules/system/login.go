package system

import (
	"context"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/tenant"
	"xiangzhi/generated/ent/user"
)

func (s *Service) loginRoutes() []engine.Route {
	return []engine.Route{
		{Method: http.MethodGet, Path: "/api/system/publicKey", Name: routePublicKey, Public: true, Handler: s.publicKey},
		{Method: http.MethodPost, Path: "/api/system/login", Name: routeLogin, Public: true, Handler: s.login},
		{Method: http.MethodPost, Path: "/api/system/login/totp", Name: routeLoginTOTP, Public: true, Handler: s.loginTOTP},
		{Method: http.MethodPost, Path: "/api/system/logout", Name: routeLogout, Code: auth.SignedIn, Handler: s.logout},
		{Method: http.MethodPut, Path: "/api/system/cscpUserPassword", Name: routeChangePassword, Code: auth.SignedIn,
			Handler: s.changePassword},
		{Method: http.MethodGet, Path: "/api/system/cscpUserPasswordRule", Name: routePasswordRule, Code: auth.SignedIn,
			Handler: s.passwordRule},
	}
}

// publicKey answers the login public key (SPKI PEM) the browser encrypts
// passwords with.
func (s *Service) publicKey(c echo.Context) error { return httpx.OK(c, s.auth.PublicKeyPEM()) }

// passwordRule answers the password policy as text, for the tooltip.
func (s *Service) passwordRule(c echo.Context) error { return httpx.OK(c, auth.PasswordRule()) }

// loginBody is the login call: the password is RSA-OAEP encrypted;
// tenantCode picks a tenant other than the default one.
type loginBody struct {
	Username   string `json:"username"`
	Password   string `json:"password"`
	TenantCode string `json:"tenantCode"`
}

// loginAnswer is the data of a sign-in step: the token and the user, or,
// when a two-factor code must follow, totpRequired with the challenge to
// post it with (and totpSetup when the user must enrol first); the
// recovery codes come once, after a sign-in that confirmed an enrolment.
type loginAnswer struct {
	Token              string          `json:"token"`
	MustChangePassword bool            `json:"mustChangePassword"`
	User               *userDTO        `json:"user,omitempty"`
	TotpRequired       bool            `json:"totpRequired,omitempty"`
	Challenge          string          `json:"challenge,omitempty"`
	TotpSetup          *auth.TOTPSetup `json:"totpSetup,omitempty"`
	RecoveryCodes      []string        `json:"recoveryCodes,omitempty"`
}

// login signs a user in: one login-log row per attempt, the same answer
// for an unknown user, a wrong password and a locked account, a throttle
// after repeated failures, a challenge when a two-factor code must follow,
// and mustChangePassword when the password is an initial one or breaks
// the policy.
func (s *Service) login(c echo.Context) error {
	var b loginBody
	if err := httpx.BindInto(c, s.maxBody, &b); err != nil {
		return err
	}
	b.Username = strings.TrimSpace(b.Username)
	var cs checks
	if b.Username == "" {
		cs.add("username", LoginUsernameRequired)
	}
	if b.Password == "" {
		cs.add("password", LoginPasswordRequired)
	}
	if err := cs.err(); err != nil {
		return err
	}
	ctx := c.Request().Context()
	tenantID, err := s.loginTenant(ctx, b.TenantCode)
	if err != nil {
		return err
	}
	req := c.Request()
	res, err := s.auth.Login(ctx, tenantID, b.Username, b.Password, c.RealIP(), req.UserAgent())
	if err != nil {
		return err
	}
	return s.answerLogin(c, res)
}

// loginTOTPBody is the two-factor step: the challenge the login answered
// and the code, RSA-OAEP encrypted like the password.
type loginTOTPBody struct {
	Challenge string `json:"challenge"`
	Code      string `json:"code"`
}

// loginTOTP is the two-factor step of a sign-in.
func (s *Service) loginTOTP(c echo.Context) error {
	var b loginTOTPBody
	if err := httpx.BindInto(c, s.maxBody, &b); err != nil {
		return err
	}
	if b.Code == "" {
		return invalid(fieldError("code", msg.TOTPCodeRequired))
	}
	req := c.Request()
	res, err := s.auth.LoginTOTP(req.Context(), b.Challenge, b.Code, c.RealIP(), req.UserAgent())
	if err != nil {
		return err
	}
	return s.answerLogin(c, res)
}

// answerLogin answers a sign-in step: the challenge, or the token with
// the signed-in user.
func (s *Service) answerLogin(c echo.Context, res *auth.LoginResult) error {
	if res.Token == "" {
		return httpx.OK(c, loginAnswer{MustChangePassword: res.MustChangePassword, TotpRequired: true,
			Challenge: res.Challenge, TotpSetup: res.Setup})
	}
	ctx := c.Request().Context()
	v, err := s.auth.ViewerFor(ctx, res.User.TenantID, res.User.ID)
	if err != nil {
		return err
	}
	dto, err := s.userDTOByID(ctx, v.TenantID, v.UserID)
	if err != nil {
		return err
	}
	return httpx.OK(c, loginAnswer{Token: res.Token, MustChangePassword: res.MustChangePassword, User: dto,
		RecoveryCodes: res.RecoveryCodes})
}

// loginTenant is the tenant a login names by code (the default tenant
// when empty). An unknown code is refused like a wrong password (tenant 0
// has no users), so codes cannot be probed.
func (s *Service) loginTenant(ctx context.Context, code string) (int64, error) {
	code = strings.TrimSpace(code)
	if code == "" {
		return s.tenantID, nil
	}
	t, err := s.ent.Tenant.Query().Where(tenant.Code(code)).Only(ctx)
	if ent.IsNotFound(err) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	// A tenant made by the command line while this instance ran: load its
	// roles before its administrator signs in.
	if !s.authz.KnowsTenant(t.ID) {
		if err := s.authz.Reload(ctx); err != nil {
			return 0, err
		}
	}
	return t.ID, nil
}

// logout ends the caller's session; its token answers 401 from now on.
func (s *Service) logout(c echo.Context) error {
	v := viewer(c)
	if err := s.auth.Sessions().Revoke(c.Request().Context(), v.SessionID); err != nil {
		return err
	}
	return okMsg(c, LogoutSucceeded, nil)
}

// passwordBody is the password change; both passwords are encrypted.
type passwordBody struct {
	UserName    string `json:"userName"`
	OldPassword string `json:"oldPassword"`
	NewPassword string `json:"newPassword"`
}

// changePassword changes the caller's own password: the old one must
// match, the new one follow the policy and differ from the old one. Every
// session of the user ends; the answer carries the token of a new one.
func (s *Service) changePassword(c echo.Context) error {
	v := viewer(c)
	var b passwordBody
	if err := httpx.BindInto(c, s.maxBody, &b); err != nil {
		return err
	}
	var cs checks
	if b.OldPassword == "" {
		cs.add("oldPassword", OldPasswordRequired)
	}
	if b.NewPassword == "" {
		cs.add("newPassword", NewPasswordRequired)
	}
	if err := cs.err(); err != nil {
		return err
	}
	if name := strings.TrimSpace(b.UserName); name != "" && name != v.Username {
		return httpx.BadRequest(PasswordOfOtherUser)
	}
	oldPassword, err := s.auth.Decrypt(b.OldPassword)
	if err != nil {
		return err
	}
	newPassword, err := s.auth.Decrypt(b.NewPassword)
	if err != nil {
		return err
	}
	if err := auth.CheckPasswordPolicy(newPassword); err != nil {
		return invalid(fieldError("newPassword", msg.PasswordPolicy))
	}
	if newPassword == oldPassword {
		return invalid(fieldError("newPassword", NewPasswordSame))
	}
	ctx := c.Request().Context()
	if err := s.auth.ChangePassword(ctx, v.UserID, oldPassword, newPassword); err != nil {
		return err
	}
	u, err := s.ent.User.Query().Where(user.ID(v.UserID), user.TenantID(v.TenantID)).Only(ctx)
	if err != nil {
		return err
	}
	req := c.Request()
	token, err := s.auth.StartSession(ctx, u, c.RealIP(), req.UserAgent())
	if err != nil {
		return err
	}
	return okMsg(c, PasswordChanged, loginAnswer{Token: token})
}

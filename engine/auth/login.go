package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"

	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/user"
)

// Login-log status values.
const (
	LoginFailed    = 0
	LoginSucceeded = 1
	// LoginThrottled is an attempt refused unchecked, inside a throttle's
	// wait; it does not count as a failure.
	LoginThrottled = 2
)

// LoginResult is the outcome of a sign-in step. Either Token is set (the
// user is signed in), or Challenge is (a two-factor code must follow,
// posted with LoginTOTP); Setup is set too when the user must first enrol
// (a role requires two-factor sign-in), and RecoveryCodes once, when that
// enrolment is confirmed. MustChangePassword says the password must be
// changed before anything else.
type LoginResult struct {
	Token              string
	Challenge          string
	Setup              *TOTPSetup
	RecoveryCodes      []string
	MustChangePassword bool
	User               *ent.User
}

// attempt is what a login-log row records of a login attempt.
type attempt struct {
	tenantID      int64
	username      string
	ip, userAgent string
}

// Login signs a user of a tenant in with a password the browser encrypted
// with the login public key. It writes one login-log row per attempt.
//
// There is no oracle: an unknown user (checked against a dummy hash, so it
// costs the same), a wrong password and a locked or disabled account with a
// wrong password all answer 400 用户名或密码错误; an attempt inside the
// throttle's wait answers 429 请求过于频繁，请稍后再试 for any name, existing
// or not. An administrator's lock (账号已锁定，请联系管理员) and a disabled
// account (账号已停用) are told only after the right password. When the
// user has two-factor sign-in on, or a role requires it, the result is a
// challenge instead of a token. A bcrypt (or outdated argon2id) hash is
// upgraded on the way.
func (s *Service) Login(ctx context.Context, tenantID int64, username, encryptedPassword, ip, userAgent string) (*LoginResult, error) {
	a := attempt{tenantID: tenantID, username: username, ip: ip, userAgent: userAgent}
	u, err := s.client.User.Query().
		Where(user.TenantID(tenantID), user.Username(username)).
		WithTenant().
		Only(ctx)
	if ent.IsNotFound(err) {
		u, err = nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("login: find user: %w", err)
	}
	if err := s.checkThrottle(ctx, a, u); err != nil {
		return nil, err
	}
	password, err := s.keys.Decrypt(encryptedPassword)
	if err != nil {
		return nil, s.refuse(ctx, a, u, err)
	}
	if u == nil {
		// Spend the time a real check takes, so timing does not tell
		// which usernames exist.
		VerifyPassword(dummyHash(), password)
		return nil, s.refuse(ctx, a, nil, badCredentials())
	}
	if !VerifyPassword(u.PasswordHash, password) {
		return nil, s.refuse(ctx, a, u, badCredentials())
	}
	if err := s.standing(u); err != nil {
		return nil, s.refuse(ctx, a, u, err)
	}
	must := u.MustChangePassword || CheckPasswordPolicy(password) != nil
	upd := s.client.User.UpdateOneID(u.ID).SetMustChangePassword(must)
	if NeedsRehash(u.PasswordHash) {
		hash, err := HashPassword(password)
		if err != nil {
			return nil, err
		}
		upd.SetPasswordHash(hash)
	}
	if u, err = upd.Save(ctx); err != nil {
		return nil, fmt.Errorf("login: update user: %w", err)
	}
	return s.secondStep(ctx, a, u)
}

// standing refuses a user an administrator locked or disabled, or of a
// disabled tenant; u must be loaded with its tenant.
func (s *Service) standing(u *ent.User) error {
	if u.Locked {
		return lockedError()
	}
	if u.Disabled || u.Edges.Tenant == nil || u.Edges.Tenant.Disabled {
		return disabledError(http.StatusForbidden)
	}
	return nil
}

// complete signs u in after every step passed: the session, the last
// login, a fresh failure count, the login-log row.
func (s *Service) complete(ctx context.Context, a attempt, u *ent.User) (*LoginResult, error) {
	now := s.now()
	saved, err := s.client.User.UpdateOneID(u.ID).SetLastLogin(now).SetThrottleSince(now).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("login: update user %d: %w", u.ID, err)
	}
	token, err := s.StartSession(ctx, saved, a.ip, a.userAgent)
	if err != nil {
		return nil, err
	}
	if err := s.writeLoginLog(ctx, a, saved, LoginSucceeded, msg.LoginSucceeded); err != nil {
		return nil, err
	}
	return &LoginResult{Token: token, MustChangePassword: saved.MustChangePassword, User: saved}, nil
}

// StartSession opens a session for u and returns its signed token, with
// the user's current visit codes in the auth claim. Login uses it, and so
// does a password change, which ends every older session.
func (s *Service) StartSession(ctx context.Context, u *ent.User, ip, userAgent string) (string, error) {
	sess, err := s.sessions.Create(ctx, u.ID, u.TenantID, ip, userAgent)
	if err != nil {
		return "", err
	}
	var visit []string
	if s.perms != nil {
		visit = s.perms.VisitCodes(u.TenantID, u.ID)
	}
	return s.tokens.Issue(u.ID, u.TenantID, sess.Jti, visit, sess.ExpiresAt)
}

// refuse writes the login-log row of a refused attempt (a failure, which
// the throttle counts) and returns the refusal, or the logging error when
// the row cannot be written.
func (s *Service) refuse(ctx context.Context, a attempt, u *ent.User, refusal error) error {
	text := msg.BadCredentials
	var pe *Error
	if errors.As(refusal, &pe) {
		text = pe.Message
	}
	if err := s.writeLoginLog(ctx, a, u, LoginFailed, text); err != nil {
		return err
	}
	return refusal
}

func (s *Service) writeLoginLog(ctx context.Context, a attempt, u *ent.User, status int, text string) error {
	c := s.client.LoginLog.Create().
		SetTenantID(a.tenantID).
		SetUserName(truncate(a.username, 100)).
		SetIP(truncate(a.ip, 64)).
		SetUserAgent(truncate(a.userAgent, 500)).
		SetTime(s.now()).
		SetMessage(truncate(text, 255)).
		SetStatus(status)
	if u != nil {
		c.SetUserID(u.ID)
	}
	if err := c.Exec(ctx); err != nil {
		return fmt.Errorf("write login log: %w", err)
	}
	return nil
}

var (
	dummyOnce sync.Once
	dummy     string
)

// dummyHash is a hash of nothing anyone types, checked against when the
// user does not exist.
func dummyHash() string {
	dummyOnce.Do(func() {
		dummy, _ = HashPassword("\x00no such user\x00")
	})
	return dummy
}

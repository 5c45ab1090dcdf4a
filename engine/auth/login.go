package auth

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"sync"
	"time"

	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/user"
)

// Login-log status values.
const (
	LoginFailed    = 0
	LoginSucceeded = 1
)

// LoginResult is a successful login: the token, whether the user must
// change the password before anything else, and the user row.
type LoginResult struct {
	Token              string
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
// A wrong password counts a failure; MaxFailures failures in a row lock the
// account for LockDuration, during which even the right password is
// refused (账号已锁定，请N分钟后重试). An unknown user, an unknown tenant and
// a wrong password all answer 用户名或密码错误; a disabled user or tenant
// answers 账号已停用, but only after the right password. The result says
// the password must be changed when it is an initial one or breaks the
// policy; a bcrypt (or outdated argon2id) hash is upgraded on the way.
func (s *Service) Login(ctx context.Context, tenantID int64, username, encryptedPassword, ip, userAgent string) (*LoginResult, error) {
	a := attempt{tenantID: tenantID, username: username, ip: ip, userAgent: userAgent}
	password, err := s.keys.Decrypt(encryptedPassword)
	if err != nil {
		return nil, s.refuse(ctx, a, nil, err)
	}
	u, err := s.client.User.Query().
		Where(user.TenantID(tenantID), user.Username(username)).
		WithTenant().
		Only(ctx)
	if ent.IsNotFound(err) {
		// Spend the time a real check takes, so timing does not tell
		// which usernames exist.
		VerifyPassword(dummyHash(), password)
		return nil, s.refuse(ctx, a, nil, badCredentials())
	}
	if err != nil {
		return nil, fmt.Errorf("login: find user: %w", err)
	}
	now := s.now()
	if u.LockedUntil != nil && now.Before(*u.LockedUntil) {
		return nil, s.refuse(ctx, a, u, lockedError(minutesUntil(u.LockedUntil.Sub(now))))
	}
	if !VerifyPassword(u.PasswordHash, password) {
		return nil, s.refuse(ctx, a, u, s.countFailure(ctx, u))
	}
	if u.Disabled || u.Edges.Tenant == nil || u.Edges.Tenant.Disabled {
		return nil, s.refuse(ctx, a, u, disabledError(http.StatusForbidden))
	}
	must := u.MustChangePassword || CheckPasswordPolicy(password) != nil
	upd := s.client.User.UpdateOneID(u.ID).
		SetFailedLogins(0).
		ClearLockedUntil().
		SetLastLogin(now).
		SetMustChangePassword(must)
	if NeedsRehash(u.PasswordHash) {
		hash, err := HashPassword(password)
		if err != nil {
			return nil, err
		}
		upd.SetPasswordHash(hash)
	}
	saved, err := upd.Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("login: update user %d: %w", u.ID, err)
	}
	u = saved
	token, err := s.StartSession(ctx, u, ip, userAgent)
	if err != nil {
		return nil, err
	}
	if err := s.writeLoginLog(ctx, a, u, LoginSucceeded, msg.LoginSucceeded); err != nil {
		return nil, err
	}
	return &LoginResult{Token: token, MustChangePassword: must, User: u}, nil
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

// countFailure records a wrong password and returns the refusal: 用户名或
// 密码错误, or the lock message when this failure locks the account.
func (s *Service) countFailure(ctx context.Context, u *ent.User) error {
	// The increment happens in SQL, so concurrent failures all count.
	n, err := s.client.User.UpdateOneID(u.ID).AddFailedLogins(1).Save(ctx)
	if err != nil {
		return fmt.Errorf("login: count failure of user %d: %w", u.ID, err)
	}
	if n.FailedLogins < s.opts.MaxFailures {
		return badCredentials()
	}
	err = s.client.User.UpdateOneID(u.ID).
		SetLockedUntil(s.now().Add(s.opts.LockDuration)).
		SetFailedLogins(0).
		Exec(ctx)
	if err != nil {
		return fmt.Errorf("login: lock user %d: %w", u.ID, err)
	}
	return lockedError(minutesUntil(s.opts.LockDuration))
}

// refuse writes the login-log row of a refused attempt and returns the
// refusal, or the logging error when the row cannot be written.
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

// minutesUntil rounds a remaining duration up to whole minutes.
func minutesUntil(d time.Duration) int {
	return int(math.Ceil(d.Minutes()))
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

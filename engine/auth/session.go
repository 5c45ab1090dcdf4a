package auth

import (
	"context"
	"fmt"
	"time"
	"unicode/utf8"

	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/session"
)

// Sessions are the server side of tokens: a row per issued token, so that
// logout, a password change or an administrator can end a token before it
// expires.
type Sessions struct {
	client *ent.Client
	ttl    time.Duration
	now    func() time.Time
}

// NewSessions returns the session store over client; sessions live ttl
// (DefaultTokenTTL when zero) by the clock now (time.Now when nil).
func NewSessions(client *ent.Client, ttl time.Duration, now func() time.Time) *Sessions {
	if ttl <= 0 {
		ttl = DefaultTokenTTL
	}
	if now == nil {
		now = time.Now
	}
	return &Sessions{client: client, ttl: ttl, now: now}
}

// Create opens a session for a user of a tenant, from ip with userAgent,
// with a fresh random jti, expiring one TTL from now.
func (s *Sessions) Create(ctx context.Context, userID, tenantID int64, ip, userAgent string) (*ent.Session, error) {
	jti, err := newJTI()
	if err != nil {
		return nil, err
	}
	sess, err := s.client.Session.Create().
		SetJti(jti).
		SetUserID(userID).
		SetTenantID(tenantID).
		SetExpiresAt(s.now().Add(s.ttl)).
		SetIP(truncate(ip, 64)).
		SetUserAgent(truncate(userAgent, 500)).
		Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("create session: %w", err)
	}
	return sess, nil
}

// Check returns the live session jti: it exists, is not revoked and has not
// expired. Otherwise the error wraps ErrSessionEnded and answers 401.
func (s *Sessions) Check(ctx context.Context, jti string) (*ent.Session, error) {
	sess, err := s.client.Session.Query().Where(session.Jti(jti)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, sessionEnded()
	}
	if err != nil {
		return nil, fmt.Errorf("check session: %w", err)
	}
	if sess.RevokedAt != nil || !s.now().Before(sess.ExpiresAt) {
		return nil, sessionEnded()
	}
	return sess, nil
}

// Revoke ends the session jti (logout). Revoking an unknown or already
// ended session is not an error.
func (s *Sessions) Revoke(ctx context.Context, jti string) error {
	err := s.client.Session.Update().
		Where(session.Jti(jti), session.RevokedAtIsNil()).
		SetRevokedAt(s.now()).
		Exec(ctx)
	if err != nil {
		return fmt.Errorf("revoke session: %w", err)
	}
	return nil
}

// RevokeUser ends every live session of a user (password change, disabled
// or deleted account, an administrator's action) and returns how many it
// ended.
func (s *Sessions) RevokeUser(ctx context.Context, userID int64) (int, error) {
	n, err := s.client.Session.Update().
		Where(session.UserID(userID), session.RevokedAtIsNil(), session.ExpiresAtGT(s.now())).
		SetRevokedAt(s.now()).
		Save(ctx)
	if err != nil {
		return 0, fmt.Errorf("revoke sessions of user %d: %w", userID, err)
	}
	return n, nil
}

// DeleteEnded removes the sessions that expired or were revoked before
// cutoff, to keep the table small; it returns how many it removed.
func (s *Sessions) DeleteEnded(ctx context.Context, cutoff time.Time) (int, error) {
	n, err := s.client.Session.Delete().
		Where(session.Or(session.ExpiresAtLT(cutoff), session.RevokedAtLT(cutoff))).
		Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("delete ended sessions: %w", err)
	}
	return n, nil
}

// truncate cuts s to at most n characters, the column's limit.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

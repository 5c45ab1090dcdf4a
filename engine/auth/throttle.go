package auth

import (
	"context"
	"fmt"
	"time"

	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/loginlog"
	"xiangzhi/generated/ent/predicate"
)

// Defaults of the sign-in throttle. Failed attempts are counted from the
// login log, so every instance over one database sees the same counts.
const (
	// DefaultThrottleWindow is how far back failures count.
	DefaultThrottleWindow = time.Hour
	// DefaultAccountThreshold failures of one account name within the
	// window start the delays for that name.
	DefaultAccountThreshold = 5
	// DefaultAddressThreshold failures from one client address within the
	// window start the delays for that address (higher: an office behind
	// one address has many people).
	DefaultAddressThreshold = 20
	// DefaultThrottleCap is the longest wait between two attempts.
	DefaultThrottleCap = 5 * time.Minute
)

// ThrottleWait is how long the next attempt must wait after the last of n
// failures: nothing below threshold, then 1, 2, 4, … seconds (2^(n −
// threshold)), never more than limit.
func ThrottleWait(n, threshold int, limit time.Duration) time.Duration {
	if n < threshold {
		return 0
	}
	shift := n - threshold
	if shift > 30 {
		return limit
	}
	if d := time.Second << shift; d < limit {
		return d
	}
	return limit
}

// checkThrottle refuses an attempt made inside the wait of its account
// name (failures since the account's throttle_since, a success or an
// administrator's unlock) or of its client address. A refused attempt is
// logged with status LoginThrottled and does not count as a failure, so
// hammering a name does not lengthen its wait; the answer is the same
// whether the name exists or not. u is nil for an unknown name.
func (s *Service) checkThrottle(ctx context.Context, a attempt, u *ent.User) error {
	now := s.now()
	from := now.Add(-s.opts.ThrottleWindow)
	if u != nil && u.ThrottleSince != nil && u.ThrottleSince.After(from) {
		from = *u.ThrottleSince
	}
	wait, err := s.failureWait(ctx, s.opts.AccountThreshold, from,
		loginlog.TenantID(a.tenantID), loginlog.UserName(truncate(a.username, 100)))
	if err != nil {
		return err
	}
	if wait.After(now) {
		return s.refuseThrottled(ctx, a, u)
	}
	if a.ip == "" {
		return nil
	}
	wait, err = s.failureWait(ctx, s.opts.AddressThreshold, now.Add(-s.opts.ThrottleWindow),
		loginlog.IP(truncate(a.ip, 64)))
	if err != nil {
		return err
	}
	if wait.After(now) {
		return s.refuseThrottled(ctx, a, u)
	}
	return nil
}

// failureWait is the time before which another attempt matching where
// must wait: the last failure since from plus ThrottleWait of their count.
func (s *Service) failureWait(ctx context.Context, threshold int, from time.Time, where ...predicate.LoginLog) (time.Time, error) {
	q := s.client.LoginLog.Query().
		Where(append(where, loginlog.Status(LoginFailed), loginlog.TimeGT(from))...)
	n, err := q.Clone().Count(ctx)
	if err != nil {
		return time.Time{}, fmt.Errorf("login throttle: count failures: %w", err)
	}
	if n < threshold {
		return time.Time{}, nil
	}
	last, err := q.Order(ent.Desc(loginlog.FieldTime)).First(ctx)
	if err != nil {
		return time.Time{}, fmt.Errorf("login throttle: last failure: %w", err)
	}
	return last.Time.Add(ThrottleWait(n, threshold, s.opts.ThrottleCap)), nil
}

func (s *Service) refuseThrottled(ctx context.Context, a attempt, u *ent.User) error {
	refusal := throttledError()
	if err := s.writeLoginLog(ctx, a, u, LoginThrottled, msg.LoginThrottled); err != nil {
		return err
	}
	return refusal
}

// Unlock lifts an administrator's lock of a user and starts the user's
// failure count afresh.
func (s *Service) Unlock(ctx context.Context, userID int64) error {
	err := s.client.User.UpdateOneID(userID).SetLocked(false).SetThrottleSince(s.now()).Exec(ctx)
	if err != nil {
		return fmt.Errorf("unlock user %d: %w", userID, err)
	}
	return nil
}

// Lock is an administrator locking a user: the right password answers
// 账号已锁定，请联系管理员 until Unlock, and every session of the user ends.
func (s *Service) Lock(ctx context.Context, userID int64) error {
	if err := s.client.User.UpdateOneID(userID).SetLocked(true).Exec(ctx); err != nil {
		return fmt.Errorf("lock user %d: %w", userID, err)
	}
	if _, err := s.sessions.RevokeUser(ctx, userID); err != nil {
		return err
	}
	return nil
}

package auth

import (
	"context"
	"fmt"
	"net/http"

	"xiangzhi/engine/msg"
)

// SetPassword gives a user a new password after checking the policy (the
// only way this package writes a password hash besides Bootstrap). initial
// marks a password an administrator chose, which the user must change at
// the next login. Every session of the user ends.
func (s *Service) SetPassword(ctx context.Context, userID int64, password string, initial bool) error {
	if err := CheckPasswordPolicy(password); err != nil {
		return err
	}
	hash, err := HashPassword(password)
	if err != nil {
		return err
	}
	err = s.client.User.UpdateOneID(userID).
		SetPasswordHash(hash).
		SetPasswordChangedAt(s.now()).
		SetMustChangePassword(initial).
		SetThrottleSince(s.now()).
		Exec(ctx)
	if err != nil {
		return fmt.Errorf("set password of user %d: %w", userID, err)
	}
	if _, err := s.sessions.RevokeUser(ctx, userID); err != nil {
		return err
	}
	return nil
}

// ChangePassword is a user changing their own password: the old one must
// match (else 400 原密码错误), the new one must follow the policy. Every
// session ends, including the caller's: start a new one with StartSession.
func (s *Service) ChangePassword(ctx context.Context, userID int64, oldPassword, newPassword string) error {
	if err := s.confirm(ctx, userID, oldPassword, msg.OldPasswordWrong); err != nil {
		return err
	}
	return s.SetPassword(ctx, userID, newPassword, false)
}

// ConfirmPassword checks the password of the signed-in administrator who
// edits another user (currentUserPwd); a wrong one answers 400 with the
// specification's 管理员密码不正确！.
func (s *Service) ConfirmPassword(ctx context.Context, userID int64, password string) error {
	return s.confirm(ctx, userID, password, msg.AdminPasswordWrong)
}

func (s *Service) confirm(ctx context.Context, userID int64, password, wrong string) error {
	u, err := s.client.User.Get(ctx, userID)
	if err != nil {
		return fmt.Errorf("confirm password of user %d: %w", userID, err)
	}
	if !VerifyPassword(u.PasswordHash, password) {
		return newError(http.StatusBadRequest, wrong, ErrWrongPassword)
	}
	return nil
}

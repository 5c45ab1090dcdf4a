package auth

import (
	"context"
	"crypto/rand"
	"fmt"
	"net/http"
	"strings"

	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/user"
)

// TOTPState is a user's two-factor sign-in as the profile page shows it.
type TOTPState struct {
	Enabled           bool `json:"enabled"`
	Required          bool `json:"required"`
	RecoveryCodesLeft int  `json:"recoveryCodesLeft"`
}

// TOTPStatus reads a user's two-factor state.
func (s *Service) TOTPStatus(ctx context.Context, userID int64) (*TOTPState, error) {
	u, err := s.client.User.Get(ctx, userID)
	if err != nil {
		return nil, fmt.Errorf("two-factor state of user %d: %w", userID, err)
	}
	required, err := s.TOTPRequired(ctx, userID)
	if err != nil {
		return nil, err
	}
	st := &TOTPState{Enabled: u.TotpEnabled, Required: required}
	if u.TotpEnabled {
		st.RecoveryCodesLeft = recoveryLeft(u.TotpRecovery)
	}
	return st, nil
}

// StartTOTP begins an enrolment from the profile: a new secret, stored
// sealed and pending until ConfirmTOTP. The setup is answered now and never
// again. While two-factor sign-in is on it answers 400 已启用动态验证码.
func (s *Service) StartTOTP(ctx context.Context, userID int64) (*TOTPSetup, error) {
	u, err := s.client.User.Get(ctx, userID)
	if err != nil {
		return nil, fmt.Errorf("start two-factor enrolment of user %d: %w", userID, err)
	}
	return s.startTOTP(ctx, u)
}

func (s *Service) startTOTP(ctx context.Context, u *ent.User) (*TOTPSetup, error) {
	if u.TotpEnabled {
		return nil, totpStateError(msg.TOTPAlreadyEnabled)
	}
	secret := make([]byte, totpSecretBytes)
	if _, err := rand.Read(secret); err != nil {
		return nil, fmt.Errorf("two-factor secret: %w", err)
	}
	sealed, err := s.box.seal(secret)
	if err != nil {
		return nil, err
	}
	n, err := s.client.User.Update().
		Where(user.ID(u.ID), user.TotpEnabled(false)).
		SetTotpSecret(sealed).ClearTotpRecovery().SetTotpLastStep(0).
		Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("start two-factor enrolment of user %d: %w", u.ID, err)
	}
	if n == 0 {
		return nil, totpStateError(msg.TOTPAlreadyEnabled)
	}
	return newTOTPSetup(msg.TOTPIssuer, u.Username, secret), nil
}

// ConfirmTOTP turns two-factor sign-in on with a code of the pending
// secret and returns the ten recovery codes, shown once (only their hashes
// are kept).
func (s *Service) ConfirmTOTP(ctx context.Context, userID int64, code string) ([]string, error) {
	u, err := s.client.User.Get(ctx, userID)
	if err != nil {
		return nil, fmt.Errorf("confirm two-factor enrolment of user %d: %w", userID, err)
	}
	return s.confirmTOTP(ctx, u, code)
}

func (s *Service) confirmTOTP(ctx context.Context, u *ent.User, code string) ([]string, error) {
	if u.TotpEnabled {
		return nil, totpStateError(msg.TOTPAlreadyEnabled)
	}
	if u.TotpSecret == "" {
		return nil, totpStateError(msg.TOTPNotStarted)
	}
	secret, err := s.box.open(u.TotpSecret)
	if err != nil {
		return nil, fmt.Errorf("confirm two-factor enrolment of user %d: %w", u.ID, err)
	}
	step, ok := matchTOTP(secret, strings.TrimSpace(code), s.now())
	if !ok {
		return nil, totpCodeWrong()
	}
	codes, stored, err := newRecoveryCodes()
	if err != nil {
		return nil, err
	}
	n, err := s.client.User.Update().
		Where(user.ID(u.ID), user.TotpEnabled(false), user.TotpSecret(u.TotpSecret)).
		SetTotpEnabled(true).SetTotpLastStep(step).SetTotpRecovery(stored).
		Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("confirm two-factor enrolment of user %d: %w", u.ID, err)
	}
	if n == 0 {
		return nil, totpStateError(msg.TOTPNotStarted)
	}
	return codes, nil
}

// DisableTOTP turns two-factor sign-in off after a proof: the user's
// password (checked first when given) or a current or recovery code.
func (s *Service) DisableTOTP(ctx context.Context, userID int64, password, code string) error {
	u, err := s.client.User.Get(ctx, userID)
	if err != nil {
		return fmt.Errorf("disable two-factor sign-in of user %d: %w", userID, err)
	}
	if !u.TotpEnabled {
		return totpStateError(msg.TOTPNotEnabled)
	}
	switch {
	case password != "":
		if !VerifyPassword(u.PasswordHash, password) {
			return newError(http.StatusBadRequest, msg.TOTPPasswordWrong, ErrWrongPassword)
		}
	case strings.TrimSpace(code) != "":
		if err := s.checkCode(ctx, u, code); err != nil {
			return err
		}
	default:
		return totpStateError(msg.TOTPProofRequired)
	}
	return s.ResetTOTP(ctx, userID)
}

// ResetTOTP turns a user's two-factor sign-in off without a proof: the
// user's own DisableTOTP after the proof, or an administrator helping a
// user who lost the device and the recovery codes.
func (s *Service) ResetTOTP(ctx context.Context, userID int64) error {
	err := s.client.User.UpdateOneID(userID).
		SetTotpEnabled(false).ClearTotpSecret().ClearTotpRecovery().
		Exec(ctx)
	if err != nil {
		return fmt.Errorf("reset two-factor sign-in of user %d: %w", userID, err)
	}
	return nil
}

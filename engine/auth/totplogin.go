package auth

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/role"
	"xiangzhi/generated/ent/user"
)

// secondStep follows a right password: the token when no second factor
// applies, else a challenge; when a role requires two-factor sign-in and
// the user has none, a pending enrolment comes with it.
func (s *Service) secondStep(ctx context.Context, a attempt, u *ent.User) (*LoginResult, error) {
	enrol := false
	if !u.TotpEnabled {
		required, err := s.TOTPRequired(ctx, u.ID)
		if err != nil {
			return nil, err
		}
		if !required {
			return s.complete(ctx, a, u)
		}
		enrol = true
	}
	res := &LoginResult{MustChangePassword: u.MustChangePassword, User: u}
	if enrol {
		setup, err := s.startTOTP(ctx, u)
		if err != nil {
			return nil, err
		}
		res.Setup = setup
	}
	ch, err := s.chals.issue(u.ID, u.TenantID, enrol)
	if err != nil {
		return nil, err
	}
	res.Challenge = ch
	return res, nil
}

// LoginTOTP is the two-factor step of a sign-in: the challenge Login
// answered and a code the browser encrypted with the login public key —
// the current six-digit code, or one of the recovery codes (each works
// once). For a challenge that demanded an enrolment, the code confirms it
// and the result carries the recovery codes, shown once. A wrong code
// answers 400 动态验证码错误 and counts as a failed attempt for the
// throttle; a missing, forged or expired challenge answers 400 登录已超时.
func (s *Service) LoginTOTP(ctx context.Context, challengeText, encryptedCode, ip, userAgent string) (*LoginResult, error) {
	ch, err := s.chals.parse(challengeText)
	if err != nil {
		return nil, challengeError(err)
	}
	u, err := s.client.User.Query().
		Where(user.ID(ch.UserID), user.TenantID(ch.TenantID)).
		WithTenant().
		Only(ctx)
	if ent.IsNotFound(err) {
		return nil, challengeError(err)
	}
	if err != nil {
		return nil, fmt.Errorf("two-factor step: find user: %w", err)
	}
	a := attempt{tenantID: ch.TenantID, username: u.Username, ip: ip, userAgent: userAgent}
	if err := s.checkThrottle(ctx, a, u); err != nil {
		return nil, err
	}
	code, err := s.keys.Decrypt(encryptedCode)
	if err != nil {
		return nil, s.refuse(ctx, a, u, err)
	}
	if err := s.standing(u); err != nil {
		return nil, s.refuse(ctx, a, u, err)
	}
	switch {
	case u.TotpEnabled:
		if err := s.checkCode(ctx, u, code); err != nil {
			return nil, s.refuse(ctx, a, u, err)
		}
		return s.complete(ctx, a, u)
	case ch.Enrol && u.TotpSecret != "":
		codes, err := s.confirmTOTP(ctx, u, code)
		if err != nil {
			return nil, s.refuse(ctx, a, u, err)
		}
		res, err := s.complete(ctx, a, u)
		if err != nil {
			return nil, err
		}
		res.RecoveryCodes = codes
		return res, nil
	}
	return nil, challengeError(errors.New("no two-factor step pending"))
}

// TOTPRequired reports whether a role of the user requires two-factor
// sign-in.
func (s *Service) TOTPRequired(ctx context.Context, userID int64) (bool, error) {
	ok, err := s.client.Role.Query().
		Where(role.RequireTotp(true), role.HasUsersWith(user.ID(userID))).
		Exist(ctx)
	if err != nil {
		return false, fmt.Errorf("two-factor required for user %d: %w", userID, err)
	}
	return ok, nil
}

// checkCode accepts the current code of an enabled user once (a step is
// never accepted twice, on any instance), or one unused recovery code,
// which it spends.
func (s *Service) checkCode(ctx context.Context, u *ent.User, code string) error {
	code = strings.TrimSpace(code)
	if len(code) == TOTPDigits {
		secret, err := s.box.open(u.TotpSecret)
		if err != nil {
			return fmt.Errorf("two-factor code of user %d: %w", u.ID, err)
		}
		step, ok := matchTOTP(secret, code, s.now())
		if !ok {
			return totpCodeWrong()
		}
		n, err := s.client.User.Update().
			Where(user.ID(u.ID), user.TotpLastStepLT(step)).
			SetTotpLastStep(step).
			Save(ctx)
		if err != nil {
			return fmt.Errorf("two-factor code of user %d: %w", u.ID, err)
		}
		if n == 0 {
			return totpCodeWrong()
		}
		return nil
	}
	rest, ok := spendRecovery(u.TotpRecovery, code)
	if !ok {
		return totpCodeWrong()
	}
	// Compare-and-set on the stored list, so two requests cannot spend
	// the same code.
	n, err := s.client.User.Update().
		Where(user.ID(u.ID), user.TotpRecovery(u.TotpRecovery)).
		SetTotpRecovery(rest).
		Save(ctx)
	if err != nil {
		return fmt.Errorf("spend recovery code of user %d: %w", u.ID, err)
	}
	if n == 0 {
		return totpCodeWrong()
	}
	return nil
}

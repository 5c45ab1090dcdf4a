package system

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
)

// Two-factor sign-in from the profile page: the signed-in user's state,
// an enrolment (start, then confirm with a code, which answers the
// recovery codes once) and turning it off with the password or a code.
func (s *Service) totpRoutes() []engine.Route {
	get, post := http.MethodGet, http.MethodPost
	return []engine.Route{
		{Method: get, Path: "/api/system/totp", Code: auth.SignedIn, Name: routeTOTPStatus, Handler: s.totpStatus},
		{Method: post, Path: "/api/system/totp/start", Code: auth.SignedIn, Name: routeTOTPStart, Handler: s.totpStart},
		{Method: post, Path: "/api/system/totp/confirm", Code: auth.SignedIn, Name: routeTOTPConfirm, Handler: s.totpConfirm},
		{Method: post, Path: "/api/system/totp/disable", Code: auth.SignedIn, Name: routeTOTPDisable, Handler: s.totpDisable},
	}
}

// totpStatus answers {enabled, required, recoveryCodesLeft}.
func (s *Service) totpStatus(c echo.Context) error {
	st, err := s.auth.TOTPStatus(c.Request().Context(), viewer(c).UserID)
	if err != nil {
		return err
	}
	return httpx.OK(c, st)
}

// totpStart answers a new pending secret and its otpauth:// URI.
func (s *Service) totpStart(c echo.Context) error {
	setup, err := s.auth.StartTOTP(c.Request().Context(), viewer(c).UserID)
	if err != nil {
		return err
	}
	return httpx.OK(c, setup)
}

// totpBody carries a code (the six digits, or a recovery code to turn
// two-factor sign-in off) and, to turn it off, the password encrypted
// like the login's.
type totpBody struct {
	Code     string `json:"code"`
	Password string `json:"password"`
}

// totpConfirm turns two-factor sign-in on and answers the recovery codes.
func (s *Service) totpConfirm(c echo.Context) error {
	var b totpBody
	if err := httpx.BindInto(c, s.maxBody, &b); err != nil {
		return err
	}
	if strings.TrimSpace(b.Code) == "" {
		return invalid(fieldError("code", msg.TOTPCodeRequired))
	}
	codes, err := s.auth.ConfirmTOTP(c.Request().Context(), viewer(c).UserID, b.Code)
	if err != nil {
		return err
	}
	return okMsg(c, TOTPEnabled, map[string][]string{"recoveryCodes": codes})
}

// totpDisable turns two-factor sign-in off after the password or a code.
func (s *Service) totpDisable(c echo.Context) error {
	var b totpBody
	if err := httpx.BindInto(c, s.maxBody, &b); err != nil {
		return err
	}
	password := ""
	if b.Password != "" {
		var err error
		if password, err = s.decryptPassword("password", b.Password); err != nil {
			return err
		}
	}
	if err := s.auth.DisableTOTP(c.Request().Context(), viewer(c).UserID, password, b.Code); err != nil {
		return err
	}
	return okMsg(c, TOTPDisabled, nil)
}

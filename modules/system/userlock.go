package system

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/httpx"
)

// An administrator's hold on an account: lock (the right password then
// answers 账号已锁定，请联系管理员 and every session ends), unlock (which
// also starts the failure count afresh), and turning off the two-factor
// sign-in of a user who lost the device and the recovery codes.
func (s *Service) userLockRoutes() []engine.Route {
	put := http.MethodPut
	return []engine.Route{
		{Method: put, Path: "/api/system/cscpUsers/:userId/lock", Code: CodeUserEdit, Name: routeLockUser, Handler: s.lockUser},
		{Method: put, Path: "/api/system/cscpUsers/:userId/unlock", Code: CodeUserEdit, Name: routeUnlockUser, Handler: s.unlockUser},
		{Method: put, Path: "/api/system/cscpUsers/:userId/totpReset", Code: CodeUserEdit, Name: routeResetTOTP, Handler: s.resetUserTOTP},
	}
}

// lockTarget is the user the path names, reachable by the viewer, who may
// not be a super administrator unless the viewer is one.
func (s *Service) lockTarget(c echo.Context) (int64, error) {
	v := viewer(c)
	id, err := httpx.PathID(c, "userId")
	if err != nil {
		return 0, err
	}
	target, err := s.reachableUser(c.Request().Context(), v, id)
	if err != nil {
		return 0, err
	}
	return id, s.guardPrivileged(v, target)
}

func (s *Service) lockUser(c echo.Context) error {
	id, err := s.lockTarget(c)
	if err != nil {
		return err
	}
	if id == viewer(c).UserID {
		return httpx.BadRequest(CannotLockSelf)
	}
	if err := s.auth.Lock(c.Request().Context(), id); err != nil {
		return err
	}
	return okMsg(c, UserLocked, nil)
}

func (s *Service) unlockUser(c echo.Context) error {
	id, err := s.lockTarget(c)
	if err != nil {
		return err
	}
	if err := s.auth.Unlock(c.Request().Context(), id); err != nil {
		return err
	}
	return okMsg(c, UserUnlocked, nil)
}

func (s *Service) resetUserTOTP(c echo.Context) error {
	id, err := s.lockTarget(c)
	if err != nil {
		return err
	}
	if err := s.auth.ResetTOTP(c.Request().Context(), id); err != nil {
		return err
	}
	return okMsg(c, TOTPDisabled, nil)
}

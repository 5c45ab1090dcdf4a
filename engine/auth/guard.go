package auth

import (
	"errors"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/msg"
	"xiangzhi/engine/store"
)

// SignedIn is the code of a route any signed-in user may call (the
// profile, the password change, logout, the menus of the viewer). It is a
// real, non-empty code so that the engine's route table accepts it, but no
// menu carries it and no role is granted it: Authorize allows it for every
// valid session, also one that must still change its password.
const SignedIn = "signedIn"

// Platform is the code of the platform administration's routes (tenants).
// No menu carries it and no role grants it, not even the super
// administrator's AllCodes: Authorize allows it only to a viewer whose user
// row has the platform flag, which only the command line and the first
// start set.
const Platform = "platform"

// Authorize is the engine's Authorizer: it authenticates the request's
// token (the Authorization header, with or without "Bearer "), checks that
// the viewer holds code (SignedIn needs only a valid session), puts the
// viewer into the request's context for the handler (ViewerFrom), and
// returns the viewer's data scope. No token, a bad token or an ended
// session answer 401; a missing code 403; a session that must first change
// its password 403 with 请先修改初始密码 for every code but SignedIn.
func (s *Service) Authorize(c echo.Context, code string) (store.Scope, error) {
	req := c.Request()
	v := ViewerFrom(req.Context())
	if v == nil {
		token := bearer(req.Header.Get(echo.HeaderAuthorization))
		if token == "" {
			return store.Scope{}, invalidToken(errors.New("no token"))
		}
		var err error
		if v, err = s.Authenticate(req.Context(), token); err != nil {
			return store.Scope{}, err
		}
		c.SetRequest(req.WithContext(WithViewer(req.Context(), v)))
	}
	if code == SignedIn {
		return v.Scope(), nil
	}
	if v.MustChangePassword {
		return store.Scope{}, newError(http.StatusForbidden, msg.MustChangePassword, ErrMustChangePassword)
	}
	if code == Platform {
		if !v.Platform {
			return store.Scope{}, newError(http.StatusForbidden, msg.Forbidden, ErrForbidden)
		}
		return v.Scope(), nil
	}
	if !v.Can(code) {
		return store.Scope{}, newError(http.StatusForbidden, msg.Forbidden, ErrForbidden)
	}
	return v.Scope(), nil
}

// bearer takes the token out of an Authorization header value.
func bearer(h string) string {
	h = strings.TrimSpace(h)
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return h
}

// Package system is the system-administration part of the product: login,
// users, roles, organisations, work groups, menus, dictionaries and the
// login and operation logs, served at the paths of the specification
// (/api/system/…, /api/userDetails/…, /api/sysdict…) on the core tables of
// generated/ent. It also installs the real Authorizer into the engine.
package system

import (
	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/authz"
	"xiangzhi/generated/ent"
)

// Service holds what every system handler needs. One Service is built by
// Register; handlers are its methods, grouped one file per area, each area
// listing its routes at the top of its file in a method named <area>Routes.
type Service struct {
	app   *engine.App
	ent   *ent.Client
	auth  *auth.Service
	authz *authz.Enforcer
}

// routes collects the route table of every area.
func (s *Service) routes() []engine.Route {
	var rs []engine.Route
	for _, area := range []func() []engine.Route{
		s.loginRoutes,     // login.go: publicKey, login, logout, password change, password rule
		s.userRoutes,      // users.go: user and profile calls
		s.orgRoutes,       // orgs.go: organisation tree
		s.logRoutes,       // logs.go: login log and operation log
		s.roleRoutes,      // roles.go: roles and role menus
		s.menuRoutes,      // menus.go: web, mini-program and app menus, the current user's menus
		s.workGroupRoutes, // workgroups.go
		s.dictRoutes,      // dicts.go: /api/sysdict, /api/sysdictitem
	} {
		rs = append(rs, area()...)
	}
	return rs
}

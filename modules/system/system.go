// Package system is the system-administration part of the product, and its
// only home: login, users, roles, organisations, work groups, menus,
// dictionaries and the login and operation logs, served at the paths of the
// specification (/api/system/…, /api/userDetails/…, /api/sysdict…) on the
// core tables of generated/ent; the permission codes of those screens
// (codes.go); the first start's tenant, administrator and menus
// (bootstrap.go, seedmenus.go) and the menus of schema modules
// (modulemenus.go); and every text they show (messages_*.go). It registers
// itself with the engine as the engine.System: who a request is, where
// organisations lie, what users and organisations are called, and the
// operation log.
package system

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"entgo.io/ent/dialect"
	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/authz"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
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
	// drv is the ent client's driver, for transactions that also run
	// statements of their own (inSQLTx).
	drv dialect.Driver

	log *slog.Logger
	now func() time.Time
	// tenantID is the default tenant: the one a login without a tenant
	// code signs into.
	tenantID int64
	// maxBody limits a JSON request body (the engine's MaxBodyBytes).
	maxBody int64
	// routeIdx finds the route a request was served by, for the
	// operation log.
	routeIdx routeIndex
	// labels keeps the names Labels read (labels.go).
	labels labelCache
	// opLogs writes operation-log rows in group commits (oplogbatch.go).
	opLogs opLogBatcher
}

// routes collects the route table of every area.
func (s *Service) routes() []engine.Route {
	var rs []engine.Route
	for _, area := range []func() []engine.Route{
		s.loginRoutes,         // login.go: publicKey, login, logout, password change, password rule
		s.userRoutes,          // users.go: user and profile calls
		s.userLockRoutes,      // userlock.go: an administrator's lock, unlock, two-factor reset
		s.totpRoutes,          // totp.go: two-factor enrolment from the profile
		s.orgRoutes,           // orgs.go: organisation tree
		s.logRoutes,           // logs.go: login log and operation log
		s.roleRoutes,          // roles.go: roles and role menus
		s.menuRoutes,          // menus.go: web, mini-program and app menus, the current user's menus
		s.workGroupRoutes,     // workgroups.go
		s.dictRoutes,          // dicts.go: /api/sysdict, /api/sysdictitem
		s.moduleListRoutes,    // modulelist.go: the console's module directory
		s.i18nRoutes,          // i18n.go: translations of the module texts
		s.consoleConfigRoutes, // consoleconfig.go: map tile and place search URLs
		s.tenantRoutes,        // tenants.go: the platform administration of tenants
	} {
		rs = append(rs, area()...)
	}
	return s.guardPlatformUsers(platformShared(rs))
}

// options are the knobs tests turn; Register uses the defaults.
type options struct {
	now func() time.Time
}

// Register wires system administration into app: it opens an ent client
// on the engine's database, migrates the core tables, bootstraps the first
// start (admin password from XZ_ADMIN_PASSWORD, or generated into the data
// directory), keeps the generated module menus and their codes in step with
// every schema reload, registers itself as the engine's System (it
// authorizes requests by tokens, sessions, permission codes and data scope,
// lets module records be placed in another organisation of the viewer's
// subtree, names users and organisations in the module API's answers and
// keeps the operation log) and serves every system route.
func Register(app *engine.App) error {
	_, err := register(app, options{})
	return err
}

func register(app *engine.App, opts options) (*Service, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if opts.now == nil {
		opts.now = time.Now
	}
	st := app.Store()
	drv := newDriver(st.Dialect(), st.DB())
	client := ent.NewClient(ent.Driver(drv))
	if err := client.Schema.Create(ctx); err != nil {
		return nil, fmt.Errorf("migrate core tables: %w", err)
	}
	boot, err := Bootstrap(ctx, client, BootstrapOptions{
		AdminPassword: os.Getenv(AdminPasswordEnv),
		DataDir:       app.Config().DataDir,
		Logger:        app.Logger(),
	})
	if err != nil {
		return nil, err
	}
	enf := authz.New(client)
	as, err := auth.New(ctx, client, auth.Options{
		Now:         opts.now,
		Permissions: enf,
		Logger:      app.Logger(),
	})
	if err != nil {
		return nil, fmt.Errorf("auth service: %w", err)
	}
	s := &Service{app: app, ent: client, drv: drv, auth: as, authz: enf, log: app.Logger(), now: opts.now,
		tenantID: boot.TenantID, maxBody: app.Config().MaxBodyBytes}
	routes := s.routes()
	for _, r := range routes {
		if !r.Public && r.Code != auth.SignedIn && r.Code != auth.Platform {
			enf.Register(r.Code)
		}
	}
	if err := s.syncModules(ctx, app.Modules()); err != nil {
		return nil, err
	}
	app.OnModulesChanged(func(set *schema.Set) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		s.routeIdx.reset()
		if err := s.syncModules(ctx, set); err != nil {
			s.log.Error("module menus not synchronised", "err", err.Error())
		}
	})
	if err := s.followPeers(); err != nil {
		return nil, err
	}
	if err := app.RegisterSystem(s); err != nil {
		return nil, err
	}
	app.AddRoutes("", routes...)
	return s, nil
}

// Authorize is the engine's check of every guarded request (engine.System):
// the token, the session, the permission code and the data scope
// (auth.Service.Authorize).
func (s *Service) Authorize(c echo.Context, code string) (store.Scope, error) {
	return s.auth.Authorize(c, code)
}

// Service is the engine's System.
var _ engine.System = (*Service)(nil)

// syncModules makes the generated menus match the modules of set,
// registers the modules' codes and reloads the permission policies.
func (s *Service) syncModules(ctx context.Context, set *schema.Set) error {
	if err := SyncModuleMenus(ctx, s.ent, set); err != nil {
		return err
	}
	if err := s.syncDicts(ctx, set); err != nil {
		return fmt.Errorf("sync dictionaries: %w", err)
	}
	for _, m := range set.Modules {
		s.authz.Register(m.Codes()...)
	}
	if err := s.authz.Reload(ctx); err != nil {
		return fmt.Errorf("reload permissions: %w", err)
	}
	return nil
}

// Auth is the auth service system administration runs on: for parts that
// authenticate outside a route (the message socket re-checks its token at
// every delivery) or follow identity changes (the viewer cache across a
// cluster).
func (s *Service) Auth() *auth.Service { return s.auth }

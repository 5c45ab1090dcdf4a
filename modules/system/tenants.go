package system

// The platform administration: tenants. A tenant is made with its
// first-level organisation, its 超级管理员 role and its administrator, in one
// transaction; disabling one refuses its users' sign-in and ends their
// sessions. The command line (xiangzhi tenant add|list|disable|enable) and
// the platform API (/api/platform/tenants, code auth.Platform) both call
// the functions below. Who is a platform administrator is decided by the
// user row's platform_admin flag, which only the first start and the
// command line set (docs/tenants.md).

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/role"
	"xiangzhi/generated/ent/session"
	"xiangzhi/generated/ent/tenant"
	"xiangzhi/generated/ent/user"
)

func (s *Service) tenantRoutes() []engine.Route {
	return []engine.Route{
		{Method: http.MethodGet, Path: "/api/platform/tenants", Code: auth.Platform, Name: routeTenantList, Handler: s.listTenants},
		{Method: http.MethodPost, Path: "/api/platform/tenants", Code: auth.Platform, Name: routeTenantCreate, Handler: s.createTenant},
		{Method: http.MethodPut, Path: "/api/platform/tenants/:id/disable", Code: auth.Platform, Name: routeTenantDisable, Handler: s.disableTenant},
		{Method: http.MethodPut, Path: "/api/platform/tenants/:id/enable", Code: auth.Platform, Name: routeTenantEnable, Handler: s.enableTenant},
	}
}

// sharedWriteCodes are the codes of the routes that change what every
// tenant shares: the menu trees and the dictionaries (installation-wide
// tables). Holding the code is not enough: the caller must also be a
// platform administrator, or one tenant's administrator would change every
// other tenant's menus and dictionaries.
var sharedWriteCodes = map[string]bool{
	CodeMenuAdd: true, CodeMenuEdit: true, CodeMenuDel: true,
	CodeDictAdd: true, CodeDictEdit: true, CodeDictDel: true,
}

// platformShared wraps the handlers of the routes that change shared
// tables so that they answer 403 to a caller who is not a platform
// administrator.
func platformShared(rs []engine.Route) []engine.Route {
	for i, r := range rs {
		if !sharedWriteCodes[r.Code] {
			continue
		}
		h := r.Handler
		rs[i].Handler = func(c echo.Context) error {
			if !viewer(c).Platform {
				return httpx.NewError(http.StatusForbidden, PlatformOnly)
			}
			return h(c)
		}
	}
	return rs
}

// platformUserRoutes change one user named by the path or the body: a
// platform administrator's account is changed only by a platform
// administrator, so the default tenant's 超级管理员 cannot take it over
// (reset its password, lock, delete or edit it).
var platformUserRoutes = map[string]bool{
	routeUpdateUser: true, routeDeleteUser: true, routeLockUser: true, routeUnlockUser: true, routeResetTOTP: true,
}

// guardPlatformUsers wraps the handlers of platformUserRoutes: a caller
// who is not a platform administrator naming a platform administrator's
// account within their reach gets 403. Anything else goes to the handler
// as it came (out of reach: its 404, so the flag is not told).
func (s *Service) guardPlatformUsers(rs []engine.Route) []engine.Route {
	for i, r := range rs {
		if !platformUserRoutes[r.Name] {
			continue
		}
		h := r.Handler
		rs[i].Handler = func(c echo.Context) error {
			v := viewer(c)
			if v.Platform {
				return h(c)
			}
			id := s.targetUser(c)
			if id <= 0 {
				return h(c)
			}
			kept, err := s.ent.User.Query().
				Where(user.ID(id), user.PlatformAdmin(true), userReach(v)).Exist(c.Request().Context())
			if err != nil {
				return err
			}
			if kept {
				return httpx.NewError(http.StatusForbidden, PlatformUserKept)
			}
			return h(c)
		}
	}
	return rs
}

// targetUser is the user a request names: the userId path parameter, or
// the id (userId, did; flat or in cscpUserDetailDTO) of a JSON body, which
// is put back for the handler. 0 when none can be read.
func (s *Service) targetUser(c echo.Context) int64 {
	if p := c.Param("userId"); p != "" {
		id, _ := httpx.ParseID(p)
		return id
	}
	req := c.Request()
	if req.Body == nil {
		return 0
	}
	b, err := io.ReadAll(io.LimitReader(req.Body, s.maxBody+1))
	req.Body = io.NopCloser(io.MultiReader(bytes.NewReader(b), req.Body))
	if err != nil {
		return 0
	}
	type ids struct {
		ID     flexID `json:"id"`
		UserID flexID `json:"userId"`
		Did    flexID `json:"did"`
	}
	var in struct {
		ids
		Nested *ids `json:"cscpUserDetailDTO"`
	}
	if json.Unmarshal(b, &in) != nil {
		return 0
	}
	pick := func(x ids) int64 {
		for _, id := range []flexID{x.ID, x.UserID, x.Did} {
			if id > 0 {
				return int64(id)
			}
		}
		return 0
	}
	if in.Nested != nil {
		if id := pick(*in.Nested); id > 0 {
			return id
		}
	}
	return pick(in.ids)
}

// TenantSpec describes a new tenant.
type TenantSpec struct {
	Code, Name string
	// AdminUsername is the tenant administrator's username (AdminUsername
	// when empty).
	AdminUsername string
	// AdminPassword is the administrator's initial password; empty
	// generates one. Either way it must be changed at the first login.
	AdminPassword string
}

// TenantInfo is a tenant as the platform lists it.
type TenantInfo struct {
	ID        int64     `json:"id"`
	Code      string    `json:"code"`
	Name      string    `json:"name"`
	Disabled  bool      `json:"disabled"`
	Users     int       `json:"users"`
	Platform  bool      `json:"platform"`
	CreatedAt time.Time `json:"createdAt"`
}

// NewTenant is what CreateTenant made.
type NewTenant struct {
	TenantInfo
	OrgID         int64  `json:"orgId"`
	RoleID        int64  `json:"roleId"`
	AdminID       int64  `json:"adminId"`
	AdminUsername string `json:"adminUsername"`
	// GeneratedPassword is the administrator's generated initial password,
	// shown once; empty when the password was given.
	GeneratedPassword string `json:"generatedPassword,omitempty"`
}

// tenantCodeRule: a lower-case letter, then letters, digits, _ and -.
var tenantCodeRule = regexp.MustCompile(`^[a-z][a-z0-9_-]{1,49}$`)

// checkTenantSpec trims the spec and collects its field errors.
func checkTenantSpec(sp *TenantSpec) checks {
	sp.Code = strings.TrimSpace(sp.Code)
	sp.Name = strings.TrimSpace(sp.Name)
	sp.AdminUsername = strings.TrimSpace(sp.AdminUsername)
	if sp.AdminUsername == "" {
		sp.AdminUsername = AdminUsername
	}
	var cs checks
	switch {
	case sp.Code == "":
		cs.add("code", TenantCodeRequired)
	case !tenantCodeRule.MatchString(sp.Code):
		cs.add("code", TenantCodeInvalid)
	}
	if sp.Name == "" {
		cs.add("name", TenantNameRequired)
	}
	cs.maxLen("name", sp.Name, 100, TenantNameTooLong)
	checkUsername(&cs, sp.AdminUsername)
	if sp.AdminPassword != "" && auth.CheckPasswordPolicy(sp.AdminPassword) != nil {
		cs.add("adminPassword", msg.PasswordPolicy)
	}
	return cs
}

// CreateTenant makes a tenant with its first-level organisation (named
// after the tenant), its 超级管理员 role (system, every code, data scope
// all, granted every server menu) and its administrator, who must change
// the initial password at the first login. A bad spec or a code in use
// answers a 400 with the field's message.
func CreateTenant(ctx context.Context, client *ent.Client, sp TenantSpec) (*NewTenant, error) {
	if err := checkTenantSpec(&sp).err(); err != nil {
		return nil, err
	}
	password, generated := sp.AdminPassword, sp.AdminPassword == ""
	if generated {
		var err error
		if password, err = auth.GeneratePassword(); err != nil {
			return nil, err
		}
	}
	hash, err := auth.HashPassword(password)
	if err != nil {
		return nil, err
	}
	taken, err := client.Tenant.Query().Where(tenant.Code(sp.Code)).Exist(ctx)
	if err != nil {
		return nil, fmt.Errorf("check tenant code: %w", err)
	}
	if taken {
		return nil, invalid(fieldError("code", TenantCodeTaken))
	}
	tx, err := client.Tx(ctx)
	if err != nil {
		return nil, fmt.Errorf("begin: %w", err)
	}
	out, err := createTenantTx(ctx, tx, sp, hash)
	if err != nil {
		err = errors.Join(err, tx.Rollback())
		if ent.IsConstraintError(err) {
			return nil, invalid(fieldError("code", TenantCodeTaken))
		}
		return nil, err
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("commit: %w", err)
	}
	if generated {
		out.GeneratedPassword = password
	}
	return out, nil
}

func createTenantTx(ctx context.Context, tx *ent.Tx, sp TenantSpec, hash string) (*NewTenant, error) {
	t, err := tx.Tenant.Create().SetCode(sp.Code).SetName(sp.Name).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("create tenant: %w", err)
	}
	o, err := tx.Org.Create().SetTenantID(t.ID).SetOrgName(sp.Name).SetParentID(0).SetLevel(1).SetOrderby(1).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("tenant organisation: %w", err)
	}
	if err := tx.Org.UpdateOneID(o.ID).SetPath(OrgPath("", o.ID)).Exec(ctx); err != nil {
		return nil, fmt.Errorf("tenant organisation path: %w", err)
	}
	r, err := tx.Role.Create().SetTenantID(t.ID).SetName(SuperAdminRole).SetSystem(true).
		SetDataScope(role.DataScopeAll).SetIcon("CrownOutlined").Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("tenant super-admin role: %w", err)
	}
	admin, err := tx.User.Create().SetTenantID(t.ID).SetUsername(sp.AdminUsername).
		SetFamilyName(AdminFamilyName).SetName(AdminName).
		SetPasswordHash(hash).SetMustChangePassword(true).SetOrgID(o.ID).
		AddRoleIDs(r.ID).AddOrgIDs(o.ID).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("tenant administrator: %w", err)
	}
	if err := grantServerMenus(ctx, tx); err != nil {
		return nil, err
	}
	return &NewTenant{
		TenantInfo: TenantInfo{ID: t.ID, Code: t.Code, Name: t.Name, Users: 1, CreatedAt: t.CreatedAt},
		OrgID:      o.ID, RoleID: r.ID, AdminID: admin.ID, AdminUsername: admin.Username,
	}, nil
}

// ListTenants lists every tenant by id with its number of users; the
// default tenant is the platform's.
func ListTenants(ctx context.Context, client *ent.Client) ([]TenantInfo, error) {
	rows, err := client.Tenant.Query().Order(ent.Asc(tenant.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("list tenants: %w", err)
	}
	var counts []struct {
		TenantID int64 `json:"tenant_id"`
		Count    int   `json:"count"`
	}
	if err := client.User.Query().GroupBy(user.FieldTenantID).Aggregate(ent.Count()).Scan(ctx, &counts); err != nil {
		return nil, fmt.Errorf("count tenant users: %w", err)
	}
	users := make(map[int64]int, len(counts))
	for _, c := range counts {
		users[c.TenantID] = c.Count
	}
	out := make([]TenantInfo, len(rows))
	for i, t := range rows {
		out[i] = TenantInfo{ID: t.ID, Code: t.Code, Name: t.Name, Disabled: t.Disabled, Users: users[t.ID],
			Platform: t.Code == DefaultTenantCode, CreatedAt: t.CreatedAt}
	}
	return out, nil
}

// SetTenantDisabled disables or enables the tenant with code. Disabling
// refuses its users' sign-in from now on and ends every live session of
// theirs: the sessions are revoked in the database, so every instance
// refuses their tokens once its viewer cache (auth.DefaultViewerCacheTTL)
// has let go. The platform's own (default) tenant cannot be disabled.
func SetTenantDisabled(ctx context.Context, client *ent.Client, code string, disabled bool) (*ent.Tenant, error) {
	t, err := client.Tenant.Query().Where(tenant.Code(strings.TrimSpace(code))).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, notFound(TenantNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("find tenant: %w", err)
	}
	return setTenantDisabled(ctx, client, t, disabled)
}

func setTenantDisabled(ctx context.Context, client *ent.Client, t *ent.Tenant, disabled bool) (*ent.Tenant, error) {
	if disabled && t.Code == DefaultTenantCode {
		return nil, httpx.BadRequest(TenantPlatformKept)
	}
	t, err := client.Tenant.UpdateOne(t).SetDisabled(disabled).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("update tenant: %w", err)
	}
	if disabled {
		err := client.Session.Update().
			Where(session.TenantID(t.ID), session.RevokedAtIsNil()).
			SetRevokedAt(time.Now()).Exec(ctx)
		if err != nil {
			return nil, fmt.Errorf("end the tenant's sessions: %w", err)
		}
	}
	return t, nil
}

// GrantPlatformAdmin sets or clears the platform flag of a user of the
// default tenant (the command line's tenant platform-admin).
func GrantPlatformAdmin(ctx context.Context, client *ent.Client, username string, on bool) error {
	n, err := client.User.Update().
		Where(user.Username(strings.TrimSpace(username)),
			user.HasTenantWith(tenant.Code(DefaultTenantCode))).
		SetPlatformAdmin(on).Save(ctx)
	if err != nil {
		return fmt.Errorf("platform flag: %w", err)
	}
	if n == 0 {
		return notFound(UserNotFound)
	}
	return nil
}

// listTenants is GET /api/platform/tenants.
func (s *Service) listTenants(c echo.Context) error {
	rows, err := ListTenants(c.Request().Context(), s.ent)
	if err != nil {
		return err
	}
	return httpx.OK(c, rows)
}

// tenantBody is the platform's new-tenant form; the administrator's
// password, when given, is RSA-OAEP encrypted like every password.
type tenantBody struct {
	Code          string `json:"code"`
	Name          string `json:"name"`
	AdminUsername string `json:"adminUsername"`
	AdminPassword string `json:"adminPassword"`
}

// createTenant is POST /api/platform/tenants: the answer carries the
// generated initial password once.
func (s *Service) createTenant(c echo.Context) error {
	var b tenantBody
	if err := httpx.BindInto(c, s.maxBody, &b); err != nil {
		return err
	}
	sp := TenantSpec{Code: b.Code, Name: b.Name, AdminUsername: b.AdminUsername}
	if b.AdminPassword != "" {
		p, err := s.auth.Decrypt(b.AdminPassword)
		if err != nil {
			return err
		}
		sp.AdminPassword = p
	}
	ctx := c.Request().Context()
	out, err := CreateTenant(ctx, s.ent, sp)
	if err != nil {
		return err
	}
	if err := s.authz.Reload(ctx); err != nil {
		return err
	}
	return okMsg(c, TenantCreated, out)
}

// disableTenant is PUT /api/platform/tenants/:id/disable.
func (s *Service) disableTenant(c echo.Context) error { return s.switchTenant(c, true) }

// enableTenant is PUT /api/platform/tenants/:id/enable.
func (s *Service) enableTenant(c echo.Context) error { return s.switchTenant(c, false) }

func (s *Service) switchTenant(c echo.Context, disabled bool) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	t, err := s.ent.Tenant.Get(ctx, id)
	if ent.IsNotFound(err) {
		return notFound(TenantNotFound)
	}
	if err != nil {
		return err
	}
	if _, err := setTenantDisabled(ctx, s.ent, t, disabled); err != nil {
		return err
	}
	text := TenantEnabledMsg
	if disabled {
		text = TenantDisabledMsg
	}
	return okMsg(c, text, nil)
}

// CoreClient is an ent client over app's database with the core tables
// migrated and the first start's rows made (Bootstrap), for the command
// line's tenant commands.
func CoreClient(ctx context.Context, app *engine.App) (*ent.Client, error) {
	st := app.Store()
	client := ent.NewClient(ent.Driver(newDriver(st.Dialect(), st.DB())))
	if err := client.Schema.Create(ctx); err != nil {
		return nil, fmt.Errorf("migrate core tables: %w", err)
	}
	_, err := Bootstrap(ctx, client, BootstrapOptions{
		AdminPassword: os.Getenv(AdminPasswordEnv),
		DataDir:       app.Config().DataDir,
		Logger:        app.Logger(),
	})
	if err != nil {
		return nil, err
	}
	return client, nil
}

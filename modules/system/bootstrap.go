package system

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"

	"xiangzhi/engine/auth"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/org"
	"xiangzhi/generated/ent/role"
	"xiangzhi/generated/ent/tenant"
	"xiangzhi/generated/ent/user"
)

// What the first start creates.
const (
	// DefaultTenantCode is the code of the tenant created at first start.
	DefaultTenantCode = "default"
	// AdminUsername is the built-in administrator.
	AdminUsername = "admin"
	// AdminPasswordEnv names the variable whose value, when set, is the
	// administrator's initial password instead of a generated one.
	AdminPasswordEnv = "XZ_ADMIN_PASSWORD"
	// InitialPasswordFile is written in the data directory, mode 0600, when
	// the administrator's password was generated.
	InitialPasswordFile = "initial-admin-password.txt"
)

// BootstrapOptions configure Bootstrap.
type BootstrapOptions struct {
	// AdminPassword is the administrator's initial password (the caller
	// passes os.Getenv(AdminPasswordEnv)); empty generates one. It must
	// follow the password policy.
	AdminPassword string
	// DataDir receives InitialPasswordFile when the password is generated.
	DataDir string
	// Logger prints the generated password once; nil means slog.Default().
	Logger *slog.Logger
}

// BootstrapResult says what Bootstrap found or made.
type BootstrapResult struct {
	TenantID, OrgID, RoleID, AdminID int64
	// AdminCreated is true on the run that created the administrator.
	AdminCreated bool
	// GeneratedPassword is the generated initial password, on the run that
	// generated it; empty otherwise.
	GeneratedPassword string
}

// Bootstrap makes, idempotently, what the first start needs: the default
// tenant; its first-level organisation (the virtual root 0 has no row); the
// 超级管理员 role (system, data scope all); the user admin with an initial
// password that must be changed at the first login, in that organisation
// and role; the system menus of the web console, the app and the mini
// program; and grants every server-owned menu to the system role. Later
// runs create only what is missing and never touch the admin's password.
// Two instances bootstrapping at once are safe: the loser of a unique key
// retries and finds the winner's rows. The core tables must be migrated.
func Bootstrap(ctx context.Context, client *ent.Client, opts BootstrapOptions) (*BootstrapResult, error) {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	password := opts.AdminPassword
	generated := password == ""
	if generated {
		var err error
		if password, err = auth.GeneratePassword(); err != nil {
			return nil, err
		}
	} else if err := auth.CheckPasswordPolicy(password); err != nil {
		return nil, fmt.Errorf("bootstrap: %s does not follow the password policy: %w", AdminPasswordEnv, err)
	}
	var res *BootstrapResult
	var err error
	for try := 0; try < 3; try++ {
		res, err = bootstrapOnce(ctx, client, password)
		if err == nil || !ent.IsConstraintError(err) {
			break
		}
	}
	if err != nil {
		return nil, fmt.Errorf("bootstrap: %w", err)
	}
	if res.AdminCreated && generated {
		res.GeneratedPassword = password
		if err := announcePassword(opts, password); err != nil {
			return res, err
		}
	}
	return res, nil
}

func bootstrapOnce(ctx context.Context, client *ent.Client, password string) (*BootstrapResult, error) {
	tx, err := client.Tx(ctx)
	if err != nil {
		return nil, fmt.Errorf("begin: %w", err)
	}
	res, err := bootstrapTx(ctx, tx, password)
	if err != nil {
		return nil, errors.Join(err, tx.Rollback())
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("commit: %w", err)
	}
	return res, nil
}

func bootstrapTx(ctx context.Context, tx *ent.Tx, password string) (*BootstrapResult, error) {
	res := &BootstrapResult{}
	t, err := tx.Tenant.Query().Where(tenant.Code(DefaultTenantCode)).Only(ctx)
	if ent.IsNotFound(err) {
		t, err = tx.Tenant.Create().SetCode(DefaultTenantCode).SetName(DefaultTenantName).Save(ctx)
	}
	if err != nil {
		return nil, fmt.Errorf("default tenant: %w", err)
	}
	res.TenantID = t.ID
	if res.OrgID, err = ensureRootOrg(ctx, tx, t.ID); err != nil {
		return nil, err
	}
	r, err := tx.Role.Query().Where(role.TenantID(t.ID), role.System(true)).Order(ent.Asc(role.FieldID)).First(ctx)
	if ent.IsNotFound(err) {
		r, err = tx.Role.Create().SetTenantID(t.ID).SetName(SuperAdminRole).SetSystem(true).
			SetDataScope(role.DataScopeAll).SetIcon("CrownOutlined").Save(ctx)
	}
	if err != nil {
		return nil, fmt.Errorf("super-admin role: %w", err)
	}
	res.RoleID = r.ID
	admin, err := tx.User.Query().Where(user.TenantID(t.ID), user.Username(AdminUsername)).Only(ctx)
	if ent.IsNotFound(err) {
		hash, herr := auth.HashPassword(password)
		if herr != nil {
			return nil, herr
		}
		admin, err = tx.User.Create().SetTenantID(t.ID).SetUsername(AdminUsername).
			SetFamilyName(AdminFamilyName).SetName(AdminName).
			SetPasswordHash(hash).SetMustChangePassword(true).SetOrgID(res.OrgID).
			AddRoleIDs(r.ID).AddOrgIDs(res.OrgID).
			Save(ctx)
		res.AdminCreated = err == nil
	}
	if err != nil {
		return nil, fmt.Errorf("admin user: %w", err)
	}
	res.AdminID = admin.ID
	// The first start makes the default tenant's admin the platform
	// administrator, while nobody is one (docs/tenants.md).
	platform, err := tx.User.Query().Where(user.PlatformAdmin(true)).Exist(ctx)
	if err != nil {
		return nil, fmt.Errorf("platform administrator: %w", err)
	}
	if !platform {
		if err := tx.User.UpdateOneID(admin.ID).SetPlatformAdmin(true).Exec(ctx); err != nil {
			return nil, fmt.Errorf("platform administrator: %w", err)
		}
	}
	if _, err := syncMenus(ctx, tx, systemMenus(), false); err != nil {
		return nil, err
	}
	if err := grantServerMenus(ctx, tx); err != nil {
		return nil, err
	}
	return res, nil
}

// ensureRootOrg returns the tenant's first first-level organisation,
// creating it (with its materialised path) when the tenant has none.
func ensureRootOrg(ctx context.Context, tx *ent.Tx, tenantID int64) (int64, error) {
	o, err := tx.Org.Query().Where(org.TenantID(tenantID), org.ParentID(0)).Order(ent.Asc(org.FieldID)).First(ctx)
	if err == nil {
		return o.ID, nil
	}
	if !ent.IsNotFound(err) {
		return 0, fmt.Errorf("root organisation: %w", err)
	}
	o, err = tx.Org.Create().SetTenantID(tenantID).SetOrgName(DefaultOrgName).
		SetParentID(0).SetLevel(1).SetOrderby(1).Save(ctx)
	if err != nil {
		return 0, fmt.Errorf("root organisation: %w", err)
	}
	if err := tx.Org.UpdateOneID(o.ID).SetPath(OrgPath("", o.ID)).Exec(ctx); err != nil {
		return 0, fmt.Errorf("root organisation path: %w", err)
	}
	return o.ID, nil
}

// OrgPath is the materialised path of organisation id under a parent whose
// path is parentPath ("" for a first-level organisation): "/1/" under the
// root, "/1/5/" under "/1/".
func OrgPath(parentPath string, id int64) string {
	if parentPath == "" {
		parentPath = "/"
	}
	return parentPath + strconv.FormatInt(id, 10) + "/"
}

// announcePassword prints the generated password once and writes it to the
// data directory, readable by the owner only.
func announcePassword(opts BootstrapOptions, password string) error {
	file := ""
	if opts.DataDir != "" {
		if err := os.MkdirAll(opts.DataDir, 0o700); err != nil {
			return fmt.Errorf("bootstrap: data directory: %w", err)
		}
		file = filepath.Join(opts.DataDir, InitialPasswordFile)
		if err := os.WriteFile(file, []byte(password+"\n"), 0o600); err != nil {
			return fmt.Errorf("bootstrap: write %s: %w", file, err)
		}
		// WriteFile keeps the mode of a file that already existed.
		if err := os.Chmod(file, 0o600); err != nil {
			return fmt.Errorf("bootstrap: chmod %s: %w", file, err)
		}
	}
	opts.Logger.Warn("created user admin with a generated initial password; it must be changed at the first login",
		"username", AdminUsername, "password", password, "file", file)
	return nil
}

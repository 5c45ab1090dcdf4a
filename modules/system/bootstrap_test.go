package system_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"xiangzhi/engine/auth"
	"xiangzhi/engine/auth/authtest"
	"xiangzhi/engine/authz"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/menu"
	"xiangzhi/generated/ent/role"
	"xiangzhi/modules/system"
)

type counts struct{ tenants, orgs, roles, users, menus, grants int }

func countRows(t *testing.T, c *ent.Client) counts {
	t.Helper()
	ctx := context.Background()
	var n counts
	var err error
	for _, q := range []struct {
		dst *int
		fn  func() (int, error)
	}{
		{&n.tenants, func() (int, error) { return c.Tenant.Query().Count(ctx) }},
		{&n.orgs, func() (int, error) { return c.Org.Query().Count(ctx) }},
		{&n.roles, func() (int, error) { return c.Role.Query().Count(ctx) }},
		{&n.users, func() (int, error) { return c.User.Query().Count(ctx) }},
		{&n.menus, func() (int, error) { return c.Menu.Query().Count(ctx) }},
		{&n.grants, func() (int, error) { return c.RoleMenu.Query().Count(ctx) }},
	} {
		if *q.dst, err = q.fn(); err != nil {
			t.Fatal(err)
		}
	}
	return n
}

func TestBootstrapGeneratedPassword(t *testing.T) {
	for _, db := range authtest.All(t) {
		t.Run(db.Name, func(t *testing.T) {
			ctx := context.Background()
			dataDir := filepath.Join(t.TempDir(), "data")
			var logs bytes.Buffer
			opts := system.BootstrapOptions{DataDir: dataDir, Logger: slog.New(slog.NewTextHandler(&logs, nil))}
			first, err := system.Bootstrap(ctx, db.Client, opts)
			if err != nil {
				t.Fatalf("first Bootstrap: %v", err)
			}
			if !first.AdminCreated || first.GeneratedPassword == "" {
				t.Fatalf("first run = %+v, want the admin created with a generated password", first)
			}
			if err := auth.CheckPasswordPolicy(first.GeneratedPassword); err != nil {
				t.Errorf("generated password breaks the policy: %v", err)
			}
			file := filepath.Join(dataDir, system.InitialPasswordFile)
			content, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if strings.TrimSpace(string(content)) != first.GeneratedPassword {
				t.Errorf("password file holds %q", content)
			}
			if st, _ := os.Stat(file); st.Mode().Perm() != 0o600 {
				t.Errorf("password file mode = %v, want 0600", st.Mode().Perm())
			}
			if !strings.Contains(logs.String(), first.GeneratedPassword) {
				t.Errorf("log does not show the generated password: %s", logs.String())
			}
			before := countRows(t, db.Client)

			logs.Reset()
			second, err := system.Bootstrap(ctx, db.Client, opts)
			if err != nil {
				t.Fatalf("second Bootstrap: %v", err)
			}
			if second.AdminCreated || second.GeneratedPassword != "" || logs.Len() != 0 {
				t.Errorf("second run = %+v, log %q; want nothing created or printed", second, logs.String())
			}
			if second.TenantID != first.TenantID || second.OrgID != first.OrgID ||
				second.RoleID != first.RoleID || second.AdminID != first.AdminID {
				t.Errorf("second run found other rows: %+v vs %+v", second, first)
			}
			if after := countRows(t, db.Client); after != before {
				t.Errorf("row counts changed: %+v → %+v", before, after)
			}
			want := counts{tenants: 1, orgs: 1, roles: 1, users: 1, menus: before.menus, grants: before.menus}
			if before != want {
				t.Errorf("counts = %+v, want %+v (every system menu granted to the role)", before, want)
			}

			// The admin logs in with the printed password and must change it,
			// holds every code and sees everything.
			enf := authz.New(db.Client)
			if err := enf.Reload(ctx); err != nil {
				t.Fatal(err)
			}
			svc, err := auth.New(ctx, db.Client, auth.Options{Permissions: enf})
			if err != nil {
				t.Fatal(err)
			}
			res, err := svc.Login(ctx, first.TenantID, "admin",
				encrypt(t, svc.PublicKeyPEM(), first.GeneratedPassword), "127.0.0.1", "go-test")
			if err != nil {
				t.Fatalf("admin login: %v", err)
			}
			if !res.MustChangePassword {
				t.Error("admin's first login does not force a password change")
			}
			v, err := svc.Authenticate(ctx, res.Token)
			if err != nil {
				t.Fatal(err)
			}
			if !v.SuperAdmin() || !v.Can(system.CodeUserAdd) || !v.Can("any.code.registered.later") ||
				v.Scope().Mode != 0 || v.OrgID != first.OrgID {
				t.Errorf("admin viewer = %+v", v)
			}
			wantVisit := []string{system.CodeDataStatistics, system.CodeDataStatisticsForSix, system.CodeFormDesign,
				system.CodeMessageAnnounce}
			if strings.Join(v.VisitCodes, ",") != strings.Join(wantVisit, ",") {
				t.Errorf("admin visit codes = %v, want %v", v.VisitCodes, wantVisit)
			}
			c, err := svc.Tokens().Parse(res.Token)
			if err != nil || c.Auth != strings.Join(wantVisit, ",") {
				t.Errorf("token auth claim = %q, %v", c.Auth, err)
			}
		})
	}
}

func TestBootstrapMenus(t *testing.T) {
	ctx := context.Background()
	client := authtest.SQLite(t)
	res, err := system.Bootstrap(ctx, client, system.BootstrapOptions{AdminPassword: "Admin#2024x"})
	if err != nil {
		t.Fatal(err)
	}
	if res.GeneratedPassword != "" {
		t.Error("a given password was reported as generated")
	}
	users, err := client.Menu.Query().Where(menu.Key("sys:user-management")).Only(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if users.Name != "user-management" || users.PermissionCode != system.CodeUserList || users.Type != menu.TypeMenu2 {
		t.Errorf("user menu = %+v", users)
	}
	buttons, err := client.Menu.Query().Where(menu.ParentID(users.ID), menu.TypeEQ(menu.TypeButton)).
		Order(menu.ByOrderby()).All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, b := range buttons {
		codes = append(codes, b.PermissionCode)
	}
	if got := strings.Join(codes, ","); got != "cscp.user.view,cscp.user.add,cscp.user.edit,cscp.user.del" {
		t.Errorf("user buttons = %s", got)
	}
	for _, term := range []menu.Terminal{menu.TerminalWeb, menu.TerminalMini, menu.TerminalApp} {
		n, err := client.Menu.Query().Where(menu.TerminalEQ(term), menu.System(true)).Count(ctx)
		if err != nil || n == 0 {
			t.Errorf("%s system menus = %d, %v", term, n, err)
		}
	}
	r, err := client.Role.Query().Where(role.ID(res.RoleID)).Only(ctx)
	if err != nil || r.Name != "超级管理员" || !r.System || r.DataScope != role.DataScopeAll {
		t.Errorf("role = %+v, %v", r, err)
	}
	// An administrator's edit of a system menu survives the next start.
	if err := client.Menu.UpdateOneID(users.ID).SetTitle("账号管理").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := system.Bootstrap(ctx, client, system.BootstrapOptions{AdminPassword: "Admin#2024x"}); err != nil {
		t.Fatal(err)
	}
	if m, _ := client.Menu.Get(ctx, users.ID); m.Title != "账号管理" {
		t.Errorf("title after restart = %q, want the administrator's", m.Title)
	}
}

func TestBootstrapRefusesWeakPassword(t *testing.T) {
	_, err := system.Bootstrap(context.Background(), authtest.SQLite(t), system.BootstrapOptions{AdminPassword: "admin"})
	if err == nil {
		t.Fatal("Bootstrap accepted XZ_ADMIN_PASSWORD=admin")
	}
}

// encrypt does what the browser does with the served public key.
func encrypt(t *testing.T, publicPEM, plain string) string {
	t.Helper()
	block, _ := pem.Decode([]byte(publicPEM))
	if block == nil || block.Type != "PUBLIC KEY" {
		t.Fatalf("public key is not an SPKI PEM: %q", publicPEM)
	}
	pub, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	ct, err := rsa.EncryptOAEP(sha256.New(), rand.Reader, pub.(*rsa.PublicKey), []byte(plain), nil)
	if err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(ct)
}

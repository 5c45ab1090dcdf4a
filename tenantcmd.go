package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"text/tabwriter"

	"xiangzhi/engine"
	"xiangzhi/modules/system"
)

// TenantPasswordEnv names the variable whose value, when set, is the new
// tenant administrator's initial password instead of a generated one.
const TenantPasswordEnv = "XZ_TENANT_ADMIN_PASSWORD"

const tenantUsage = `usage:
  xiangzhi tenant add --code CODE --name NAME [--admin USERNAME] [flags]
  xiangzhi tenant list [flags]
  xiangzhi tenant disable CODE [flags]
  xiangzhi tenant enable CODE [flags]
  xiangzhi tenant platform-admin USERNAME [--off] [flags]
the new administrator's initial password is ` + TenantPasswordEnv + `, else generated and printed once;
it must be changed at the first login (docs/tenants.md)`

// tenantCmd is the platform administration on the command line: add, list,
// disable and enable tenants, and name the platform administrators (users
// of the default tenant).
func tenantCmd(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintln(stderr, tenantUsage)
		return flag.ErrHelp
	}
	sub, args := args[0], args[1:]
	var name string // the positional CODE or USERNAME
	if sub == "disable" || sub == "enable" || sub == "platform-admin" {
		if len(args) == 0 || strings.HasPrefix(args[0], "-") {
			fmt.Fprintln(stderr, tenantUsage)
			return errors.New("tenant " + sub + ": missing argument")
		}
		name, args = args[0], args[1:]
	}
	var spec system.TenantSpec
	var off bool
	cfg, err := loadConfig("tenant "+sub, args, getenv, stderr, func(fs *flag.FlagSet) {
		switch sub {
		case "add":
			fs.StringVar(&spec.Code, "code", "", "tenant code, used at login (lower-case letters, digits, _ and -)")
			fs.StringVar(&spec.Name, "name", "", "tenant name, also its first-level organisation's")
			fs.StringVar(&spec.AdminUsername, "admin", system.AdminUsername, "username of the tenant's administrator")
		case "platform-admin":
			fs.BoolVar(&off, "off", false, "take the platform flag away instead")
		}
	})
	if err != nil {
		return err
	}
	switch sub {
	case "add", "list", "disable", "enable", "platform-admin":
	default:
		fmt.Fprintln(stderr, tenantUsage)
		return fmt.Errorf("unknown tenant command %q", sub)
	}
	cfg.SkipMigrate = true
	// The command's own lines are its output: the server's start-up news
	// is not.
	cfg.Logger = slog.New(slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	app, err := engine.New(cfg)
	if err != nil {
		return err
	}
	defer app.Close()
	ctx := context.Background()
	client, err := system.CoreClient(ctx, app)
	if err != nil {
		return err
	}
	switch sub {
	case "add":
		spec.AdminPassword = getenv(TenantPasswordEnv)
		t, err := system.CreateTenant(ctx, client, spec)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "tenant %s (%s) created, id %d; administrator %s", t.Code, t.Name, t.ID, t.AdminUsername)
		if t.GeneratedPassword != "" {
			fmt.Fprintf(stdout, ", initial password %s (shown once)", t.GeneratedPassword)
		}
		fmt.Fprintf(stdout, "; sign in with tenant code %s and change the password\n", t.Code)
	case "list":
		rows, err := system.ListTenants(ctx, client)
		if err != nil {
			return err
		}
		w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(w, "ID\tCODE\tNAME\tUSERS\tSTATE")
		for _, t := range rows {
			state := "active"
			if t.Disabled {
				state = "disabled"
			}
			if t.Platform {
				state += ", platform"
			}
			fmt.Fprintf(w, "%d\t%s\t%s\t%d\t%s\n", t.ID, t.Code, t.Name, t.Users, state)
		}
		return w.Flush()
	case "disable", "enable":
		t, err := system.SetTenantDisabled(ctx, client, name, sub == "disable")
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "tenant %s %sd\n", t.Code, sub)
	case "platform-admin":
		if err := system.GrantPlatformAdmin(ctx, client, name, !off); err != nil {
			return err
		}
		state := "is"
		if off {
			state = "is no longer"
		}
		fmt.Fprintf(stdout, "%s %s a platform administrator\n", name, state)
	}
	return nil
}

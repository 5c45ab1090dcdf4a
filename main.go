// Command xiangzhi is the Xiangzhi (乡治) server: one binary serving the REST
// API, the generated module APIs and the embedded console.
//
//	xiangzhi [serve] [flags]          serve HTTP (the default command)
//	xiangzhi migrate [--drop] [flags] create or update every module table and exit
//	xiangzhi demo [--force] [flags]   fill the database with the demo county (docs/demo.md)
//	xiangzhi tenant add|list|disable|enable|platform-admin …  the platform administration (docs/tenants.md)
//	xiangzhi schema lint <file|dir>…  check module schema files, print file:line: field: problem
//	xiangzhi points check [flags]     compare 户积分 and exchange orders with the points log
//	xiangzhi version                  print the version
//
// Flags and XZ_* environment variables are listed in engine/config.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"
	"time"
	_ "time/tzdata"

	"xiangzhi/engine"
	"xiangzhi/engine/config"
	"xiangzhi/modules"
	"xiangzhi/schemas"
	"xiangzhi/ui"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

func main() {
	os.Exit(run(os.Args[1:], os.Getenv, os.Stdout, os.Stderr))
}

const usage = `usage:
  xiangzhi [serve] [flags]          serve HTTP (default)
  xiangzhi migrate [--drop] [flags] migrate every module table and exit
  xiangzhi demo [--force] [flags]   fill the database with the demo county
  xiangzhi tenant add|list|disable|enable|platform-admin …  manage tenants
  xiangzhi schema lint <file|dir>…  check module schema files
  xiangzhi points check [flags]     compare points totals with the points log
  xiangzhi version                  print the version
run "xiangzhi serve -h" for the flags`

// run executes one command and returns the exit status.
func run(args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	setZone(getenv)
	cmd := "serve"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		cmd, args = args[0], args[1:]
	}
	var err error
	switch cmd {
	case "serve":
		err = serve(args, getenv, stderr)
	case "migrate":
		err = migrate(args, getenv, stderr)
	case "demo":
		err = demoCmd(args, getenv, stdout, stderr)
	case "tenant":
		err = tenantCmd(args, getenv, stdout, stderr)
	case "points":
		if len(args) == 0 || args[0] != "check" {
			fmt.Fprintln(stderr, usage)
			return 2
		}
		return pointsCheck(args[1:], getenv, stdout, stderr)
	case "schema":
		if len(args) == 0 || args[0] != "lint" {
			fmt.Fprintln(stderr, usage)
			return 2
		}
		return lint(args[1:], stdout, stderr)
	case "version":
		fmt.Fprintln(stdout, "xiangzhi", buildVersion())
		return 0
	case "help":
		fmt.Fprintln(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "unknown command %q\n%s\n", cmd, usage)
		return 2
	}
	switch {
	case errors.Is(err, flag.ErrHelp):
		return 0
	case err != nil:
		fmt.Fprintln(stderr, "xiangzhi:", err)
		return 1
	}
	return 0
}

// loadConfig parses a command's flags over the environment and hands the
// engine the product: the schema tree and the console embedded in the
// binary (a --schemas directory still replaces the tree).
func loadConfig(name string, args []string, getenv func(string) string, stderr io.Writer,
	extra func(*flag.FlagSet)) (config.Config, error) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	if extra != nil {
		extra(fs)
	}
	finish := config.Bind(fs, getenv)
	if err := fs.Parse(args); err != nil {
		return config.Config{}, err
	}
	if fs.NArg() > 0 {
		return config.Config{}, fmt.Errorf("%s: unexpected argument %q", name, fs.Arg(0))
	}
	cfg, err := finish()
	if err != nil {
		return cfg, err
	}
	cfg.SchemasFS, cfg.ConsoleFS = schemas.FS(), ui.Dist()
	cfg.Logger = cfg.NewLogger(stderr)
	slog.SetDefault(cfg.Logger)
	return cfg, nil
}

// serve runs the server until SIGINT or SIGTERM.
func serve(args []string, getenv func(string) string, stderr io.Writer) error {
	cfg, err := loadConfig("serve", args, getenv, stderr, nil)
	if err != nil {
		return err
	}
	app, err := engine.New(cfg)
	if err != nil {
		return err
	}
	defer app.Close()
	if err := modules.Register(app); err != nil {
		return fmt.Errorf("register modules: %w", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return app.Serve(ctx)
}

// migrate migrates every module table, dropping columns and indexes no
// longer declared with --drop.
func migrate(args []string, getenv func(string) string, stderr io.Writer) error {
	var drop bool
	cfg, err := loadConfig("migrate", args, getenv, stderr, func(fs *flag.FlagSet) {
		fs.BoolVar(&drop, "drop", false, "also drop columns and indexes the schemas no longer declare")
	})
	if err != nil {
		return err
	}
	cfg.SkipMigrate = true
	app, err := engine.New(cfg)
	if err != nil {
		return err
	}
	defer app.Close()
	return app.Migrate(context.Background(), drop)
}

// buildVersion is the -ldflags version, else the module version or VCS
// revision the toolchain recorded.
func buildVersion() string {
	if version != "dev" {
		return version
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return version
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			return version + "-" + s.Value[:12]
		}
	}
	return version
}

// DefaultZone is the time zone dates and times are read and written in when
// TZ is not set: every instance of one installation must agree, and the
// product serves China.
const DefaultZone = "Asia/Shanghai"

// setZone makes DefaultZone the local zone unless TZ names one. The zone
// database is embedded (time/tzdata), so a minimal server image works too.
func setZone(getenv func(string) string) {
	if getenv("TZ") != "" {
		return
	}
	if loc, err := time.LoadLocation(DefaultZone); err == nil {
		time.Local = loc
	}
}

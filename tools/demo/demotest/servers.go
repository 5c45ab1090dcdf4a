package demotest

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	"github.com/go-sql-driver/mysql"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver

	"xiangzhi/engine"
	"xiangzhi/engine/config"
	"xiangzhi/schemas"
)

// NewAppOn is NewApp on the database dbURL.
func NewAppOn(t testing.TB, dbURL string) *engine.App {
	t.Helper()
	cfg := config.Default()
	cfg.DataDir = t.TempDir()
	cfg.DBURL = dbURL
	cfg.SchemasFS = schemas.FS()
	cfg.ConsoleFS = nil
	cfg.Logger = quiet()
	app, err := engine.New(cfg)
	if err != nil {
		t.Fatalf("engine.New: %v", err)
	}
	t.Cleanup(func() { app.Close() })
	return app
}

func uniqueName() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return "xz_demo_" + hex.EncodeToString(b)
}

// FreshPostgres creates a schema of its own on XZ_TEST_POSTGRES, dropped
// when the test ends, and returns a URL whose search path is that schema;
// without the variable the test is skipped.
func FreshPostgres(t testing.TB) string {
	t.Helper()
	base := os.Getenv("XZ_TEST_POSTGRES")
	if base == "" {
		t.Skip("XZ_TEST_POSTGRES not set")
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	name := uniqueName()
	if _, err := admin.Exec("CREATE SCHEMA " + name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if db, err := sql.Open("pgx", base); err == nil {
			_, _ = db.Exec("DROP SCHEMA " + name + " CASCADE")
			db.Close()
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", name)
	u.RawQuery = q.Encode()
	return u.String()
}

// FreshMySQL creates a database of its own on XZ_TEST_MYSQL (a
// go-sql-driver DSN), dropped when the test ends, and returns its
// mysql:// URL; without the variable the test is skipped.
func FreshMySQL(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv("XZ_TEST_MYSQL")
	if dsn == "" {
		t.Skip("XZ_TEST_MYSQL not set")
	}
	cfg, err := mysql.ParseDSN(dsn)
	if err != nil {
		t.Fatal(err)
	}
	admin, err := sql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	name := uniqueName()
	if _, err := admin.Exec("CREATE DATABASE " + name + " CHARACTER SET utf8mb4"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if db, err := sql.Open("mysql", cfg.FormatDSN()); err == nil {
			_, _ = db.Exec("DROP DATABASE " + name)
			db.Close()
		}
	})
	u := url.URL{Scheme: "mysql", Host: cfg.Addr, Path: "/" + name}
	if cfg.Passwd != "" {
		u.User = url.UserPassword(cfg.User, cfg.Passwd)
	} else {
		u.User = url.User(cfg.User)
	}
	return u.String()
}

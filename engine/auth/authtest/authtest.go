// Package authtest opens migrated core databases for tests: an ent client
// on a SQLite file in t.TempDir() (always), and on a fresh PostgreSQL
// schema or MySQL database when XZ_TEST_POSTGRES or XZ_TEST_MYSQL is set.
// Every database is removed when the test ends.
package authtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	"github.com/go-sql-driver/mysql"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	_ "modernc.org/sqlite"             // registers the "sqlite" driver

	"xiangzhi/generated/ent"
)

// DB is one migrated test database.
type DB struct {
	// Name is sqlite, postgres or mysql, for t.Run.
	Name   string
	Client *ent.Client
}

// SQLite opens a migrated SQLite database file in t.TempDir(), with
// foreign keys on, the WAL journal and a busy timeout.
func SQLite(t testing.TB) *ent.Client {
	t.Helper()
	return SQLiteAt(t, filepath.Join(t.TempDir(), "core.db"))
}

// SQLiteAt opens (and migrates) the SQLite database file path; opening the
// same path twice is how a test restarts the server.
func SQLiteAt(t testing.TB, path string) *ent.Client {
	t.Helper()
	dsn := "file:" + path + "?_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		t.Fatalf("open sqlite: %v", err)
	}
	return migrated(t, db, dialect.SQLite)
}

// All returns SQLite and, when their variables are set, PostgreSQL and
// MySQL databases, each fresh and migrated.
func All(t testing.TB) []DB {
	t.Helper()
	dbs := []DB{{Name: "sqlite", Client: SQLite(t)}}
	if dsn := strings.TrimSpace(os.Getenv("XZ_TEST_POSTGRES")); dsn != "" {
		dbs = append(dbs, DB{Name: "postgres", Client: postgres(t, dsn)})
	}
	if dsn := strings.TrimSpace(os.Getenv("XZ_TEST_MYSQL")); dsn != "" {
		dbs = append(dbs, DB{Name: "mysql", Client: mySQL(t, dsn)})
	}
	return dbs
}

func migrated(t testing.TB, db *sql.DB, dialectName string) *ent.Client {
	t.Helper()
	client := ent.NewClient(ent.Driver(entsql.OpenDB(dialectName, db)))
	t.Cleanup(func() { client.Close() })
	if err := client.Schema.Create(context.Background()); err != nil {
		t.Fatalf("migrate %s: %v", dialectName, err)
	}
	return client
}

func uniqueName() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return "xz_t_" + hex.EncodeToString(b)
}

// postgres creates a schema of its own and connects with it as the
// search path.
func postgres(t testing.TB, dsn string) *ent.Client {
	t.Helper()
	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatalf("open postgres: %v", err)
	}
	defer admin.Close()
	name := uniqueName()
	if _, err := admin.Exec("CREATE SCHEMA " + name); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		if db, err := sql.Open("pgx", dsn); err == nil {
			_, _ = db.Exec("DROP SCHEMA " + name + " CASCADE")
			db.Close()
		}
	})
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatalf("parse XZ_TEST_POSTGRES: %v", err)
	}
	q := u.Query()
	q.Set("search_path", name)
	u.RawQuery = q.Encode()
	db, err := sql.Open("pgx", u.String())
	if err != nil {
		t.Fatalf("open postgres schema: %v", err)
	}
	return migrated(t, db, dialect.Postgres)
}

// mySQL creates a database of its own and connects to it.
func mySQL(t testing.TB, dsn string) *ent.Client {
	t.Helper()
	cfg, err := mysql.ParseDSN(dsn)
	if err != nil {
		t.Fatalf("parse XZ_TEST_MYSQL: %v", err)
	}
	cfg.ParseTime = true
	admin, err := sql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		t.Fatalf("open mysql: %v", err)
	}
	defer admin.Close()
	name := uniqueName()
	if _, err := admin.Exec("CREATE DATABASE " + name + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin"); err != nil {
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		if db, err := sql.Open("mysql", cfg.FormatDSN()); err == nil {
			_, _ = db.Exec("DROP DATABASE " + name)
			db.Close()
		}
	})
	own := cfg.Clone()
	own.DBName = name
	db, err := sql.Open("mysql", own.FormatDSN())
	if err != nil {
		t.Fatalf("open mysql database: %v", err)
	}
	return migrated(t, db, dialect.MySQL)
}

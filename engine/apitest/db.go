package apitest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver
)

// SQLiteURL is a fresh SQLite database file in a test temp directory.
func SQLiteURL(t *testing.T) string {
	t.Helper()
	return "sqlite://" + filepath.ToSlash(filepath.Join(t.TempDir(), "test.db"))
}

// PostgresURL creates a fresh database on the server XZ_TEST_POSTGRES names,
// drops it when the test ends, and returns its URL. Without the variable
// the test is skipped.
func PostgresURL(t *testing.T) string {
	t.Helper()
	base := os.Getenv("XZ_TEST_POSTGRES")
	if base == "" {
		t.Skip("XZ_TEST_POSTGRES not set")
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("XZ_TEST_POSTGRES: %v", err)
	}
	name := uniqueName()
	admin := open(t, "pgx", base)
	exec(t, admin, "CREATE DATABASE "+name)
	t.Cleanup(func() {
		exec(t, admin, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
		admin.Close()
	})
	u.Path = "/" + name
	return u.String()
}

// MySQLURL creates a fresh database on the server XZ_TEST_MYSQL names (a
// mysql:// URL or a go-sql-driver DSN), drops it when the test ends, and
// returns its mysql:// URL. Without the variable the test is skipped.
func MySQLURL(t *testing.T) string {
	t.Helper()
	base := os.Getenv("XZ_TEST_MYSQL")
	if base == "" {
		t.Skip("XZ_TEST_MYSQL not set")
	}
	var user, pass, addr string
	if strings.HasPrefix(base, "mysql://") {
		u, err := url.Parse(base)
		if err != nil {
			t.Fatalf("XZ_TEST_MYSQL: %v", err)
		}
		user, addr = u.User.Username(), u.Host
		pass, _ = u.User.Password()
	} else {
		cfg, err := mysql.ParseDSN(base)
		if err != nil {
			t.Fatalf("XZ_TEST_MYSQL: %v", err)
		}
		user, pass, addr = cfg.User, cfg.Passwd, cfg.Addr
	}
	cfg := mysql.NewConfig()
	cfg.User, cfg.Passwd, cfg.Net, cfg.Addr = user, pass, "tcp", addr
	name := uniqueName()
	admin := open(t, "mysql", cfg.FormatDSN())
	exec(t, admin, "CREATE DATABASE "+name+" CHARACTER SET utf8mb4")
	t.Cleanup(func() {
		exec(t, admin, "DROP DATABASE IF EXISTS "+name)
		admin.Close()
	})
	u := url.URL{Scheme: "mysql", Host: addr, Path: "/" + name}
	if pass != "" {
		u.User = url.UserPassword(user, pass)
	} else {
		u.User = url.User(user)
	}
	return u.String()
}

func uniqueName() string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return "xz_api_" + hex.EncodeToString(b[:])
}

func open(t *testing.T, driver, dsn string) *sql.DB {
	t.Helper()
	db, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatalf("open %s: %v", driver, err)
	}
	return db
}

func exec(t *testing.T, db *sql.DB, stmt string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := db.ExecContext(ctx, stmt); err != nil {
		t.Fatalf("%s: %v", stmt, err)
	}
}

// IDCard is a valid 18-character resident id number (GB 11643-1999 check
// character), different for every seq below 1000.
func IDCard(seq int) string {
	body := []byte(fmt.Sprintf("11010519900101%03d", seq%1000))
	weights := []int{7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2}
	sum := 0
	for i, w := range weights {
		sum += int(body[i]-'0') * w
	}
	return string(body) + string("10X98765432"[sum%11])
}

package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// openSQLite opens a store on a fresh SQLite file.
func openSQLite(t testing.TB) *Store {
	t.Helper()
	s, err := Open(context.Background(), "", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func randomName(prefix string) string {
	b := make([]byte, 6)
	rand.Read(b)
	return prefix + hex.EncodeToString(b)
}

// openPostgres opens a store on a fresh schema of the XZ_TEST_POSTGRES
// database (search_path set through the URL), dropped after the test.
func openPostgres(t testing.TB) *Store {
	t.Helper()
	base := os.Getenv("XZ_TEST_POSTGRES")
	if base == "" {
		t.Skip("XZ_TEST_POSTGRES not set")
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close() })
	name := randomName("xz_test_")
	if _, err := admin.Exec("CREATE SCHEMA " + name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Exec("DROP SCHEMA " + name + " CASCADE") })
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", name)
	u.RawQuery = q.Encode()
	s, err := Open(context.Background(), u.String(), "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// openMySQL opens a store on a fresh database of the XZ_TEST_MYSQL server
// (a go-sql-driver DSN), dropped after the test.
func openMySQL(t testing.TB) *Store {
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
	t.Cleanup(func() { admin.Close() })
	name := randomName("xz_test_")
	if _, err := admin.Exec("CREATE DATABASE " + name + " CHARACTER SET utf8mb4"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Exec("DROP DATABASE " + name) })
	u := url.URL{Scheme: "mysql", Host: cfg.Addr, Path: "/" + name}
	if cfg.Passwd != "" {
		u.User = url.UserPassword(cfg.User, cfg.Passwd)
	} else {
		u.User = url.User(cfg.User)
	}
	s, err := Open(context.Background(), u.String(), "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestStoreSQLite(t *testing.T)   { runStoreSuite(t, openSQLite) }
func TestStorePostgres(t *testing.T) { runStoreSuite(t, openPostgres) }
func TestStoreMySQL(t *testing.T)    { runStoreSuite(t, openMySQL) }

func TestOpenURLs(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, url string
		file      string
	}{
		{"default file", "", filepath.Join(dir, DefaultFile)},
		{"sqlite url", "sqlite://" + filepath.Join(dir, "a", "x.db"), filepath.Join(dir, "a", "x.db")},
		{"file url", "file:" + filepath.Join(dir, "y.db") + "?cache=private", filepath.Join(dir, "y.db")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Open(context.Background(), tt.url, dir)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if s.Dialect() != "sqlite3" {
				t.Errorf("Dialect() = %q, want sqlite3", s.Dialect())
			}
			var mode string
			if err := s.DB().QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
				t.Errorf("journal_mode = %q (%v), want wal", mode, err)
			}
			if _, err := os.Stat(tt.file); err != nil {
				t.Errorf("database file: %v", err)
			}
		})
	}
	if _, err := Open(context.Background(), "oracle://x", dir); err == nil {
		t.Error("Open(oracle://x) succeeded, want an error")
	}
}

func TestMySQLDSN(t *testing.T) {
	tests := []struct{ url, want string }{
		{"mysql://root@127.0.0.1:3306/xz",
			"root@tcp(127.0.0.1:3306)/xz?collation=utf8mb4_general_ci&interpolateParams=true&parseTime=true"},
		{"mysql://u:p%40ss@db/xz?timeout=5s",
			"u:p@ss@tcp(db:3306)/xz?collation=utf8mb4_general_ci&interpolateParams=true&parseTime=true&timeout=5s"},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			got, err := MySQLDSN(tt.url)
			if err != nil || got != tt.want {
				t.Errorf("MySQLDSN(%q) = %q, %v; want %q", tt.url, got, err, tt.want)
			}
		})
	}
}

// TestBulkLoad: the writer skips fsyncs and keeps its temporary files in
// memory during a bulk load only; restore puts synchronous NORMAL and the
// default temporary store back on the connection every write uses, and the
// rows written during the load are there.
func TestBulkLoad(t *testing.T) {
	s := openSQLite(t)
	m := setup(t, s)
	pragma := func(name string) int {
		t.Helper()
		var n int
		if err := s.w.QueryRow("PRAGMA " + name).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	sync := func() int { return pragma("synchronous") }
	if got := sync(); got != 1 {
		t.Fatalf("synchronous before = %d, want 1 (NORMAL)", got)
	}
	restore, err := s.BulkLoad(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if got := sync(); got != 0 {
		t.Fatalf("synchronous during the load = %d, want 0 (OFF)", got)
	}
	if got := pragma("temp_store"); got != 2 {
		t.Fatalf("temp_store during the load = %d, want 2 (MEMORY)", got)
	}
	mustCreate(t, s, m, viewer, Record{"name": "载入"})
	if err := restore(); err != nil {
		t.Fatal(err)
	}
	if got := sync(); got != 1 {
		t.Fatalf("synchronous after restore = %d, want 1 (NORMAL)", got)
	}
	if got := pragma("temp_store"); got != 0 {
		t.Fatalf("temp_store after restore = %d, want 0 (DEFAULT)", got)
	}
	if got := listQ(t, s, m, viewer, "name=载入").Total; got != 1 {
		t.Fatalf("rows written during the load = %d, want 1", got)
	}
}

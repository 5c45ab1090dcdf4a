package store

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"entgo.io/ent/dialect"
	"github.com/go-sql-driver/mysql"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	_ "modernc.org/sqlite"             // registers the "sqlite" driver
)

// DefaultFile is the SQLite database file under the data directory when no
// database URL is configured.
const DefaultFile = "xiangzhi.db"

// sqlitePragmas are set on every SQLite connection: WAL so readers never wait
// for the writer, a busy timeout instead of SQLITE_BUSY errors, foreign keys,
// NORMAL sync (safe with WAL, much faster than FULL), and the file mapped
// into memory (up to 1 GiB): reading a page is then a memory access instead of
// a pread system call, which cost a sixth of a get-by-id's CPU at a million
// rows. The mapping is shared by all connections through the OS page cache.
const sqlitePragmas = "_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)" +
	"&_pragma=synchronous(NORMAL)&_pragma=mmap_size(1073741824)"

// Open connects to the database a URL names and pings it:
//
//   - "" — the SQLite file <dataDir>/xiangzhi.db (the directory is created);
//   - sqlite://path or file:path — a SQLite file;
//   - postgres://… or postgresql://… — PostgreSQL through pgx;
//   - mysql://user:pass@host:port/db?… — MySQL or MariaDB (parseTime, utf8mb4,
//     client-side parameter interpolation unless the URL says otherwise).
//
// SQLite gets two pools over the same file: readers, and a single writer
// connection whose transactions begin IMMEDIATE, so concurrent writes queue
// in Go instead of spinning in SQLite's busy handler.
func Open(ctx context.Context, dbURL, dataDir string, opts ...Option) (*Store, error) {
	s, err := open(dbURL, dataDir)
	if err != nil {
		return nil, err
	}
	for _, o := range opts {
		o(s)
	}
	if err := s.Ping(ctx); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

func open(dbURL, dataDir string) (*Store, error) {
	s := &Store{counts: newCountCache(countCacheSize), statsCache: newSeqCache[string, []Bucket](statsCacheSize),
		statsParts: newSeqCache[string, *statParts](statsCacheSize),
		values:     newSeqCache[valueKey, fieldValue](fieldValuesCacheSize), grams: &gramSet{}}
	switch {
	case dbURL == "" || strings.HasPrefix(dbURL, "sqlite:") || strings.HasPrefix(dbURL, "file:"):
		path, params, err := sqlitePath(dbURL, dataDir)
		if err != nil {
			return nil, err
		}
		base := "file:" + path + "?" + sqlitePragmas
		if params != "" {
			base += "&" + params
		}
		if s.db, err = sql.Open("sqlite", base); err != nil {
			return nil, fmt.Errorf("open sqlite %s: %w", path, err)
		}
		if s.w, err = sql.Open("sqlite", base+"&_txlock=immediate"); err != nil {
			s.db.Close()
			return nil, fmt.Errorf("open sqlite %s: %w", path, err)
		}
		n := max(4, 2*runtime.NumCPU())
		s.db.SetMaxOpenConns(n)
		s.db.SetMaxIdleConns(n)
		s.setTurns(n)
		s.w.SetMaxOpenConns(1)
		s.w.SetMaxIdleConns(1)
		s.dialect = dialect.SQLite
		s.stmts = newStmtCache(s.db)
		s.wstmts = newWriteStmts(s.w)
		return s, nil
	case strings.HasPrefix(dbURL, "postgres://") || strings.HasPrefix(dbURL, "postgresql://"):
		db, err := sql.Open("pgx", dbURL)
		if err != nil {
			return nil, fmt.Errorf("open postgres: %w", err)
		}
		s.db, s.w, s.dialect = db, db, dialect.Postgres
	case strings.HasPrefix(dbURL, "mysql://"):
		dsn, err := MySQLDSN(dbURL)
		if err != nil {
			return nil, err
		}
		db, err := sql.Open("mysql", dsn)
		if err != nil {
			return nil, fmt.Errorf("open mysql: %w", err)
		}
		s.db, s.w, s.dialect = db, db, dialect.MySQL
	default:
		return nil, fmt.Errorf("database url %q: want sqlite://, file:, postgres:// or mysql://", redact(dbURL))
	}
	n := max(10, 4*runtime.NumCPU()) // FlushStatements restores it
	s.db.SetMaxOpenConns(n)
	s.db.SetMaxIdleConns(n)
	s.db.SetConnMaxIdleTime(5 * time.Minute)
	s.db.SetConnMaxLifetime(30 * time.Minute) // below MySQL's and proxies' idle cut-offs
	return s, nil
}

// sqlitePath returns the file path and extra DSN parameters of a SQLite URL.
func sqlitePath(dbURL, dataDir string) (path, params string, err error) {
	switch {
	case dbURL == "":
		if dataDir == "" {
			dataDir = "data"
		}
		path = filepath.Join(dataDir, DefaultFile)
	case strings.HasPrefix(dbURL, "sqlite://"):
		path = strings.TrimPrefix(dbURL, "sqlite://")
	default:
		path = strings.TrimPrefix(dbURL, "file:")
	}
	path, params, _ = strings.Cut(path, "?")
	if path == "" {
		return "", "", fmt.Errorf("database url %q: no file path", dbURL)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return "", "", fmt.Errorf("create database directory: %w", err)
	}
	return path, params, nil
}

// MySQLDSN converts mysql://user:pass@host:port/db?params to the
// go-sql-driver DSN, with parseTime, UTC (datetimes are wall-clock values),
// utf8mb4 and client-side interpolation (one round trip per query) unless
// the URL's parameters say otherwise.
func MySQLDSN(dbURL string) (string, error) {
	u, err := url.Parse(dbURL)
	if err != nil || u.Host == "" {
		return "", fmt.Errorf("mysql url %q: want mysql://user:pass@host:port/db", redact(dbURL))
	}
	cfg := mysql.NewConfig()
	cfg.User = u.User.Username()
	cfg.Passwd, _ = u.User.Password()
	cfg.Net = "tcp"
	cfg.Addr = u.Host
	if u.Port() == "" {
		cfg.Addr += ":3306"
	}
	cfg.DBName = strings.TrimPrefix(u.Path, "/")
	cfg.ParseTime = true
	cfg.Loc = time.UTC
	cfg.Collation = "utf8mb4_general_ci"
	cfg.InterpolateParams = true
	dsn := cfg.FormatDSN()
	if u.RawQuery != "" {
		// Let the URL's own parameters override the defaults.
		parsed, err := mysql.ParseDSN(dsn + "&" + u.RawQuery)
		if err != nil {
			return "", fmt.Errorf("mysql url parameters: %w", err)
		}
		dsn = parsed.FormatDSN()
	}
	return dsn, nil
}

// redact hides the password of a URL for messages.
func redact(s string) string {
	u, err := url.Parse(s)
	if err != nil || u.User == nil {
		return s
	}
	return u.Redacted()
}

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.db.PingContext(ctx); err != nil {
		return fmt.Errorf("ping %s: %w", s.dialect, err)
	}
	return nil
}

// Close closes the database handles.
func (s *Store) Close() error {
	if s.stmts != nil {
		s.stmts.close()
	}
	if s.wstmts != nil {
		s.wstmts.cache.close()
	}
	err := s.db.Close()
	if s.w != s.db {
		if werr := s.w.Close(); err == nil {
			err = werr
		}
	}
	return err
}

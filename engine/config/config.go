// Package config is the server's configuration: where it listens, where its
// data and database live, which schema tree it serves, and how it logs.
// Every setting comes from a flag or an XZ_* environment variable; a flag
// given on the command line beats the environment, which beats the default.
//
//	flag              environment           default
//	--addr            XZ_ADDR               127.0.0.1:8080
//	--data            XZ_DATA_DIR           ./data
//	--db              XZ_DB_URL             SQLite file xiangzhi.db in the data dir
//	--schemas         XZ_SCHEMAS_DIR        the schemas/ tree embedded in the binary
//	--log-level       XZ_LOG_LEVEL          info (debug, info, warn, error)
//	--log-format      XZ_LOG_FORMAT         json (json, text)
//	--max-body        XZ_MAX_BODY           10MB (JSON request bodies)
//	--watch-interval  XZ_WATCH_INTERVAL     700ms (schema directory polling)
//	--trusted-proxies XZ_TRUSTED_PROXIES    none (CIDRs whose X-Forwarded-For is believed)
//	--map-tile-url    XZ_MAP_TILE_URL       none (map tile URL template; none: a plain grid, offline)
//	--map-geocoder-url XZ_MAP_GEOCODER_URL  none (place search URL template with {q}; none: no search)
//	--nats-url        XZ_NATS_URL           none (NATS server of a cluster; none: the in-process bus)
package config

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Config is the whole server configuration.
type Config struct {
	// Addr is the host:port the HTTP server listens on.
	Addr string
	// DataDir holds the SQLite database (by default) and local files.
	DataDir string
	// DBURL selects the database: a sqlite file path or URL, postgres://…,
	// or a MySQL DSN (see the store package).
	DBURL string
	// SchemasDir is a directory of module schemas that replaces the embedded
	// tree and is watched for changes (hot reload). Empty means SchemasFS.
	SchemasDir string
	// SchemasFS is the schema tree used when SchemasDir is empty (main
	// passes the tree embedded in the binary). Not a flag.
	SchemasFS fs.FS
	// ConsoleFS is the built console (index.html at its root; main passes
	// the one embedded in the binary); nil serves the not-built page. Not a
	// flag.
	ConsoleFS fs.FS
	// LogLevel is the minimum level logged.
	LogLevel slog.Level
	// LogFormat is "json" or "text".
	LogFormat string
	// MetricsToken, when set, lets a scraper from anywhere read /metrics
	// with "Authorization: Bearer <token>"; without it only a direct
	// loopback caller may (XZ_METRICS_TOKEN, environment only).
	MetricsToken string
	// PprofAddr, when set, is a loopback address where Go's profiler
	// (net/http/pprof) is served on a listener of its own, never on the
	// public one (XZ_PPROF_ADDR).
	PprofAddr string
	// MaxBodyBytes limits a JSON request body.
	MaxBodyBytes int64
	// MaxExports bounds the xlsx exports an instance runs at once, and
	// ExportWait how long another waits for a slot before it is refused;
	// zero means crud's defaults. Set by programs embedding the engine (and
	// tests), not by flags.
	MaxExports int
	ExportWait time.Duration
	// TrustedProxies are the reverse proxies whose X-Forwarded-For header
	// names the client; without any, the client is the connection's peer,
	// so the IPs in the login and operation logs cannot be forged.
	TrustedProxies []*net.IPNet
	// MapTileURL is the map pickers' base-layer tile URL template
	// ({z}/{x}/{y}, optionally {s}), e.g.
	// https://tile.openstreetmap.org/{z}/{x}/{y}.png. Empty means no base
	// layer: the maps draw a plain grid and make no outside request.
	MapTileURL string
	// MapGeocoderURL is the map pickers' place search URL template: {q} is
	// replaced by the escaped search text and the answer is a JSON array of
	// {lat, lon, display_name} (the Nominatim search format). Empty means
	// no place search.
	MapGeocoderURL string
	// NATSURL is the NATS server (nats://host:4222) that carries messages
	// and cluster signals between the instances of a cluster. Empty means
	// the in-process bus: one instance.
	NATSURL string
	// WatchInterval is how often the schema directory is polled for changes.
	WatchInterval time.Duration
	// ShutdownTimeout bounds the graceful shutdown of the HTTP server.
	ShutdownTimeout time.Duration
	// SkipMigrate leaves the tables alone at start-up (the migrate command
	// migrates itself). Not a flag.
	SkipMigrate bool
	// Logger receives the server's logs; nil means slog.Default(). Not a flag.
	Logger *slog.Logger
}

// Defaults of the settings.
const (
	DefaultAddr          = "127.0.0.1:8080"
	DefaultDataDir       = "./data"
	DefaultDBFile        = "xiangzhi.db"
	DefaultMaxBody       = 10 << 20
	DefaultWatchInterval = 700 * time.Millisecond
)

// Default is the configuration with every default applied. It names no
// schema tree and no console: the engine knows no product, so the caller
// (main) hands in the embedded ones as SchemasFS and ConsoleFS.
func Default() Config {
	return Config{
		Addr:            DefaultAddr,
		DataDir:         DefaultDataDir,
		DBURL:           DefaultDBURL(DefaultDataDir),
		LogLevel:        slog.LevelInfo,
		LogFormat:       "json",
		MaxBodyBytes:    DefaultMaxBody,
		WatchInterval:   DefaultWatchInterval,
		ShutdownTimeout: 15 * time.Second,
	}
}

// DefaultDBURL is the SQLite database file inside dataDir.
func DefaultDBURL(dataDir string) string {
	return "sqlite://" + filepath.ToSlash(filepath.Join(dataDir, DefaultDBFile))
}

// raw holds the flag values as text until Finish checks them.
type raw struct {
	addr, data, db, schemas, level, format, maxBody, watch, proxies, tileURL, geocoderURL string
	metricsToken, pprofAddr, natsURL                                                      string
}

// Bind registers the configuration flags on fs with defaults taken from the
// environment through getenv, and returns the function that builds the
// Config once fs has parsed its arguments.
func Bind(fs *flag.FlagSet, getenv func(string) string) func() (Config, error) {
	env := func(key, def string) string {
		if v := strings.TrimSpace(getenv(key)); v != "" {
			return v
		}
		return def
	}
	var r raw
	fs.StringVar(&r.addr, "addr", env("XZ_ADDR", DefaultAddr), "listen address host:port (XZ_ADDR)")
	fs.StringVar(&r.data, "data", env("XZ_DATA_DIR", DefaultDataDir), "data directory (XZ_DATA_DIR)")
	fs.StringVar(&r.db, "db", env("XZ_DB_URL", ""), "database URL; default a SQLite file in the data directory (XZ_DB_URL)")
	fs.StringVar(&r.schemas, "schemas", env("XZ_SCHEMAS_DIR", ""), "module schema directory, watched for changes; default the embedded tree (XZ_SCHEMAS_DIR)")
	fs.StringVar(&r.level, "log-level", env("XZ_LOG_LEVEL", "info"), "log level: debug, info, warn, error (XZ_LOG_LEVEL)")
	fs.StringVar(&r.format, "log-format", env("XZ_LOG_FORMAT", "json"), "log format: json or text (XZ_LOG_FORMAT)")
	fs.StringVar(&r.maxBody, "max-body", env("XZ_MAX_BODY", "10MB"), "largest JSON request body, e.g. 10MB (XZ_MAX_BODY)")
	fs.StringVar(&r.watch, "watch-interval", env("XZ_WATCH_INTERVAL", DefaultWatchInterval.String()), "schema directory polling interval (XZ_WATCH_INTERVAL)")
	fs.StringVar(&r.proxies, "trusted-proxies", env("XZ_TRUSTED_PROXIES", ""), "comma-separated CIDRs of reverse proxies whose X-Forwarded-For is believed (XZ_TRUSTED_PROXIES)")
	fs.StringVar(&r.tileURL, "map-tile-url", env("XZ_MAP_TILE_URL", ""), "map tile URL template with {z}/{x}/{y}; default none, a plain grid (XZ_MAP_TILE_URL)")
	fs.StringVar(&r.geocoderURL, "map-geocoder-url", env("XZ_MAP_GEOCODER_URL", ""), "map place search URL template with {q}; default none (XZ_MAP_GEOCODER_URL)")
	fs.StringVar(&r.natsURL, "nats-url", env("XZ_NATS_URL", ""), "NATS server carrying messages and signals between instances; default none, one instance (XZ_NATS_URL)")
	// The scrape token is read from the environment only: a flag would show
	// it to anyone who can list processes.
	r.metricsToken = env("XZ_METRICS_TOKEN", "")
	fs.StringVar(&r.pprofAddr, "pprof-addr", env("XZ_PPROF_ADDR", ""), "loopback address for Go's profiler, e.g. 127.0.0.1:6060; default off (XZ_PPROF_ADDR)")
	return func() (Config, error) { return r.finish() }
}

// Load parses args (flags only, no positional arguments) over the
// environment read through getenv.
func Load(args []string, getenv func(string) string) (Config, error) {
	fs := flag.NewFlagSet("xiangzhi", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	finish := Bind(fs, getenv)
	if err := fs.Parse(args); err != nil {
		return Config{}, fmt.Errorf("parse flags: %w", err)
	}
	if fs.NArg() > 0 {
		return Config{}, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	return finish()
}

func (r raw) finish() (Config, error) {
	c := Default()
	var errs []error
	c.Addr = r.addr
	if c.Addr == "" {
		errs = append(errs, errors.New("addr: empty"))
	}
	c.DataDir = r.data
	if c.DataDir == "" {
		errs = append(errs, errors.New("data: empty"))
	}
	c.DBURL = r.db
	if c.DBURL == "" {
		c.DBURL = DefaultDBURL(c.DataDir)
	}
	c.SchemasDir = r.schemas
	if err := c.LogLevel.UnmarshalText([]byte(r.level)); err != nil {
		errs = append(errs, fmt.Errorf("log-level %q: want debug, info, warn or error", r.level))
	}
	c.LogFormat = strings.ToLower(r.format)
	if c.LogFormat != "json" && c.LogFormat != "text" {
		errs = append(errs, fmt.Errorf("log-format %q: want json or text", r.format))
	}
	n, err := ParseSize(r.maxBody)
	if err != nil || n <= 0 {
		errs = append(errs, fmt.Errorf("max-body %q: want a size such as 10MB", r.maxBody))
	}
	c.MaxBodyBytes = n
	d, err := time.ParseDuration(r.watch)
	if err != nil || d < 50*time.Millisecond {
		errs = append(errs, fmt.Errorf("watch-interval %q: want a duration of at least 50ms", r.watch))
	}
	c.WatchInterval = d
	for _, cidr := range strings.Split(r.proxies, ",") {
		if cidr = strings.TrimSpace(cidr); cidr == "" {
			continue
		}
		_, n, err := net.ParseCIDR(cidr)
		if err != nil {
			errs = append(errs, fmt.Errorf("trusted-proxies %q: want CIDRs such as 10.0.0.0/8", cidr))
			continue
		}
		c.TrustedProxies = append(c.TrustedProxies, n)
	}
	c.MapTileURL, c.MapGeocoderURL = r.tileURL, r.geocoderURL
	c.MetricsToken = r.metricsToken
	if c.PprofAddr = r.pprofAddr; c.PprofAddr != "" && !loopbackAddr(c.PprofAddr) {
		errs = append(errs, fmt.Errorf("pprof-addr %q: want a loopback address such as 127.0.0.1:6060", c.PprofAddr))
	}
	if c.MapTileURL != "" && !strings.Contains(c.MapTileURL, "{z}") {
		errs = append(errs, fmt.Errorf("map-tile-url %q: want a template with {z}, {x} and {y}", c.MapTileURL))
	}
	if c.MapGeocoderURL != "" && !strings.Contains(c.MapGeocoderURL, "{q}") {
		errs = append(errs, fmt.Errorf("map-geocoder-url %q: want a template with {q}", c.MapGeocoderURL))
	}
	c.NATSURL = r.natsURL
	if c.NATSURL != "" && !strings.HasPrefix(c.NATSURL, "nats://") && !strings.HasPrefix(c.NATSURL, "tls://") {
		errs = append(errs, errors.New("nats-url: want nats://host:4222 or tls://host:4222"))
	}
	if err := errors.Join(errs...); err != nil {
		return Config{}, fmt.Errorf("config: %w", err)
	}
	return c, nil
}

// ParseSize reads a byte size: a plain number of bytes or one with a unit
// KB, MB or GB (powers of 1024; the B and the case are optional).
func ParseSize(s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(t, "B")
	mult := int64(1)
	switch {
	case strings.HasSuffix(t, "K"):
		mult, t = 1<<10, strings.TrimSuffix(t, "K")
	case strings.HasSuffix(t, "M"):
		mult, t = 1<<20, strings.TrimSuffix(t, "M")
	case strings.HasSuffix(t, "G"):
		mult, t = 1<<30, strings.TrimSuffix(t, "G")
	}
	n, err := strconv.ParseInt(strings.TrimSpace(t), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("parse size %q: %w", s, err)
	}
	if n < 0 || n > (1<<62)/mult {
		return 0, fmt.Errorf("parse size %q: out of range", s)
	}
	return n * mult, nil
}

// NewLogger makes the logger the configuration asks for, writing to w.
func (c Config) NewLogger(w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: c.LogLevel}
	if c.LogFormat == "text" {
		return slog.New(slog.NewTextHandler(w, opts))
	}
	return slog.New(slog.NewJSONHandler(w, opts))
}

// loopbackAddr reports whether host:port names a loopback host.
func loopbackAddr(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

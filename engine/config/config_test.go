package config

import (
	"flag"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func envOf(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

// comparable is the part of a Config the tests compare (the file systems
// and the logger are checked separately).
type comparable struct {
	Addr, DataDir, DBURL, SchemasDir, LogFormat string
	MapTileURL, MapGeocoderURL, NATSURL         string
	LogLevel                                    slog.Level
	MaxBodyBytes                                int64
	WatchInterval                               time.Duration
}

func view(c Config) comparable {
	return comparable{c.Addr, c.DataDir, c.DBURL, c.SchemasDir, c.LogFormat, c.MapTileURL, c.MapGeocoderURL,
		c.NATSURL, c.LogLevel, c.MaxBodyBytes, c.WatchInterval}
}

func TestLoad(t *testing.T) {
	defaults := comparable{
		Addr: "127.0.0.1:8080", DataDir: "./data", DBURL: "sqlite://data/xiangzhi.db",
		LogFormat: "json", LogLevel: slog.LevelInfo, MaxBodyBytes: 10 << 20, WatchInterval: 700 * time.Millisecond,
	}
	tests := []struct {
		name string
		args []string
		env  map[string]string
		want func(c *comparable)
	}{
		{name: "defaults", want: func(*comparable) {}},
		{
			name: "environment",
			env: map[string]string{
				"XZ_ADDR": ":9000", "XZ_DATA_DIR": "/var/lib/xz", "XZ_SCHEMAS_DIR": "/etc/xz/schemas",
				"XZ_LOG_LEVEL": "debug", "XZ_LOG_FORMAT": "TEXT", "XZ_MAX_BODY": "2mb", "XZ_WATCH_INTERVAL": "1s",
			},
			want: func(c *comparable) {
				c.Addr, c.DataDir, c.DBURL, c.SchemasDir = ":9000", "/var/lib/xz", "sqlite:///var/lib/xz/xiangzhi.db", "/etc/xz/schemas"
				c.LogLevel, c.LogFormat, c.MaxBodyBytes, c.WatchInterval = slog.LevelDebug, "text", 2<<20, time.Second
			},
		},
		{
			name: "flags beat the environment",
			args: []string{"--addr", ":7000", "--db", "postgres://u@h/db", "--schemas", "./s", "--log-level", "warn", "--max-body", "512"},
			env:  map[string]string{"XZ_ADDR": ":9000", "XZ_DB_URL": "sqlite://x.db", "XZ_SCHEMAS_DIR": "/etc", "XZ_LOG_LEVEL": "debug"},
			want: func(c *comparable) {
				c.Addr, c.DBURL, c.SchemasDir, c.LogLevel, c.MaxBodyBytes = ":7000", "postgres://u@h/db", "./s", slog.LevelWarn, 512
			},
		},
		{
			name: "database url from the environment is kept as is",
			env:  map[string]string{"XZ_DB_URL": "root@tcp(127.0.0.1:3306)/xz?parseTime=true"},
			want: func(c *comparable) { c.DBURL = "root@tcp(127.0.0.1:3306)/xz?parseTime=true" },
		},
		{
			name: "map services",
			env: map[string]string{"XZ_MAP_TILE_URL": "https://{s}.tile.example/{z}/{x}/{y}.png",
				"XZ_MAP_GEOCODER_URL": "https://geo.example/search?format=json&q={q}"},
			want: func(c *comparable) {
				c.MapTileURL, c.MapGeocoderURL = "https://{s}.tile.example/{z}/{x}/{y}.png", "https://geo.example/search?format=json&q={q}"
			},
		},
		{
			name: "nats server",
			env:  map[string]string{"XZ_NATS_URL": "nats://10.0.0.5:4222"},
			want: func(c *comparable) { c.NATSURL = "nats://10.0.0.5:4222" },
		},
		{
			name: "data flag moves the default database",
			args: []string{"-data=/srv/xz"},
			want: func(c *comparable) { c.DataDir, c.DBURL = "/srv/xz", "sqlite:///srv/xz/xiangzhi.db" },
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Load(tt.args, envOf(tt.env))
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			want := defaults
			tt.want(&want)
			if diff := cmp.Diff(want, view(got)); diff != "" {
				t.Errorf("config (-want +got):\n%s", diff)
			}
		})
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		env  map[string]string
		want string
	}{
		{"bad level", []string{"--log-level", "loud"}, nil, "log-level"},
		{"bad format", nil, map[string]string{"XZ_LOG_FORMAT": "xml"}, "log-format"},
		{"bad size", []string{"--max-body", "ten"}, nil, "max-body"},
		{"zero size", []string{"--max-body", "0"}, nil, "max-body"},
		{"bad interval", nil, map[string]string{"XZ_WATCH_INTERVAL": "soon"}, "watch-interval"},
		{"tiny interval", []string{"--watch-interval", "1ms"}, nil, "watch-interval"},
		{"unknown flag", []string{"--port", "80"}, nil, "flag provided but not defined"},
		{"positional", []string{"extra"}, nil, "unexpected argument"},
		{"empty addr", []string{"--addr="}, nil, "addr: empty"},
		{"tile url without {z}", nil, map[string]string{"XZ_MAP_TILE_URL": "https://tiles.example/"}, "map-tile-url"},
		{"nats url of another scheme", []string{"--nats-url", "http://10.0.0.5:4222"}, nil, "nats-url"},
		{"geocoder url without {q}", []string{"--map-geocoder-url", "https://geo.example/"}, nil, "map-geocoder-url"},
		{"profiler on a public address", []string{"--pprof-addr", "0.0.0.0:6060"}, nil, "pprof-addr"},
		{"profiler on a named host", nil, map[string]string{"XZ_PPROF_ADDR": "example.org:6060"}, "pprof-addr"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(tt.args, envOf(tt.env))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Load error = %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestBindKeepsOtherFlags(t *testing.T) {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	drop := fs.Bool("drop", false, "drop")
	finish := Bind(fs, envOf(map[string]string{"XZ_DATA_DIR": "/tmp/x"}))
	if err := fs.Parse([]string{"--drop", "--addr", ":1"}); err != nil {
		t.Fatal(err)
	}
	c, err := finish()
	if err != nil {
		t.Fatal(err)
	}
	if !*drop || c.Addr != ":1" || c.DataDir != "/tmp/x" {
		t.Errorf("got drop=%v addr=%q data=%q", *drop, c.Addr, c.DataDir)
	}
}

func TestParseSize(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"1024", 1024, true}, {"10MB", 10 << 20, true}, {"10m", 10 << 20, true}, {"3 KB", 3 << 10, true},
		{"1G", 1 << 30, true}, {"7b", 7, true}, {"", 0, false}, {"MB", 0, false}, {"-1", 0, false}, {"1.5MB", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseSize(tt.in)
			if (err == nil) != tt.ok || got != tt.want {
				t.Errorf("ParseSize(%q) = %d, %v; want %d, ok %v", tt.in, got, err, tt.want, tt.ok)
			}
		})
	}
}

func TestNewLogger(t *testing.T) {
	var b strings.Builder
	c := Default()
	c.LogLevel = slog.LevelWarn
	log := c.NewLogger(&b)
	log.Info("hidden")
	log.Warn("shown", "k", 1)
	if strings.Contains(b.String(), "hidden") || !strings.Contains(b.String(), `"msg":"shown"`) {
		t.Errorf("log output = %q", b.String())
	}
}

func TestLoopbackOnlySettings(t *testing.T) {
	c, err := Load([]string{"--pprof-addr", "127.0.0.1:6060"}, envOf(map[string]string{"XZ_METRICS_TOKEN": " scrape-1 "}))
	if err != nil {
		t.Fatal(err)
	}
	if c.PprofAddr != "127.0.0.1:6060" || c.MetricsToken != "scrape-1" {
		t.Errorf("PprofAddr, MetricsToken = %q, %q", c.PprofAddr, c.MetricsToken)
	}
	if _, err := Load([]string{"--metrics-token", "x"}, envOf(nil)); err == nil {
		t.Error("the metrics token is accepted as a flag; want the environment only")
	}
}

package main

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func noEnv(string) string { return "" }

func TestRun(t *testing.T) {
	broken := t.TempDir()
	if err := os.WriteFile(filepath.Join(broken, "bad.yaml"),
		[]byte("name: bad\ntitle: 坏\napi: /bad\npermission: bad\nfields:\n  - {name: a, label: A, type: strang}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	db := "sqlite://" + filepath.ToSlash(filepath.Join(t.TempDir(), "x.db"))
	tests := []struct {
		name       string
		args       []string
		status     int
		stdout     string
		stderr     string
		stdoutNone bool
	}{
		{name: "version", args: []string{"version"}, stdout: "xiangzhi dev"},
		{name: "help", args: []string{"help"}, stdout: "usage:"},
		{name: "unknown command", args: []string{"frobnicate"}, status: 2, stderr: `unknown command "frobnicate"`},
		{name: "schema without lint", args: []string{"schema"}, status: 2, stderr: "usage:"},
		{name: "lint without paths", args: []string{"schema", "lint"}, status: 2, stderr: "usage:"},
		{name: "lint clean tree", args: []string{"schema", "lint", "engine/testdata/schemas"}, stdoutNone: true},
		{name: "lint clean file", args: []string{"schema", "lint", "engine/testdata/schemas/affairs/notice.yaml"}, stdoutNone: true},
		{name: "lint broken", args: []string{"schema", "lint", broken}, status: 1,
			stdout: filepath.Join(broken, "bad.yaml") + ":6: fields.a.type: ", stderr: "1 problem"},
		{name: "lint missing", args: []string{"schema", "lint", filepath.Join(broken, "none.yaml")}, status: 1, stdout: "none.yaml"},
		{name: "migrate", args: []string{"migrate", "--db", db, "--schemas", "engine/testdata/schemas"}, stderr: `"msg":"module migrated","name":"handicapped"`},
		{name: "migrate drop", args: []string{"migrate", "--drop", "--db", db, "--schemas", "engine/testdata/schemas"}, stderr: `"drop":true`},
		{name: "migrate bad flag", args: []string{"migrate", "--bogus"}, status: 1, stderr: "flag provided but not defined"},
		{name: "serve bad config", args: []string{"serve", "--log-level", "loud"}, status: 1, stderr: "log-level"},
		{name: "serve missing schemas", args: []string{"--db", db, "--schemas", filepath.Join(broken, "nope")}, status: 1,
			stderr: "not a directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr strings.Builder
			status := run(tt.args, noEnv, &stdout, &stderr)
			if status != tt.status {
				t.Errorf("status = %d, want %d\nstdout: %s\nstderr: %s", status, tt.status, stdout.String(), stderr.String())
			}
			if !strings.Contains(stdout.String(), tt.stdout) {
				t.Errorf("stdout = %q, want it to contain %q", stdout.String(), tt.stdout)
			}
			if tt.stdoutNone && stdout.Len() > 0 {
				t.Errorf("stdout = %q, want nothing", stdout.String())
			}
			if !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("stderr = %q, want it to contain %q", stderr.String(), tt.stderr)
			}
		})
	}
}

func TestSetZone(t *testing.T) {
	saved := time.Local
	t.Cleanup(func() { time.Local = saved })
	tests := []struct {
		name, tz, want string
	}{
		{"no TZ: Asia/Shanghai", "", DefaultZone},
		{"TZ set: left alone", "UTC", saved.String()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			time.Local = saved
			setZone(func(k string) string {
				if k == "TZ" {
					return tt.tz
				}
				return ""
			})
			if got := time.Local.String(); got != tt.want {
				t.Errorf("time.Local = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestLoadConfigHandsInTheProduct: every command's configuration serves the
// schema tree and the console embedded in the binary (the engine's own
// defaults name neither).
func TestLoadConfigHandsInTheProduct(t *testing.T) {
	cfg, err := loadConfig("serve", nil, noEnv, io.Discard, nil)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.SchemasFS == nil {
		t.Fatal("SchemasFS is nil, want the embedded tree")
	}
	if _, err := fs.Stat(cfg.SchemasFS, "_dicts.yaml"); err != nil {
		t.Errorf("embedded tree: %v", err)
	}
	if cfg.ConsoleFS == nil {
		t.Error("ConsoleFS is nil, want the embedded console")
	}
}

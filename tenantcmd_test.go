package main

import (
	"regexp"
	"strings"
	"testing"
)

// TestTenantCommand drives xiangzhi tenant on one SQLite database: add
// (generated and given passwords), refusals, list, disable, enable and the
// platform flag.
func TestTenantCommand(t *testing.T) {
	data := t.TempDir()
	flags := []string{"--data", data, "--schemas", "engine/testdata/schemas"}
	given := map[string]string{TenantPasswordEnv: "Given-pass-2024"}
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	steps := []struct {
		name   string
		args   []string
		env    map[string]string
		status int
		stdout *regexp.Regexp
		stderr string
	}{
		{name: "usage", args: []string{"tenant"}, stderr: "xiangzhi tenant add"},
		{name: "unknown", args: []string{"tenant", "frob"}, status: 1, stderr: `unknown tenant command "frob"`},
		{name: "disable without code", args: []string{"tenant", "disable"}, status: 1, stderr: "missing argument"},
		{name: "list fresh", args: []string{"tenant", "list"}, stdout: regexp.MustCompile(`(?m)^1\s+default\s+\S+\s+1\s+active, platform$`)},
		{name: "add generated", args: []string{"tenant", "add", "--code", "linxian", "--name", "邻县"},
			stdout: regexp.MustCompile(`tenant linxian \(邻县\) created, id 2; administrator admin, initial password \S{16} \(shown once\)`)},
		{name: "add given", args: []string{"tenant", "add", "--code", "hexi", "--name", "河西县", "--admin", "hx_admin"}, env: given,
			stdout: regexp.MustCompile(`^tenant hexi \(河西县\) created, id 3; administrator hx_admin; sign in with tenant code hexi`)},
		{name: "add taken", args: []string{"tenant", "add", "--code", "linxian", "--name", "又"}, status: 1, stderr: "租户编码已存在"},
		{name: "add bad code", args: []string{"tenant", "add", "--code", "LX", "--name", "又"}, status: 1, stderr: "租户编码须以小写字母开头"},
		{name: "add weak password", args: []string{"tenant", "add", "--code", "weak", "--name", "弱"},
			env: map[string]string{TenantPasswordEnv: "123"}, status: 1, stderr: "密码长度"},
		{name: "disable", args: []string{"tenant", "disable", "linxian"}, stdout: regexp.MustCompile(`tenant linxian disabled`)},
		{name: "disable default", args: []string{"tenant", "disable", "default"}, status: 1, stderr: "平台租户不能停用"},
		{name: "disable unknown", args: []string{"tenant", "disable", "nosuch"}, status: 1, stderr: "租户不存在"},
		{name: "list", args: []string{"tenant", "list"},
			stdout: regexp.MustCompile(`(?s)2\s+linxian\s+邻县\s+1\s+disabled\n3\s+hexi\s+河西县\s+1\s+active\n`)},
		{name: "enable", args: []string{"tenant", "enable", "linxian"}, stdout: regexp.MustCompile(`tenant linxian enabled`)},
		{name: "platform flag unknown user", args: []string{"tenant", "platform-admin", "nobody"}, status: 1, stderr: "用户不存在"},
		{name: "platform flag off", args: []string{"tenant", "platform-admin", "admin", "--off"},
			stdout: regexp.MustCompile(`admin is no longer a platform administrator`)},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			var stdout, stderr strings.Builder
			args := append(append([]string{}, st.args...), flags...)
			if status := run(args, env(st.env), &stdout, &stderr); status != st.status {
				t.Fatalf("status = %d, want %d\nstdout: %s\nstderr: %s", status, st.status, stdout.String(), stderr.String())
			}
			if st.stdout != nil && !st.stdout.MatchString(stdout.String()) {
				t.Errorf("stdout = %q, want %s", stdout.String(), st.stdout)
			}
			if !strings.Contains(stderr.String(), st.stderr) {
				t.Errorf("stderr = %q, want it to contain %q", stderr.String(), st.stderr)
			}
		})
	}
}

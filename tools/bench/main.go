// Command bench measures the HTTP API on a large module table: it loads N
// rows (default 100,000) into a sample module of about ten fields, starts the
// real server binary on loopback, signs in, and drives four scenarios at a
// fixed concurrency for a fixed time each — the sorted list with its total,
// a contains filter, get by id, and create — printing req/s, p50 and p99 and
// the server's resident memory. `go tool task bench -- -rows 1000000`.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
	"xiangzhi/tools/bench/drive"
	"xiangzhi/tools/bench/load"
)

const (
	adminPassword = "Bench#2026pass"
	newPassword   = "Bench#2026next"
)

func main() {
	scenario := flag.String("scenario", "synthetic", "synthetic: a sample module of -rows rows; county: the demo county as its users see it; sockets: message sockets; dashboards: the shipped dashboards' data calls on the demo county; publish: a form-designer publish under list traffic")
	users := flag.Int("users", 5000, "sockets: connected users")
	natsURL := flag.String("nats", "", "sockets: NATS URL for the two-instance latency run (with -db)")
	rate := flag.Int("rate", 200, "sockets: direct messages per second in the two-instance run")
	hold := flag.Duration("hold", 3*time.Second, "sockets: how long the idle sockets stay open before memory is read")
	villagers := flag.Int("villagers", 2000, "county: villagers of the demo county")
	rows := flag.Int("rows", 100_000, "rows to load into the sample module")
	dur := flag.Duration("duration", 10*time.Second, "time each scenario runs")
	conc := flag.Int("concurrency", 50, "concurrent clients")
	bin := flag.String("bin", "bin/xiangzhi", "server binary")
	dataDir := flag.String("data", "", "data dir to use and keep (default: a temporary one, removed after)")
	dbURL := flag.String("db", "", "database URL (default: SQLite in the data dir)")
	repeat := flag.Int("repeat", 50, "dashboards: calls measured while nothing changed")
	pocketbase := flag.String("pocketbase", "", "county: PocketBase v0.40.4's binary; runs the list and get shapes there too and prints the ratios")
	only := flag.String("only", "", "county: run only the scenarios whose name contains this text")
	pprofAddr := flag.String("pprof", "", "county: serve the server's profiler on this loopback address (XZ_PPROF_ADDR)")
	flag.IntVar(&firstPort, "port", 0, "servers listen on this loopback port and the next ones, one each (default: free ports)")
	flag.Parse()
	var err error
	switch *scenario {
	case "synthetic":
		err = run(*rows, *dur, *conc, *bin, *dataDir, *dbURL)
	case "county":
		err = runCounty(context.Background(), countyOptions{villagers: *villagers, dur: *dur, conc: *conc, bin: *bin,
			data: *dataDir, dbURL: *dbURL, adminSecret: adminPassword, pocketbase: *pocketbase, only: *only, pprofAddr: *pprofAddr})
	case "publish":
		err = runPublish(*rows, *dur, *conc, *bin, *dataDir, *dbURL)
	case "sockets":
		err = runSockets(context.Background(), socketOptions{users: *users, bin: *bin, data: *dataDir, dbURL: *dbURL,
			natsURL: *natsURL, rate: *rate, dur: *dur, conc: *conc, hold: *hold})
	case "dashboards":
		err = runDashboards(context.Background(), countyOptions{villagers: *villagers, bin: *bin,
			data: *dataDir, dbURL: *dbURL, adminSecret: adminPassword}, *repeat)
	default:
		err = fmt.Errorf("unknown -scenario %q: want synthetic, county, sockets, dashboards or publish", *scenario)
	}
	if err != nil {
		log.Fatalf("bench: %v", err)
	}
}

// sample is the sample module loaded, its server started and signed in to
// as admin: what the default and the publish scenarios share.
type sample struct {
	m           *schema.Module
	srv         *server
	base, token string
	client      *http.Client
	tmp         string // a temporary data dir to remove, if one was made
}

// startSample loads the sample module to rows rows in dataDir (a temporary
// dir when empty) on dbURL, printing progress when asked, starts the server
// binary over it and signs in with a client of conns connections.
func startSample(ctx context.Context, rows, conns int, bin, dataDir, dbURL string, progress bool) (*sample, error) {
	smp := &sample{}
	if dataDir == "" {
		tmp, err := os.MkdirTemp("", "xz-bench-")
		if err != nil {
			return nil, err
		}
		dataDir, smp.tmp = tmp, tmp
	}
	ok := false
	defer func() {
		if !ok {
			smp.close()
		}
	}()
	schemasDir := filepath.Join(dataDir, "bench-schemas")
	var err error
	if smp.m, err = loadSample(ctx, rows, schemasDir, dataDir, dbURL, progress); err != nil {
		return nil, err
	}
	if smp.srv, smp.base, err = startServer(bin, dataDir, dbURL, schemasDir, adminPassword); err != nil {
		return nil, err
	}
	smp.client = drive.NewClient(conns)
	if err := waitReady(ctx, smp.client, smp.base); err != nil {
		return nil, err
	}
	if smp.token, err = signIn(ctx, smp.client, smp.base); err != nil {
		return nil, err
	}
	ok = true
	return smp, nil
}

// loadSample writes the sample module's schema to schemasDir and fills its
// table to rows rows, printing progress when asked.
func loadSample(ctx context.Context, rows int, schemasDir, dataDir, dbURL string, progress bool) (*schema.Module, error) {
	_, m, err := load.WriteSchemas(schemasDir)
	if err != nil {
		return nil, err
	}
	st, err := store.Open(ctx, dbURL, dataDir)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	if err := st.Migrate(ctx, m, false); err != nil {
		return nil, err
	}
	have, err := countRows(ctx, st)
	if err != nil || have >= rows {
		return m, err
	}
	sc := store.Scope{TenantID: 1, UserID: 1, OrgID: 1, OrgPath: "/1/", Mode: store.ScopeAll}
	t0 := time.Now()
	if progress {
		fmt.Printf("loading %d rows…\n", rows-have)
	}
	err = load.Fill(ctx, st, m, sc, rows-have, 5000, func(done int) {
		if progress && done%100_000 == 0 {
			fmt.Printf("  %d rows, %.0f rows/s\n", done, float64(done)/time.Since(t0).Seconds())
		}
	})
	if err != nil {
		return nil, err
	}
	if progress {
		fmt.Printf("loaded in %s\n", time.Since(t0).Round(time.Second))
	}
	return m, nil
}

// close stops the server and removes a temporary data dir.
func (smp *sample) close() {
	if smp.srv != nil {
		stopServer(smp.srv)
	}
	if smp.tmp != "" {
		os.RemoveAll(smp.tmp)
	}
}

func run(rows int, dur time.Duration, conc int, bin, dataDir, dbURL string) error {
	ctx := context.Background()
	smp, err := startSample(ctx, rows, conc, bin, dataDir, dbURL, true)
	if err != nil {
		return err
	}
	defer smp.close()
	m, srv, base, token, client := smp.m, smp.srv, smp.base, smp.token, smp.client

	maxID := int64(rows)
	scenarios := []drive.Scenario{
		{Name: "list sorted + total", Request: get(base, token, func(int) string {
			return m.API + "?page=0&size=10&sort=applyDate,desc"
		})},
		{Name: "contains filter", Request: get(base, token, func(n int) string {
			return m.API + "?page=0&size=10&sort=applyDate,desc&name.contains=" + url.QueryEscape(load.Surnames[n%len(load.Surnames)])
		})},
		{Name: "get by id", Request: get(base, token, func(n int) string {
			return fmt.Sprintf("%s/%d", m.API, 1+rand.Int64N(maxID))
		})},
		{Name: "create", Request: func(n int) (*http.Request, error) {
			rec := load.Row(rand.New(rand.NewPCG(uint64(n), 99)))
			body := fmt.Sprintf(`{"name":%q,"idCard":%q,"mobile":%q,"gender":%d,"village":%q,"category":%q,"age":%d,"amount":%.2f,"applyDate":%q,"remark":%q}`,
				rec["name"], rec["idCard"], rec["mobile"], rec["gender"], rec["village"], rec["category"], rec["age"], rec["amount"], rec["applyDate"], rec["remark"])
			req, err := http.NewRequest(http.MethodPost, base+m.API, strings.NewReader(body))
			if err != nil {
				return nil, err
			}
			req.Header.Set("Content-Type", "application/json")
			auth(req, token)
			return req, nil
		}},
	}
	fmt.Printf("\n%d rows, concurrency %d, %s per scenario, server %s\n", rows, conc, dur, bin)
	for _, s := range scenarios {
		r := drive.Run(ctx, client, s, conc, dur)
		fmt.Println(r)
		if r.FirstErr != "" {
			fmt.Println("   first error:", r.FirstErr)
		}
	}
	printMemory(srv.cmd.Process.Pid)
	return nil
}

// server is a started server binary.
type server struct {
	cmd    *exec.Cmd
	exited chan struct{}
}

// startServer starts the server binary on a free loopback port over the
// data dir (and database and schemas dir when given) and answers its base URL.
func startServer(bin, dataDir, dbURL, schemasDir, adminSecret string, env ...string) (*server, string, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, "", err
	}
	cmd := exec.Command(bin, "serve", "--addr", addr, "--data", dataDir)
	if schemasDir != "" {
		cmd.Args = append(cmd.Args, "--schemas", schemasDir)
	}
	if dbURL != "" {
		cmd.Args = append(cmd.Args, "--db", dbURL)
	}
	cmd.Env = append(os.Environ(), "XZ_ADMIN_PASSWORD="+adminSecret, "XZ_LOG_LEVEL=warn")
	cmd.Env = append(cmd.Env, env...)
	logFile, err := os.Create(filepath.Join(dataDir, "bench-server.log"))
	if err != nil {
		return nil, "", err
	}
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return nil, "", fmt.Errorf("start %s: %w", bin, err)
	}
	s := &server{cmd: cmd, exited: make(chan struct{})}
	go func() {
		cmd.Wait()
		logFile.Close()
		close(s.exited)
	}()
	return s, "http://" + addr, nil
}

// stopServer asks the server to shut down and waits up to 20 s for it.
func stopServer(s *server) {
	s.cmd.Process.Signal(os.Interrupt)
	select {
	case <-s.exited:
	case <-time.After(20 * time.Second):
		s.cmd.Process.Kill()
	}
}

// processCPU is the CPU time (user + system, all threads) the process has
// used so far, from /proc/<pid>/stat (clock ticks of 1/100 s: Linux's
// USER_HZ). The server's CPU per request is the figure that other work on
// the machine disturbs least: wall-clock req/s fall when the cores are
// shared, the CPU a request costs hardly moves.
func processCPU(pid int) time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The command name (field 2) is in parentheses and may hold spaces:
	// count the fields after its closing one. utime and stime are fields 14
	// and 15 of the line, the 12th and 13th after the name.
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 13 {
		return 0
	}
	var utime, stime int64
	fmt.Sscan(f[11], &utime)
	fmt.Sscan(f[12], &stime)
	return time.Duration(utime+stime) * (time.Second / 100)
}

// cpuPerRequest formats the server's CPU time per request of a scenario.
func cpuPerRequest(cpu time.Duration, requests int) string {
	if requests == 0 || cpu <= 0 {
		return "cpu ? µs/req"
	}
	return fmt.Sprintf("cpu %6.0f µs/req", float64(cpu)/float64(time.Microsecond)/float64(requests))
}

// printMemory prints the server's resident memory.
func printMemory(pid int) {
	mem := memory(pid)
	fmt.Printf("server memory: RSS %s (heap and stacks %s, mapped database pages %s), peak RSS %s\n",
		mem["VmRSS"], mem["RssAnon"], mem["RssFile"], mem["VmHWM"])
}

func countRows(ctx context.Context, st *store.Store) (int, error) {
	var n int
	err := st.DB().QueryRowContext(ctx, "SELECT COUNT(*) FROM mod_bench_record WHERE deleted_at IS NULL").Scan(&n)
	return n, err
}

func get(base, token string, path func(n int) string) drive.Request {
	return func(n int) (*http.Request, error) {
		req, err := http.NewRequest(http.MethodGet, base+path(n), nil)
		if err != nil {
			return nil, err
		}
		auth(req, token)
		return req, nil
	}
}

func auth(req *http.Request, token string) {
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
}

// signIn logs in as admin; a server without the login API (before the auth
// layer existed) runs open and needs no token.
func signIn(ctx context.Context, c *http.Client, base string) (string, error) {
	resp, err := c.Get(base + "/api/system/publicKey")
	if err != nil {
		return "", err
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		return "", nil
	}
	token, err := drive.Login(ctx, c, base, "admin", adminPassword, newPassword)
	if err != nil {
		// A kept data dir has the changed password already.
		token, err = drive.Login(ctx, c, base, "admin", newPassword, newPassword)
	}
	return token, err
}

func waitReady(ctx context.Context, c *http.Client, base string) error {
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		resp, err := c.Get(base + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	return fmt.Errorf("server at %s not ready after 2 minutes", base)
}

// firstPort is the -port flag: the first of the loopback ports the
// servers a run starts listen on (0: any free port).
var firstPort int

// portsTaken counts the ports of firstPort's range handed out.
var portsTaken atomic.Int32

// freeAddr is the loopback address the next server listens on: the next
// port from -port, else one the system says is free.
func freeAddr() (string, error) {
	if firstPort > 0 {
		return fmt.Sprintf("127.0.0.1:%d", firstPort+int(portsTaken.Add(1))-1), nil
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return l.Addr().String(), nil
}

// memory reads the server's resident memory from /proc: VmRSS in all,
// RssAnon (heap and stacks: what the process really costs), RssFile (file
// pages mapped in — the SQLite database is memory-mapped, and those pages are
// the OS page cache, shared and reclaimable) and the peak VmHWM.
func memory(pid int) map[string]string {
	out := map[string]string{"VmRSS": "?", "RssAnon": "?", "RssFile": "?", "VmHWM": "?"}
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return out
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) < 3 {
			continue
		}
		key := strings.TrimSuffix(f[0], ":")
		if _, ok := out[key]; ok {
			out[key] = f[1] + " " + f[2]
		}
	}
	return out
}

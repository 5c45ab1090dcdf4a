package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"xiangzhi/tools/bench/drive"
)

// The demo county's users and module paths the county scenarios use
// (docs/demo.md, schemas/village).
const (
	demoPassword = "Demo@2025"
	countyUser   = "county_admin"
	villageUser  = "v01_admin"
	villagersAPI = "/cmzz/api/villagerinfo"
	eventsAPI    = "/cmzz/api/events"
	countyMarker = ".bench-county"
)

// countyOptions are the flags of the county scenario set.
type countyOptions struct {
	villagers   int
	dur         time.Duration
	conc        int
	bin, data   string
	dbURL       string
	adminSecret string
	pocketbase  string // PocketBase's binary: the comparison runs when set
	only        string // run only the scenarios whose name holds this text
	pprofAddr   string // the server's profiler listener (loopback), when set
}

// runCounty measures real screens as the demo users see them: it fills a
// data dir with the demo county (once; a kept -data dir is reused), starts
// the server, signs in as the county and a village administrator and drives
// the lists, details, writes, a status action, an export and a mixed load.
func runCounty(ctx context.Context, o countyOptions) error {
	if o.data == "" {
		tmp, err := os.MkdirTemp("", "xz-bench-county-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		o.data = tmp
	}
	if err := fillCounty(o); err != nil {
		return err
	}
	var env []string
	if o.pprofAddr != "" {
		env = append(env, "XZ_PPROF_ADDR="+o.pprofAddr)
	}
	srv, base, err := startServer(o.bin, o.data, o.dbURL, "", o.adminSecret, env...)
	if err != nil {
		return err
	}
	defer stopServer(srv)
	client := drive.NewClient(o.conc)
	if err := waitReady(ctx, client, base); err != nil {
		return err
	}
	county, err := drive.Login(ctx, client, base, countyUser, demoPassword, demoPassword)
	if err != nil {
		return fmt.Errorf("sign in as %s: %w", countyUser, err)
	}
	village, err := drive.Login(ctx, client, base, villageUser, demoPassword, demoPassword)
	if err != nil {
		return fmt.Errorf("sign in as %s: %w", villageUser, err)
	}
	ids, err := listIDs(ctx, client, base+villagersAPI+"?page=0&size=1000&sort=id,asc", county)
	if err != nil || len(ids) == 0 {
		return fmt.Errorf("villager ids: %d found, %v", len(ids), err)
	}
	events, err := newEventPool(ctx, client, base, county)
	if err != nil {
		return err
	}

	sorted := get(base, county, func(int) string { return villagersAPI + "?page=3&size=20&sort=birthDate,desc" })
	countyFirst := get(base, county, func(int) string { return villagersAPI + "?page=0&size=10" })
	eventsFirst := get(base, county, func(int) string { return eventsAPI + "?page=0&size=10" })
	villageFirst := get(base, village, func(int) string { return villagersAPI + "?page=0&size=10" })
	byID := get(base, county, func(n int) string { return fmt.Sprintf("%s/%d", villagersAPI, ids[n%len(ids)]) })
	create, createMixed := createVillager(base, village), createVillager(base, village)
	reads := []drive.Request{sorted, villageFirst, byID, countyFirst, eventsFirst, sorted, byID, villageFirst, byID}
	mixed := func(n int) (*http.Request, error) {
		if n%10 == 0 {
			return createMixed(n)
		}
		return reads[n%10-1](n)
	}
	scenarios := []struct {
		s    drive.Scenario
		conc int
	}{
		{drive.Scenario{Name: "county villagers sorted p4", Request: sorted}, o.conc},
		{drive.Scenario{Name: "county villagers first page", Request: countyFirst}, o.conc},
		{drive.Scenario{Name: "county events first page", Request: eventsFirst}, o.conc},
		{drive.Scenario{Name: "village first page", Request: villageFirst}, o.conc},
		{drive.Scenario{Name: "villager by id", Request: byID}, o.conc},
		{drive.Scenario{Name: "create villager", Request: create}, o.conc},
		{drive.Scenario{Name: "event status action", Request: events.request, Done: events.done}, o.conc},
		{drive.Scenario{Name: "export all villagers", Request: get(base, county, func(int) string { return villagersAPI + "/export" })}, min(o.conc, 4)},
		{drive.Scenario{Name: "mixed 90% read 10% create", Request: mixed}, o.conc},
		{drive.Scenario{Name: "healthz, one connection", Request: get(base, "", func(int) string { return "/healthz" })}, 1},
		{drive.Scenario{Name: "villager by id, one connection", Request: byID}, 1},
	}
	fmt.Printf("\ndemo county (%d villagers), %s per scenario, server %s\n", o.villagers, o.dur, o.bin)
	results := map[string]drive.Result{}
	pid := srv.cmd.Process.Pid
	for _, sc := range scenarios {
		if o.only != "" && !strings.Contains(sc.s.Name, o.only) {
			continue
		}
		cpu0 := processCPU(pid)
		r := drive.Run(ctx, client, sc.s, sc.conc, o.dur)
		results[sc.s.Name] = r
		fmt.Printf("c%-3d %s  %s\n", sc.conc, r, cpuPerRequest(processCPU(pid)-cpu0, r.Requests))
		if r.FirstErr != "" {
			fmt.Println("     first error:", r.FirstErr)
		}
	}
	printMemory(srv.cmd.Process.Pid)
	if o.pocketbase != "" {
		return comparePocketBase(ctx, o, client, base, county, results)
	}
	return nil
}

// fillCounty runs `xiangzhi demo` into the data dir unless a previous run
// left its marker there.
func fillCounty(o countyOptions) error {
	marker := filepath.Join(o.data, countyMarker)
	if _, err := os.Stat(marker); err == nil {
		return nil
	}
	args := []string{"demo", "--data", o.data, "--villagers", fmt.Sprint(o.villagers)}
	if o.dbURL != "" {
		args = append(args, "--db", o.dbURL)
	}
	t0 := time.Now()
	fmt.Printf("filling the demo county (%d villagers)…\n", o.villagers)
	cmd := exec.Command(o.bin, args...)
	cmd.Env = append(os.Environ(), "XZ_ADMIN_PASSWORD="+o.adminSecret, "XZ_LOG_LEVEL=warn")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s demo: %w\n%s", o.bin, err, out)
	}
	fmt.Printf("demo county filled in %s\n", time.Since(t0).Round(time.Second))
	return os.WriteFile(marker, []byte(time.Now().Format(time.RFC3339)), 0o644)
}

// listIDs reads the ids of one page of a module list.
func listIDs(ctx context.Context, c *http.Client, url, token string) ([]int64, error) {
	var page struct {
		Data []struct {
			ID     int64 `json:"id"`
			Status int   `json:"handleStatus"`
		} `json:"data"`
	}
	if err := drive.Call(ctx, c, http.MethodGet, url, token, nil, &page); err != nil {
		return nil, err
	}
	ids := make([]int64, len(page.Data))
	for i, r := range page.Data {
		ids[i] = r.ID
	}
	return ids, nil
}

// createVillager posts a new villager of the village user's village with a
// valid ID number unique to the builder (a region code the demo never uses,
// and a birth date and sequence counted on from a random start).
func createVillager(base, token string) drive.Request {
	const days, pairs = 25000, 250 // 250 odd and 250 even sequence numbers a day
	first := time.Date(1940, 1, 1, 0, 0, 0, 0, time.Local)
	offset := rand.IntN(days * pairs)
	return func(n int) (*http.Request, error) {
		k := (offset + n) % (days * pairs)
		male := k%2 == 1 // spec §3 gender: 1 male, 0 female; the ID's sequence digit is odd for men
		birth := first.AddDate(0, 0, k%days)
		body17 := fmt.Sprintf("371599%s%03d", birth.Format("20060102"), (k/days)*2+k%2)
		gender := 0
		if male {
			gender = 1
		}
		body := fmt.Sprintf(`{"name":"压测村民%d","idCard":%q,"gender":"%d","birthDate":%q}`, n%1000, body17+string(idCheck(body17)),
			gender, birth.Format("2006-01-02"))
		req, err := http.NewRequest(http.MethodPost, base+villagersAPI, strings.NewReader(body))
		if err != nil {
			return nil, err
		}
		req.Header.Set("Content-Type", "application/json")
		auth(req, token)
		return req, nil
	}
}

// idCheck is the GB 11643 check character of a 17-digit body.
func idCheck(body string) byte {
	weights := []int{7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2}
	sum := 0
	for i, w := range weights {
		sum += int(body[i]-'0') * w
	}
	return "10X98765432"[sum%11]
}

// eventPool hands out grid events for the accept (1 or 6 → 2) / reject
// (2 → 6) cycle, each to one request at a time, so concurrent actions never
// race on one record.
type eventPool struct {
	base, token string
	free        chan *poolEvent
	mu          sync.Mutex
	inFlight    map[int]*poolEvent
}

type poolEvent struct {
	id     int64
	status int
}

func newEventPool(ctx context.Context, c *http.Client, base, token string) (*eventPool, error) {
	var page struct {
		Data []struct {
			ID     int64 `json:"id"`
			Status int   `json:"handleStatus"`
		} `json:"data"`
	}
	q := eventsAPI + "?page=0&size=1000&handleStatus.in=" + url.QueryEscape("1,2,6")
	if err := drive.Call(ctx, c, http.MethodGet, base+q, token, nil, &page); err != nil {
		return nil, fmt.Errorf("events: %w", err)
	}
	if len(page.Data) == 0 {
		return nil, errors.New("the demo county has no event to accept or reject")
	}
	p := &eventPool{base: base, token: token, free: make(chan *poolEvent, len(page.Data)), inFlight: map[int]*poolEvent{}}
	for _, e := range page.Data {
		p.free <- &poolEvent{id: e.ID, status: e.Status}
	}
	return p, nil
}

func (p *eventPool) request(n int) (*http.Request, error) {
	e := <-p.free
	p.mu.Lock()
	p.inFlight[n] = e
	p.mu.Unlock()
	body := `{"action":"accept"}`
	if e.status == 2 {
		body = `{"action":"reject","comment":"压测退回"}`
	}
	req, err := http.NewRequest(http.MethodPut, fmt.Sprintf("%s%s/%d/status", p.base, eventsAPI, e.id), strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	auth(req, p.token)
	return req, nil
}

func (p *eventPool) done(n, status int) {
	p.mu.Lock()
	e := p.inFlight[n]
	delete(p.inFlight, n)
	p.mu.Unlock()
	if e == nil {
		return
	}
	if status >= 200 && status < 300 {
		if e.status == 2 {
			e.status = 6
		} else {
			e.status = 2
		}
	}
	p.free <- e
}

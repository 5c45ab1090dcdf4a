package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"xiangzhi/tools/bench/drive"
)

// The PocketBase comparison (issue 16): the same villagers, the same list
// and get shapes, driven in the same run against PocketBase v0.40.4 (built
// with `GOTOOLCHAIN=auto go install github.com/pocketbase/pocketbase/examples/base@v0.40.4`).
const (
	pbCollection = "villagers"
	pbEmail      = "bench@example.com"
	pbPassword   = "Bench-pocketbase-1"
)

// pbPair names one of our county scenarios and its PocketBase counterpart.
type pbPair struct {
	ours string
	pb   drive.Scenario
	conc int
}

// comparePocketBase copies the county's villagers (as the county
// administrator's list answers them) into a PocketBase collection of the
// same fields with an index on the sort field, drives the list and get
// shapes there, and prints each figure next to ours with the ratio.
// PocketBase is asked as a superuser: no rule is evaluated, only the token
// checked — its cheapest authenticated path.
func comparePocketBase(ctx context.Context, o countyOptions, client *http.Client, base, token string, ours map[string]drive.Result) error {
	rows, err := allRows(ctx, client, base+villagersAPI, token)
	if err != nil {
		return fmt.Errorf("read the villagers to copy: %w", err)
	}
	dir, err := os.MkdirTemp("", "xz-bench-pb-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if out, err := exec.Command(o.pocketbase, "superuser", "upsert", pbEmail, pbPassword, "--dir", filepath.Join(dir, "data"),
		"--migrationsDir", filepath.Join(dir, "migrations")).CombinedOutput(); err != nil {
		return fmt.Errorf("pocketbase superuser: %w\n%s", err, out)
	}
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	// Its own migrations dir and no automigrate: by default PocketBase writes a
	// migration per collection made through the API beside its data dir, and
	// a later run would find the collection there already.
	cmd := exec.Command(o.pocketbase, "serve", "--http", addr, "--dir", filepath.Join(dir, "data"),
		"--migrationsDir", filepath.Join(dir, "migrations"), "--automigrate=false")
	logFile, err := os.Create(filepath.Join(dir, "serve.log"))
	if err != nil {
		return err
	}
	defer logFile.Close()
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start pocketbase: %w", err)
	}
	defer func() {
		cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
		}
	}()
	pb := "http://" + addr
	if err := waitFor(ctx, client, pb+"/api/health"); err != nil {
		return fmt.Errorf("pocketbase never answered: %w", err)
	}
	var auth struct {
		Token string `json:"token"`
	}
	if err := pbCall(ctx, client, http.MethodPost, pb+"/api/collections/_superusers/auth-with-password", "",
		map[string]string{"identity": pbEmail, "password": pbPassword}, &auth); err != nil {
		return fmt.Errorf("pocketbase sign-in: %w", err)
	}
	if err := pbCollect(ctx, client, pb, auth.Token, rows); err != nil {
		return err
	}
	t0 := time.Now()
	ids, err := pbFill(ctx, client, pb, auth.Token, rows)
	if err != nil {
		return err
	}
	fmt.Printf("\nPocketBase v0.40.4: %d villagers copied in %s (%d fields each, index on birthDate)\n",
		len(ids), time.Since(t0).Round(time.Millisecond), len(pbFields(rows)))
	recs := "/api/collections/" + pbCollection + "/records"
	pbGet := func(path func(n int) string) drive.Request { return get(pb, auth.Token, path) }
	byID := pbGet(func(n int) string { return fmt.Sprintf("%s/%s", recs, ids[n%len(ids)]) })
	pairs := []pbPair{
		{"county villagers sorted p4", drive.Scenario{Name: "PB sorted p4", Request: pbGet(func(int) string { return recs + "?page=4&perPage=20&sort=-birthDate" })}, o.conc},
		{"county villagers first page", drive.Scenario{Name: "PB first page", Request: pbGet(func(int) string { return recs + "?page=1&perPage=10" })}, o.conc},
		{"villager by id", drive.Scenario{Name: "PB by id", Request: byID}, o.conc},
		{"healthz, one connection", drive.Scenario{Name: "PB health, one connection", Request: get(pb, "", func(int) string { return "/api/health" })}, 1},
		{"villager by id, one connection", drive.Scenario{Name: "PB by id, one connection", Request: byID}, 1},
	}
	fmt.Printf("%-32s %12s %12s %8s\n", "scenario", "ours req/s", "PB req/s", "ours/PB")
	for _, p := range pairs {
		r := drive.Run(ctx, client, p.pb, p.conc, o.dur)
		if r.FirstErr != "" {
			fmt.Println("     first error:", r.FirstErr)
		}
		mine, ok := ours[p.ours]
		ratio := "—"
		if ok && r.RPS() > 0 {
			ratio = fmt.Sprintf("%.2f×", mine.RPS()/r.RPS())
		}
		fmt.Printf("%-32s %12.0f %12.0f %8s   (PB p50 %.2f ms, p99 %.2f ms)\n", p.ours, mine.RPS(), r.RPS(), ratio,
			float64(r.P50)/float64(time.Millisecond), float64(r.P99)/float64(time.Millisecond))
	}
	mem := memory(cmd.Process.Pid)
	fmt.Printf("PocketBase memory: RSS %s, peak RSS %s\n", mem["VmRSS"], mem["VmHWM"])
	return nil
}

// allRows reads every row of a module list, a thousand at a time.
func allRows(ctx context.Context, c *http.Client, list, token string) ([]map[string]any, error) {
	var out []map[string]any
	for page := 0; ; page++ {
		var p struct {
			Data  []map[string]any `json:"data"`
			Total int              `json:"recordsTotal"`
		}
		if err := drive.Call(ctx, c, http.MethodGet, fmt.Sprintf("%s?page=%d&size=1000&sort=id,asc", list, page), token, nil, &p); err != nil {
			return nil, err
		}
		out = append(out, p.Data...)
		if len(p.Data) == 0 || len(out) >= p.Total {
			return out, nil
		}
	}
}

// pbFields derives the collection's fields from the rows' keys and values:
// numbers stay numbers, booleans booleans, objects and arrays JSON, the
// rest text. The record id is PocketBase's own.
func pbFields(rows []map[string]any) []map[string]any {
	kinds := map[string]string{}
	for _, r := range rows {
		for k, v := range r {
			if k == "id" || kinds[k] != "" && v == nil {
				continue
			}
			switch v.(type) {
			case float64:
				kinds[k] = "number"
			case bool:
				kinds[k] = "bool"
			case map[string]any, []any:
				kinds[k] = "json"
			case nil:
				if kinds[k] == "" {
					kinds[k] = "text"
				}
			default:
				kinds[k] = "text"
			}
		}
	}
	names := make([]string, 0, len(kinds))
	for k := range kinds {
		names = append(names, k)
	}
	sort.Strings(names)
	fields := make([]map[string]any, 0, len(names))
	for _, k := range names {
		f := map[string]any{"name": k, "type": kinds[k]}
		if kinds[k] == "json" {
			f["maxSize"] = 1 << 20
		}
		fields = append(fields, f)
	}
	return fields
}

// pbCollect creates the collection (superusers only: no rules).
func pbCollect(ctx context.Context, c *http.Client, pb, token string, rows []map[string]any) error {
	body := map[string]any{
		"name":    pbCollection,
		"type":    "base",
		"fields":  pbFields(rows),
		"indexes": []string{"CREATE INDEX idx_villagers_birth ON " + pbCollection + " (birthDate)"},
	}
	if err := pbCall(ctx, c, http.MethodPost, pb+"/api/collections", token, body, nil); err != nil {
		return fmt.Errorf("pocketbase collection: %w", err)
	}
	return nil
}

// pbFill creates every row in the collection (eight at a time) and answers
// the new records' ids.
func pbFill(ctx context.Context, c *http.Client, pb, token string, rows []map[string]any) ([]string, error) {
	ids := make([]string, len(rows))
	var next atomic.Int64
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(rows) {
					return
				}
				rec := make(map[string]any, len(rows[i]))
				for k, v := range rows[i] {
					if k != "id" && v != nil {
						rec[k] = v
					}
				}
				var made struct {
					ID string `json:"id"`
				}
				if err := pbCall(ctx, c, http.MethodPost, pb+"/api/collections/"+pbCollection+"/records", token, rec, &made); err != nil {
					mu.Lock()
					firstErr = cmpOr(firstErr, fmt.Errorf("pocketbase record %d: %w", i, err))
					mu.Unlock()
					return
				}
				ids[i] = made.ID
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	return slices.DeleteFunc(ids, func(id string) bool { return id == "" }), nil
}

func cmpOr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// pbCall sends a JSON request to PocketBase (whose answers are not in our
// envelope) and decodes the answer into out when given.
func pbCall(ctx context.Context, c *http.Client, method, url, token string, body, out any) error {
	res, err := drive.Send(ctx, c, method, url, token, body)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	var buf bytes.Buffer
	buf.ReadFrom(res.Body)
	if res.StatusCode/100 != 2 {
		return fmt.Errorf("%s %s: %d %s", method, url, res.StatusCode, truncated(buf.String()))
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(buf.Bytes(), out)
}

func truncated(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}

// waitFor polls url until it answers 200, for up to 30 s.
func waitFor(ctx context.Context, c *http.Client, url string) error {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if res, err := c.Do(req); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return errors.New("timed out")
}

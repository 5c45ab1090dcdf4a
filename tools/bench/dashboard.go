package main

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
	"time"

	"xiangzhi/tools/bench/drive"
)

// The shipped dashboards the dashboard scenario measures (schemas/dashboards).
var benchDashboards = []string{"countyOverview", "sixTopics"}

// runDashboards measures the batched data call of the shipped dashboards on
// the demo county (docs/performance.md § Dashboards): the first call after
// the server started (cold: nothing cached, no statement prepared), the
// same call again while nothing changed (every statistic from the cache),
// the call after one write to a counted table, a drill into a township and
// a village administrator's screen.
func runDashboards(ctx context.Context, o countyOptions, repeat int) error {
	if err := fillCounty(o); err != nil {
		return err
	}
	srv, base, err := startServer(o.bin, o.data, o.dbURL, "", o.adminSecret)
	if err != nil {
		return err
	}
	defer stopServer(srv)
	client := drive.NewClient(4)
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
	fmt.Printf("\ndashboards on the demo county (%d villagers), server %s\n", o.villagers, o.bin)
	for _, name := range benchDashboards {
		url := base + "/api/dashboards/" + name + "/data"
		cold, widgets, err := timed(ctx, client, url, county)
		if err != nil {
			return err
		}
		warm, err := repeated(ctx, client, url, county, repeat)
		if err != nil {
			return err
		}
		fmt.Printf("%-15s %2d widgets  cold %6.1f ms  unchanged p50 %5.1f ms  p95 %5.1f ms\n",
			name, widgets, ms(cold), ms(warm[len(warm)/2]), ms(warm[len(warm)*95/100]))
	}
	// One write to the villager table: the statistics of that table are
	// taken again, the others come from the cache.
	req, err := createVillager(base, village)(0)
	if err != nil {
		return err
	}
	res, err := client.Do(req.WithContext(ctx))
	if err != nil {
		return fmt.Errorf("create a villager: %w", err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("create a villager: %s", res.Status)
	}
	url := base + "/api/dashboards/countyOverview/data"
	afterWrite, _, err := timed(ctx, client, url, county)
	if err != nil {
		return err
	}
	fmt.Printf("countyOverview after one villager write  %6.1f ms\n", ms(afterWrite))
	var top struct {
		Widgets map[string]struct {
			Buckets []struct {
				Key any `json:"key"`
			} `json:"buckets"`
		} `json:"widgets"`
	}
	if err := drive.Call(ctx, client, http.MethodGet, url+"?widgets=popByPlace", county, nil, &top); err != nil {
		return err
	}
	if b := top.Widgets["popByPlace"].Buckets; len(b) > 0 {
		town := fmt.Sprint(b[len(b)-1].Key)
		cold, _, err := timed(ctx, client, url+"?org="+town, county)
		if err != nil {
			return err
		}
		warm, err := repeated(ctx, client, url+"?org="+town, county, repeat)
		if err != nil {
			return err
		}
		fmt.Printf("countyOverview drilled into township %s  cold %6.1f ms  unchanged p50 %5.1f ms\n", town, ms(cold), ms(warm[len(warm)/2]))
	}
	cold, _, err := timed(ctx, client, url, village)
	if err != nil {
		return err
	}
	warm, err := repeated(ctx, client, url, village, repeat)
	if err != nil {
		return err
	}
	fmt.Printf("countyOverview as %s  cold %6.1f ms  unchanged p50 %5.1f ms\n", villageUser, ms(cold), ms(warm[len(warm)/2]))
	printMemory(srv.cmd.Process.Pid)
	return nil
}

// timed runs one data call and answers its time and number of widgets; a
// widget that answered an error fails the run.
func timed(ctx context.Context, c *http.Client, url, token string) (time.Duration, int, error) {
	var out struct {
		Widgets map[string]map[string]any `json:"widgets"`
	}
	t0 := time.Now()
	if err := drive.Call(ctx, c, http.MethodGet, url, token, nil, &out); err != nil {
		return 0, 0, fmt.Errorf("%s: %w", url, err)
	}
	d := time.Since(t0)
	var bad []string
	for id, w := range out.Widgets {
		if e, ok := w["error"]; ok {
			bad = append(bad, fmt.Sprintf("%s: %v", id, e))
		}
	}
	if len(bad) > 0 {
		sort.Strings(bad)
		return 0, 0, fmt.Errorf("%s: widgets failed: %s", url, strings.Join(bad, "; "))
	}
	return d, len(out.Widgets), nil
}

// repeated runs the call n times and answers the sorted times.
func repeated(ctx context.Context, c *http.Client, url, token string, n int) ([]time.Duration, error) {
	out := make([]time.Duration, 0, n)
	for range n {
		d, _, err := timed(ctx, c, url, token)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	slices.Sort(out)
	return out, nil
}

// ms is a duration in milliseconds.
func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

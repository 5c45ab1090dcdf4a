package demo_test

import (
	"database/sql"
	"net/http"
	"net/http/httptest"
	"runtime"
	"runtime/metrics"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"xiangzhi/engine"
	"xiangzhi/tools/demo/demotest"
)

// BenchmarkSortedTail serves the county bench's sorted page — the county
// administrator's villagers sorted by birth date, page 4 of 20 — on a demo
// county of the real size (2,000 villagers, SQLite) through the app's whole
// handler with the console's headers. "serial" gives the allocations and
// the CPU of one page; "c50" sends the pages from 50 goroutines at once, as
// the bench's c50 does, and reports what makes the slow ones slow: the
// collections and their pauses per 10,000 pages, the collector's CPU, the
// waits for a database connection, and the latency percentiles (of the
// handler in process: no network, but the same two cores shared by
// clients and server). The process's CPU per page (user + system, the
// clients' share included) is what the load moves least.
//
//	go test ./tools/demo -run '^$' -bench SortedTail -benchtime 10000x
func BenchmarkSortedTail(b *testing.B) {
	env := demotest.NewSized(b, demotest.NewApp(b), 2000)
	engine.TuneGC() // the collector as the server sets it
	token := env.Login(b, "county_admin")
	h := env.App.Handler()
	const path = "/cmzz/api/villagerinfo?page=3&size=20&sort=birthDate,desc"
	serve := func(b *testing.B) {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Accept-Encoding", "gzip")
		req.Header.Set("Accept-Language", "zh-CN,zh;q=0.9")
		req.RemoteAddr = "127.0.0.1:40000"
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Errorf("%s = %d %s", path, rec.Code, rec.Body)
		}
	}
	serve(b) // the statements prepared, the total counted, the labels kept
	b.Run("serial", func(b *testing.B) {
		b.ReportAllocs()
		cpu := processCPU()
		for b.Loop() {
			serve(b)
		}
		b.ReportMetric(float64((processCPU()-cpu).Microseconds())/float64(b.N), "cpu-µs/op")
	})
	b.Run("c50", func(b *testing.B) {
		const clients = 50
		lat := make([]time.Duration, b.N)
		var next atomic.Int64
		db := env.App.Store().DB()
		before := sample(db.Stats())
		b.ResetTimer()
		var wg sync.WaitGroup
		for range clients {
			wg.Go(func() {
				for {
					i := int(next.Add(1) - 1)
					if i >= b.N {
						return
					}
					t0 := time.Now()
					serve(b)
					lat[i] = time.Since(t0)
				}
			})
		}
		wg.Wait()
		b.StopTimer()
		after := sample(db.Stats())
		per10k := 10000 / float64(b.N)
		slices.Sort(lat)
		ms := func(q float64) float64 { return float64(lat[int(q*float64(len(lat)-1))].Microseconds()) / 1000 }
		b.ReportMetric(ms(0.50), "p50-ms")
		b.ReportMetric(ms(0.99), "p99-ms")
		b.ReportMetric(ms(1), "max-ms")
		b.ReportMetric(float64((after.cpu-before.cpu).Microseconds())/float64(b.N), "cpu-µs/op")
		b.ReportMetric(float64(after.gcs-before.gcs)*per10k, "gc/10k")
		b.ReportMetric(float64((after.gcPause-before.gcPause).Microseconds())/1000*per10k, "gc-pause-ms/10k")
		b.ReportMetric(float64((after.assist-before.assist).Microseconds())/1000*per10k, "gc-assist-ms/10k")
		b.ReportMetric(float64(after.waits-before.waits)*per10k, "db-waits/10k")
		b.ReportMetric(float64((after.waited-before.waited).Microseconds())/1000*per10k, "db-wait-ms/10k")
	})
}

// tailSample is what BenchmarkSortedTail reads before and after a run.
type tailSample struct {
	cpu, gcPause, assist, waited time.Duration
	gcs, waits                   int64
}

// sample reads the process's CPU, the collector's cycles, pauses and the
// time requests spent helping it mark (assists: the runtime's estimate, in
// time a processor was held, so the load inflates it), and the pool's
// waits (stats).
func sample(stats sql.DBStats) tailSample {
	ms := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}, {Name: "/cpu/classes/gc/mark/assist:cpu-seconds"}}
	metrics.Read(ms)
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return tailSample{cpu: processCPU(), gcs: int64(ms[0].Value.Uint64()),
		assist:  time.Duration(ms[1].Value.Float64() * float64(time.Second)),
		gcPause: time.Duration(m.PauseTotalNs), waits: stats.WaitCount, waited: stats.WaitDuration}
}

// processCPU is the test process's user + system time so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

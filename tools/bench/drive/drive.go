// Package drive runs fixed-time HTTP load at a set concurrency and reports
// throughput and latency percentiles: the measuring half of `go tool task
// bench`. It sends traffic only to the address it is given (the benchmark
// starts the server on loopback).
package drive

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"time"
)

// Request builds the n-th request of a scenario. It must be safe for
// concurrent use.
type Request func(n int) (*http.Request, error)

// Scenario is one named kind of request to drive.
type Scenario struct {
	Name    string
	Request Request
	// OK reports whether a status code counts as a success (default: 2xx).
	OK func(status int) bool
	// Done, when set, hears how the n-th request ended (status 0: no answer),
	// so a scenario that moves records can hand a record to the next request
	// only once the previous one on it is finished.
	Done func(n, status int)
}

func (s Scenario) done(n, status int) {
	if s.Done != nil {
		s.Done(n, status)
	}
}

// Result is what one scenario measured.
type Result struct {
	Name     string
	Requests int
	Errors   int
	Elapsed  time.Duration
	P50, P99 time.Duration
	FirstErr string
}

// RPS is the successful requests per second.
func (r Result) RPS() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Requests-r.Errors) / r.Elapsed.Seconds()
}

// String formats the result as one table row.
func (r Result) String() string {
	return fmt.Sprintf("%-28s %9.0f req/s  p50 %7.2f ms  p99 %7.2f ms  (%d requests, %d errors)",
		r.Name, r.RPS(), ms(r.P50), ms(r.P99), r.Requests, r.Errors)
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// Run drives one scenario with the given concurrency for the given duration
// and returns its figures. Each worker reuses connections through client.
func Run(ctx context.Context, client *http.Client, s Scenario, concurrency int, d time.Duration) Result {
	ok := s.OK
	if ok == nil {
		ok = func(status int) bool { return status >= 200 && status < 300 }
	}
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()

	var (
		mu        sync.Mutex
		latencies []time.Duration
		errs      int
		firstErr  string
		counter   int
		wg        sync.WaitGroup
	)
	next := func() int {
		mu.Lock()
		defer mu.Unlock()
		counter++
		return counter
	}
	start := time.Now()
	for w := 0; w < concurrency; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			local := make([]time.Duration, 0, 4096)
			localErrs, localFirst := 0, ""
			for ctx.Err() == nil {
				n := next()
				req, err := s.Request(n)
				if err != nil {
					localErrs++
					localFirst = err.Error()
					break
				}
				t0 := time.Now()
				resp, err := client.Do(req.WithContext(ctx))
				if err != nil {
					s.done(n, 0)
					if ctx.Err() != nil {
						break // the run ended mid-request; not an error of the server
					}
					localErrs++
					if localFirst == "" {
						localFirst = err.Error()
					}
					local = append(local, time.Since(t0))
					continue
				}
				body, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				local = append(local, time.Since(t0))
				s.done(n, resp.StatusCode)
				if err != nil {
					if ctx.Err() != nil {
						break
					}
					// A body cut short (the client's timeout in the middle of a
					// long export) is no answer.
					localErrs++
					if localFirst == "" {
						localFirst = fmt.Sprintf("%d, body cut: %v", resp.StatusCode, err)
					}
					continue
				}
				if !ok(resp.StatusCode) {
					localErrs++
					if localFirst == "" {
						localFirst = fmt.Sprintf("%d %s", resp.StatusCode, truncate(body, 200))
					}
				}
			}
			mu.Lock()
			latencies = append(latencies, local...)
			errs += localErrs
			if firstErr == "" {
				firstErr = localFirst
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	slices.Sort(latencies)
	return Result{
		Name:     s.Name,
		Requests: len(latencies),
		Errors:   errs,
		Elapsed:  elapsed,
		P50:      Percentile(latencies, 50),
		P99:      Percentile(latencies, 99),
		FirstErr: firstErr,
	}
}

// Percentile returns the p-th percentile of sorted latencies (nearest rank).
func Percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(p/100*float64(len(sorted))+0.999999) - 1
	rank = max(0, min(rank, len(sorted)-1))
	return sorted[rank]
}

func truncate(b []byte, n int) string {
	if len(b) > n {
		return string(b[:n]) + "…"
	}
	return string(b)
}

// NewClient returns an HTTP client whose pool fits the concurrency.
func NewClient(concurrency int) *http.Client {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConns = concurrency * 2
	t.MaxIdleConnsPerHost = concurrency * 2
	t.MaxConnsPerHost = 0
	return &http.Client{Transport: t, Timeout: 30 * time.Second}
}

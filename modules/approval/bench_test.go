package approval

// Benchmarks (not tests) of docs/performance.md: an approver's 待办 among
// 100,000 open tasks at concurrency 50 over HTTP, and submitting and
// approving through the engine, on SQLite.

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/store"
	"xiangzhi/engine/workflow"
)

// seedTasks writes n open tasks (and their instances) over five modules,
// mine of them assigned to user, the rest to a thousand other ids.
func (e *env) seedTasks(n, mine int, user int64) {
	ctx := context.Background()
	modules := []string{"anyFlow", "allFlow", "ratio", "seqFlow", "expense"}
	d := e.app.Store().Dialect()
	now := time.Now().Format(time.DateTime)
	const batch = 500
	for start := 0; start < n; start += batch {
		err := e.app.Store().InWrite(ctx, e.app.Modules().Module("anyFlow"), func(tx *sql.Tx) error {
			ins := entsql.Dialect(d).Insert(workflow.InstanceTable).Columns("id", "tenant_id", "module", "record_id",
				"flow_id", "version", "applicant_id", "applicant_name", "org_id", "state", "title", "stage", "pos", "next_batch", "plan",
				"created_at", "updated_at")
			tasks := entsql.Dialect(d).Insert(workflow.TaskTable).Columns("tenant_id", "instance_id", "module",
				"record_id", "title", "applicant_id", "applicant_name", "batch", "stage", "lane", "step_idx", "step", "step_title", "assignee_id", "seq", "state",
				"auto", "created_at")
			for i := start; i < min(n, start+batch); i++ {
				id := int64(1_000_000 + i)
				assignee := int64(10_000 + i%1000)
				if i%(n/mine) == 0 {
					assignee = user
				}
				m := modules[i%len(modules)]
				title := fmt.Sprintf("申请%d", i)
				ins.Values(id, e.tenant, m, id, 1, 1, e.users["applicant"].ID, "用户applicant", e.orgs["village"].ID,
					workflow.StateRunning, title, 0, "[]", 1, `{"stages":[]}`, now, now)
				tasks.Values(e.tenant, id, m, id, title, e.users["applicant"].ID, "用户applicant", 1, 0, 0, 0, "township", "乡镇审批", assignee, 0, workflow.TaskOpen,
					false, now)
			}
			for _, q := range []*entsql.InsertBuilder{ins, tasks} {
				qs, args := q.Query()
				if _, err := tx.ExecContext(ctx, qs, args...); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			e.t.Fatal(err)
		}
	}
}

// BenchmarkTodo: `go test -run - -bench Todo -benchtime 2000x ./modules/approval/`.
// One approver holding 1,000 of 100,000 open tasks reads page 1 of 待办
// (with its exact total and the applicants' names) at concurrency 50.
func BenchmarkTodo(b *testing.B) {
	e := newEnv(b, "")
	e.seedTasks(100_000, 1_000, e.users["t1"].ID)
	token := e.token("t1")
	req := func() time.Duration {
		r := httptest.NewRequest(http.MethodGet, "/api/workflow/todo?page=0&size=10", nil)
		r.Header.Set("Authorization", "Bearer "+token)
		w := httptest.NewRecorder()
		t0 := time.Now()
		e.app.Handler().ServeHTTP(w, r)
		if w.Code != http.StatusOK {
			b.Fatalf("todo = %d %s", w.Code, w.Body.String())
		}
		return time.Since(t0)
	}
	req()
	var mu sync.Mutex
	var lat []time.Duration
	b.SetParallelism(max(1, 50/runtime.GOMAXPROCS(0)))
	cpu0 := cpuTime()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		var mine []time.Duration
		for pb.Next() {
			mine = append(mine, req())
		}
		mu.Lock()
		lat = append(lat, mine...)
		mu.Unlock()
	})
	b.StopTimer()
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/float64(b.N), "cpu-µs/op")
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
}

// BenchmarkSubmitApprove: `go test -run - -bench SubmitApprove ./modules/approval/`.
// Each op submits a record of a one-step flow and approves it (through
// the engine, records created beforehand): two write transactions.
func BenchmarkSubmitApprove(b *testing.B) {
	e := newEnv(b, "")
	ctx := context.Background()
	m := e.app.Modules().Module("single")
	applicant := store.Scope{TenantID: e.tenant, UserID: e.users["applicant"].ID, OrgID: e.orgs["village"].ID,
		OrgPath: e.orgs["village"].Path, Mode: store.ScopeSubtree}
	approver := store.Scope{TenantID: e.tenant, UserID: e.users["t1"].ID}
	ids := make([]int64, b.N)
	for i := range ids {
		rec, err := e.app.Store().Create(ctx, m, applicant, store.Record{"title": fmt.Sprintf("压测%d", i)})
		if err != nil {
			b.Fatal(err)
		}
		ids[i] = rec["id"].(int64)
	}
	cpu0 := cpuTime()
	b.ResetTimer()
	defer func() { b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/float64(b.N), "cpu-µs/op") }()
	for _, id := range ids {
		if _, err := e.wf.Submit(ctx, "single", applicant, id); err != nil {
			b.Fatal(err)
		}
		rows, _, err := e.wf.Todo(ctx, approver, "single", workflow.Page{Size: 1})
		if err != nil || len(rows) == 0 {
			b.Fatalf("todo: %v %v", rows, err)
		}
		if err := e.wf.Decide(ctx, approver, rows[0].ID, workflow.Decision{Action: workflow.ActApprove}); err != nil {
			b.Fatal(err)
		}
	}
}

// cpuTime is the CPU time (user and system) the process used so far: a
// figure of work per operation that the machine's other load does not
// change as much as wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

package broadcast_test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"xiangzhi/engine"
	"xiangzhi/engine/store"
	"xiangzhi/modules/broadcast"
	"xiangzhi/tools/demo/demotest"
)

// clock is a test's time, moved by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// TestBroadcastSimulator drives /device/api/dlb on the simulator over the
// demo county: a task sent now plays on its terminals (播发中, the play list
// shows it, the terminals are 播出中), ends when its programmes have played
// (已完成, terminals 空闲); another is stopped (已取消, gone from the play
// list); one whose only terminal is unreachable fails (失败); an enabled
// daily policy plays through policyId; the daily and emergency policy lists
// answer at their §7 paths.
func TestBroadcastSimulator(t *testing.T) {
	clk := &clock{now: time.Date(2025, 11, 20, 9, 0, 0, 0, time.Local)}
	sim := broadcast.NewSimulator()
	sim.Now = clk.Now
	env := demotest.New(t, func(app *engine.App) error {
		_, err := broadcast.RegisterWith(app, sim)
		return err
	})
	tok := env.Login(t, "county_admin")
	devices := env.Rows(t, "broadcastDevice", 0)
	media := env.Rows(t, "broadcastMedia", 0)
	if len(devices) < 3 || len(media) < 1 {
		t.Fatalf("demo has %d devices, %d media", len(devices), len(media))
	}
	ctx := context.Background()
	dm := env.App.Modules().Module("broadcastDevice")
	mm := env.App.Modules().Module("broadcastMedia")
	if _, err := env.App.Store().Update(ctx, dm, env.TenantScope(), devices[2]["id"].(int64), store.Record{"resourceCode": broadcast.FaultyPrefix + "-0001"}); err != nil {
		t.Fatal(err)
	}
	if _, err := env.App.Store().Update(ctx, mm, env.TenantScope(), media[0]["id"].(int64), store.Record{"duration": int64(90)}); err != nil {
		t.Fatal(err)
	}
	d1, d2, bad, m1 := devices[0]["id"], devices[1]["id"], devices[2]["id"], media[0]["id"]
	taskState := func(id int64) int64 { return demotest.Num(env.Get(t, "broadcastTask", id)["execStatus"]) }
	send := func(body map[string]any) (int, map[string]any) {
		return env.Call(t, tok, http.MethodPost, "/device/api/dlb/sendImmediately", body)
	}
	taskOf := func(res map[string]any) int64 {
		t.Helper()
		d, _ := res["data"].(map[string]any)
		task, _ := d["task"].(map[string]any)
		return demotest.Num(task["id"])
	}
	playing := func() []any {
		t.Helper()
		status, res := env.Call(t, tok, http.MethodGet, "/device/api/dlb/playList", nil)
		if status != http.StatusOK {
			t.Fatalf("playList = %d %v", status, res)
		}
		rows, _ := res["data"].(map[string]any)["data"].([]any)
		return rows
	}

	status, res := send(map[string]any{"taskName": "防汛应急通知", "broadcastType": 1, "media": []any{m1}, "devices": []any{d1, d2, bad}})
	if status != http.StatusOK {
		t.Fatalf("send = %d %v", status, res)
	}
	first := taskOf(res)
	if got := taskState(first); got != 1 {
		t.Fatalf("task after send: execStatus %d, want 1 (播发中)", got)
	}
	task := env.Get(t, "broadcastTask", first)
	if demotest.Num(task["successCount"]) != 2 || demotest.Num(task["failCount"]) != 1 {
		t.Errorf("counts = %v/%v, want 2/1", task["successCount"], task["failCount"])
	}
	if got := demotest.Num(env.Get(t, "broadcastDevice", d1.(int64))["workState"]); got != 2 {
		t.Errorf("terminal while playing: workState %d, want 2 (播出中)", got)
	}
	if got := demotest.Num(env.Get(t, "broadcastDevice", bad.(int64))["workState"]); got != 3 {
		t.Errorf("unreachable terminal: workState %d, want 3 (故障)", got)
	}
	if rows := playing(); len(rows) != 1 {
		t.Fatalf("play list = %v, want the task", rows)
	}

	clk.Add(89 * time.Second)
	sim.Tick()
	if got := taskState(first); got != 1 {
		t.Fatalf("before its 90 s: execStatus %d, want 1", got)
	}
	clk.Add(time.Second)
	sim.Tick()
	if got := taskState(first); got != 2 {
		t.Fatalf("after its 90 s: execStatus %d, want 2 (已完成)", got)
	}
	if got := demotest.Num(env.Get(t, "broadcastDevice", d1.(int64))["workState"]); got != 1 {
		t.Errorf("terminal after playing: workState %d, want 1 (空闲)", got)
	}
	if rows := playing(); len(rows) != 0 {
		t.Fatalf("play list after the end = %v", rows)
	}

	status, res = send(map[string]any{"taskName": "反诈宣传播报", "media": []any{m1}, "devices": []any{d1}})
	if status != http.StatusOK {
		t.Fatalf("second send = %d %v", status, res)
	}
	second := taskOf(res)
	if status, res := env.Call(t, tok, http.MethodPost, "/device/api/dlb/stopPlay", map[string]any{"taskId": second}); status != http.StatusOK {
		t.Fatalf("stopPlay = %d %v", status, res)
	}
	if got := taskState(second); got != 3 {
		t.Errorf("stopped task: execStatus %d, want 3 (已取消)", got)
	}
	if rows := playing(); len(rows) != 0 {
		t.Errorf("play list after stop = %v", rows)
	}
	if status, res := env.Call(t, tok, http.MethodPost, "/device/api/dlb/stopPlay", map[string]any{"taskId": second}); status != http.StatusConflict || res["msg"] != "该广播任务未在播放" {
		t.Errorf("stop again = %d %v", status, res)
	}

	status, res = send(map[string]any{"taskName": "测试", "media": []any{m1}, "devices": []any{bad}})
	if status != http.StatusOK {
		t.Fatalf("send to a faulty terminal = %d %v", status, res)
	}
	if got := taskState(taskOf(res)); got != 4 {
		t.Errorf("task with no reachable terminal: execStatus %d, want 4 (失败)", got)
	}

	for _, c := range []struct{ body map[string]any }{{map[string]any{"devices": []any{d1}}}, {map[string]any{"media": []any{m1}}}} {
		if status, res := send(c.body); status != http.StatusBadRequest {
			t.Errorf("send %v = %d %v, want 400", c.body, status, res)
		}
	}

	for _, p := range []string{"/device/api/dlb/dailyPolicy", "/device/api/dlb/emergencyPolicy"} {
		status, res := env.Call(t, tok, http.MethodGet, p+"?page=0&size=50", nil)
		if status != http.StatusOK {
			t.Fatalf("%s = %d %v", p, status, res)
		}
		want := int64(1)
		if p == "/device/api/dlb/emergencyPolicy" {
			want = 2
		}
		for _, r := range res["data"].(map[string]any)["data"].([]any) {
			if got := demotest.Num(r.(map[string]any)["policyType"]); got != want {
				t.Errorf("%s lists a policy of type %d", p, got)
			}
		}
	}
	pm := env.App.Modules().Module("broadcastPolicy")
	policy, err := env.App.Store().Create(ctx, pm, env.TenantScope(),
		store.Record{"policyName": "每日早间新闻播放", "policyType": int64(1), "media": []any{m1}, "devices": []any{d1},
			"scheduleType": int64(3), "playTime": "07:00", "startDate": "2025-11-01", "orgId": env.Village(1).ID})
	if err != nil {
		t.Fatal(err)
	}
	if status, res := send(map[string]any{"policyId": policy["id"]}); status != http.StatusConflict {
		t.Errorf("send a disabled policy = %d %v, want 409", status, res)
	}
	if _, err := env.App.Transition(ctx, pm, env.TenantScope(), policy["id"].(int64), *pm.Action("enable"), ""); err != nil {
		t.Fatal(err)
	}
	status, res = send(map[string]any{"policyId": policy["id"]})
	if status != http.StatusOK {
		t.Fatalf("send a policy = %d %v", status, res)
	}
	task = env.Get(t, "broadcastTask", taskOf(res))
	if task["taskName"] != "每日早间新闻播放" || demotest.Num(task["policy"]) != policy["id"].(int64) || demotest.Num(task["execStatus"]) != 1 {
		t.Errorf("task from the policy = %v", task)
	}
}

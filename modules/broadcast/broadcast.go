package broadcast

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
	"xiangzhi/modules/hook"
)

// Base is where the broadcast calls live (spec §7 /device/api/dlb).
const Base = "/device/api/dlb"

// The task statuses of broadcastTask (schemas/broadcast/broadcastTask.yaml).
const (
	statusWaiting = 0
	statusPlaying = 1
)

// Device work states (broadcastDevice.workState).
const (
	deviceIdle    = 1
	devicePlaying = 2
	deviceFault   = 3
)

// Service serves the broadcast calls on an adapter.
type Service struct {
	app     *engine.App
	adapter Adapter
	seq     atomic.Int64
}

// Register adds the calls with the built-in simulator, ticking every second
// while the app lives.
func Register(app *engine.App) (*Service, error) {
	sim := NewSimulator()
	go sim.Run(app.Context(), time.Second)
	return RegisterWith(app, sim)
}

// RegisterWith adds the calls on the given adapter (a vendor's, or a
// simulator a test drives). Without the broadcast task module nothing is
// added.
func RegisterWith(app *engine.App, a Adapter) (*Service, error) {
	m := app.Modules().Module("broadcastTask")
	if m == nil || m.Action("play") == nil || m.Action("stop") == nil {
		app.Logger().Warn("broadcast calls not registered: broadcastTask or its play/stop actions missing")
		return nil, nil
	}
	s := &Service{app: app, adapter: a}
	a.Start(s.reported)
	app.AddRoutes(Base,
		engine.Route{Method: http.MethodPost, Path: "/sendImmediately", Code: m.ActionCode(*m.Action("play")),
			Name: m.Title + routeSend, Handler: s.send},
		engine.Route{Method: http.MethodGet, Path: "/playList", Code: m.Code("list"), Name: m.Title + routePlayList, Handler: s.playList},
		engine.Route{Method: http.MethodPost, Path: "/stopPlay", Code: m.ActionCode(*m.Action("stop")),
			Name: m.Title + routeStop, Handler: s.stop},
	)
	return s, nil
}

// send plays now: {policyId} plays an enabled policy's programmes on its
// terminals; otherwise {taskName, media: [ids], devices: [ids], volume?,
// broadcastType? (1 应急, 2 日常 — the default, 3 演练), msgDesc?, endTime?}.
// It records a broadcast task, hands it to the adapter and moves the task
// to 播发中 (or 失败 when no terminal took it); the answer is the task and
// what the adapter reported.
func (s *Service) send(c echo.Context) error {
	b, err := hook.Body(c, "policyId", "taskName", "media", "devices", "volume", "broadcastType", "msgDesc", "endTime")
	if err != nil {
		return err
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	tm, err := hook.Module(s.app, "broadcastTask")
	if err != nil {
		return err
	}
	rec := store.Record{"broadcastType": int64(2), "startTime": time.Now().In(time.Local).Format(schema.DateTimeLayout)}
	if v, ok := b["policyId"]; ok && v != nil {
		if err := s.fromPolicy(ctx, sc, v, rec); err != nil {
			return err
		}
	}
	for _, k := range []string{"taskName", "media", "devices", "volume", "broadcastType", "msgDesc", "endTime"} {
		if v, ok := b[k]; ok && v != nil {
			rec[k] = v
		}
	}
	if rec["taskName"] == nil {
		rec["taskName"] = defaultTaskName
	}
	if media, _ := rec["media"].([]any); len(media) == 0 {
		return hook.Required("media", msgNoMedia)
	}
	if devices, _ := rec["devices"].([]any); len(devices) == 0 {
		return hook.Required("devices", msgNoTerminal)
	}
	rec["taskNo"] = s.taskNo()
	rec = schema.ApplyDefaults(tm, rec)
	if err := schema.Validate(tm, s.app.Modules(), rec, false); err != nil {
		return err
	}
	play, err := s.play(ctx, sc, rec)
	if err != nil {
		return err
	}
	task, err := s.app.Store().Create(ctx, tm, sc, rec)
	if err != nil {
		return err
	}
	play.TaskID = task["id"].(int64)
	st, err := s.adapter.Play(ctx, play)
	if err != nil {
		return fmt.Errorf("broadcast play %s: %w", play.TaskNo, err)
	}
	task, err = s.follow(ctx, tm, sc, task, st)
	if err != nil {
		return err
	}
	return httpx.OK(c, map[string]any{"task": task, "state": st})
}

// fromPolicy fills the task from an enabled policy of the caller's scope.
func (s *Service) fromPolicy(ctx context.Context, sc store.Scope, v any, rec store.Record) error {
	id, ok := hook.ID(v)
	if !ok {
		return hook.BadParam("policyId")
	}
	pm, err := hook.Module(s.app, "broadcastPolicy")
	if err != nil {
		return err
	}
	p, err := s.app.Store().Get(ctx, pm, sc, id)
	if err != nil {
		return fmt.Errorf("broadcast policy %d: %w", id, err)
	}
	if on, _ := p["policyStatus"].(int64); on != 1 {
		return httpx.NewError(http.StatusConflict, msgPolicyOff)
	}
	rec["policy"], rec["taskName"], rec["media"], rec["devices"] = id, p["policyName"], p["media"], p["devices"]
	if v, _ := p["volume"].(int64); v > 0 {
		rec["volume"] = v
	}
	if t, _ := p["policyType"].(int64); t == 2 {
		rec["broadcastType"] = int64(1)
		rec["eventType"], rec["severity"] = p["eventType"], p["severity"]
	}
	for k, v := range rec {
		if v == nil {
			delete(rec, k)
		}
	}
	return nil
}

// play reads the task's terminals and programmes in the caller's reach
// (reference data the county shares down included).
func (s *Service) play(ctx context.Context, sc store.Scope, rec store.Record) (Play, error) {
	p := Play{TenantID: sc.TenantID, TaskNo: rec["taskNo"].(string)}
	if t, _ := store.IntOf(rec["broadcastType"]); t == 1 {
		p.Emergency = true
	}
	if v, ok := store.IntOf(rec["volume"]); ok {
		p.Volume = int(v)
	}
	if s, _ := rec["endTime"].(string); s != "" {
		if t, err := time.ParseInLocation(schema.DateTimeLayout, s, time.Local); err == nil {
			p.Until = t
		}
	}
	dm, err := hook.Module(s.app, "broadcastDevice")
	if err != nil {
		return p, err
	}
	mm, err := hook.Module(s.app, "broadcastMedia")
	if err != nil {
		return p, err
	}
	read := sc
	read.Up = true
	for _, id := range ids(rec["devices"]) {
		d, err := s.app.Store().Get(ctx, dm, read, id)
		if err != nil {
			return p, fmt.Errorf("broadcast device %d: %w", id, err)
		}
		code, _ := d["resourceCode"].(string)
		name, _ := d["deviceName"].(string)
		p.Terminals = append(p.Terminals, Terminal{ID: id, ResourceCode: code, Name: name})
	}
	for _, id := range ids(rec["media"]) {
		m, err := s.app.Store().Get(ctx, mm, read, id)
		if err != nil {
			return p, fmt.Errorf("broadcast media %d: %w", id, err)
		}
		it := Item{ID: id}
		it.Name, _ = m["mediaName"].(string)
		it.Text, _ = m["textContent"].(string)
		if d, ok := store.IntOf(m["duration"]); ok && d > 0 {
			it.Duration = time.Duration(d) * time.Second
		}
		p.Items = append(p.Items, it)
	}
	return p, nil
}

// follow moves the task to the status the adapter reported and records
// how many terminals play and how many could not; the terminals' work
// states follow too.
func (s *Service) follow(ctx context.Context, tm *schema.Module, sc store.Scope, task store.Record, st State) (store.Record, error) {
	id := task["id"].(int64)
	cur, _ := store.IntOf(task[tm.Status.Field])
	var steps []string
	comment := ""
	switch st.Phase {
	case Playing:
		if cur == statusWaiting {
			steps = []string{"play"}
		}
	case Finished:
		steps = []string{"play", "finish"}
	case Failed:
		steps, comment = []string{"play", "fail"}, fmt.Sprintf(commentFailed, st.Reason)
	case Stopped:
		steps = []string{"stop"}
	}
	var err error
	for _, name := range steps {
		a := tm.Action(name)
		if a == nil || !slices.Contains(a.From, int(cur)) {
			continue
		}
		c := ""
		if name == "fail" {
			c = comment
		}
		if task, err = s.app.Transition(ctx, tm, sc, id, *a, c); err != nil {
			return nil, err
		}
		cur = int64(a.To)
	}
	counts := store.Record{"successCount": int64(len(st.Playing)), "failCount": int64(len(st.Faulty))}
	if st.Phase == Playing || st.Phase == Failed {
		if task, err = s.app.Store().Update(ctx, tm, sc, id, counts); err != nil {
			return nil, err
		}
	}
	s.devices(ctx, sc, st)
	return task, nil
}

// devices sets the terminals' work states: playing while the task plays,
// idle after, faulty when the platform could not reach them. A terminal
// the scope cannot write (the county's) keeps its state.
func (s *Service) devices(ctx context.Context, sc store.Scope, st State) {
	dm := s.app.Modules().Module("broadcastDevice")
	if dm == nil {
		return
	}
	state := int64(deviceIdle)
	if st.Phase == Playing {
		state = devicePlaying
	}
	now := time.Now().In(time.Local).Format(schema.DateTimeLayout)
	for _, id := range st.Playing {
		_, _ = s.app.Store().Update(ctx, dm, sc, id, store.Record{"workState": state, "lastHeartbeat": now})
	}
	for _, id := range st.Faulty {
		_, _ = s.app.Store().Update(ctx, dm, sc, id, store.Record{"workState": int64(deviceFault)})
	}
}

// reported follows a change the adapter reports on its own (a play that
// ended): the task moves in its tenant, whatever organisation filed it.
func (s *Service) reported(st State) {
	tm := s.app.Modules().Module("broadcastTask")
	if tm == nil || st.TaskID == 0 {
		return
	}
	ctx := s.app.Context()
	sc := store.Scope{TenantID: st.TenantID, Mode: store.ScopeAll}
	task, err := s.app.Store().Get(ctx, tm, sc, st.TaskID)
	if err != nil {
		s.app.Logger().Warn("broadcast report for a task that is gone", "task", st.TaskID, "err", err)
		return
	}
	if _, err := s.follow(ctx, tm, sc, task, st); err != nil {
		s.app.Logger().Warn("broadcast task state not followed", "task", st.TaskID, "err", err)
	}
}

// playList answers what plays now in the caller's data scope: each play
// as the adapter reports it, with its task.
func (s *Service) playList(c echo.Context) error {
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	tm, err := hook.Module(s.app, "broadcastTask")
	if err != nil {
		return err
	}
	plays, err := s.adapter.Plays(ctx, sc.TenantID)
	if err != nil {
		return fmt.Errorf("broadcast plays: %w", err)
	}
	out := []map[string]any{}
	for _, st := range plays {
		task, err := s.app.Store().Get(ctx, tm, sc, st.TaskID)
		if errors.Is(err, store.ErrNotFound) {
			continue // another organisation's task
		}
		if err != nil {
			return err
		}
		out = append(out, map[string]any{"task": task, "state": st})
	}
	return httpx.OK(c, map[string]any{"data": out, "recordsTotal": len(out)})
}

// stop stops plays: {taskId}, {ids: [...]} or {taskNo}. Each task must be
// in reach and waiting or playing; the adapter stops it and the task moves
// to 已取消.
func (s *Service) stop(c echo.Context) error {
	b, err := hook.Body(c, "taskId", "id", "ids", "taskNo")
	if err != nil {
		return err
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	tm, err := hook.Module(s.app, "broadcastTask")
	if err != nil {
		return err
	}
	var tasks []store.Record
	switch {
	case b["taskNo"] != nil:
		no, _ := b["taskNo"].(string)
		q := &query.Query{Size: 1, Filters: []query.Filter{{Field: "taskNo", Op: query.Equals, Values: []any{no}}}}
		page, err := s.app.Store().List(ctx, tm, sc, q)
		if err != nil {
			return err
		}
		if len(page.Rows) == 0 {
			return store.ErrNotFound
		}
		tasks = page.Rows
	default:
		if b["taskId"] != nil {
			b["id"] = b["taskId"]
		}
		list, err := hook.IDList(b)
		if err != nil {
			return hook.Required("taskId", msgNoTask)
		}
		for _, id := range list {
			t, err := s.app.Store().Get(ctx, tm, sc, id)
			if err != nil {
				return fmt.Errorf("broadcast task %d: %w", id, err)
			}
			tasks = append(tasks, t)
		}
	}
	stopAction := tm.Action("stop")
	for _, t := range tasks {
		if cur, _ := store.IntOf(t[tm.Status.Field]); !slices.Contains(stopAction.From, int(cur)) {
			return httpx.NewError(http.StatusConflict, msgNotPlaying)
		}
	}
	out := make([]store.Record, 0, len(tasks))
	for _, t := range tasks {
		no, _ := t["taskNo"].(string)
		st, err := s.adapter.Stop(ctx, sc.TenantID, no)
		if err != nil {
			return fmt.Errorf("broadcast stop %s: %w", no, err)
		}
		st.Phase = Stopped
		rec, err := s.follow(ctx, tm, sc, t, st)
		if err != nil {
			return err
		}
		out = append(out, rec)
	}
	return httpx.OK(c, map[string]any{"stopped": len(out), "records": out})
}

// taskNo numbers a task sent now: GB<yyyyMMddHHmmss><nnn>.
func (s *Service) taskNo() string {
	return "GB" + time.Now().In(time.Local).Format("20060102150405") + fmt.Sprintf("%03d", s.seq.Add(1)%1000)
}

func ids(v any) []int64 {
	var out []int64
	list, _ := v.([]any)
	for _, x := range list {
		if id, ok := store.IntOf(x); ok {
			out = append(out, id)
		}
	}
	return out
}

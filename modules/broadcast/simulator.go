package broadcast

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// FaultyPrefix marks the terminals the simulator cannot reach: a resource
// code starting with it (e.g. FAULT-0001) never plays.
const FaultyPrefix = "FAULT"

// DefaultItemDuration is how long the simulator plays an item of unknown
// length.
const DefaultItemDuration = 60 * time.Second

// Simulator is the built-in Adapter: it keeps the plays in memory, plays
// each on every terminal whose code does not start with FaultyPrefix, and
// ends it when its items have played (or at its Until). Time comes from
// Now; Tick reports the plays that ended (the server ticks every second,
// a test moves its clock and ticks).
type Simulator struct {
	Now func() time.Time

	mu     sync.Mutex
	plays  map[string]*State // by tenant/taskNo
	report func(State)
}

// NewSimulator is a simulator on the wall clock.
func NewSimulator() *Simulator {
	return &Simulator{Now: time.Now, plays: map[string]*State{}}
}

func key(tenantID int64, taskNo string) string {
	return strconv.FormatInt(tenantID, 10) + "/" + taskNo
}

// Start implements Adapter.
func (s *Simulator) Start(report func(State)) {
	s.mu.Lock()
	s.report = report
	s.mu.Unlock()
}

// Play implements Adapter.
func (s *Simulator) Play(_ context.Context, p Play) (State, error) {
	now := s.Now()
	st := State{TenantID: p.TenantID, TaskID: p.TaskID, TaskNo: p.TaskNo, Started: now, Playing: []int64{}, Faulty: []int64{}}
	for _, t := range p.Terminals {
		if strings.HasPrefix(t.ResourceCode, FaultyPrefix) {
			st.Faulty = append(st.Faulty, t.ID)
		} else {
			st.Playing = append(st.Playing, t.ID)
		}
	}
	var d time.Duration
	for _, it := range p.Items {
		if it.Duration > 0 {
			d += it.Duration
		} else {
			d += DefaultItemDuration
		}
	}
	st.Ends = now.Add(d)
	if !p.Until.IsZero() {
		st.Ends = p.Until
	}
	st.Phase = Playing
	if len(st.Playing) == 0 {
		st.Phase, st.Reason = Failed, "没有可用的播放终端"
		return st, nil
	}
	s.mu.Lock()
	s.plays[key(p.TenantID, p.TaskNo)] = &st
	s.mu.Unlock()
	return st, nil
}

// Stop implements Adapter: a play it does not know is reported stopped.
func (s *Simulator) Stop(_ context.Context, tenantID int64, taskNo string) (State, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := key(tenantID, taskNo)
	st, ok := s.plays[k]
	if !ok {
		return State{TenantID: tenantID, TaskNo: taskNo, Phase: Stopped}, nil
	}
	delete(s.plays, k)
	st.Phase, st.Ends = Stopped, s.Now()
	return *st, nil
}

// Plays implements Adapter: the tenant's plays, earliest first.
func (s *Simulator) Plays(_ context.Context, tenantID int64) ([]State, error) {
	s.Tick()
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []State{}
	for _, st := range s.plays {
		if st.TenantID == tenantID {
			out = append(out, *st)
		}
	}
	slices.SortFunc(out, func(a, b State) int { return a.Started.Compare(b.Started) })
	return out, nil
}

// Tick ends the plays whose time is up and reports each as finished.
func (s *Simulator) Tick() {
	now := s.Now()
	s.mu.Lock()
	var ended []State
	for k, st := range s.plays {
		if !now.Before(st.Ends) {
			delete(s.plays, k)
			st.Phase = Finished
			ended = append(ended, *st)
		}
	}
	report := s.report
	s.mu.Unlock()
	if report != nil {
		for _, st := range ended {
			report(st)
		}
	}
}

// Run ticks every interval until ctx ends.
func (s *Simulator) Run(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			s.Tick()
		}
	}
}

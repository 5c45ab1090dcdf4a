package approval

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"xiangzhi/engine"
	"xiangzhi/engine/apitest"
)

// notices keeps what App.Notify was handed (the engine's Notifier seam that
// modules/message fills in production).
type notices struct {
	mu  sync.Mutex
	got []engine.Notice
}

func (n *notices) Notify(_ context.Context, ns []engine.Notice) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.got = append(n.got, ns...)
	return nil
}

// TestWorkflowMessages: a submission tells the village approver it waits
// for them (a task message naming the register and the step); each decision
// and the outcome tell the applicant.
func TestWorkflowMessages(t *testing.T) {
	e := newEnv(t, apitest.SQLiteURL(t))
	sent := &notices{}
	e.app.SetNotifier(sent)
	m := messenger{app: e.app, log: e.app.Logger()}
	id := e.create("applicant", "expense", map[string]any{"title": "消息", "amount": 1})
	e.submit("applicant", "expense", id)
	m.Notify(context.Background(), e.events.take())
	if len(sent.got) != 1 || sent.got[0].RecipientID != e.users["vcheck"].ID || sent.got[0].Kind != "task" ||
		!strings.HasPrefix(sent.got[0].Title, "待审批：") || sent.got[0].RecordID != id {
		t.Fatalf("after submit: %+v", sent.got)
	}
	// The task message names the exact task: its link opens that task.
	if want := e.task("vcheck", "expense", id); sent.got[0].TaskID != want {
		t.Fatalf("task message names task %d, the approver's task is %d", sent.got[0].TaskID, want)
	}
	sent.got = nil
	e.as("applicant", http.StatusOK, http.MethodPost, path("/api/workflow/%s/%d/chase", "expense", id), nil)
	m.Notify(context.Background(), e.events.take())
	if len(sent.got) != 1 || sent.got[0].TaskID != e.task("vcheck", "expense", id) {
		t.Fatalf("chase message %+v", sent.got)
	}
	sent.got = nil
	e.decide("vcheck", "expense", id, http.StatusOK, map[string]any{"action": "reject", "comment": "材料不全"})
	m.Notify(context.Background(), e.events.take())
	var toApplicant []string
	for _, n := range sent.got {
		if n.RecipientID == e.users["applicant"].ID {
			toApplicant = append(toApplicant, n.Title+"｜"+n.Body)
		}
	}
	if len(toApplicant) == 0 || !strings.Contains(strings.Join(toApplicant, "\n"), "驳回") {
		t.Fatalf("the applicant was not told of the rejection: %+v", sent.got)
	}
	for _, n := range sent.got {
		if strings.Contains(n.Title+n.Body, "%!") {
			t.Errorf("badly formatted message: %q %q", n.Title, n.Body)
		}
	}
}

// TestOverdueMessage: a task past its deadline tells its approver.
func TestOverdueMessage(t *testing.T) {
	e := newEnv(t, apitest.SQLiteURL(t))
	sent := &notices{}
	e.app.SetNotifier(sent)
	m := messenger{app: e.app, log: e.app.Logger()}
	e.clock.Set(time.Date(2026, 11, 2, 9, 0, 0, 0, time.Local))
	id := e.create("applicant", "toRemind", map[string]any{"title": "超时"})
	e.submit("applicant", "toRemind", id)
	e.events.take()
	e.clock.Set(time.Date(2026, 11, 4, 9, 0, 0, 0, time.Local))
	if n, err := e.wf.Tick(context.Background()); n != 1 || err != nil {
		t.Fatalf("tick = %d, %v", n, err)
	}
	m.Notify(context.Background(), e.events.take())
	if len(sent.got) != 1 || sent.got[0].RecipientID != e.users["t1"].ID || sent.got[0].Kind != "task" ||
		sent.got[0].Title != "办理超时：测试toRemind" || !strings.Contains(sent.got[0].Body, "乡镇审批") {
		t.Fatalf("overdue messages %+v", sent.got)
	}
	if want := e.task("t1", "toRemind", id); sent.got[0].TaskID != want {
		t.Fatalf("overdue message names task %d, want %d", sent.got[0].TaskID, want)
	}
}

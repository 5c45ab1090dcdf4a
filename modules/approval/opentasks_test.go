package approval

import (
	"context"
	"testing"

	"xiangzhi/engine/store"
)

// The dashboards' 待我审批 card counts the viewer's open tasks of every
// workflow module through the to-do query, and only theirs.
func TestOpenTasksOfEveryModule(t *testing.T) {
	e := newEnv(t, "")
	count := OpenTasks(e.wf)
	ctx := context.Background()
	scope := func(user string) store.Scope {
		return store.Scope{TenantID: e.tenant, UserID: e.users[user].ID}
	}
	if n, err := count(ctx, scope("t1")); err != nil || n != 0 {
		t.Fatalf("before any submission t1 has %d open tasks (%v)", n, err)
	}
	a := e.create("applicant", "anyFlow", map[string]any{"title": "甲"})
	b := e.create("applicant", "allFlow", map[string]any{"title": "乙"})
	e.submit("applicant", "anyFlow", a)
	e.submit("applicant", "allFlow", b)
	if n, err := count(ctx, scope("t1")); err != nil || n != 2 {
		t.Fatalf("t1 has %d open tasks (%v), want one of each module", n, err)
	}
	if n, err := count(ctx, scope("applicant")); err != nil || n != 0 {
		t.Fatalf("the applicant has %d open tasks (%v), want none", n, err)
	}
	e.approve("t1", "anyFlow", a)
	if n, err := count(ctx, scope("t1")); err != nil || n != 1 {
		t.Fatalf("after a decision t1 has %d open tasks (%v), want 1", n, err)
	}
}

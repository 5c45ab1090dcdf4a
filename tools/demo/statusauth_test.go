package demo_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"xiangzhi/tools/demo/demotest"
)

// TestStatusActionsAnswer403WithoutTheirCode walks the status actions of
// the modules whose actions need a comment (grid events, quarantines,
// points logs) as a grid member, who may read these registers but holds
// only some of their actions: an action whose code the member lacks answers
// 403 whatever the body leaves out (no comment), never a 400 that tells
// the caller how the action is shaped; one the member holds answers 400 for
// the missing comment.
func TestStatusActionsAnswer403WithoutTheirCode(t *testing.T) {
	env := demotest.New(t)
	grid := env.Login(t, "v01_grid1")
	v1 := env.Village(1)
	denied := 0
	for _, name := range []string{"event", "quarantine", "pointsLog"} {
		m := env.App.Modules().Module(name)
		rows := env.Rows(t, name, v1.ID)
		if m == nil || m.Status == nil || len(rows) == 0 {
			t.Fatalf("%s: no module, status or village-1 row in the demo", name)
		}
		path := fmt.Sprintf("%s/%d/status", strings.TrimSuffix(m.API, "/"), rows[0]["id"].(int64))
		for _, a := range m.Status.Actions {
			status, env := env.Call(t, grid, http.MethodPut, path, map[string]any{"action": a.Name})
			switch status {
			case http.StatusForbidden:
				denied++
			case http.StatusBadRequest, http.StatusConflict, http.StatusOK:
				// held: a missing comment (400), the wrong state (409), or done
			default:
				t.Errorf("%s %s: %d %v", name, a.Name, status, env)
			}
			if status == http.StatusBadRequest && !strings.Contains(fmt.Sprint(env["msg"]), a.Label) {
				t.Errorf("%s %s: 400 %v is not the held action's comment rule", name, a.Name, env)
			}
		}
	}
	if denied == 0 {
		t.Fatal("the grid member holds every action of the three modules: the test checks nothing")
	}
}

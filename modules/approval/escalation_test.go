package approval

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"xiangzhi/engine/auth"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/workflow"
	"xiangzhi/generated/ent/role"
	"xiangzhi/modules/system"
)

// TestEscalation: an overdue task of a step whose onTimeout is escalate goes
// to the holders of the step's role one level up the applicant's
// organisation chain, as an or-sign (the first of them to decide closes the
// others' tasks, and the group counts once in the step's tally); with
// nobody holding it there (a county step), to every administrator of the
// tenant, as an or-sign too.
func TestEscalation(t *testing.T) {
	forEachDB(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		hash, err := auth.HashPassword(password)
		if err != nil {
			t.Fatal(err)
		}
		township, err := e.ent.Role.Query().Where(role.TenantID(e.tenant), role.Name("乡镇审批员")).Only(ctx)
		if err != nil {
			t.Fatal(err)
		}
		sysRole, err := e.ent.Role.Query().Where(role.TenantID(e.tenant), role.System(true)).First(ctx)
		if err != nil {
			t.Fatal(err)
		}
		// up1 and up2 hold the township approvers' role in the county; sys2 is a second tenant
		// administrator, in a village outside the applicant's chain.
		for _, p := range []struct {
			name, org string
			role      int64
		}{{"up1", "county", township.ID}, {"up2", "county", township.ID}, {"sys2", "village2", sysRole.ID}} {
			o := e.orgs[p.org]
			if e.users[p.name], err = e.ent.User.Create().SetTenantID(e.tenant).SetUsername(p.name).SetFamilyName("用户").
				SetName(p.name).SetPasswordHash(hash).SetOrgID(o.ID).AddOrgIDs(o.ID).AddRoleIDs(p.role).Save(ctx); err != nil {
				t.Fatal(err)
			}
		}
		admins, err := system.NewDirectory(e.ent).TenantAdmins(ctx, e.tenant)
		if err != nil || len(admins) != 2 || admins[1] != e.users["sys2"].ID {
			t.Fatalf("tenant administrators %v, %v", admins, err)
		}
		open := func(module string, id int64) []int64 {
			var out []int64
			for _, s := range e.state(module, id).Instances[0].Steps {
				for _, tk := range s.Tasks {
					if tk.State == workflow.TaskOpen {
						out = append(out, tk.AssigneeID)
					}
				}
			}
			return out
		}
		overdue := func(module string, ids ...int64) {
			t.Helper()
			e.clock.Set(time.Date(2026, 11, 4, 9, 0, 0, 0, time.Local))
			if n, err := e.wf.Tick(ctx); err != nil || n != len(ids) {
				t.Fatalf("tick = %d, %v; want %d", n, err, len(ids))
			}
		}
		submit := func(module string) int64 {
			e.clock.Set(time.Date(2026, 11, 2, 9, 0, 0, 0, time.Local)) // a Monday: 16h run out on Tuesday
			id := e.create("applicant", module, map[string]any{"title": "超时上报"})
			e.submit("applicant", module, id)
			return id
		}

		t.Run("to the role one level up, as an or-sign", func(t *testing.T) {
			id := submit("toEscalate")
			e.events.take()
			overdue("toEscalate", id)
			if got, want := open("toEscalate", id), []int64{e.users["up1"].ID, e.users["up2"].ID}; !slices.Equal(got, want) {
				t.Fatalf("open tasks of %v, want up1 and up2 %v", got, want)
			}
			if h := e.comments("toEscalate", id); !hasLine(h, "escalate@乡镇审批: 超时转交给用户up1、用户up2（任一人办理即可）") {
				t.Fatalf("history %v", h)
			}
			if !slices.ContainsFunc(e.events.take(), func(v workflow.Event) bool {
				return v.Kind == workflow.EventArrived && v.Action == workflow.ActEscalate && len(v.Notify) == 2 &&
					v.Tasks[e.users["up1"].ID] != 0 && v.Tasks[e.users["up2"].ID] != 0
			}) {
				t.Fatal("no arrival event naming up1's and up2's tasks")
			}
			e.approve("up2", "toEscalate", id)
			want := map[string][]string{"t1": {"transferred"}, "up1": {"cancelled"}, "up2": {"approved"}}
			if diff := cmp.Diff(want, e.stepTasks("toEscalate", id, "township")); diff != "" {
				t.Fatalf("township tasks (-want +got):\n%s", diff)
			}
			if !e.hasTask("c1", "toEscalate", id) || e.hasTask("up1", "toEscalate", id) {
				t.Fatal("the county step should be open and up1's task closed")
			}
		})

		t.Run("a countersign counts the group once", func(t *testing.T) {
			id := submit("toEscalateAll")
			e.approve("t2", "toEscalateAll", id)
			e.approve("t3", "toEscalateAll", id)
			overdue("toEscalateAll", id)
			if got := open("toEscalateAll", id); len(got) != 2 || e.hasTask("c1", "toEscalateAll", id) {
				t.Fatalf("open tasks of %v", got)
			}
			e.approve("up1", "toEscalateAll", id)
			if !e.hasTask("c1", "toEscalateAll", id) || e.hasTask("up2", "toEscalateAll", id) {
				t.Fatalf("the countersign should pass with up1's approval: %v", e.stepTasks("toEscalateAll", id, "township"))
			}
			e.approve("c1", "toEscalateAll", id)
			if s := e.status("toEscalateAll", id); s != schema.FlowApproved || e.live("toEscalateAll", id) != 0 {
				t.Fatalf("status %d, %d open", s, e.live("toEscalateAll", id))
			}
		})

		t.Run("nobody one level up: every tenant administrator", func(t *testing.T) {
			id := submit("toEscalateTop")
			overdue("toEscalateTop", id)
			if got := open("toEscalateTop", id); !slices.Equal(got, admins) {
				t.Fatalf("open tasks of %v, want the tenant administrators %v", got, admins)
			}
			h := e.comments("toEscalateTop", id)
			if !slices.ContainsFunc(h, func(l string) bool {
				return strings.HasPrefix(l, "escalate@县级审批: 超时转交给") && strings.Contains(l, "（任一人办理即可）")
			}) {
				t.Fatalf("history %v", h)
			}
			e.decide("sys2", "toEscalateTop", id, http.StatusOK, map[string]any{"action": "reject", "comment": "超期未办，不予批准"})
			if s := e.status("toEscalateTop", id); s != schema.FlowRejected || e.live("toEscalateTop", id) != 0 {
				t.Fatalf("status %d, %d open", s, e.live("toEscalateTop", id))
			}
		})
	})
}

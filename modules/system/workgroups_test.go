package system

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"xiangzhi/engine"
	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent/workgroupuser"
)

// members lists the userIds of a work-group answer.
func members(t *testing.T, data any) []int64 {
	t.Helper()
	var out []int64
	details, _ := data.(map[string]any)["userDetail"].([]any)
	for _, d := range details {
		out = append(out, num(d.(map[string]any)["userId"]))
	}
	return out
}

// groupTotal is the recordsTotal of a work-group list call.
func groupTotal(t *testing.T, app *engine.App, token string, q url.Values) int64 {
	t.Helper()
	page := mustOK(t, app, token, http.MethodGet, "/api/system/cscpWorkGroupsOr?"+q.Encode(), nil)
	return num(page.(map[string]any)["recordsTotal"])
}

func TestWorkGroupLifecycle(t *testing.T) {
	forEachDB(t, func(t *testing.T, app *engine.App, s *Service) {
		ctx := context.Background()
		admin := adminToken(t, app, s)
		root := rootOrg(t, s, s.tenantID)
		town := createOrg(t, s, s.tenantID, root.ID, "镇")
		u1 := createUser(t, s, userSpec{})
		u2 := createUser(t, s, userSpec{OrgID: town.ID})

		created := mustOK(t, app, admin, http.MethodPost, "/api/system/cscpWorkGroups", map[string]any{
			"groupName": " 网格组 ", "description": "负责网格巡查", "orgId": town.ID,
			"userDetail": []map[string]any{{"userId": u1.ID}, {"userId": fmt.Sprint(u2.ID)}},
		}).(map[string]any)
		id := num(created["id"])
		if created["groupName"] != "网格组" || num(created["orgId"]) != town.ID {
			t.Errorf("created work group = %v", created)
		}
		if diff := cmp.Diff([]int64{u1.ID, u2.ID}, members(t, created)); diff != "" {
			t.Errorf("members (-want +got):\n%s", diff)
		}
		got := mustOK(t, app, admin, http.MethodGet, fmt.Sprintf("/api/system/cscpWorkGroups/%d", id), nil)
		first := got.(map[string]any)["userDetail"].([]any)[0].(map[string]any)
		if first["username"] != u1.Username {
			t.Errorf("member detail = %v, want username %s", first, u1.Username)
		}

		for _, tt := range []struct {
			text string
			want int64
		}{{"网格组", 1}, {"巡查", 1}, {"不存在", 0}, {"", 1}} {
			q := url.Values{"groupName": {tt.text}, "description": {tt.text}, "page": {"0"}, "size": {"13"}}
			if n := groupTotal(t, app, admin, q); n != tt.want {
				t.Errorf("search %q: %d groups, want %d", tt.text, n, tt.want)
			}
		}

		updated := mustOK(t, app, admin, http.MethodPut, "/api/system/cscpWorkGroups", map[string]any{
			"id": id, "groupName": "巡查组", "description": "负责巡查", "orgId": town.ID, "users": []int64{u2.ID},
		})
		if diff := cmp.Diff([]int64{u2.ID}, members(t, updated)); diff != "" {
			t.Errorf("members after the update (-want +got):\n%s", diff)
		}
		// An update without orgId keeps the group in its organisation.
		kept := mustOK(t, app, admin, http.MethodPut, "/api/system/cscpWorkGroups", map[string]any{
			"id": id, "groupName": "巡查组", "description": "负责巡查", "users": []int64{u2.ID},
		}).(map[string]any)
		if num(kept["orgId"]) != town.ID {
			t.Errorf("orgId after an update without it = %v, want %d", kept["orgId"], town.ID)
		}

		mustOK(t, app, admin, http.MethodDelete, fmt.Sprintf("/api/system/cscpWorkGroups/%d", id), nil)
		status, env := call(t, app, admin, http.MethodGet, fmt.Sprintf("/api/system/cscpWorkGroups/%d", id), nil)
		wantError(t, status, env, http.StatusNotFound, WorkGroupNotFound)
		if n, err := s.ent.WorkGroupUser.Query().Where(workgroupuser.WorkGroupID(id)).Count(ctx); err != nil || n != 0 {
			t.Errorf("member links after the delete = %d, %v", n, err)
		}
	})
}

func TestWorkGroupValidation(t *testing.T) {
	app, s := newTestApp(t)
	admin := adminToken(t, app, s)
	u := createUser(t, s, userSpec{})
	other, otherOrg := createTenant(t, s, "wg2")
	stranger := createUser(t, s, userSpec{TenantID: other.ID, OrgID: otherOrg.ID})
	body := func(extra ...any) map[string]any {
		b := map[string]any{"groupName": "组", "description": "描述", "userDetail": []map[string]any{{"userId": u.ID}}}
		for i := 0; i+1 < len(extra); i += 2 {
			b[extra[i].(string)] = extra[i+1]
		}
		return b
	}
	tests := []struct {
		name, method string
		body         map[string]any
		msg          string
	}{
		{"name required", http.MethodPost, body("groupName", " "), WorkGroupNameRequired},
		{"description required", http.MethodPost, body("description", ""), WorkGroupDescRequired},
		{"members required", http.MethodPost, body("userDetail", []any{}), WorkGroupUsersRequired},
		{"name max 100", http.MethodPost, body("groupName", strings.Repeat("组", 101)),
			fmt.Sprintf(msg.FieldTooLong, WorkGroupName, 100)},
		{"member of another tenant", http.MethodPost, body("users", []int64{stranger.ID}),
			fmt.Sprintf(WorkGroupUserOutOfScope, stranger.ID)},
		{"organisation of another tenant", http.MethodPost, body("orgId", otherOrg.ID), WorkGroupOrgOutOfScope},
		{"unknown field", http.MethodPost, body("leader", 1), fmt.Sprintf(msg.UnknownBodyField, "leader")},
		{"create with id", http.MethodPost, body("id", 1), CreateWithID},
		{"update without id", http.MethodPut, body(), msg.IDRequired},
		{"members not ids", http.MethodPost, body("userDetail", nil, "users", "x"), msg.BadJSON},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, env := call(t, app, admin, tt.method, "/api/system/cscpWorkGroups", tt.body)
			wantError(t, status, env, http.StatusBadRequest, tt.msg)
		})
	}
	status, env := call(t, app, admin, http.MethodPost, "/api/system/cscpWorkGroups",
		map[string]any{"groupName": "", "description": "", "userDetail": []any{}})
	if errs, _ := env["errors"].([]any); status != http.StatusBadRequest || len(errs) != 3 {
		t.Errorf("empty form = %d %v, want 400 with three field errors", status, env)
	}
	status, env = call(t, app, admin, http.MethodPut, "/api/system/cscpWorkGroups", body("id", 999999))
	wantError(t, status, env, http.StatusNotFound, WorkGroupNotFound)
	status, env = call(t, app, admin, http.MethodGet, "/api/system/cscpWorkGroupsOr?name=x", nil)
	wantError(t, status, env, http.StatusBadRequest, fmt.Sprintf(msg.QueryUnknownParam, "name"))
}

// TestWorkGroupScope: work groups are reached like organisations, within
// the viewer's subtree; another tenant's are never reached.
func TestWorkGroupScope(t *testing.T) {
	app, s := newTestApp(t)
	admin := adminToken(t, app, s)
	root := rootOrg(t, s, s.tenantID)
	east := createOrg(t, s, s.tenantID, root.ID, "东镇")
	west := createOrg(t, s, s.tenantID, root.ID, "西镇")
	eastUser := createUser(t, s, userSpec{OrgID: east.ID})
	westUser := createUser(t, s, userSpec{OrgID: west.ID})
	r := createRole(t, s, s.tenantID, "镇管理员", CodeWorkGroupList, CodeWorkGroupAdd,
		CodeWorkGroupEdit, CodeWorkGroupDel)
	sub := createUser(t, s, userSpec{OrgID: east.ID, RoleIDs: []int64{r.ID}})
	token := login(t, app, sub.Username, testPassword)

	save := func(token string, org int64, member int64) int64 {
		return num(mustOK(t, app, token, http.MethodPost, "/api/system/cscpWorkGroups", map[string]any{
			"groupName": "组", "description": "描述", "orgId": org, "userDetail": []map[string]any{{"userId": member}},
		}).(map[string]any)["id"])
	}
	westGroup := save(admin, west.ID, westUser.ID)
	eastGroup := save(token, 0, eastUser.ID) // the viewer's organisation by default
	g, err := s.ent.WorkGroup.Get(context.Background(), eastGroup)
	if err != nil || g.OrgID == nil || *g.OrgID != east.ID {
		t.Fatalf("group made without orgId = %+v, %v; want the viewer's organisation", g, err)
	}

	if n := groupTotal(t, app, token, url.Values{}); n != 1 {
		t.Errorf("east admin sees %d groups, want 1", n)
	}
	if n := groupTotal(t, app, admin, url.Values{}); n != 2 {
		t.Errorf("super admin sees %d groups, want 2", n)
	}
	west404 := []struct {
		method, path string
		body         any
	}{
		{http.MethodGet, fmt.Sprintf("/api/system/cscpWorkGroups/%d", westGroup), nil},
		{http.MethodDelete, fmt.Sprintf("/api/system/cscpWorkGroups/%d", westGroup), nil},
		{http.MethodPut, "/api/system/cscpWorkGroups", map[string]any{"id": westGroup, "groupName": "组",
			"description": "描述", "userDetail": []map[string]any{{"userId": eastUser.ID}}}},
	}
	for _, tt := range west404 {
		status, env := call(t, app, token, tt.method, tt.path, tt.body)
		wantError(t, status, env, http.StatusNotFound, WorkGroupNotFound)
	}
	status, env := call(t, app, token, http.MethodPost, "/api/system/cscpWorkGroups", map[string]any{
		"groupName": "组", "description": "描述", "userDetail": []map[string]any{{"userId": westUser.ID}}})
	wantError(t, status, env, http.StatusBadRequest, fmt.Sprintf(WorkGroupUserOutOfScope, westUser.ID))
	status, env = call(t, app, token, http.MethodPost, "/api/system/cscpWorkGroups", map[string]any{
		"groupName": "组", "description": "描述", "orgId": west.ID, "userDetail": []map[string]any{{"userId": eastUser.ID}}})
	wantError(t, status, env, http.StatusBadRequest, WorkGroupOrgOutOfScope)

	other, otherOrg := createTenant(t, s, "wg3")
	stranger := createUser(t, s, userSpec{TenantID: other.ID, OrgID: otherOrg.ID})
	foreign, err := s.ent.WorkGroup.Create().SetTenantID(other.ID).SetGroupName("外").SetOrgID(otherOrg.ID).
		AddUserIDs(stranger.ID).Save(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	status, env = call(t, app, admin, http.MethodGet, fmt.Sprintf("/api/system/cscpWorkGroups/%d", foreign.ID), nil)
	wantError(t, status, env, http.StatusNotFound, WorkGroupNotFound)
	status, env = call(t, app, admin, http.MethodDelete, fmt.Sprintf("/api/system/cscpWorkGroups/%d", foreign.ID), nil)
	wantError(t, status, env, http.StatusNotFound, WorkGroupNotFound)
}

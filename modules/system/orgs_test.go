package system

import (
	"context"
	"fmt"
	"net/http"
	"testing"
)

// orgNames lists the names of cscpOrgDTOs in order.
func orgNames(d any) []string {
	var out []string
	for _, o := range d.(map[string]any)["cscpOrgDTOs"].([]any) {
		out = append(out, o.(map[string]any)["orgName"].(string))
	}
	return out
}

func TestOrgTree(t *testing.T) {
	tr := newTree(t)
	app, s := tr.app, tr.s
	member := createUser(t, s, userSpec{Username: "cunmin", OrgID: tr.village1.ID})
	other, otherRoot := createTenant(t, s, "north")
	_ = other
	all := func(token string, parent int64) (int, map[string]any) {
		return call(t, app, token, http.MethodGet, fmt.Sprintf("/api/system/cscpOrgs/all?parentId=%d", parent), nil)
	}
	if d := mustOK(t, app, tr.admin, http.MethodGet, "/api/system/cscpOrgs/all?parentId=0", nil); fmt.Sprint(orgNames(d)) != "["+tr.root.OrgName+"]" {
		t.Errorf("admin's top = %v", orgNames(d))
	}
	if d := mustOK(t, app, tr.townAdmin, http.MethodGet, "/api/system/cscpOrgs/all", nil); fmt.Sprint(orgNames(d)) != "[一镇]" {
		t.Errorf("town admin's top = %v", orgNames(d))
	}
	d := mustOK(t, app, tr.townAdmin, http.MethodGet, fmt.Sprintf("/api/system/cscpOrgs/all?parentId=%d", tr.town1.ID), nil).(map[string]any)
	if fmt.Sprint(orgNames(d)) != "[甲村 乙村]" {
		t.Errorf("children of town1 = %v", orgNames(d))
	}
	first := d["cscpOrgDTOs"].([]any)[0].(map[string]any)
	if first["leaf"] != true || num(first["level"]) != 3 || first["path"] != tr.village1.Path {
		t.Errorf("village node = %v", first)
	}
	users := d["cscpUserOrgDTOs"].([]any)
	if len(users) != 1 || num(users[0].(map[string]any)["userId"]) != member.ID {
		t.Errorf("members = %v", users)
	}
	for name, id := range map[string]int64{"other subtree": tr.town2.ID, "other tenant": otherRoot.ID} {
		if status, env := all(tr.townAdmin, id); status != 404 || env["data"] != nil {
			t.Errorf("children of %s = %d %v", name, status, env)
		}
		if status, _ := call(t, app, tr.townAdmin, http.MethodGet, fmt.Sprintf("/api/system/cscpOrgs/%d", id), nil); status != 404 {
			t.Errorf("detail of %s = %d", name, status)
		}
	}
	detail := mustOK(t, app, tr.townAdmin, http.MethodGet, fmt.Sprintf("/api/system/cscpOrgs/%d", tr.village1.ID), nil).(map[string]any)
	if detail["orgName"] != "甲村" || len(detail["users"].([]any)) != 1 {
		t.Errorf("detail = %v", detail)
	}

	// Pickers: a village user sees a single leaf.
	villager := login(t, app, member.Username, testPassword)
	tree := mustOK(t, app, villager, http.MethodGet, "/api/villager/getOrgTreeList", nil).([]any)
	if len(tree) != 1 || tree[0].(map[string]any)["orgName"] != "甲村" || tree[0].(map[string]any)["children"] != nil {
		t.Errorf("village user's tree = %v", tree)
	}
	tree = mustOK(t, app, tr.townAdmin, http.MethodGet, "/api/villager/getOrgTreeList", nil).([]any)
	if len(tree) != 1 || len(tree[0].(map[string]any)["children"].([]any)) != 2 {
		t.Errorf("town admin's tree = %v", tree)
	}
	sub := mustOK(t, app, tr.townAdmin, http.MethodGet, fmt.Sprintf("/api/system/getCscpOrgTree/%d", tr.town1.ID), nil).([]any)
	if len(sub) != 2 {
		t.Errorf("tree under town1 = %v", sub)
	}
	if status, _ := call(t, app, villager, http.MethodGet, fmt.Sprintf("/api/system/getCscpOrgTree/%d", tr.town1.ID), nil); status != 404 {
		t.Errorf("village user's tree above = %d, want 404", status)
	}
	o := mustOK(t, app, villager, http.MethodGet, "/api/villager/getOrgByUserId", nil).(map[string]any)
	if num(o["id"]) != tr.village1.ID {
		t.Errorf("org of user = %v", o)
	}
	flat := mustOK(t, app, tr.townAdmin, http.MethodGet, "/api/organ/cscpOrgs?orgName=村", nil).([]any)
	if len(flat) != 2 {
		t.Errorf("flat orgs = %v", flat)
	}
}

func TestSaveOrg(t *testing.T) {
	tr := newTree(t)
	app, s := tr.app, tr.s
	member := createUser(t, s, userSpec{Username: "m1", OrgID: tr.village1.ID})
	save := func(token string, body any) (int, map[string]any) {
		return call(t, app, token, http.MethodPost, "/api/system/cscpOrgs/save", body)
	}
	status, env := save(tr.townAdmin, map[string]any{"cscpOrgDTOs": []any{map[string]any{"orgName": " ", "parentId": tr.town1.ID}}})
	if status != 400 || env["msg"] != OrgNameRequired {
		t.Errorf("no name = %d %v", status, env)
	}
	status, env = save(tr.townAdmin, map[string]any{
		"cscpOrgDTOs":     []any{map[string]any{"orgName": "丙村", "description": "村", "parentId": tr.town1.ID}},
		"cscpUserOrgDTOs": []any{map[string]any{"userId": member.ID}},
	})
	if status != 200 || num(env["code"]) != 0 || num(env["id"]) <= 0 {
		t.Fatalf("create = %d %v", status, env)
	}
	id := num(env["id"])
	created, err := s.ent.Org.Get(context.Background(), id)
	if err != nil || created.Path != OrgPath(tr.town1.Path, id) || created.Level != 3 {
		t.Errorf("created org = %+v %v", created, err)
	}
	d := mustOK(t, app, tr.townAdmin, http.MethodGet, fmt.Sprintf("/api/system/cscpOrgs/%d", id), nil).(map[string]any)
	if len(d["users"].([]any)) != 1 {
		t.Errorf("members of the new org = %v", d["users"])
	}
	// Rename and empty the members (the primary members stay).
	mustOK(t, app, tr.townAdmin, http.MethodPost, "/api/system/cscpOrgs/save", map[string]any{
		"cscpOrgDTOs":     []any{map[string]any{"id": id, "orgName": "丙村新"}},
		"cscpUserOrgDTOs": []any{},
	})
	d = mustOK(t, app, tr.townAdmin, http.MethodGet, fmt.Sprintf("/api/system/cscpOrgs/%d", id), nil).(map[string]any)
	if d["orgName"] != "丙村新" || len(d["users"].([]any)) != 0 {
		t.Errorf("after rename = %v", d)
	}
	farGroup, err := s.ent.WorkGroup.Create().SetTenantID(s.tenantID).SetGroupName("远组").SetOrgID(tr.town2.ID).
		Save(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		body   map[string]any
		status int
	}{
		{"work group outside reach", map[string]any{"cscpOrgDTOs": []any{map[string]any{"id": id, "orgName": "x"}},
			"cscpWorkGroupOrgDTOs": []any{map[string]any{"groupId": farGroup.ID, "orgId": id}}}, 404},
		{"first level by a town admin", map[string]any{"cscpOrgDTOs": []any{map[string]any{"orgName": "新县", "parentId": 0}}}, 403},
		{"under another subtree", map[string]any{"cscpOrgDTOs": []any{map[string]any{"orgName": "x", "parentId": tr.town2.ID}}}, 404},
		{"rename another subtree", map[string]any{"cscpOrgDTOs": []any{map[string]any{"id": tr.town2.ID, "orgName": "x"}}}, 404},
		{"member outside reach", map[string]any{"cscpOrgDTOs": []any{map[string]any{"id": id, "orgName": "x"}},
			"cscpUserOrgDTOs": []any{map[string]any{"userId": 1, "orgId": id}}}, 400},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if status, env := save(tr.townAdmin, tt.body); status != tt.status {
				t.Errorf("= %d %v, want %d", status, env, tt.status)
			}
		})
	}
	// A village (description 村) is a leaf: nothing is created or moved
	// under it, and an organisation with sub-organisations cannot become one.
	status, env = save(tr.townAdmin, map[string]any{"cscpOrgDTOs": []any{map[string]any{"orgName": "村民小组", "parentId": id}}})
	if status != 200 {
		t.Fatalf("under a non-village = %d %v", status, env)
	}
	status, env = save(tr.townAdmin, map[string]any{"cscpOrgDTOs": []any{map[string]any{"id": id, "orgName": "丙村新", "description": "村"}}})
	if status != 400 || env["msg"] != fmt.Sprintf(OrgVillageHasChildren, "丙村新") {
		t.Errorf("village with sub-organisations = %d %v", status, env)
	}
	mustOK(t, app, tr.townAdmin, http.MethodPost, "/api/system/cscpOrgs/save",
		map[string]any{"cscpOrgDTOs": []any{map[string]any{"id": tr.village2.ID, "orgName": "乙村", "description": "村"}}})
	status, env = save(tr.townAdmin, map[string]any{"cscpOrgDTOs": []any{map[string]any{"orgName": "x", "parentId": tr.village2.ID}}})
	if status != 400 || env["msg"] != OrgUnderVillage {
		t.Errorf("create under a village = %d %v", status, env)
	}
	status, env = call(t, app, tr.townAdmin, http.MethodPost, "/api/system/cscpOrgs/updateOrg",
		[]any{map[string]any{"id": id, "parentId": tr.village2.ID, "orderby": 1}})
	if status != 400 || env["msg"] != OrgUnderVillage {
		t.Errorf("move under a village = %d %v", status, env)
	}
	if moved, err := s.ent.Org.Get(context.Background(), id); err != nil || moved.ParentID != tr.town1.ID {
		t.Errorf("after the refused move = %+v %v", moved, err)
	}
	// The super administrator may create a first-level organisation.
	status, env = save(tr.admin, map[string]any{"cscpOrgDTOs": []any{map[string]any{"orgName": "新县"}}})
	if status != 200 {
		t.Errorf("first level by admin = %d %v", status, env)
	}
}

func TestMoveOrg(t *testing.T) {
	tr := newTree(t)
	app, s := tr.app, tr.s
	clerk := createRole(t, s, s.tenantID, "村务员", recordCodes...)
	villager := createUser(t, s, userSpec{Username: "vv", OrgID: tr.village1.ID, RoleIDs: []int64{clerk.ID}})
	town2User := createUser(t, s, userSpec{Username: "t2", OrgID: tr.town2.ID, RoleIDs: []int64{clerk.ID}})
	town1User := createUser(t, s, userSpec{Username: "t1", OrgID: tr.town1.ID, RoleIDs: []int64{clerk.ID}})
	hamlet := createOrg(t, s, s.tenantID, tr.village1.ID, "小组")
	rec := mustOK(t, app, login(t, app, villager.Username, testPassword), http.MethodPost, testModuleAPI,
		map[string]any{"title": "跟着走"}).(map[string]any)
	item := fmt.Sprintf("%s/%d", testModuleAPI, num(rec["id"]))
	t2, t1 := login(t, app, town2User.Username, testPassword), login(t, app, town1User.Username, testPassword)
	mustOK(t, app, t1, http.MethodGet, item, nil)

	move := func(token string, body any) (int, map[string]any) {
		return call(t, app, token, http.MethodPost, "/api/system/cscpOrgs/updateOrg", body)
	}
	// Reorder the two villages.
	mustOK(t, app, tr.townAdmin, http.MethodPost, "/api/system/cscpOrgs/updateOrg", []any{
		map[string]any{"id": tr.village2.ID, "parentId": tr.town1.ID, "orderby": 1, "title": "tree widget state"},
		map[string]any{"id": tr.village1.ID, "parentId": tr.town1.ID, "orderby": 2},
	})
	d := mustOK(t, app, tr.townAdmin, http.MethodGet, fmt.Sprintf("/api/system/cscpOrgs/all?parentId=%d", tr.town1.ID), nil)
	if fmt.Sprint(orgNames(d)) != "[乙村 甲村]" {
		t.Errorf("after reorder = %v", orgNames(d))
	}
	tests := []struct {
		name   string
		token  string
		body   any
		status int
		msg    string
	}{
		{"root", tr.admin, []any{map[string]any{"id": 0, "parentId": 0}}, 400, OrgRootFixed},
		{"beside the root", tr.admin, []any{map[string]any{"id": tr.town1.ID, "parentId": -1}}, 400, OrgRootFixed},
		{"into own subtree", tr.admin, []any{map[string]any{"id": tr.town1.ID, "parentId": hamlet.ID}}, 400, OrgIntoOwnSubtree},
		{"onto itself", tr.admin, []any{map[string]any{"id": tr.town1.ID, "parentId": tr.town1.ID}}, 400, OrgIntoOwnSubtree},
		{"out of the town admin's reach", tr.townAdmin, []any{map[string]any{"id": tr.village1.ID, "parentId": tr.town2.ID}}, 404, OrgNotFound},
		{"the town admin's own top", tr.townAdmin, []any{map[string]any{"id": tr.town1.ID, "parentId": tr.town2.ID}}, 403, OrgOutOfScope},
		{"other subtree node", tr.townAdmin, []any{map[string]any{"id": tr.town2.ID, "parentId": tr.town1.ID}}, 404, OrgNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if status, env := move(tt.token, tt.body); status != tt.status || env["msg"] != tt.msg {
				t.Errorf("= %d %v, want %d %s", status, env, tt.status, tt.msg)
			}
		})
	}
	// counted is a township's statistic of the records: kept by the store
	// per organisation between writes, so the move must tell it.
	counted := func(token string) int64 {
		t.Helper()
		var n int64
		for _, b := range mustOK(t, app, token, http.MethodGet, testModuleAPI+"/stats?by=kind", nil).([]any) {
			n += num(b.(map[string]any)["count"])
		}
		return n
	}
	if a, b := counted(t1), counted(t2); a != 1 || b != 0 {
		t.Errorf("before the move the townships count %d and %d records, want 1 and 0", a, b)
	}
	// Move village1 (with its hamlet) under town2: paths, levels and the
	// module record follow.
	mustOK(t, app, tr.admin, http.MethodPost, "/api/system/cscpOrgs/updateOrg",
		map[string]any{"cscpOrgDTOs": []any{map[string]any{"id": tr.village1.ID, "parentId": tr.town2.ID, "orderby": 1}}})
	ctx := context.Background()
	v1, _ := s.ent.Org.Get(ctx, tr.village1.ID)
	h, _ := s.ent.Org.Get(ctx, hamlet.ID)
	if v1.Path != OrgPath(tr.town2.Path, v1.ID) || v1.ParentID != tr.town2.ID || h.Path != OrgPath(v1.Path, h.ID) || h.Level != 4 {
		t.Errorf("after move: village %+v hamlet %+v", v1, h)
	}
	if status, _ := call(t, app, t1, http.MethodGet, item, nil); status != 404 {
		t.Errorf("old township reading the moved record = %d, want 404", status)
	}
	mustOK(t, app, t2, http.MethodGet, item, nil)
	if p := mustOK(t, app, t2, http.MethodGet, testModuleAPI, nil).(map[string]any); num(p["recordsTotal"]) != 1 {
		t.Errorf("new township's list = %v", p)
	}
	if a, b := counted(t1), counted(t2); a != 0 || b != 1 {
		t.Errorf("after the move the townships count %d and %d records, want 0 and 1", a, b)
	}
}

func TestDeleteOrg(t *testing.T) {
	tr := newTree(t)
	app, s := tr.app, tr.s
	createUser(t, s, userSpec{Username: "stay", OrgID: tr.village2.ID})
	empty := createOrg(t, s, s.tenantID, tr.village1.ID, "空组")
	del := func(token string, body any) (int, map[string]any) {
		return call(t, app, token, http.MethodDelete, "/api/system/cscpOrgs/delCscpOrg", body)
	}
	tests := []struct {
		name   string
		body   any
		status int
		msg    string
	}{
		{"has children", map[string]any{"cscpOrgDTOs": []any{map[string]any{"id": tr.village1.ID}}}, 400, fmt.Sprintf(OrgHasChildren, "甲村")},
		{"has users", []any{tr.village2.ID}, 400, fmt.Sprintf(OrgHasUsers, "乙村")},
		{"other subtree", []any{map[string]any{"id": tr.town2.ID}}, 404, OrgNotFound},
		{"root", []any{0}, 400, OrgRootFixed},
		{"own top", []any{tr.town1.ID}, 403, OrgOutOfScope},
		{"nothing", []any{}, 400, OrgNoneSelected},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if status, env := del(tr.townAdmin, tt.body); status != tt.status || env["msg"] != tt.msg {
				t.Errorf("= %d %v, want %d %s", status, env, tt.status, tt.msg)
			}
		})
	}
	status, env := call(t, app, tr.townAdmin, http.MethodPost, "/api/system/cscpOrgs/delCscpOrg?_method=DELETE",
		map[string]any{"cscpOrgDTOs": []any{map[string]any{"id": empty.ID}}})
	if status != 200 || env["msg"] != OrgDeleted {
		t.Errorf("delete = %d %v", status, env)
	}
	if _, err := s.ent.Org.Get(context.Background(), empty.ID); err == nil {
		t.Error("the organisation is still there")
	}
}

package system

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent/role"
)

// recordCodes are every code of the test module.
var recordCodes = []string{"village.record.list", "village.record.view", "village.record.add",
	"village.record.edit", "village.record.del", "village.record.export", "village.record.import",
	"village.record.approve"}

// exportTitles reads the titles column of an exported workbook.
func exportTitles(t *testing.T, body []byte) string {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("export is not a workbook: %v", err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, r := range rows {
		b.WriteString(strings.Join(r, "|") + "\n")
	}
	return b.String()
}

// TestModuleDataScope: a village user's module record is out of reach of a
// user of another village on every operation, reached by their township's
// user, and the store places records only inside the creator's subtree.
func TestModuleDataScope(t *testing.T) {
	forEachDB(t, func(t *testing.T, app *engineApp, s *Service) {
		root := rootOrg(t, s, s.tenantID)
		town := createOrg(t, s, s.tenantID, root.ID, "一镇")
		v1 := createOrg(t, s, s.tenantID, town.ID, "甲村")
		v2 := createOrg(t, s, s.tenantID, town.ID, "乙村")
		clerk := createRole(t, s, s.tenantID, "村务员", recordCodes...)
		token := func(name string, orgID int64) string {
			u := createUser(t, s, userSpec{Username: name, OrgID: orgID, RoleIDs: []int64{clerk.ID}})
			return login(t, app, u.Username, testPassword)
		}
		a, b, townUser := token("cunA", v1.ID), token("cunB", v2.ID), token("zhen", town.ID)
		other, otherRoot := createTenant(t, s, "far")
		farRole := createRole(t, s, other.ID, "村务员", recordCodes...)
		far := createUser(t, s, userSpec{Username: "far", TenantID: other.ID, OrgID: otherRoot.ID, RoleIDs: []int64{farRole.ID}})
		farToken := login(t, app, far.Username, testPassword, "far")

		rec := mustOK(t, app, a, http.MethodPost, testModuleAPI, map[string]any{"title": "甲村的记录", "kind": 1}).(map[string]any)
		id := num(rec["id"])
		if num(rec["orgId"]) != v1.ID {
			t.Fatalf("record orgId = %v, want the creator's village %d", rec["orgId"], v1.ID)
		}
		item := fmt.Sprintf("%s/%d", testModuleAPI, id)

		for name, tok := range map[string]string{"other village": b, "other tenant": farToken} {
			t.Run(name, func(t *testing.T) {
				page := mustOK(t, app, tok, http.MethodGet, testModuleAPI, nil).(map[string]any)
				if num(page["recordsTotal"]) != 0 {
					t.Errorf("list = %v", page)
				}
				calls := []struct {
					method, path string
					body         any
				}{
					{http.MethodGet, item, nil},
					{http.MethodPut, item, map[string]any{"title": "改"}},
					{http.MethodPut, testModuleAPI, map[string]any{"id": id, "title": "改"}},
					{http.MethodPut, item + "/status", map[string]any{"action": "approve"}},
					{http.MethodDelete, item, nil},
				}
				for _, c := range calls {
					status, env := call(t, app, tok, c.method, c.path, c.body)
					if status != http.StatusNotFound || strings.Contains(fmt.Sprint(env), "甲村") {
						t.Errorf("%s %s = %d %v, want a bare 404", c.method, c.path, status, env)
					}
				}
				if status, _ := call(t, app, tok, http.MethodDelete, fmt.Sprintf("%s?ids=%d", testModuleAPI, id), nil); status != http.StatusNotFound {
					t.Errorf("batch delete = %d, want 404", status)
				}
				stats := mustOK(t, app, tok, http.MethodGet, testModuleAPI+"/stats?by=kind", nil).([]any)
				for _, bk := range stats {
					if num(bk.(map[string]any)["count"]) != 0 {
						t.Errorf("stats = %v", stats)
					}
				}
				rec := do(t, app, tok, http.MethodGet, testModuleAPI+"/export", nil)
				if rec.Code != 200 || strings.Contains(exportTitles(t, rec.Body.Bytes()), "甲村的记录") {
					t.Errorf("export = %d, leaks the record", rec.Code)
				}
			})
		}
		// The township sees its villages' records; the creator too.
		for name, tok := range map[string]string{"creator": a, "township": townUser} {
			if got := mustOK(t, app, tok, http.MethodGet, item, nil).(map[string]any); got["title"] != "甲村的记录" {
				t.Errorf("%s get = %v", name, got)
			}
			rec := do(t, app, tok, http.MethodGet, testModuleAPI+"/export", nil)
			if !strings.Contains(exportTitles(t, rec.Body.Bytes()), "甲村的记录") {
				t.Errorf("%s export misses the record", name)
			}
		}
		// Placing a record: inside the subtree yes, elsewhere no.
		got := mustOK(t, app, townUser, http.MethodPost, testModuleAPI, map[string]any{"title": "镇放村", "orgId": v2.ID}).(map[string]any)
		if num(got["orgId"]) != v2.ID {
			t.Errorf("township placing in village 2: orgId = %v", got["orgId"])
		}
		for name, orgID := range map[string]int64{"sibling village": v2.ID, "parent": town.ID, "other tenant": otherRoot.ID, "missing": 987654} {
			status, env := call(t, app, a, http.MethodPost, testModuleAPI, map[string]any{"title": "越权", "orgId": orgID})
			if status != http.StatusForbidden || env["msg"] != msg.OutOfScope {
				t.Errorf("village user placing in %s = %d %v, want 403", name, status, env)
			}
		}
		// A role narrowed to own rows sees only what its holder created.
		own := createRole(t, s, s.tenantID, "仅本人", recordCodes...)
		if err := s.ent.Role.UpdateOne(own).SetDataScope(role.DataScopeOwn).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
		ownUser := createUser(t, s, userSpec{Username: "own", OrgID: v1.ID, RoleIDs: []int64{own.ID}})
		ownToken := login(t, app, ownUser.Username, testPassword)
		if status, _ := call(t, app, ownToken, http.MethodGet, item, nil); status != 404 {
			t.Errorf("own-rows user reading a colleague's record = %d, want 404", status)
		}
		mustOK(t, app, ownToken, http.MethodPost, testModuleAPI, map[string]any{"title": "自己的"})
		if p := mustOK(t, app, ownToken, http.MethodGet, testModuleAPI, nil).(map[string]any); num(p["recordsTotal"]) != 1 {
			t.Errorf("own-rows list = %v", p)
		}
	})
}

package system

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"xiangzhi/engine"
	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/org"
	"xiangzhi/generated/ent/role"
	"xiangzhi/generated/ent/rolemenu"
	"xiangzhi/generated/ent/user"
	"xiangzhi/generated/ent/userorg"
	"xiangzhi/generated/ent/userrole"
	"xiangzhi/generated/ent/workgroup"
	"xiangzhi/generated/ent/workgrouporg"
	"xiangzhi/generated/ent/workgroupuser"
)

// canary marks every name of tenant A's rows: an answer to tenant B that
// contains it has leaked A's data.
const canary = "canarya"

// tenantPair is the two-tenant world of the matrix: tenant A (the default
// tenant) with rows named with the canary, tenant B made through
// CreateTenant, whose super administrator attacks A.
type tenantPair struct {
	app *engine.App
	s   *Service
	// adminA is A's administrator; a and b are the tenants' ids.
	adminA string
	a, b   int64
	// aIDs are ids of A's rows of every kind: users, organisations, a
	// role, a work group, a module record, login and operation logs.
	aIDs []int64
	// A's rows by kind, for the targeted writes.
	aUser, aOrg, aChildOrg, aRole, aGroup, aRecord int64
	// B's own rows the targeted writes start from.
	bRoot, bUser, bGroup, bRole, bRecord int64
	bPassword                            string
}

// newTenantPair builds the two tenants on app.
func newTenantPair(t *testing.T, app *engine.App, s *Service) *tenantPair {
	t.Helper()
	ctx := context.Background()
	p := &tenantPair{app: app, s: s, a: s.tenantID, adminA: adminToken(t, app, s), bPassword: testPassword}
	rootA := rootOrg(t, s, p.a)
	child := createOrg(t, s, p.a, rootA.ID, canary+"村")
	roleA := createRole(t, s, p.a, canary+"角色", CodeUserList)
	userA := createUser(t, s, userSpec{Username: canary + "1", OrgID: child.ID, RoleIDs: []int64{roleA.ID}})
	if err := s.ent.User.UpdateOne(userA).SetFamilyName(canary).SetName(canary).SetEmail(canary + "@x.cn").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if err := s.ent.Org.UpdateOne(rootA).SetOrgName(canary + "县").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	group, err := s.ent.WorkGroup.Create().SetTenantID(p.a).SetGroupName(canary + "组").SetDescription(canary).
		SetOrgID(child.ID).AddUserIDs(userA.ID).Save(ctx)
	if err != nil {
		t.Fatal(err)
	}
	rec := mustOK(t, app, p.adminA, http.MethodPost, testModuleAPI,
		map[string]any{"title": canary + "记录", "orgId": child.ID}).(map[string]any)
	// A login (login log) and a write (operation log) of A's user.
	tokA := login(t, app, userA.Username, testPassword)
	mustOK(t, app, tokA, http.MethodGet, "/api/system/cscpUserDetailsOr?page=0&size=5", nil)
	ll, err := s.ent.LoginLog.Query().Where().IDs(ctx)
	if err != nil || len(ll) == 0 {
		t.Fatalf("login log ids %v %v", ll, err)
	}
	ol, err := s.ent.OperationLog.Query().IDs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	adminRow, err := s.ent.User.Query().Where(user.TenantID(p.a), user.Username(AdminUsername)).Only(ctx)
	if err != nil {
		t.Fatal(err)
	}
	p.aUser, p.aOrg, p.aChildOrg, p.aRole, p.aGroup, p.aRecord = userA.ID, rootA.ID, child.ID, roleA.ID, group.ID, num(rec["id"])
	p.aIDs = []int64{userA.ID, adminRow.ID, rootA.ID, child.ID, roleA.ID, group.ID, p.aRecord, ll[0]}
	if len(ol) > 0 {
		p.aIDs = append(p.aIDs, ol[0])
	}
	sysRole, err := s.ent.Role.Query().Where(role.TenantID(p.a), role.System(true)).First(ctx)
	if err != nil {
		t.Fatal(err)
	}
	p.aIDs = append(p.aIDs, sysRole.ID)

	// Tenant B, made as the platform makes tenants.
	nb, err := CreateTenant(ctx, s.ent, TenantSpec{Code: "tenantb", Name: "乙县", AdminPassword: testPassword})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.ent.User.UpdateOneID(nb.AdminID).SetMustChangePassword(false).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if err := s.authz.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	p.b, p.bRoot = nb.ID, nb.OrgID
	tokB := p.tokenB(t)
	p.bRole = createRole(t, s, p.b, "乙角色", CodeUserList).ID
	p.bUser = createUser(t, s, userSpec{Username: "yi1", TenantID: p.b, OrgID: p.bRoot, RoleIDs: []int64{p.bRole}}).ID
	g := mustOK(t, app, tokB, http.MethodPost, "/api/system/cscpWorkGroups",
		map[string]any{"groupName": "乙组", "description": "乙", "orgId": p.bRoot, "userDetail": []any{map[string]any{"userId": p.bUser}}})
	p.bGroup = groupID(t, s, p.b, "乙组", g)
	recB := mustOK(t, app, tokB, http.MethodPost, testModuleAPI, map[string]any{"title": "乙记录"}).(map[string]any)
	p.bRecord = num(recB["id"])
	return p
}

// groupID is the id of a work group just created (the answer, else the
// row by name).
func groupID(t *testing.T, s *Service, tenantID int64, name string, answer any) int64 {
	t.Helper()
	if m, ok := answer.(map[string]any); ok && num(m["id"]) > 0 {
		return num(m["id"])
	}
	id, err := s.ent.WorkGroup.Query().Where(workgroup.TenantID(tenantID), workgroup.GroupName(name)).OnlyID(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// tokenB signs B's super administrator in.
func (p *tenantPair) tokenB(t *testing.T) string {
	t.Helper()
	return login(t, p.app, AdminUsername, p.bPassword, "tenantb")
}

// snapshotA is every row of tenant A that B could change, as JSON: users
// (with password hashes, locks and flags), organisations, roles and their
// grants, memberships, work groups and their links, live sessions, and the
// module records as A's administrator lists them.
func (p *tenantPair) snapshotA(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	c := p.s.ent
	var parts []any
	add := func(v any, err error) {
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, v)
	}
	type userRow struct {
		ID                                    int64
		Username, Family, Name, Mobile, Email string
		Hash                                  string
		Org                                   *int64
		Locked, Disabled, Must, TOTP, Plat    bool
	}
	users, err := c.User.Query().Where(user.TenantID(p.a)).Order(ent.Asc(user.FieldID)).All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var urows []userRow
	for _, u := range users {
		urows = append(urows, userRow{u.ID, u.Username, u.FamilyName, u.Name, u.Mobile, u.Email, u.PasswordHash,
			u.OrgID, u.Locked, u.Disabled, u.MustChangePassword, u.TotpEnabled, u.PlatformAdmin})
	}
	parts = append(parts, urows)
	orgs, err := c.Org.Query().Where(org.TenantID(p.a)).Order(ent.Asc(org.FieldID)).All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range orgs {
		parts = append(parts, []any{o.ID, o.OrgName, o.ParentID, o.Path, o.Level, o.Orderby, o.Description})
	}
	roles, err := c.Role.Query().Where(role.TenantID(p.a)).Order(ent.Asc(role.FieldID)).All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var roleIDs []int64
	for _, r := range roles {
		roleIDs = append(roleIDs, r.ID)
		parts = append(parts, []any{r.ID, r.Name, r.DataScope, r.System, r.RequireTotp, r.ParentID, r.Icon})
	}
	add(c.RoleMenu.Query().Where(rolemenu.RoleIDIn(roleIDs...)).
		Order(ent.Asc(rolemenu.FieldRoleID), ent.Asc(rolemenu.FieldMenuID)).All(ctx))
	var userIDs []int64
	for _, u := range users {
		userIDs = append(userIDs, u.ID)
	}
	add(c.UserRole.Query().Where(userrole.UserIDIn(userIDs...)).
		Order(ent.Asc(userrole.FieldUserID), ent.Asc(userrole.FieldRoleID)).All(ctx))
	add(c.UserOrg.Query().Where(userorg.UserIDIn(userIDs...)).
		Order(ent.Asc(userorg.FieldUserID), ent.Asc(userorg.FieldOrgID)).All(ctx))
	groups, err := c.WorkGroup.Query().Where(workgroup.TenantID(p.a)).Order(ent.Asc(workgroup.FieldID)).All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var groupIDs []int64
	for _, g := range groups {
		groupIDs = append(groupIDs, g.ID)
		parts = append(parts, []any{g.ID, g.GroupName, g.Description, g.OrgID})
	}
	add(c.WorkGroupUser.Query().Where(workgroupuser.WorkGroupIDIn(groupIDs...)).
		Order(ent.Asc(workgroupuser.FieldWorkGroupID), ent.Asc(workgroupuser.FieldUserID)).All(ctx))
	add(c.WorkGroupOrg.Query().Where(workgrouporg.WorkGroupIDIn(groupIDs...)).
		Order(ent.Asc(workgrouporg.FieldWorkGroupID), ent.Asc(workgrouporg.FieldOrgID)).All(ctx))
	parts = append(parts, mustOK(t, p.app, p.adminA, http.MethodGet, testModuleAPI+"?page=0&size=1000", nil))
	b, err := json.MarshalIndent(parts, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// crossLinks lists every row that ties one tenant to another: a user in
// another tenant's organisation, a membership, role or work-group link
// across tenants, an organisation under another tenant's parent, a module
// record placed in another tenant's organisation.
func (p *tenantPair) crossLinks(t *testing.T) []string {
	t.Helper()
	ctx := context.Background()
	c := p.s.ent
	tenantOf := func(kind string, rows map[int64]int64, id int64) int64 {
		if tn, ok := rows[id]; ok {
			return tn
		}
		return -1
	}
	users, orgs, roles, groups := map[int64]int64{}, map[int64]int64{}, map[int64]int64{}, map[int64]int64{}
	var bad []string
	all, err := c.Org.Query().All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range all {
		orgs[o.ID] = o.TenantID
	}
	for _, o := range all {
		if o.ParentID != 0 && tenantOf("org", orgs, o.ParentID) != o.TenantID {
			bad = append(bad, fmt.Sprintf("organisation %d of tenant %d under %d", o.ID, o.TenantID, o.ParentID))
		}
	}
	us, err := c.User.Query().All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range us {
		users[u.ID] = u.TenantID
		if u.OrgID != nil && *u.OrgID != 0 && orgs[*u.OrgID] != u.TenantID {
			bad = append(bad, fmt.Sprintf("user %d of tenant %d in organisation %d", u.ID, u.TenantID, *u.OrgID))
		}
	}
	rs, err := c.Role.Query().All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		roles[r.ID] = r.TenantID
	}
	for _, r := range rs {
		if r.ParentID != 0 && roles[r.ParentID] != r.TenantID {
			bad = append(bad, fmt.Sprintf("role %d of tenant %d under role %d", r.ID, r.TenantID, r.ParentID))
		}
	}
	gs, err := c.WorkGroup.Query().All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range gs {
		groups[g.ID] = g.TenantID
		if g.OrgID != nil && *g.OrgID != 0 && orgs[*g.OrgID] != g.TenantID {
			bad = append(bad, fmt.Sprintf("work group %d of tenant %d in organisation %d", g.ID, g.TenantID, *g.OrgID))
		}
	}
	urs, err := c.UserRole.Query().All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range urs {
		if users[l.UserID] != roles[l.RoleID] {
			bad = append(bad, fmt.Sprintf("user %d holds role %d of another tenant", l.UserID, l.RoleID))
		}
	}
	uos, err := c.UserOrg.Query().All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range uos {
		if users[l.UserID] != orgs[l.OrgID] {
			bad = append(bad, fmt.Sprintf("user %d member of organisation %d of another tenant", l.UserID, l.OrgID))
		}
	}
	gus, err := c.WorkGroupUser.Query().All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range gus {
		if users[l.UserID] != groups[l.WorkGroupID] {
			bad = append(bad, fmt.Sprintf("work group %d has user %d of another tenant", l.WorkGroupID, l.UserID))
		}
	}
	gos, err := c.WorkGroupOrg.Query().All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range gos {
		if orgs[l.OrgID] != groups[l.WorkGroupID] {
			bad = append(bad, fmt.Sprintf("work group %d linked to organisation %d of another tenant", l.WorkGroupID, l.OrgID))
		}
	}
	// Module records: B's, as B's administrator lists them, must lie in
	// B's organisations.
	list := mustOK(t, p.app, p.tokenB(t), http.MethodGet, testModuleAPI+"?page=0&size=1000", nil)
	rows, _ := list.(map[string]any)["data"].([]any)
	for _, r := range rows {
		m := r.(map[string]any)
		if o := num(m["orgId"]); o > 0 && orgs[o] != p.b {
			bad = append(bad, fmt.Sprintf("record %v of tenant B in organisation %d", m["id"], o))
		}
	}
	return bad
}

// answerText is what an answer shows: its body, and for an xlsx (zip)
// answer the text of every part.
func answerText(body []byte) string {
	if !bytes.HasPrefix(body, []byte("PK")) {
		return string(body)
	}
	z, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil {
		return string(body)
	}
	var sb strings.Builder
	for _, f := range z.File {
		r, err := f.Open()
		if err != nil {
			continue
		}
		b, _ := io.ReadAll(io.LimitReader(r, 10<<20))
		r.Close()
		sb.Write(b)
	}
	return sb.String()
}

// crossBodies are the bodies a mutating route gets with A's id x: the
// matrix's own, then x under every id key the system forms use, flat and
// as a list.
func crossBodies(r engine.Route, x int64) []any {
	base := matrixBody(r)
	out := []any{base}
	m := map[string]any{"id": x, "userId": x, "orgId": x, "parentId": x, "roleIds": []int64{x}, "orgIds": []int64{x},
		"roles": strconv.FormatInt(x, 10), "groupId": x}
	if bm, ok := base.(map[string]any); ok {
		for k, v := range bm {
			m[k] = v
		}
	}
	out = append(out, map[string]any{"id": x}, m, []any{map[string]any{"id": x, "parentId": x, "orderby": 1}})
	return out
}

// TestTwoTenantMatrix walks every route of the table as tenant B's super
// administrator (every code of B, data scope all) with tenant A's ids in
// the path, the query (criteria) and the body, on every database. No
// answer may be a 5xx or show anything of A's (the canary names every row
// of A), A's rows must be exactly as before, and no row may tie B to A.
// Then the system forms' writes with A's ids in their references are
// refused one by one with a 4xx.
func TestTwoTenantMatrix(t *testing.T) {
	forEachDB(t, func(t *testing.T, app *engine.App, s *Service) {
		p := newTenantPair(t, app, s)
		before := p.snapshotA(t)
		tokB := p.tokenB(t)
		send := func(method, path string, body any) (int, string) {
			rec := do(t, app, tokB, method, path, body)
			if rec.Code == http.StatusUnauthorized {
				// A route of the sweep ended B's session (logout): again.
				tokB = p.tokenB(t)
				rec = do(t, app, tokB, method, path, body)
			}
			return rec.Code, answerText(rec.Body.Bytes())
		}
		seen := map[string]bool{}
		calls := 0
		for _, r := range app.Routes() {
			key := r.Method + " " + r.Path
			if r.Public || seen[key] {
				continue
			}
			seen[key] = true
			for _, x := range p.aIDs {
				xs := strconv.FormatInt(x, 10)
				q := url.Values{}
				for _, k := range []string{"id", "userId", "orgId", "parentId", "roleId", "groupId", "roles", "type"} {
					q.Set(k, xs)
				}
				q.Set("page", "0")
				q.Set("size", "1000")
				path := matrixPath(r, xs) + "?" + q.Encode()
				bodies := []any{nil}
				if mutating(r.Method) {
					bodies = crossBodies(r, x)
				}
				for _, body := range bodies {
					calls++
					status, text := send(r.Method, path, body)
					if status >= 500 {
						t.Errorf("%s %s %v = %d %s", r.Method, path, body, status, text)
					}
					if strings.Contains(strings.ToLower(text), canary) {
						t.Errorf("%s %s %v = %d shows tenant A's data: %.300s", r.Method, path, body, status, text)
					}
				}
			}
		}
		if calls < 500 {
			t.Fatalf("only %d calls in the sweep", calls)
		}
		if after := p.snapshotA(t); after != before {
			t.Errorf("tenant A changed under tenant B's calls:\nbefore %s\nafter %s", before, after)
		}
		if bad := p.crossLinks(t); len(bad) > 0 {
			t.Errorf("rows tie tenant B to tenant A: %v", bad)
		}
		t.Logf("%d calls of tenant B with tenant A's ids", calls)
		crossTenantWrites(t, p)
	})
}

// crossTenantWrites sends the system forms with A's ids in their
// references as B's super administrator (a user, an organisation, a role
// or a work group of A): each must answer a 4xx that is not an
// authorization refusal (B holds every code), and leave no trace.
func crossTenantWrites(t *testing.T, p *tenantPair) {
	t.Helper()
	app := p.app
	tokB := p.tokenB(t)
	before := p.snapshotA(t)
	n := func(id int64) string { return strconv.FormatInt(id, 10) }
	user := func(extra map[string]any) map[string]any {
		b := map[string]any{"username": uniqueName("x")[:10], "familyName": "乙", "name": "甲", "mobile": "",
			"orgId": p.bRoot, "orgIds": []int64{p.bRoot}, "roleIds": []int64{p.bRole},
			"password": encrypt(t, app, testPassword)}
		for k, v := range extra {
			b[k] = v
		}
		return b
	}
	existing := func(extra map[string]any) map[string]any {
		b := map[string]any{"id": p.bUser, "familyName": "乙", "name": "甲",
			"orgId": p.bRoot, "orgIds": []int64{p.bRoot}, "roleIds": []int64{p.bRole}}
		for k, v := range extra {
			b[k] = v
		}
		return b
	}
	type writeCase struct {
		name, method, path string
		body               any
	}
	// ids are the targets of the writes: A's rows, or ids no row has.
	type ids struct{ aUser, aOrg, aChildOrg, aRole, aGroup, aRecord int64 }
	pair := p
	build := func(x ids) []writeCase {
		p := struct {
			ids
			bRoot, bUser, bGroup, bRole, bRecord int64
		}{x, pair.bRoot, pair.bUser, pair.bGroup, pair.bRole, pair.bRecord}
		return []writeCase{
			{"new user in A's organisation", http.MethodPost, "/api/system/cscpUserDetails",
				user(map[string]any{"orgId": p.aChildOrg, "orgIds": []int64{p.aChildOrg}})},
			{"new user member of A's organisation", http.MethodPost, "/api/system/cscpUserDetails",
				user(map[string]any{"orgIds": []int64{p.bRoot, p.aOrg}})},
			{"new user holding A's role", http.MethodPost, "/api/system/cscpUserDetails",
				user(map[string]any{"roleIds": []int64{p.bRole, p.aRole}})},
			{"edit A's user", http.MethodPut, "/api/system/cscpUserDetails",
				map[string]any{"id": p.aUser, "familyName": "乙", "name": "甲", "orgId": p.bRoot, "roleIds": []int64{p.bRole}}},
			{"move B's user into A's organisation", http.MethodPut, "/api/system/cscpUserDetails",
				existing(map[string]any{"orgId": p.aChildOrg, "orgIds": []int64{p.aChildOrg}})},
			{"give B's user A's role", http.MethodPut, "/api/system/cscpUserDetails",
				existing(map[string]any{"roleIds": []int64{p.aRole}})},
			{"delete A's user", http.MethodDelete, "/api/system/cscpUsers/" + n(p.aUser), nil},
			{"lock A's user", http.MethodPut, "/api/system/cscpUsers/" + n(p.aUser) + "/lock", nil},
			{"reset A's user's two-factor", http.MethodPut, "/api/system/cscpUsers/" + n(p.aUser) + "/totpReset", nil},
			{"new work group with A's user", http.MethodPost, "/api/system/cscpWorkGroups",
				map[string]any{"groupName": "乙新组", "description": "乙", "orgId": p.bRoot, "userDetail": []any{map[string]any{"userId": p.aUser}}}},
			{"new work group in A's organisation", http.MethodPost, "/api/system/cscpWorkGroups",
				map[string]any{"groupName": "乙新组2", "description": "乙", "orgId": p.aChildOrg}},
			{"B's work group takes A's user", http.MethodPut, "/api/system/cscpWorkGroups",
				map[string]any{"id": p.bGroup, "groupName": "乙组", "description": "乙", "orgId": p.bRoot, "users": []int64{p.bUser, p.aUser}}},
			{"edit A's work group", http.MethodPut, "/api/system/cscpWorkGroups",
				map[string]any{"id": p.aGroup, "groupName": "改", "description": "乙", "orgId": p.bRoot}},
			{"delete A's work group", http.MethodDelete, "/api/system/cscpWorkGroups/" + n(p.aGroup), nil},
			{"new organisation under A's", http.MethodPost, "/api/system/cscpOrgs/save",
				map[string]any{"cscpOrgDTOs": []any{map[string]any{"orgName": "乙镇", "parentId": p.aChildOrg}}}},
			{"rename A's organisation", http.MethodPost, "/api/system/cscpOrgs/save",
				map[string]any{"cscpOrgDTOs": []any{map[string]any{"id": p.aChildOrg, "orgName": "改", "parentId": p.aOrg}}}},
			{"A's user into B's organisation", http.MethodPost, "/api/system/cscpOrgs/save",
				map[string]any{"cscpOrgDTOs": []any{map[string]any{"id": p.bRoot, "orgName": "乙县", "parentId": 0}},
					"cscpUserOrgDTOs": []any{map[string]any{"userId": p.aUser, "orgId": p.bRoot}}}},
			{"A's work group into B's organisation", http.MethodPost, "/api/system/cscpOrgs/save",
				map[string]any{"cscpOrgDTOs": []any{map[string]any{"id": p.bRoot, "orgName": "乙县", "parentId": 0}},
					"cscpWorkGroupOrgDTOs": []any{map[string]any{"groupId": p.aGroup, "orgId": p.bRoot}}}},
			{"move B's organisation under A's", http.MethodPost, "/api/system/cscpOrgs/updateOrg",
				[]any{map[string]any{"id": p.bRoot, "parentId": p.aOrg, "orderby": 1}}},
			{"move A's organisation under B's", http.MethodPost, "/api/system/cscpOrgs/updateOrg",
				[]any{map[string]any{"id": p.aChildOrg, "parentId": p.bRoot, "orderby": 1}}},
			{"delete A's organisation", http.MethodDelete, "/api/system/cscpOrgs/delCscpOrg",
				map[string]any{"cscpOrgDTOs": []any{map[string]any{"id": p.aChildOrg}}}},
			{"new role under A's role", http.MethodPost, "/api/system/cscpRoless",
				map[string]any{"name": "乙新角色", "parentId": p.aRole, "dataScope": "all"}},
			{"edit A's role", http.MethodPut, "/api/system/cscpRoless",
				map[string]any{"id": p.aRole, "name": "改"}},
			{"delete A's role", http.MethodDelete, "/api/system/cscpRoless/" + n(p.aRole), nil},
			{"grant menus to A's role", http.MethodPost, "/api/system/menu/save",
				map[string]any{"roles": n(p.aRole), "menus": "", "permissions": "", "terminalType": "0"}},
			{"record in A's organisation", http.MethodPost, testModuleAPI,
				map[string]any{"title": "乙记录2", "orgId": p.aChildOrg}},
			{"B's record into A's organisation", http.MethodPut, testModuleAPI + "/" + n(p.bRecord),
				map[string]any{"title": "乙记录", "orgId": p.aChildOrg}},
			{"edit A's record", http.MethodPut, testModuleAPI + "/" + n(p.aRecord), map[string]any{"title": "改"}},
			{"delete A's record", http.MethodDelete, testModuleAPI + "/" + n(p.aRecord), nil},
		}
	}
	cases := build(ids{p.aUser, p.aOrg, p.aChildOrg, p.aRole, p.aGroup, p.aRecord})
	m := int64(987654321)
	missing := build(ids{m, m + 1, m + 2, m + 3, m + 4, m + 5})
	for i, tc := range cases {
		status, env := call(t, app, tokB, tc.method, tc.path, tc.body)
		text, _ := env["msg"].(string)
		switch {
		case status < 400 || status >= 500:
			t.Errorf("%s: %s %s = %d %v, want a 4xx", tc.name, tc.method, tc.path, status, env)
		case status == http.StatusUnauthorized || status == http.StatusForbidden && text != msg.OutOfScope:
			t.Errorf("%s: %d %v, want a refusal of the id, not of the caller", tc.name, status, env)
		case text == "" || !hasHan(text):
			t.Errorf("%s: %d %v, want a Chinese message", tc.name, status, env)
		}
		// The same answer as for an id that does not exist: nothing tells
		// that A's row is there.
		mstatus, menv := call(t, app, tokB, missing[i].method, missing[i].path, missing[i].body)
		digits := regexp.MustCompile(`[0-9]+`)
		same := func(v any) string { s, _ := v.(string); return digits.ReplaceAllString(s, "#") }
		if mstatus != status || same(menv["msg"]) != same(env["msg"]) {
			t.Errorf("%s: A's id answers %d %v, a missing id %d %v", tc.name, status, env, mstatus, menv)
		}
	}
	p = pair
	if after := p.snapshotA(t); after != before {
		t.Errorf("tenant A changed under tenant B's writes:\nbefore %s\nafter %s", before, after)
	}
	if bad := p.crossLinks(t); len(bad) > 0 {
		t.Errorf("rows tie tenant B to tenant A: %v", bad)
	}
	// The pickers of B never list A's people or roles.
	for _, path := range []string{"/api/getTenantUserList", "/api/getTenantRoleList", "/api/userDetails/getUsers",
		"/api/getTenantUserList?orgId=" + n(p.aOrg)} {
		status, env := call(t, app, tokB, http.MethodGet, path, nil)
		b, _ := json.Marshal(env)
		if status >= 500 || strings.Contains(strings.ToLower(string(b)), canary) {
			t.Errorf("%s = %d %s", path, status, b)
		}
	}
	status, env := call(t, app, tokB, http.MethodPost, "/api/userDetails/getUserDetailsByRoles",
		map[string]any{"roleIds": []int64{p.aRole}})
	if data, _ := env["data"].([]any); status != http.StatusOK || len(data) != 0 {
		t.Errorf("B's users by A's role = %d %v, want none", status, env)
	}
}

// hasHan reports whether s has a Han character.
func hasHan(s string) bool {
	for _, r := range s {
		if r >= 0x4e00 && r <= 0x9fff {
			return true
		}
	}
	return false
}

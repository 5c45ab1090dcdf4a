package demo_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"xiangzhi/engine"
	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
	"xiangzhi/modules/approval"
	"xiangzhi/modules/content"
	"xiangzhi/modules/epidemic"
	"xiangzhi/modules/message"
	"xiangzhi/modules/oos"
	"xiangzhi/modules/points"
	"xiangzhi/modules/security"
	"xiangzhi/modules/system"
	"xiangzhi/modules/village"
	"xiangzhi/tools/demo"
	"xiangzhi/tools/demo/demotest"
)

var routeParam = regexp.MustCompile(`:[A-Za-z]+`)

// loginTenant signs a demo user of a tenant in (tenant code) and answers
// the token.
func loginTenant(t *testing.T, env *demotest.Env, code, username string) string {
	t.Helper()
	_, ans := env.Call(t, "", http.MethodGet, "/api/system/publicKey", nil)
	block, _ := pem.Decode([]byte(ans["data"].(string)))
	pub, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	ct, err := rsa.EncryptOAEP(sha256.New(), rand.Reader, pub.(*rsa.PublicKey), []byte(demo.Password), nil)
	if err != nil {
		t.Fatal(err)
	}
	status, ans := env.Call(t, "", http.MethodPost, "/api/system/login", map[string]any{"username": username,
		"password": base64.StdEncoding.EncodeToString(ct), "tenantCode": code})
	data, _ := ans["data"].(map[string]any)
	token, _ := data["token"].(string)
	if status != http.StatusOK || token == "" {
		t.Fatalf("login %s of %s = %d %v", username, code, status, ans)
	}
	return token
}

// tenantDigest is every live record of every module of a tenant, hashed
// per module: what another tenant's calls must not change.
func tenantDigest(t *testing.T, env *demotest.Env, tenantID int64) map[string]string {
	t.Helper()
	out := map[string]string{}
	sc := store.Scope{TenantID: tenantID, Mode: store.ScopeAll}
	for _, m := range env.App.Modules().Modules {
		h := sha256.New()
		err := env.App.Store().Each(context.Background(), m, sc, nil, func(r store.Record) error {
			b, err := json.Marshal(r)
			h.Write(b)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		out[m.Name] = hex.EncodeToString(h.Sum(nil))
	}
	return out
}

// TestTwoTenantModules walks every route of the whole product — the
// generated routes of every module, the hand-written ones of every part —
// as the second demo tenant's county administrator, with the demo county's
// ids in paths, criteria and bodies: no 5xx, a record of the county is
// never read (404 by id, absent from lists), and every record of the
// county is as it was; records naming the county's records are refused.
// On SQLite, and PostgreSQL and MySQL/MariaDB when XZ_TEST_POSTGRES /
// XZ_TEST_MYSQL are set.
func TestTwoTenantModules(t *testing.T) {
	if testing.Short() {
		t.Skip("fills two demo tenants")
	}
	onEachDatabase(t, twoTenantModules)
}

// twoTenantModules is TestTwoTenantModules on app.
func twoTenantModules(t *testing.T, app *engine.App) {
	ctx := context.Background()
	client := demotest.Client(app)
	made, err := demo.Generate(ctx, demo.Options{Store: app.Store(), Ent: client, Set: app.Modules(),
		Files: demotest.Files(t, app), Seed: 7, Villagers: demotest.Villagers, Now: demotest.Now,
		DataDir: app.Config().DataDir, AdminPassword: "Admin#2025demo"})
	if err != nil {
		t.Fatal(err)
	}
	for _, register := range []func(*engine.App) error{system.Register, approval.Register, oos.Register,
		village.Register, points.Register, security.Register, content.Register, epidemic.Register, message.Register} {
		if err := register(app); err != nil {
			t.Fatal(err)
		}
	}
	env := &demotest.Env{App: app, Ent: client, County: made}
	res, err := demo.Generate(ctx, demo.Options{Store: env.App.Store(), Ent: env.Ent, Set: env.App.Modules(),
		Files: demotest.Files(t, env.App), Seed: 9, Villagers: 40, Now: demotest.Now, Tenant: demo.NeighbourTenant,
		TenantName: demo.NeighbourName, County: &demo.NeighbourCounty})
	if err != nil {
		t.Fatal(err)
	}
	a := env.County.TenantID
	before := tenantDigest(t, env, a)
	tokB := loginTenant(t, env, demo.NeighbourTenant, "county_admin")

	// A's ids: one record of every module (and all of them, to look for in
	// lists), the county, a village, the county administrator.
	aIDs := map[string]map[int64]bool{}
	first := map[string]int64{}
	for _, m := range env.App.Modules().Modules {
		rows := env.Rows(t, m.Name, 0)
		aIDs[m.Name] = map[int64]bool{}
		for _, r := range rows {
			aIDs[m.Name][r["id"].(int64)] = true
		}
		if len(rows) > 0 {
			first[m.Name] = rows[0]["id"].(int64)
		}
	}
	county := env.County.County.ID
	general := []int64{county, env.County.Villages[0].ID, env.Account(t, "county_admin").ID, first["villager"]}

	calls, modulesSeen := 0, 0
	seen := map[string]bool{}
	for _, r := range env.App.Routes() {
		key := r.Method + " " + r.Path
		if r.Public || seen[key] {
			continue
		}
		seen[key] = true
		ids, module := general, ""
		for _, m := range env.App.Modules().Modules {
			if r.Path == m.API || strings.HasPrefix(r.Path, m.API+"/") {
				module = m.Name
				if id, ok := first[m.Name]; ok {
					ids = []int64{id}
				}
				break
			}
		}
		if module != "" && r.Method == http.MethodGet && r.Path == env.App.Modules().Module(module).API+"/:id" {
			modulesSeen++
		}
		for _, x := range ids {
			xs := strconv.FormatInt(x, 10)
			path := strings.TrimSuffix(routeParam.ReplaceAllString(r.Path, xs), "/*") +
				fmt.Sprintf("?id=%s&orgId=%d&userId=%s&page=0&size=1000", xs, county, xs)
			var body any
			if r.Method != http.MethodGet {
				body = map[string]any{"id": x, "ids": []int64{x}, "orgId": county}
			}
			calls++
			status, ans := env.Call(t, tokB, r.Method, path, body)
			if status == http.StatusUnauthorized {
				// A route of the sweep ended the session (logout): again.
				tokB = loginTenant(t, env, demo.NeighbourTenant, "county_admin")
				status, ans = env.Call(t, tokB, r.Method, path, body)
			}
			if status >= 500 {
				t.Errorf("%s %s = %d %v", r.Method, path, status, ans)
			}
			if module == "" || r.Method != http.MethodGet {
				continue
			}
			if r.Path == env.App.Modules().Module(module).API+"/:id" && status != http.StatusNotFound {
				t.Errorf("%s %s: the county's record answers %d %v to the other tenant, want 404", r.Method, path, status, ans)
			}
			// Lists: none of the county's records.
			data, _ := ans["data"].([]any)
			if m, ok := ans["data"].(map[string]any); ok {
				data, _ = m["data"].([]any)
			}
			for _, row := range data {
				if rm, ok := row.(map[string]any); ok && aIDs[module][demotest.Num(rm["id"])] {
					if rm["tenantId"] == nil || demotest.Num(rm["tenantId"]) == a {
						t.Errorf("%s %s lists the county's %s %v", r.Method, path, module, rm["id"])
						break
					}
				}
			}
		}
	}
	if modulesSeen < 90 || calls < 1000 {
		t.Fatalf("only %d modules' item routes and %d calls", modulesSeen, calls)
	}
	// References: a copy of one of the county's records — its references
	// naming the county's villagers, households, grids, users — posted by
	// the other tenant is refused (400 <label>不存在) and makes nothing.
	mk := newMaker(env)
	refused := 0
	bScope := store.Scope{TenantID: res.TenantID, Mode: store.ScopeAll}
	for _, m := range env.App.Modules().Modules {
		if len(aIDs[m.Name]) == 0 || m.API == "" {
			continue
		}
		var refs []string
		for _, f := range m.Fields {
			if f.Type == schema.TypeRef && f.Ref != "" && f.Ref != schema.RefOrg && !f.ReadOnly {
				refs = append(refs, f.Name)
			}
		}
		if len(refs) == 0 {
			continue
		}
		rec := mk.record(t, m, 0)
		// The county's file links are refused on their own (文件链接无效):
		// leave them out, so the references are what is checked.
		for _, f := range m.Fields {
			switch f.Type {
			case schema.TypeImage, schema.TypeImages, schema.TypeFile, schema.TypeFiles, schema.TypeVideo:
				if f.Required {
					continue
				}
				delete(rec, f.Name)
			}
		}
		named := false
		for _, f := range refs {
			if v := rec[f]; v != nil && v != "" && fmt.Sprint(v) != "[]" && fmt.Sprint(v) != "0" {
				named = true
			}
		}
		if !named {
			continue
		}
		before, err := env.App.Store().List(ctx, m, bScope, &query.Query{Size: 1})
		if err != nil {
			t.Fatal(err)
		}
		status, ans := env.Call(t, tokB, http.MethodPost, m.API, rec)
		text, _ := ans["msg"].(string)
		errs, _ := ans["errors"].([]any)
		for _, e := range errs {
			if em, ok := e.(map[string]any); ok {
				text += " " + fmt.Sprint(em["message"])
			}
		}
		if status == http.StatusBadRequest && !strings.Contains(text, "不存在") && strings.Contains(text, "文件链接无效") {
			continue // a required file of the county's: refused before the references are looked at
		}
		if status != http.StatusBadRequest || !strings.Contains(text, "不存在") {
			t.Errorf("%s: a record naming the county's records = %d %v, want 400 …不存在", m.Name, status, ans)
		}
		after, err := env.App.Store().List(ctx, m, bScope, &query.Query{Size: 1})
		if err != nil {
			t.Fatal(err)
		}
		if after.Total != before.Total {
			t.Errorf("%s: the other tenant has %d records after a refused create, had %d", m.Name, after.Total, before.Total)
		}
		refused++
	}
	if refused < 10 {
		t.Errorf("only %d modules tried with the county's references", refused)
	}
	t.Logf("%d modules refuse the county's references", refused)

	after := tenantDigest(t, env, a)
	for name, h := range before {
		if after[name] != h {
			t.Errorf("the county's %s records changed under the other tenant's calls", name)
		}
	}
	if res.TenantID == a {
		t.Fatal("one tenant")
	}
	t.Logf("%d calls of %s's county administrator over %d modules", calls, demo.NeighbourTenant, modulesSeen)
}

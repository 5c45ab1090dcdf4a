package demo_test

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"xiangzhi/engine/auth"
	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
	"xiangzhi/generated/ent/org"
	"xiangzhi/generated/ent/user"
	"xiangzhi/tools/demo"
	"xiangzhi/tools/demo/demotest"
)

// generate fills a fresh app with a county of n villagers.
func generate(t *testing.T, n int, seed uint64) (*demotest.Env, error) {
	t.Helper()
	app := demotest.NewApp(t)
	client := demotest.Client(app)
	res, err := demo.Generate(context.Background(), demo.Options{Store: app.Store(), Ent: client, Set: app.Modules(),
		Files: demotest.Files(t, app), Seed: seed, Villagers: n, Now: demotest.Now, DataDir: app.Config().DataDir, AdminPassword: "Admin#2025demo"})
	return &demotest.Env{App: app, Ent: client, County: res}, err
}

func TestGenerateCounty(t *testing.T) {
	if testing.Short() {
		t.Skip("the full demo county takes a while")
	}
	env, err := generate(t, demo.DefaultVillagers, 1)
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	res := env.County
	ctx := context.Background()

	t.Run("organisations", func(t *testing.T) {
		if len(res.Townships) != 3 || len(res.Villages) != 12 {
			t.Fatalf("%d townships, %d villages, want 3 and 12", len(res.Townships), len(res.Villages))
		}
		rows, err := env.Ent.Org.Query().Where(org.TenantID(res.TenantID)).All(ctx)
		if err != nil {
			t.Fatal(err)
		}
		kinds := map[string]int{}
		for _, o := range rows {
			kinds[o.Description]++
			if !strings.HasSuffix(o.Path, fmt.Sprintf("/%d/", o.ID)) || o.Level != strings.Count(o.Path, "/")-1 {
				t.Errorf("org %s: path %s level %d", o.OrgName, o.Path, o.Level)
			}
		}
		if diff := cmp.Diff(map[string]int{demo.KindCounty: 1, demo.KindTownship: 3, demo.KindVillage: 12}, kinds); diff != "" {
			t.Errorf("organisations by kind (-want +got):\n%s", diff)
		}
		for _, v := range res.Villages {
			if !strings.HasPrefix(v.Path, res.County.Path) || v.Parent == res.County.ID {
				t.Errorf("village %s at %s is not below a township of the county", v.Name, v.Path)
			}
		}
	})

	t.Run("every module has records", func(t *testing.T) {
		for _, m := range env.App.Modules().Modules {
			if n := len(env.Rows(t, m.Name, 0)); n == 0 || n != res.Records[m.Name] {
				t.Errorf("module %s: %d live records, generator says %d", m.Name, n, res.Records[m.Name])
			}
		}
	})

	t.Run("villagers", func(t *testing.T) {
		villagers := env.Rows(t, "villager", 0)
		if len(villagers) != demo.DefaultVillagers || res.Villagers != demo.DefaultVillagers {
			t.Fatalf("%d villagers (result %d), want %d", len(villagers), res.Villagers, demo.DefaultVillagers)
		}
		villages := map[int64]bool{}
		for _, v := range res.Villages {
			villages[v.ID] = true
		}
		households := map[int64]store.Record{}
		for _, h := range env.Rows(t, "household", 0) {
			households[h["id"].(int64)] = h
		}
		mobile := regexp.MustCompile(`^1[3-9]\d{9}$`)
		heads, members := 0, 0
		for _, v := range villagers {
			id, _ := v["idCard"].(string)
			gender := "0"
			if (id[16]-'0')%2 == 1 {
				gender = "1"
			}
			birth := id[6:10] + "-" + id[10:12] + "-" + id[12:14]
			if !schema.ValidIDCard(id) || v["gender"] != gender || v["birthDate"] != birth {
				t.Fatalf("villager %v: id %s gender %v birth %v", v["name"], id, v["gender"], v["birthDate"])
			}
			if m, ok := v["mobile"].(string); ok && !mobile.MatchString(m) {
				t.Fatalf("villager %v: mobile %s", v["name"], m)
			}
			hh := households[v["household"].(int64)]
			if !villages[v["orgId"].(int64)] || hh == nil || hh["orgId"] != v["orgId"] || v["grid"] == nil {
				t.Fatalf("villager %v: org %v household %v grid %v", v["name"], v["orgId"], v["household"], v["grid"])
			}
			if v["relationToHead"] == "02" {
				heads++
				if hh["headIdCard"] != id {
					t.Fatalf("head %v is not the head of household %v", v["name"], hh["householdNo"])
				}
			}
		}
		for _, h := range households {
			members += int(h["memberCount"].(int64))
		}
		if heads != len(households) || members != len(villagers) {
			t.Errorf("%d heads and %d members in %d households, want %d and %d", heads, members, len(households),
				len(households), len(villagers))
		}
	})

	t.Run("users", func(t *testing.T) {
		if len(res.Accounts) < 1+3+12*3 {
			t.Fatalf("%d demo users", len(res.Accounts))
		}
		for _, a := range res.Accounts {
			u, err := env.Ent.User.Query().Where(user.ID(a.ID)).WithRoles().Only(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if u.MustChangePassword || !auth.VerifyPassword(u.PasswordHash, demo.Password) || len(u.Edges.Roles) != 1 ||
				u.Edges.Roles[0].Name != a.Role || *u.OrgID != a.OrgID {
				t.Errorf("user %s: must change %v, roles %v, org %v", a.Username, u.MustChangePassword, u.Edges.Roles, u.OrgID)
			}
		}
		if err := auth.CheckPasswordPolicy(demo.Password); err != nil {
			t.Errorf("demo password breaks the policy: %v", err)
		}
	})

	t.Run("a village user sees only the village", func(t *testing.T) {
		v := res.Villages[0]
		a := env.Account(t, "v01_admin")
		sc := store.Scope{TenantID: res.TenantID, UserID: a.ID, OrgID: v.ID, OrgPath: v.Path, Mode: store.ScopeSubtree}
		for _, m := range env.App.Modules().Modules {
			page, err := env.App.Store().List(ctx, m, sc, &query.Query{Size: query.MaxSize})
			if err != nil {
				t.Fatal(err)
			}
			if want := len(env.Rows(t, m.Name, v.ID)); int(page.Total) != want {
				t.Errorf("%s: village scope sees %d, the village has %d", m.Name, page.Total, want)
			}
			for _, r := range page.Rows {
				if r["orgId"] != v.ID {
					t.Fatalf("%s: village scope sees a record of org %v", m.Name, r["orgId"])
				}
			}
		}
		vm := env.App.Modules().Module("villager")
		other := env.Rows(t, "villager", res.Villages[1].ID)[0]["id"].(int64)
		if _, err := env.App.Store().Get(ctx, vm, sc, other); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("another village's villager: %v, want not found", err)
		}
	})

	t.Run("statuses and numbers", func(t *testing.T) {
		applyNo := regexp.MustCompile(`^SQ\d{8}-\d{4}$`)
		for _, name := range []string{"handicappedSubsidy", "basicAllowance", "landSubsidy", "medicalAid",
			"dangerousBuilding", "veteran"} {
			statuses := map[any]int{}
			for _, r := range env.Rows(t, name, 0) {
				statuses[r["auditStatus"]]++
				if !applyNo.MatchString(r["applyNo"].(string)) {
					t.Errorf("%s: applyNo %v", name, r["applyNo"])
				}
			}
			if len(statuses) < 2 {
				t.Errorf("%s: statuses %v, want a spread", name, statuses)
			}
		}
	})

	t.Run("household points add up", func(t *testing.T) {
		sums := map[int64]int64{}
		for _, r := range env.Rows(t, "pointsLog", 0) {
			if r["logStatus"] == int64(1) {
				sums[r["household"].(int64)] += r["points"].(int64)
			}
		}
		for _, h := range env.Rows(t, "household", 0) {
			got, _ := h["points"].(int64)
			if got != sums[h["id"].(int64)] {
				t.Fatalf("household %v: points %v, valid entries add up to %d", h["householdNo"], h["points"], sums[h["id"].(int64)])
			}
		}
	})
}

func TestGenerateRefusesThenForces(t *testing.T) {
	env, err := generate(t, demotest.Villagers, 3)
	if err != nil {
		t.Fatal(err)
	}
	opts := demo.Options{Store: env.App.Store(), Ent: env.Ent, Set: env.App.Modules(),
		Files: demotest.Files(t, env.App), Seed: 3,
		Villagers: demotest.Villagers, Now: demotest.Now}
	if _, err := demo.Generate(context.Background(), opts); !errors.Is(err, demo.ErrExists) {
		t.Fatalf("second run: %v, want ErrExists", err)
	}
	opts.Force = true
	res, err := demo.Generate(context.Background(), opts)
	if err != nil {
		t.Fatalf("forced run: %v", err)
	}
	if n := len(env.Rows(t, "villager", 0)); n != demotest.Villagers || len(res.Accounts) != len(env.County.Accounts) {
		t.Fatalf("after a forced run: %d villagers, %d users; want %d and %d", n, len(res.Accounts),
			demotest.Villagers, len(env.County.Accounts))
	}
	n, err := env.Ent.User.Query().Where(user.TenantID(res.TenantID)).Count(context.Background())
	if err != nil || n != len(res.Accounts)+1 {
		t.Fatalf("%d users in the tenant (%v), want the demo users and admin", n, err)
	}
}

// TestGenerateIsDeterministic: the same seed gives the same data, and the
// pipelined writer (a batch created while the next is built) gives exactly
// what writing one batch at a time gives — records, statuses and versions
// after the walks, ids, references — but for the clock's times and the
// files' random keys.
func TestGenerateIsDeterministic(t *testing.T) {
	snapshot := func(pipelined bool) []string {
		demo.SetPipelining(pipelined)
		defer demo.SetPipelining(true)
		env, err := generate(t, demotest.Villagers, 42)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, m := range []string{"villager", "household", "alarm", "event", "handicappedSubsidy", "visit",
			"pointsGoods", "pointsOrder", "pointsLog", "quarantine", "article", "partyOrg"} {
			for _, r := range env.Rows(t, m, 0) {
				delete(r, "createdAt")
				delete(r, "updatedAt")
				for k, v := range r {
					if s := fmt.Sprint(v); strings.Contains(s, "/api/oos/file/") {
						r[k] = "file"
					}
				}
				out = append(out, fmt.Sprint(m, r))
			}
		}
		return out
	}
	if diff := cmp.Diff(snapshot(false), snapshot(true)); diff != "" {
		t.Errorf("the same seed, one batch at a time and pipelined, differ (-serial +pipelined):\n%s", diff)
	}
}

func TestIDCheck(t *testing.T) {
	tests := []struct {
		body string
		want byte
	}{
		{"11010519491231002", 'X'}, // the standard's example
		{"44052418800101001", '4'},
	}
	for _, tt := range tests {
		t.Run(tt.body, func(t *testing.T) {
			if got := demo.IDCheck(tt.body); got != tt.want {
				t.Errorf("IDCheck(%s) = %c, want %c", tt.body, got, tt.want)
			}
		})
	}
}

func TestGenerateOnServers(t *testing.T) {
	for _, db := range []struct {
		name  string
		fresh func(testing.TB) string
	}{{"postgres", demotest.FreshPostgres}, {"mysql", demotest.FreshMySQL}} {
		t.Run(db.name, func(t *testing.T) {
			app := demotest.NewAppOn(t, db.fresh(t))
			client := demotest.Client(app)
			res, err := demo.Generate(context.Background(), demo.Options{Store: app.Store(), Ent: client,
				Set: app.Modules(), Files: demotest.Files(t, app), Seed: 5, Villagers: demotest.Villagers, Now: demotest.Now,
				DataDir: app.Config().DataDir, AdminPassword: "Admin#2025demo"})
			if err != nil {
				t.Fatalf("Generate: %v", err)
			}
			env := &demotest.Env{App: app, Ent: client, County: res}
			if n := len(env.Rows(t, "villager", 0)); n != demotest.Villagers || len(res.Villages) != 12 {
				t.Fatalf("%d villagers in %d villages", n, len(res.Villages))
			}
			for _, m := range app.Modules().Modules {
				if res.Records[m.Name] == 0 {
					t.Errorf("module %s has no records", m.Name)
				}
			}
		})
	}
}

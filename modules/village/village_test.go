package village_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"xiangzhi/modules/village"
	"xiangzhi/tools/demo/demotest"
)

// gridsOf are the third-level grids of a village (those holding villagers).
func gridsOf(t *testing.T, env *demotest.Env, village int64) []int64 {
	var out []int64
	for _, r := range env.Rows(t, "grid", village) {
		if r["gridLevel"] == int64(3) {
			out = append(out, r["id"].(int64))
		}
	}
	if len(out) < 2 {
		t.Fatalf("village %d has %d third-level grids", village, len(out))
	}
	return out
}

func TestGridHooks(t *testing.T) {
	env := demotest.New(t, village.Register)
	v1, v2 := env.Village(1), env.Village(2)
	admin := env.Login(t, "v01_admin")
	gridUser := env.Login(t, "v01_grid1")
	county := env.Login(t, "county_admin")
	g1 := gridsOf(t, env, v1.ID)
	g2 := gridsOf(t, env, v2.ID)
	members1 := env.Rows(t, "gridMember", v1.ID)
	members2 := env.Rows(t, "gridMember", v2.ID)
	villagers1 := env.Rows(t, "villager", v1.ID)
	villagers2 := env.Rows(t, "villager", v2.ID)
	base := "/cmzz/api/grid/gridInfo"

	t.Run("all grids in scope", func(t *testing.T) {
		status, res := env.Call(t, admin, http.MethodGet, base+"/getAllGridList", nil)
		list, _ := res["data"].([]any)
		if status != http.StatusOK || len(list) != len(env.Rows(t, "grid", v1.ID)) {
			t.Fatalf("village admin: %d, %d grids, want %d", status, len(list), len(env.Rows(t, "grid", v1.ID)))
		}
		status, res = env.Call(t, county, http.MethodGet, base+"/getAllGridList", nil)
		list, _ = res["data"].([]any)
		if status != http.StatusOK || len(list) != len(env.Rows(t, "grid", 0)) {
			t.Fatalf("county admin: %d, %d grids, want %d", status, len(list), len(env.Rows(t, "grid", 0)))
		}
	})

	tests := []struct {
		name   string
		token  string
		method string
		path   string
		body   any
		want   int
	}{
		{"member of another village", admin, http.MethodPost, base + "/setGridMember",
			map[string]any{"gridId": g1[0], "memberIds": []any{members2[0]["id"]}}, http.StatusNotFound},
		{"grid of another village", admin, http.MethodPost, base + "/setGridMember",
			map[string]any{"gridId": g2[0], "memberIds": []any{members1[0]["id"]}}, http.StatusNotFound},
		{"member without the edit code", gridUser, http.MethodPost, base + "/setGridMember",
			map[string]any{"gridId": g1[0], "memberIds": []any{members1[0]["id"]}}, http.StatusForbidden},
		{"no token", "", http.MethodPost, base + "/setGridMember",
			map[string]any{"gridId": g1[0], "memberIds": []any{members1[0]["id"]}}, http.StatusUnauthorized},
		{"unknown key", admin, http.MethodPost, base + "/setGridMember",
			map[string]any{"gridId": g1[0], "memberIds": []any{members1[0]["id"]}, "x": 1}, http.StatusBadRequest},
		{"no members", admin, http.MethodPost, base + "/setGridMember",
			map[string]any{"gridId": g1[0], "memberIds": []any{}}, http.StatusBadRequest},
		{"leader not a member", admin, http.MethodPost, base + "/setGridMember",
			map[string]any{"gridId": g1[0], "memberIds": []any{members1[0]["id"]}, "leaderId": members2[0]["id"]},
			http.StatusBadRequest},
		{"villager of another village", admin, http.MethodPost, base + "/setGridVillager",
			map[string]any{"gridId": g1[0], "villagerIds": []any{villagers2[0]["id"]}}, http.StatusNotFound},
		{"villager into a grid without the code", gridUser, http.MethodPost, base + "/setGridVillager",
			map[string]any{"gridId": g1[0], "villagerIds": []any{villagers1[0]["id"]}}, http.StatusForbidden},
		{"remove villager of another village", admin, http.MethodDelete,
			fmt.Sprintf("%s/deleteGridVillagerById/%v", base, villagers2[0]["id"]), nil, http.StatusNotFound},
		{"remove member of another village", admin, http.MethodDelete,
			fmt.Sprintf("%s/deleteGridMemberById/%v", base, members2[0]["id"]), nil, http.StatusNotFound},
		{"remove member without the code", gridUser, http.MethodDelete,
			fmt.Sprintf("%s/deleteGridMemberById/%v", base, members1[0]["id"]), nil, http.StatusForbidden},
		{"bad id", admin, http.MethodDelete, base + "/deleteGridVillagerById/abc", nil, http.StatusBadRequest},
		{"township puts a villager in another village's grid", env.Login(t, "town1_admin"), http.MethodPost,
			base + "/setGridVillager", map[string]any{"gridId": g1[0], "villagerIds": []any{villagers2[0]["id"]}},
			http.StatusBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, res := env.Call(t, tt.token, tt.method, tt.path, tt.body)
			if status != tt.want {
				t.Fatalf("status = %d, want %d; %v", status, tt.want, res)
			}
		})
	}

	t.Run("set a member and leader", func(t *testing.T) {
		m := members1[0]["id"]
		status, res := env.Call(t, admin, http.MethodPost, base+"/setGridMember",
			map[string]any{"gridId": g1[1], "memberIds": []any{m}, "leaderId": m})
		if status != http.StatusOK {
			t.Fatalf("status %d %v", status, res)
		}
		g := env.Get(t, "grid", g1[1])
		if !slices.Contains(g["members"].([]any), any(m)) || g["leader"] != m {
			t.Fatalf("grid members %v leader %v, want %v in both", g["members"], g["leader"], m)
		}
		status, res = env.Call(t, admin, http.MethodDelete, fmt.Sprintf("%s/deleteGridMemberById/%v?gridId=%d", base, m, g1[1]), nil)
		if status != http.StatusOK || demotest.Num(res["data"].(map[string]any)["updated"]) != 1 {
			t.Fatalf("delete member: %d %v", status, res)
		}
		g = env.Get(t, "grid", g1[1])
		if slices.Contains(g["members"].([]any), any(m)) || g["leader"] != nil {
			t.Fatalf("after delete: members %v leader %v", g["members"], g["leader"])
		}
	})

	t.Run("move a villager between grids", func(t *testing.T) {
		var v map[string]any
		for _, r := range villagers1 {
			if r["grid"] == g1[0] && r["lifeStatus"] == int64(1) {
				v = r
				break
			}
		}
		if v == nil {
			t.Fatal("no villager in the first grid")
		}
		from, to := env.Get(t, "grid", g1[0]), env.Get(t, "grid", g1[1])
		status, res := env.Call(t, admin, http.MethodPost, base+"/setGridVillager",
			map[string]any{"gridId": g1[1], "villagerIds": []any{v["id"]}})
		if status != http.StatusOK {
			t.Fatalf("status %d %v", status, res)
		}
		if got := env.Get(t, "villager", v["id"].(int64))["grid"]; got != g1[1] {
			t.Fatalf("villager grid = %v, want %d", got, g1[1])
		}
		from2, to2 := env.Get(t, "grid", g1[0]), env.Get(t, "grid", g1[1])
		if from2["residentPopulation"].(int64) >= from["residentPopulation"].(int64) ||
			to2["residentPopulation"].(int64) <= to["residentPopulation"].(int64) {
			t.Fatalf("counts: from %v→%v, to %v→%v", from["residentPopulation"], from2["residentPopulation"],
				to["residentPopulation"], to2["residentPopulation"])
		}
		status, res = env.Call(t, admin, http.MethodDelete, fmt.Sprintf("%s/deleteGridVillagerById/%v", base, v["id"]), nil)
		if status != http.StatusOK {
			t.Fatalf("remove: %d %v", status, res)
		}
		if got := env.Get(t, "villager", v["id"].(int64))["grid"]; got != nil {
			t.Fatalf("villager grid after removal = %v", got)
		}
		if env.Get(t, "grid", g1[1])["residentPopulation"].(int64) != to["residentPopulation"].(int64) {
			t.Fatal("grid count not restored after removal")
		}
	})
}

func TestSetVillagerTags(t *testing.T) {
	env := demotest.New(t, village.Register)
	v1, v2 := env.Village(1), env.Village(2)
	admin := env.Login(t, "v01_admin")
	none := env.UserWithoutRoles(t, v1.ID)
	tags := env.Rows(t, "personTag", 0)
	villager := env.Rows(t, "villager", v1.ID)[0]
	other := env.Rows(t, "villager", v2.ID)[0]
	path := "/cmzz/api/personTag/setVillagerTags"

	tests := []struct {
		name  string
		token string
		body  map[string]any
		want  int
	}{
		{"another village's villager", admin, map[string]any{"villagerId": other["id"], "tagIds": []any{tags[0]["id"]}}, http.StatusNotFound},
		{"unknown tag", admin, map[string]any{"villagerId": villager["id"], "tagIds": []any{999999}}, http.StatusNotFound},
		{"without the code", none, map[string]any{"villagerId": villager["id"], "tagIds": []any{tags[0]["id"]}}, http.StatusForbidden},
		{"no villager", admin, map[string]any{"tagIds": []any{tags[0]["id"]}}, http.StatusBadRequest},
		{"no tags", admin, map[string]any{"villagerId": villager["id"]}, http.StatusBadRequest},
		{"bad mode", admin, map[string]any{"villagerId": villager["id"], "tagIds": []any{}, "mode": "x"}, http.StatusBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if status, res := env.Call(t, tt.token, http.MethodPost, path, tt.body); status != tt.want {
				t.Fatalf("status = %d, want %d; %v", status, tt.want, res)
			}
		})
	}

	steps := []struct {
		mode string
		tags []any
		want []any
	}{
		{"replace", []any{tags[0]["id"], tags[1]["id"]}, []any{tags[0]["id"], tags[1]["id"]}},
		{"add", []any{tags[2]["id"]}, []any{tags[0]["id"], tags[1]["id"], tags[2]["id"]}},
		{"remove", []any{tags[0]["id"]}, []any{tags[1]["id"], tags[2]["id"]}},
		{"replace", []any{}, nil},
	}
	for _, s := range steps {
		t.Run("mode "+s.mode, func(t *testing.T) {
			status, res := env.Call(t, admin, http.MethodPost, path,
				map[string]any{"villagerIds": []any{villager["id"]}, "tagIds": s.tags, "mode": s.mode})
			if status != http.StatusOK {
				t.Fatalf("status %d %v", status, res)
			}
			got, _ := env.Get(t, "villager", villager["id"].(int64))["tags"].([]any)
			if fmt.Sprint(got) != fmt.Sprint(s.want) && !(len(got) == 0 && s.want == nil) {
				t.Fatalf("tags = %v, want %v", got, s.want)
			}
		})
	}
}

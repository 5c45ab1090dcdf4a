package demo_test

import (
	"bytes"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"xiangzhi/engine/schema"
	"xiangzhi/tools/demo/demotest"
)

// TestEveryModuleAPI walks every module of the embedded schema set over
// the module API of a real app on a small demo county: as county_admin
// (every operation of every module) create, list by id, get, update with
// the version, export, each status action and delete; and, for every
// org-scoped module two village administrators may list and add, a
// record of village 2 is neither in village 1's list nor readable by id.
func TestEveryModuleAPI(t *testing.T) {
	env := demotest.New(t)
	mk := newMaker(env)
	admin := env.Login(t, "county_admin")
	mods := env.App.Modules().Modules
	if len(mods) == 0 {
		t.Fatal("the schema set has no modules")
	}
	for _, m := range mods {
		t.Run(m.Name, func(t *testing.T) { walkModule(t, env, mk, admin, m) })
	}

	tokA, tokB := env.Login(t, "v01_admin"), env.Login(t, "v02_admin")
	villageB := env.Village(2).ID
	checked := 0
	for _, m := range mods {
		if !m.OrgScoped {
			continue
		}
		t.Run("scope/"+m.Name, func(t *testing.T) {
			if st, _ := env.Call(t, tokA, http.MethodGet, api(m)+"?size=1", nil); st == http.StatusForbidden {
				t.Skipf("v01_admin may not list %s", m.Name)
			}
			if st, _ := env.Call(t, tokB, http.MethodGet, api(m)+"?size=1", nil); st == http.StatusForbidden {
				t.Skipf("v02_admin may not list %s", m.Name)
			}
			st, out := env.Call(t, tokB, http.MethodPost, api(m), mk.inReach(t, m, mk.record(t, m, villageB), villageB))
			if st == http.StatusForbidden {
				t.Skipf("v02_admin may not add to %s", m.Name)
			}
			if st != http.StatusOK {
				t.Fatalf("%s", statusCode("POST", api(m)+" as v02_admin", st, http.StatusOK, out))
			}
			checked++
			id := demotest.Num(dataOf(out)["id"])
			if got := total(t, env, tokB, m, id); got != 1 {
				t.Errorf("v02_admin lists its own record %d %d times, want 1", id, got)
			}
			if got := total(t, env, tokA, m, id); got != 0 {
				t.Errorf("v01_admin lists village 2's record %d %d times, want 0", id, got)
			}
			if st, out := env.Call(t, tokA, http.MethodGet, fmt.Sprintf("%s/%d", api(m), id), nil); st != http.StatusNotFound {
				t.Errorf("%s", statusCode("GET", "village 2's record as v01_admin", st, http.StatusNotFound, out))
			}
		})
	}
	if checked == 0 {
		t.Error("no org-scoped module was open to both village administrators")
	}
	t.Logf("walked %d modules; data scope checked on %d", len(mods), checked)
}

// walkModule runs every operation of m as a user who may do everything.
func walkModule(t *testing.T, env *demotest.Env, mk *maker, tok string, m *schema.Module) {
	base := api(m)
	create := func() (int64, map[string]any) {
		t.Helper()
		st, out := env.Call(t, tok, http.MethodPost, base, mk.record(t, m, env.County.County.ID))
		id := demotest.Num(dataOf(out)["id"])
		if st != http.StatusOK || id <= 0 {
			t.Fatalf("%s", statusCode("POST", base, st, http.StatusOK, out))
		}
		return id, dataOf(out)
	}
	get := func(id int64) map[string]any {
		t.Helper()
		st, out := env.Call(t, tok, http.MethodGet, fmt.Sprintf("%s/%d", base, id), nil)
		if st != http.StatusOK {
			t.Fatalf("%s", statusCode("GET", base, st, http.StatusOK, out))
		}
		return dataOf(out)
	}

	id, _ := create()
	if got := total(t, env, tok, m, id); got != 1 {
		t.Errorf("list id.equals=%d: total %d, want 1", id, got)
	}
	rec := get(id)
	if demotest.Num(rec["id"]) != id {
		t.Fatalf("GET %s/%d answers id %v", base, id, rec["id"])
	}
	if m.Status != nil && demotest.Num(rec[m.Status.Field]) != int64(m.Status.Initial) {
		t.Errorf("new record's %s = %v, want the initial %d", m.Status.Field, rec[m.Status.Field], m.Status.Initial)
	}

	version := demotest.Num(rec["version"])
	if name, value, ok := mk.change(m, rec); ok {
		path := fmt.Sprintf("%s/%d", base, id)
		st, out := env.Call(t, tok, http.MethodPut, path, map[string]any{name: value, "version": version})
		if st != http.StatusOK {
			t.Fatalf("%s", statusCode("PUT", path, st, http.StatusOK, out))
		}
		after := get(id)
		if v := demotest.Num(after["version"]); v != version+1 {
			t.Errorf("version after update = %d, want %d", v, version+1)
		}
		if fmt.Sprint(after[name]) != fmt.Sprint(value) {
			t.Errorf("%s after update = %v, want %v", name, after[name], value)
		}
	} else {
		t.Errorf("module %s has no field the smoke test can change", m.Name)
	}

	if m.Export {
		st, body := raw(env, tok, http.MethodGet, base+"/export")
		if st != http.StatusOK || !bytes.HasPrefix(body, []byte("PK\x03\x04")) {
			t.Errorf("GET %s/export = %d, %d bytes starting %q: want an xlsx", base, st, len(body), head(body))
		}
	}

	if m.Status != nil {
		walkActions(t, env, tok, m, id, create)
	}

	path := fmt.Sprintf("%s/%d", base, id)
	if st, out := env.Call(t, tok, http.MethodDelete, path, nil); st != http.StatusOK {
		t.Fatalf("%s", statusCode("DELETE", path, st, http.StatusOK, out))
	}
	if st, out := env.Call(t, tok, http.MethodGet, path, nil); st != http.StatusNotFound {
		t.Errorf("%s", statusCode("GET deleted", path, st, http.StatusNotFound, out))
	}
}

// walkActions runs every status action reachable from the initial status:
// on record id while it can, then each remaining action on a new record
// moved there by a shortest path of actions.
func walkActions(t *testing.T, env *demotest.Env, tok string, m *schema.Module, id int64,
	create func() (int64, map[string]any)) {
	t.Helper()
	st := m.Status
	done := map[string]bool{}
	cur := st.Initial
	for {
		i := slices.IndexFunc(st.Actions, func(a schema.Action) bool { return !done[a.Name] && slices.Contains(a.From, cur) })
		if i < 0 {
			break
		}
		a := st.Actions[i]
		act(t, env, tok, m, id, a)
		done[a.Name], cur = true, a.To
	}
	for _, a := range st.Actions {
		if done[a.Name] {
			continue
		}
		steps := path(st, st.Initial, a.From)
		if steps == nil {
			t.Logf("action %s of %s is not reachable from the initial status %d", a.Name, m.Name, st.Initial)
			continue
		}
		other, _ := create()
		for _, s := range append(steps, a) {
			act(t, env, tok, m, other, s)
			done[s.Name] = true
		}
	}
}

// act runs one status action and checks the record's new status.
func act(t *testing.T, env *demotest.Env, tok string, m *schema.Module, id int64, a schema.Action) {
	t.Helper()
	body := map[string]any{"action": a.Name}
	if a.Comment != schema.CommentNone {
		body["comment"] = "冒烟测试：" + a.Label
	}
	path := fmt.Sprintf("%s/%d/status", api(m), id)
	st, out := env.Call(t, tok, http.MethodPut, path, body)
	if st != http.StatusOK {
		t.Fatalf("%s", statusCode("PUT "+a.Name, path, st, http.StatusOK, out))
	}
	st, out = env.Call(t, tok, http.MethodGet, fmt.Sprintf("%s/%d", api(m), id), nil)
	if got := demotest.Num(dataOf(out)[m.Status.Field]); st != http.StatusOK || got != int64(a.To) {
		t.Errorf("after %s: GET = %d, %s = %d, want %d", a.Name, st, m.Status.Field, got, a.To)
	}
}

// total is the recordsTotal of the module's list filtered on one id.
func total(t *testing.T, env *demotest.Env, tok string, m *schema.Module, id int64) int64 {
	t.Helper()
	path := fmt.Sprintf("%s?id.equals=%d", api(m), id)
	st, out := env.Call(t, tok, http.MethodGet, path, nil)
	if st != http.StatusOK {
		t.Fatalf("%s", statusCode("GET", path, st, http.StatusOK, out))
	}
	return demotest.Num(dataOf(out)["recordsTotal"])
}

// dataOf is the envelope's data object (empty when it has none).
func dataOf(env map[string]any) map[string]any {
	d, _ := env["data"].(map[string]any)
	if d == nil {
		d = map[string]any{}
	}
	return d
}

func head(b []byte) []byte { return b[:min(len(b), 16)] }

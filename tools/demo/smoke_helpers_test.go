package demo_test

// Helpers of the API smoke test: raw calls (for the export's bytes), valid
// records made from the demo county's own records (the generator's output,
// validated as the API validates) with fresh values for unique fields, and
// the one-field change an update sends.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"xiangzhi/engine"
	"xiangzhi/engine/schema"
	"xiangzhi/tools/demo"
	"xiangzhi/tools/demo/demotest"
)

// onEachDatabase runs body as a subtest with a new app on SQLite, and on
// PostgreSQL and MySQL/MariaDB (each skipped unless XZ_TEST_POSTGRES /
// XZ_TEST_MYSQL is set).
func onEachDatabase(t *testing.T, body func(t *testing.T, app *engine.App)) {
	for _, db := range []struct {
		name string
		app  func(t *testing.T) *engine.App
	}{
		{"sqlite", func(t *testing.T) *engine.App { return demotest.NewApp(t) }},
		{"postgres", func(t *testing.T) *engine.App { return demotest.NewAppOn(t, demotest.FreshPostgres(t)) }},
		{"mysql", func(t *testing.T) *engine.App { return demotest.NewAppOn(t, demotest.FreshMySQL(t)) }},
	} {
		t.Run(db.name, func(t *testing.T) { body(t, db.app(t)) })
	}
}

// raw sends a request with the token and answers the status and body.
func raw(env *demotest.Env, token, method, path string) (int, []byte) {
	req := httptest.NewRequest(method, path, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	req.RemoteAddr = "192.0.2.10:40000"
	rec := httptest.NewRecorder()
	env.App.Handler().ServeHTTP(rec, req)
	return rec.Code, rec.Body.Bytes()
}

// maker builds valid records for the API from the county's records.
type maker struct {
	env   *demotest.Env
	set   *schema.Set
	taken map[string]map[string]bool // module.field → unique values given out
	n     int
}

func newMaker(env *demotest.Env) *maker {
	return &maker{env: env, set: env.App.Modules(), taken: map[string]map[string]bool{}}
}

// jsonRecord turns a store record into what the API would answer for it.
func jsonRecord(t *testing.T, v any) map[string]any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]any{}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

// record is a valid new record of m: a copy of the declared, writable
// fields of a live record of organisation orgID (of any organisation when
// that has none), with fresh values in its unique fields. It fails the
// test when the module has no record to copy or no valid copy is found.
func (mk *maker) record(t *testing.T, m *schema.Module, orgID int64) map[string]any {
	t.Helper()
	rows := mk.env.Rows(t, m.Name, orgID)
	if len(rows) == 0 {
		rows = mk.env.Rows(t, m.Name, 0)
	}
	if len(rows) == 0 {
		t.Fatalf("module %s has no demo record to copy", m.Name)
	}
	src := jsonRecord(t, mk.env.Get(t, m.Name, rows[0]["id"].(int64)))
	rec := writable(m, m.Fields, src)
	for i := range m.Fields {
		f := &m.Fields[i]
		if f.Unique && rec[f.Name] != nil {
			rec[f.Name] = mk.fresh(t, m, f, rec)
		}
	}
	if err := schema.Validate(m, mk.set, rec, false); err != nil {
		t.Fatalf("copy of %s %v is not valid: %v %+v", m.Name, src["id"], err, fieldErrors(err))
	}
	return rec
}

// inReach makes rec's references name what a member of village orgID
// could read (a write may reference nothing else): a reference to a
// data-scoped module takes a record of the village, or is left out when the
// village has none; an organisation reference takes the village. The
// generator places references across levels (a village's old person in the
// township's pension institution), which a village's member cannot write; a
// module whose required reference has no record in the village is skipped.
func (mk *maker) inReach(t *testing.T, m *schema.Module, rec map[string]any, orgID int64) map[string]any {
	t.Helper()
	for i := range m.Fields {
		f := &m.Fields[i]
		if f.Type != schema.TypeRef || rec[f.Name] == nil {
			continue
		}
		target := mk.set.RefModule(f)
		var id any = orgID
		switch {
		case target == nil && f.Ref != schema.RefOrg, target != nil && !target.OrgScoped:
			continue
		case target != nil:
			own := mk.env.Rows(t, target.Name, orgID)
			for _, up := range mk.above(orgID) {
				if len(own) == 0 && target.ShareDown {
					own = mk.env.Rows(t, target.Name, up) // reference data of the township or county
				}
			}
			if len(own) == 0 && f.Required {
				t.Skipf("%s.%s: no %s of the village to reference", m.Name, f.Name, target.Name)
			}
			if len(own) == 0 {
				delete(rec, f.Name)
				continue
			}
			id = own[0]["id"]
		}
		if f.Multiple {
			rec[f.Name] = []any{id}
		} else {
			rec[f.Name] = id
		}
	}
	return rec
}

// above lists the organisations above orgID, nearest first.
func (mk *maker) above(orgID int64) []int64 {
	places := map[int64]int64{mk.env.County.County.ID: 0} // organisation → its parent
	for _, p := range mk.env.County.Townships {
		places[p.ID] = p.Parent
	}
	for _, p := range mk.env.County.Villages {
		places[p.ID] = p.Parent
	}
	var out []int64
	for id := places[orgID]; id != 0; id = places[id] {
		out = append(out, id)
	}
	return out
}

// writable keeps the declared fields a client may send (children rows
// likewise), dropping the status field and read-only fields.
func writable(m *schema.Module, fields []schema.Field, src map[string]any) map[string]any {
	out := map[string]any{}
	for i := range fields {
		f := &fields[i]
		v, ok := src[f.Name]
		if !ok || v == nil || f.ReadOnly || (m.Status != nil && f.Name == m.Status.Field) {
			continue
		}
		if f.Type == schema.TypeChildren {
			rows, _ := v.([]any)
			kept := make([]any, 0, len(rows))
			for _, r := range rows {
				if row, ok := r.(map[string]any); ok {
					kept = append(kept, writable(m, f.Fields, row))
				}
			}
			v = kept
		}
		out[f.Name] = v
	}
	return out
}

func fieldErrors(err error) []schema.FieldError {
	if ve, ok := err.(*schema.ValidationError); ok {
		return ve.Errors
	}
	return nil
}

// fresh is a value for unique field f that no live record of m holds and
// that keeps rec valid.
func (mk *maker) fresh(t *testing.T, m *schema.Module, f *schema.Field, rec map[string]any) any {
	t.Helper()
	key := m.Name + "." + f.Name
	if mk.taken[key] == nil {
		mk.taken[key] = map[string]bool{}
		for _, r := range mk.env.Rows(t, m.Name, 0) {
			mk.taken[key][fmt.Sprint(r[f.Name])] = true
		}
	}
	old := rec[f.Name]
	defer func() { rec[f.Name] = old }()
	for _, c := range mk.candidates(f, fmt.Sprint(old)) {
		if mk.taken[key][fmt.Sprint(c)] {
			continue
		}
		rec[f.Name] = c
		if schema.Validate(m, mk.set, rec, false) == nil {
			mk.taken[key][fmt.Sprint(c)] = true
			return c
		}
	}
	t.Fatalf("no fresh value for unique field %s (was %v)", key, old)
	return nil
}

// candidates are values to try for a unique field whose copied value is v.
func (mk *maker) candidates(f *schema.Field, v string) []any {
	var out []any
	for k := 0; k < 200; k++ {
		mk.n++
		n := mk.n
		switch f.Type {
		case schema.TypeIDCard:
			if len(v) == 18 {
				seq := (n*2 + int(v[16]-'0')%2) % 1000 // keeps the gender digit's parity
				body := v[:14] + fmt.Sprintf("%03d", seq)
				out = append(out, body+string(demo.IDCheck(body)))
			}
		case schema.TypeMobile:
			out = append(out, fmt.Sprintf("139%08d", 7000000+n))
		case schema.TypeInt:
			out = append(out, json.Number(fmt.Sprint(900000+n)))
		default:
			d := fmt.Sprint(n)
			r := []rune(v)
			out = append(out, v+d, v+"_"+d, "x"+d, d)
			if len(r) > len(d) {
				out = append(out, string(r[:len(r)-len(d)])+d)
			}
		}
	}
	return out
}

// change is a one-field update of rec that stays valid: a text field
// rewritten, else a number moved within its range, else a flag flipped,
// else another choice of a single-choice field.
func (mk *maker) change(m *schema.Module, rec map[string]any) (string, any, bool) {
	try := func(name string, v any) bool {
		return schema.Validate(m, mk.set, map[string]any{name: v}, true) == nil
	}
	for _, types := range [][]schema.FieldType{{schema.TypeString, schema.TypeText, schema.TypeRichText},
		{schema.TypeInt, schema.TypeDecimal}, {schema.TypeBool}, {schema.TypeEnum}} {
		for i := range m.Fields {
			f := &m.Fields[i]
			if f.ReadOnly || f.Unique || f.Pattern != "" || !slices.Contains(types, f.Type) ||
				(m.Status != nil && f.Name == m.Status.Field) {
				continue
			}
			var cands []any
			switch f.Type {
			case schema.TypeBool:
				b, _ := rec[f.Name].(bool)
				cands = []any{!b}
			case schema.TypeEnum:
				if !f.Multiple {
					for _, o := range schema.Choices(f, mk.set) {
						cands = append(cands, o.Value)
					}
				}
			case schema.TypeInt, schema.TypeDecimal:
				cands = []any{json.Number("1"), json.Number("2"), json.Number("0")}
			default:
				cands = []any{"冒烟测试修改", "修改", "改"}
			}
			for _, c := range cands {
				if fmt.Sprint(c) != fmt.Sprint(rec[f.Name]) && try(f.Name, c) {
					return f.Name, c, true
				}
			}
		}
	}
	return "", nil, false
}

// path is a shortest list of actions of the workflow from status from to
// any status in goal (nil when none leads there, empty when from is one).
func path(st *schema.Status, from int, goal []int) []schema.Action {
	type step struct {
		status int
		via    []schema.Action
	}
	seen := map[int]bool{from: true}
	queue := []step{{from, []schema.Action{}}}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if slices.Contains(goal, s.status) {
			return s.via
		}
		for _, a := range st.Actions {
			if slices.Contains(a.From, s.status) && !seen[a.To] {
				seen[a.To] = true
				queue = append(queue, step{a.To, append(slices.Clone(s.via), a)})
			}
		}
	}
	return nil
}

// api is a module's base path without a trailing slash.
func api(m *schema.Module) string { return strings.TrimSuffix(m.API, "/") }

// statusCode is the wanted-vs-got message of a call that failed.
func statusCode(method, path string, got, want int, env map[string]any) string {
	return fmt.Sprintf("%s %s = %d, want %d: %v", method, path, got, want, env)
}

package store

import (
	"encoding/json"
	"regexp"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// fromJSON decodes a record as the HTTP layer would.
func fromJSON(t *testing.T, s string) Record {
	t.Helper()
	var r Record
	if err := json.Unmarshal([]byte(s), &r); err != nil {
		t.Fatal(err)
	}
	return r
}

func testTypes(t *testing.T, s *Store) {
	m := setup(t, s)
	in := fromJSON(t, `{
		"name": "张三", "idCard": "110101199003077777", "mobile": "13800000000", "email": "a@b.cn",
		"grade": 2, "kind": 2, "color": "red", "tags": ["a_1", "c"], "helpers": [7, 8],
		"amount": 1234.56, "age": 30, "poor": true, "applyDate": "2024-03-01",
		"visitedAt": "2024-03-01 08:30:00", "villager": 42, "photo": "/files/a.png",
		"proofs": [{"name": "证明.pdf", "url": "/files/1"}],
		"location": {"lng": 120.123456, "lat": 30.5},
		"boundary": {"type": "Polygon", "coordinates": [[[120, 30], [121, 30], [121, 31], [120, 30]]]},
		"extra": {"k": "v", "n": 1.5, "ok": false}, "remark": "", "intro": "<p>你好</p>",
		"orgId": 5, "auditStatus": 3, "version": 7, "createdBy": 99,
		"family": [{"name": "李四", "relation": "spouse", "birthday": "1990-01-02"}, {"name": "小明", "relation": "child"}]
	}`)
	got := mustCreate(t, s, m, viewer, in)
	want := Record{
		"orgId": int64(5), "createdBy": int64(10), "updatedBy": int64(10), "version": int64(1),
		"name": "张三", "idCard": "110101199003077777", "mobile": "13800000000", "email": "a@b.cn",
		"grade": "2", "kind": int64(2), "color": "red", "tags": []any{"a_1", "c"}, "helpers": []any{int64(7), int64(8)},
		"amount": 1234.56, "age": int64(30), "poor": true, "applyDate": "2024-03-01",
		"visitedAt": "2024-03-01 08:30:00", "villager": int64(42), "photo": "/files/a.png",
		"proofs":   []any{map[string]any{"name": "证明.pdf", "url": "/files/1"}},
		"location": map[string]any{"lng": 120.123456, "lat": 30.5},
		"boundary": map[string]any{"type": "Polygon", "coordinates": []any{[]any{
			[]any{int64(120), int64(30)}, []any{int64(121), int64(30)}, []any{int64(121), int64(31)}, []any{int64(120), int64(30)}}}},
		"extra": map[string]any{"k": "v", "n": 1.5, "ok": false}, "remark": "", "intro": "<p>你好</p>",
		"auditStatus": int64(1),
		"family": []Record{
			{"name": "李四", "relation": "spouse", "birthday": "1990-01-02"},
			{"name": "小明", "relation": "child", "birthday": nil},
		},
		"history": []Transition{},
	}
	ignore := cmpopts.IgnoreMapEntries(func(k string, _ any) bool {
		return k == "id" || k == "createdAt" || k == "updatedAt"
	})
	if diff := cmp.Diff(want, got, ignore); diff != "" {
		t.Fatalf("created record mismatch (-want +got):\n%s", diff)
	}
	stamp := regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$`)
	for _, k := range []string{"createdAt", "updatedAt"} {
		if v, _ := got[k].(string); !stamp.MatchString(v) {
			t.Errorf("%s = %v, want 2006-01-02 15:04:05", k, got[k])
		}
	}
	id := got["id"].(int64)
	again, err := s.Get(ctx, m, viewer, id)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(got, again); diff != "" {
		t.Fatalf("Get differs from Create's answer (-create +get):\n%s", diff)
	}
	// The list shows the same values (without children and history).
	p := listQ(t, s, m, viewer, "")
	delete(again, "family")
	delete(again, "history")
	if diff := cmp.Diff([]Record{again}, p.Rows); diff != "" {
		t.Fatalf("listed record mismatch (-get +list):\n%s", diff)
	}

	// Empty values: absent or "" become null (text keeps "").
	empty := mustCreate(t, s, m, viewer, fromJSON(t, `{"name": "", "age": "", "applyDate": "", "tags": null}`))
	for _, k := range []string{"age", "applyDate", "tags", "amount", "poor", "location", "visitedAt"} {
		if v, ok := empty[k]; !ok || v != nil {
			t.Errorf("empty record %s = %#v (present %v), want nil", k, v, ok)
		}
	}
	if empty["name"] != "" {
		t.Errorf("empty name = %#v, want \"\"", empty["name"])
	}

	// Datetimes with a zone are stored as wall clock in the server's zone.
	zoned := mustCreate(t, s, m, viewer, Record{"visitedAt": "2024-03-01T00:30:00Z", "poor": false, "amount": 0.1})
	wantAt := time.Date(2024, 3, 1, 0, 30, 0, 0, time.UTC).In(time.Local).Format(DateTimeLayout)
	if zoned["visitedAt"] != wantAt || zoned["poor"] != false || zoned["amount"] != 0.1 {
		t.Errorf("zoned record = %v %v %v, want %s false 0.1", zoned["visitedAt"], zoned["poor"], zoned["amount"], wantAt)
	}
}

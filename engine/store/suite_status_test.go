package store

import (
	"errors"
	"fmt"
	"net/url"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"xiangzhi/engine/query"
)

func testChildren(t *testing.T, s *Store) {
	m := setup(t, s)
	r := mustCreate(t, s, m, viewer, fromJSON(t, `{"name": "户主", "family": [
		{"name": "甲", "relation": "spouse", "birthday": "1980-02-03"}, {"name": "乙", "relation": "child"}]}`))
	id := r["id"].(int64)
	kids := func(rec Record) []string {
		var out []string
		for _, k := range rec["family"].([]Record) {
			out = append(out, k["name"].(string))
		}
		return out
	}
	if got := kids(r); !cmp.Equal(got, []string{"甲", "乙"}) {
		t.Fatalf("children = %q, want [甲 乙]", got)
	}
	up, err := s.Update(ctx, m, viewer, id, fromJSON(t, `{"family": [{"id": 1, "name": "丙"}]}`))
	if err != nil || !cmp.Equal(kids(up), []string{"丙"}) {
		t.Fatalf("replaced children = %v, %v; want [丙]", up["family"], err)
	}
	up, err = s.Update(ctx, m, viewer, id, Record{"name": "户主2"})
	if err != nil || !cmp.Equal(kids(up), []string{"丙"}) {
		t.Fatalf("children after an update without them = %v, %v; want [丙]", up["family"], err)
	}
	up, err = s.Update(ctx, m, viewer, id, fromJSON(t, `{"family": []}`))
	if err != nil || len(up["family"].([]Record)) != 0 {
		t.Fatalf("children after clearing = %v, %v; want none", up["family"], err)
	}
	// A failed update leaves the children as they were.
	if _, err := s.Update(ctx, m, viewer, id, fromJSON(t, `{"family": [{"name": "丁"}], "kind": 99}`)); err == nil {
		t.Fatal("Update with a bad option succeeded")
	}
	if got, _ := s.Get(ctx, m, viewer, id); len(got["family"].([]Record)) != 0 {
		t.Fatalf("children after a failed update = %v, want none", got["family"])
	}
}

func testTransitions(t *testing.T, s *Store) {
	m := setup(t, s)
	r := mustCreate(t, s, m, viewer, Record{"name": "a"})
	id := r["id"].(int64)
	if r["auditStatus"] != int64(1) {
		t.Fatalf("initial status %v, want 1", r["auditStatus"])
	}
	got, err := s.Transition(ctx, m, viewer, id, action(m, "approve"), "  同意  ")
	if err != nil || got["auditStatus"] != int64(2) || got["version"] != int64(2) {
		t.Fatalf("approve = %v, %v; want status 2, version 2", got, err)
	}
	_, err = s.Transition(ctx, m, viewer, id, action(m, "reject"), "太晚")
	wantStatus(t, err, 409, "当前状态不允许执行“驳回”操作")
	var te *TransitionError
	if !errors.As(err, &te) || te.From != 2 {
		t.Fatalf("error %v, want *TransitionError from 2", err)
	}

	r2 := mustCreate(t, s, m, viewer, Record{"name": "b"})
	id2 := r2["id"].(int64)
	_, err = s.Transition(ctx, m, viewer, id2, action(m, "reject"), " ")
	wantStatus(t, err, 400, "请填写“驳回”的意见")
	if _, err := s.Transition(ctx, m, viewer, id2, action(m, "reject"), "材料不全"); err != nil {
		t.Fatal(err)
	}
	other := viewer
	other.UserID = 11
	if _, err := s.Transition(ctx, m, other, id2, action(m, "reopen"), ""); err != nil {
		t.Fatal(err)
	}
	h, err := s.History(ctx, m, viewer, id2)
	if err != nil {
		t.Fatal(err)
	}
	want := []Transition{
		{Action: "reject", From: 1, To: 3, Comment: "材料不全", UserID: 10},
		{Action: "reopen", From: 3, To: 1, UserID: 11},
	}
	if diff := cmp.Diff(want, h, cmpopts.IgnoreFields(Transition{}, "ID", "CreatedAt")); diff != "" {
		t.Fatalf("History mismatch (-want +got):\n%s", diff)
	}
	if h[0].CreatedAt.IsZero() || h[0].ID >= h[1].ID {
		t.Errorf("history times/ids not set in order: %+v", h)
	}
	g, err := s.Get(ctx, m, viewer, id2)
	if err != nil || !cmp.Equal(g["history"], h) {
		t.Fatalf("Get history = %v, %v; want %v", g["history"], err, h)
	}
	if h1, _ := s.History(ctx, m, viewer, id); len(h1) != 1 || h1[0].Comment != "同意" {
		t.Errorf("first record history = %+v, want one approve with comment 同意", h1)
	}
	if _, err := s.Transition(ctx, m, viewer, id+1000, action(m, "approve"), ""); !errors.Is(err, ErrNotFound) {
		t.Errorf("Transition of a missing record: %v, want ErrNotFound", err)
	}
}

// testSteps: a batch of status actions and updates writes what the same
// calls of Transition and Update would, and one failure keeps none of it.
func testSteps(t *testing.T, s *Store) {
	m := setup(t, s)
	a := mustCreate(t, s, m, viewer, Record{"name": "a"})["id"].(int64)
	b := mustCreate(t, s, m, viewer, Record{"name": "b"})["id"].(int64)
	other := viewer
	other.UserID = 11
	approve, reject, reopen := action(m, "approve"), action(m, "reject"), action(m, "reopen")
	err := s.Steps(ctx, m, []Step{
		{Scope: viewer, ID: a, Action: &approve, Comment: " 同意 "},
		{Scope: viewer, ID: b, Action: &reject, Comment: "材料不全"},
		{Scope: viewer, ID: a, Update: Record{"name": "a2"}},
		{Scope: other, ID: b, Action: &reopen},
	})
	if err != nil {
		t.Fatal(err)
	}
	ga, _ := s.Get(ctx, m, viewer, a)
	if ga["auditStatus"] != int64(2) || ga["name"] != "a2" || ga["version"] != int64(3) {
		t.Fatalf("after the steps a = %v, want status 2, name a2, version 3", ga)
	}
	hb, err := s.History(ctx, m, viewer, b)
	if err != nil {
		t.Fatal(err)
	}
	want := []Transition{
		{Action: "reject", From: 1, To: 3, Comment: "材料不全", UserID: 10},
		{Action: "reopen", From: 3, To: 1, UserID: 11},
	}
	if diff := cmp.Diff(want, hb, cmpopts.IgnoreFields(Transition{}, "ID", "CreatedAt")); diff != "" {
		t.Fatalf("history of steps mismatch (-want +got):\n%s", diff)
	}
	if ha, _ := s.History(ctx, m, viewer, a); len(ha) != 1 || ha[0].Comment != "同意" {
		t.Errorf("history of a = %+v, want one approve with comment 同意", ha)
	}

	// The second step is not allowed from b's status: the first is undone.
	err = s.Steps(ctx, m, []Step{
		{Scope: viewer, ID: b, Update: Record{"name": "b2"}},
		{Scope: viewer, ID: a, Action: &reject, Comment: "太晚"},
	})
	wantStatus(t, err, 409, "当前状态不允许执行“驳回”操作")
	if gb, _ := s.Get(ctx, m, viewer, b); gb["name"] != "b" {
		t.Errorf("name after a failed batch = %v, want b", gb["name"])
	}
	err = s.Steps(ctx, m, []Step{{Scope: viewer, ID: b, Action: &reject, Comment: " "}})
	wantStatus(t, err, 400, "请填写“驳回”的意见")
}

func testStats(t *testing.T, s *Store) {
	m := setup(t, s)
	seed(t, s, m, viewer,
		`{"kind": 1, "poor": true, "grade": "1", "applyDate": "2024-01-05", "visitedAt": "2024-01-05 23:59:59"}`,
		`{"kind": 1, "poor": false, "grade": "1", "applyDate": "2024-01-20", "visitedAt": "2024-01-20 00:00:00"}`,
		`{"kind": 2, "poor": true, "applyDate": "2024-02-03", "visitedAt": "2024-02-03 12:00:00"}`,
		`{"applyDate": "2023-12-31", "visitedAt": "2023-12-31 23:00:00"}`,
	)
	kind1 := &query.Query{Filters: []query.Filter{{Field: "kind", Op: query.Equals, Values: []any{int64(1)}}}}
	tests := []struct {
		by, bucket string
		q          *query.Query
		want       []Bucket
	}{
		{"kind", "", nil, []Bucket{bk(nil, "未填写", 1), bk(int64(1), "视力", 2), bk(int64(2), "听力", 1)}},
		{"poor", "", nil, []Bucket{bk(nil, "未填写", 1), bk(false, "否", 1), bk(true, "是", 2)}},
		{"poor", "", kind1, []Bucket{bk(false, "否", 1), bk(true, "是", 1)}},
		{"grade", "", nil, []Bucket{bk(nil, "未填写", 2), bk("1", "", 2)}},
		{"auditStatus", "", nil, []Bucket{bk(int64(1), "审核中", 4)}},
		{"applyDate", "month", nil, []Bucket{bk("2023-12", "2023-12", 1), bk("2024-01", "2024-01", 2), bk("2024-02", "2024-02", 1)}},
		{"applyDate", "year", nil, []Bucket{bk("2023", "2023", 1), bk("2024", "2024", 3)}},
		{"applyDate", "", kind1, []Bucket{bk("2024-01-05", "2024-01-05", 1), bk("2024-01-20", "2024-01-20", 1)}},
		{"visitedAt", "day", nil, []Bucket{bk("2023-12-31", "2023-12-31", 1), bk("2024-01-05", "2024-01-05", 1),
			bk("2024-01-20", "2024-01-20", 1), bk("2024-02-03", "2024-02-03", 1)}},
		{"createdBy", "", nil, []Bucket{bk(int64(10), "", 4)}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s %s %v", tt.by, tt.bucket, tt.q != nil), func(t *testing.T) {
			got, err := s.Stats(ctx, m, viewer, tt.q, tt.by, tt.bucket)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Stats mismatch (-want +got):\n%s", diff)
			}
		})
	}
	for _, bad := range []struct{ by, bucket, msg string }{
		{"name", "", "不支持的统计字段：name"},
		{"tags", "", "不支持的统计字段：tags"},
		{"deleted_at", "", "不支持的统计字段：deleted_at"},
		{"applyDate", "quarter", "不支持的统计周期：quarter"},
		{"kind", "day", "不支持的统计周期：day"},
	} {
		_, err := s.Stats(ctx, m, viewer, nil, bad.by, bad.bucket)
		wantStatus(t, err, 400, bad.msg)
	}
}

func testEach(t *testing.T, s *Store) {
	m := setup(t, s)
	var recs []Record
	for i := range 1203 {
		recs = append(recs, Record{"name": fmt.Sprintf("n%d", i), "kind": 1 + i%2})
	}
	if err := s.CreateMany(ctx, m, viewer, recs); err != nil {
		t.Fatal(err)
	}
	var n int
	var last int64
	err := s.Each(ctx, m, viewer, nil, func(r Record) error {
		if id := r["id"].(int64); id <= last {
			t.Fatalf("Each out of order: %d after %d", id, last)
		} else {
			last = id
		}
		n++
		return nil
	})
	if err != nil || n != 1203 {
		t.Fatalf("Each visited %d, %v; want 1203", n, err)
	}
	v, _ := url.ParseQuery("kind=2")
	q, _ := query.Parse(m, v)
	n = 0
	if err := s.Each(ctx, m, viewer, q, func(Record) error { n++; return nil }); err != nil || n != 601 {
		t.Fatalf("Each with a filter visited %d, %v; want 601", n, err)
	}
	stop := errors.New("stop")
	if err := s.Each(ctx, m, viewer, nil, func(Record) error { return stop }); !errors.Is(err, stop) {
		t.Fatalf("Each did not pass on fn's error: %v", err)
	}

	// CreateMany is all or nothing.
	err = s.CreateMany(ctx, m, viewer, []Record{{"name": "ok", "idCard": "1"}, {"name": "dup", "idCard": "1"}})
	wantStatus(t, err, 409, "身份证号已存在")
	if p := listQ(t, s, m, viewer, "name=ok"); p.Total != 0 {
		t.Fatalf("CreateMany kept %d records of a failed batch", p.Total)
	}
}

// bk is a count bucket: its value is its count.
func bk(key any, label string, n int64) Bucket {
	v := float64(n)
	return Bucket{Key: key, Label: label, Count: n, Value: &v}
}

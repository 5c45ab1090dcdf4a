package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"xiangzhi/engine/query"
)

// testStatsKeptPerOrg checks that statistics kept per organisation stay
// what a fresh count says after every kind of write, on this instance and
// on a second one over the same database, for a county and a village
// viewer; and that after the first count only the written organisations
// are counted again.
func testStatsKeptPerOrg(t *testing.T, s *Store) {
	m := setup(t, s)
	paths := map[int64]string{1: "/1/", 5: "/1/5/", 6: "/1/5/6/", 7: "/1/7/", 8: "/1/5/8/", 9: "/1/7/9/"}
	orgPaths := func(_ context.Context, tenant, org int64) (string, error) {
		if p, ok := paths[org]; ok && tenant == 1 {
			return p, nil
		}
		return "", errors.New("no such organisation")
	}
	s.orgPaths = orgPaths
	other := sibling(s)
	other.orgPaths = orgPaths
	county := Scope{TenantID: 1, UserID: 1, OrgID: 1, OrgPath: "/1/", Mode: ScopeSubtree}
	village := Scope{TenantID: 1, UserID: 3, OrgID: 6, OrgPath: "/1/5/6/", Mode: ScopeOrg}
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.Local)
	kind1 := &query.Query{Filters: []query.Filter{{Field: "kind", Op: query.Equals, Values: []any{int64(1)}}}}
	stats := []struct {
		sc   Scope
		q    *query.Query
		spec StatsSpec
	}{
		{county, nil, StatsSpec{}},
		{county, nil, StatsSpec{By: "kind"}},
		{county, kind1, StatsSpec{By: "orgId", Level: 2, Then: "auditStatus"}},
		{county, nil, StatsSpec{By: "createdAt", Bucket: BucketMonth}},
		{county, nil, StatsSpec{By: "kind", Measure: MeasureSum, Of: "age"}},
		{county, nil, StatsSpec{By: "applyDate", Bucket: BucketAge, Now: now}},
		{county, nil, StatsSpec{By: "auditStatus", Under: "/1/5/"}},
		{village, nil, StatsSpec{}},
		{village, nil, StatsSpec{By: "kind", Then: "auditStatus"}},
		{village, nil, StatsSpec{By: "createdAt", Bucket: BucketMonth}},
	}
	check := func(step string) {
		t.Helper()
		fresh := sibling(s) // a new instance: nothing kept, every figure counted now
		for i, x := range stats {
			want, err := fresh.Statistics(ctx, m, x.sc, x.q, x.spec)
			if err != nil {
				t.Fatalf("%s: fresh statistic %d: %v", step, i, err)
			}
			for j, st := range []*Store{s, other} {
				got, err := st.Statistics(ctx, m, x.sc, x.q, x.spec)
				if err != nil {
					t.Fatalf("%s: statistic %d on instance %d: %v", step, i, j, err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s: statistic %d (%+v) on instance %d = %s, a fresh count %s", step, i, x.spec, j,
						bucketsText(got), bucketsText(want))
				}
			}
		}
	}
	row := func(name string, org int64, kind, age int) Record {
		return Record{"name": name, "orgId": org, "kind": kind, "age": age, "applyDate": "19" + fmt.Sprint(40+age%60) + "-03-02"}
	}
	// An import: many records in one write.
	if err := s.CreateMany(ctx, m, county, []Record{row("a", 6, 1, 30), row("b", 6, 2, 70), row("c", 8, 1, 10),
		row("d", 9, 1, 50), row("e", 5, 3, 20), row("f", 7, 2, 90)}); err != nil {
		t.Fatal(err)
	}
	check("imported")
	before := s.StatsRecounts()

	c := mustCreate(t, other, m, county, row("g", 6, 1, 40))
	check("created in a village through the other instance")
	mustCreate(t, s, m, village, Record{"name": "h", "kind": 2})
	check("created by the village")
	id := c["id"].(int64)
	if _, err := s.Update(ctx, m, county, id, Record{"orgId": 7}); err != nil {
		t.Fatal(err)
	}
	check("moved to another organisation")
	if _, err := other.Update(ctx, m, county, id, Record{"kind": 2, "age": 41}); err != nil {
		t.Fatal(err)
	}
	check("moved to another kind")
	a := listQ(t, s, m, county, "name=a").Rows[0]["id"].(int64)
	if _, err := s.Transition(ctx, m, county, a, action(m, "approve"), ""); err != nil {
		t.Fatal(err)
	}
	check("approved")
	if _, err := other.Delete(ctx, m, county, []int64{a}); err != nil {
		t.Fatal(err)
	}
	check("deleted")
	if err := other.CreateMany(ctx, m, county, []Record{row("i", 8, 1, 60), row("j", 9, 3, 5)}); err != nil {
		t.Fatal(err)
	}
	check("imported again")
	// A failed write changes nothing.
	if _, err := s.Create(ctx, m, county, Record{"name": "k", "orgId": 6, "kind": 9}); err == nil {
		t.Fatal("Create with a bad option succeeded")
	}
	check("failed write")
	if r := s.StatsRecounts(); r.Again != before.Again || r.First != before.First || r.Part == before.Part {
		t.Errorf("after the first count: %d statistics counted whole again, %d in part; want 0 whole, some in part",
			r.Again-before.Again, r.Part-before.Part)
	}

	// A write that cannot name its organisations counts whole again.
	err := s.InWrite(ctx, m, func(tx *sql.Tx) error {
		return (&Tx{s: s, tx: tx, sc: county}).Touch(ctx, m)
	})
	if err != nil {
		t.Fatal(err)
	}
	check("touched")
	if r := s.StatsRecounts(); r.Again != before.Again+int64(len(stats)) {
		t.Errorf("after a write of unknown rows: %d statistics counted whole again, want %d", r.Again-before.Again, len(stats))
	}
}

func bucketsText(bs []Bucket) string {
	out := "["
	for _, b := range bs {
		v := "nil"
		if b.Value != nil {
			v = fmt.Sprint(*b.Value)
		}
		out += fmt.Sprintf(" %v:%d/%s", b.Key, b.Count, v)
		if b.Sub != nil {
			out += bucketsText(b.Sub)
		}
	}
	return out + " ]"
}

package store

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
)

// bv is a bucket with a measured value (nil: no value).
func bv(key any, label string, n int64, v *float64, sub ...Bucket) Bucket {
	return Bucket{Key: key, Label: label, Count: n, Value: v, Sub: sub}
}

func f(x float64) *float64 { return &x }

// testStatistics checks every grouping and measure against hand-computed
// answers on six fixed records spread over a county (1), two townships (5,
// 7) and three villages (6, 8 under 5; 9 under 7).
func testStatistics(t *testing.T, s *Store) {
	m := setup(t, s)
	paths := map[int64]string{1: "/1/", 5: "/1/5/", 6: "/1/5/6/", 7: "/1/7/", 8: "/1/5/8/", 9: "/1/7/9/"}
	s.orgPaths = func(_ context.Context, tenant, org int64) (string, error) {
		if p, ok := paths[org]; ok && tenant == 1 {
			return p, nil
		}
		return "", errors.New("no such organisation")
	}
	county := Scope{TenantID: 1, UserID: 1, OrgID: 1, OrgPath: "/1/", Mode: ScopeSubtree}
	town := Scope{TenantID: 1, UserID: 2, OrgID: 5, OrgPath: "/1/5/", Mode: ScopeSubtree}
	village := Scope{TenantID: 1, UserID: 3, OrgID: 6, OrgPath: "/1/5/6/", Mode: ScopeOrg}
	for _, r := range []Record{
		{"name": "r1", "orgId": 6, "kind": 1, "amount": 100, "applyDate": "2026-03-02", "visitedAt": "2026-03-02 10:00:00"},
		{"name": "r2", "orgId": 6, "kind": 2, "amount": 50.5, "applyDate": "2026-03-08", "visitedAt": "2026-03-08 23:00:00"},
		{"name": "r3", "orgId": 8, "kind": 1, "amount": 30, "applyDate": "2008-11-24"},
		{"name": "r4", "orgId": 9, "kind": 1, "applyDate": "2000-05-03"},
		{"name": "r5", "orgId": 5, "kind": 3, "amount": 20},
		{"name": "r6", "orgId": 1, "kind": 1, "amount": 10, "applyDate": "1940-01-01"},
	} {
		mustCreate(t, s, m, county, r)
	}
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.Local)
	kind1 := &query.Query{Filters: []query.Filter{{Field: "kind", Op: query.Equals, Values: []any{int64(1)}}}}
	tests := []struct {
		name string
		sc   Scope
		q    *query.Query
		spec StatsSpec
		want []Bucket
	}{
		{"total", county, nil, StatsSpec{}, []Bucket{bv(nil, "", 6, f(6))}},
		{"total sum", county, nil, StatsSpec{Measure: "sum", Of: "amount"}, []Bucket{bv(nil, "", 6, f(210.5))}},
		{"total of nothing", county, &query.Query{Filters: []query.Filter{{Field: "kind", Op: query.Equals, Values: []any{int64(2)}}}},
			StatsSpec{Measure: "max", Of: "age"}, []Bucket{bv(nil, "", 1, nil)}},
		{"townships", county, nil, StatsSpec{By: "orgId", Level: 2},
			[]Bucket{bv(nil, "未填写", 1, f(1)), bv(int64(5), "", 4, f(4)), bv(int64(7), "", 1, f(1))}},
		{"villages", county, nil, StatsSpec{By: "orgId", Level: 3},
			[]Bucket{bv(nil, "未填写", 2, f(2)), bv(int64(6), "", 2, f(2)), bv(int64(8), "", 1, f(1)), bv(int64(9), "", 1, f(1))}},
		{"villages under a township", county, nil, StatsSpec{By: "orgId", Level: 3, Under: "/1/5/"},
			[]Bucket{bv(nil, "未填写", 1, f(1)), bv(int64(6), "", 2, f(2)), bv(int64(8), "", 1, f(1))}},
		{"villages in a township's scope", town, nil, StatsSpec{By: "orgId", Level: 3},
			[]Bucket{bv(nil, "未填写", 1, f(1)), bv(int64(6), "", 2, f(2)), bv(int64(8), "", 1, f(1))}},
		{"a village's own numbers", village, nil, StatsSpec{By: "kind"},
			[]Bucket{bv(int64(1), "视力", 1, f(1)), bv(int64(2), "听力", 1, f(1))}},
		{"village × kind", county, nil, StatsSpec{By: "orgId", Level: 3, Then: "kind", Under: "/1/5/"},
			[]Bucket{
				bv(nil, "未填写", 1, f(1), bv(int64(3), "肢体", 1, f(1))),
				bv(int64(6), "", 2, f(2), bv(int64(1), "视力", 1, f(1)), bv(int64(2), "听力", 1, f(1))),
				bv(int64(8), "", 1, f(1), bv(int64(1), "视力", 1, f(1))),
			}},
		{"sum by kind", county, nil, StatsSpec{By: "kind", Measure: "sum", Of: "amount"},
			[]Bucket{bv(int64(1), "视力", 4, f(140)), bv(int64(2), "听力", 1, f(50.5)), bv(int64(3), "肢体", 1, f(20))}},
		{"avg by kind", county, nil, StatsSpec{By: "kind", Measure: "avg", Of: "amount"},
			[]Bucket{bv(int64(1), "视力", 4, f(46.67)), bv(int64(2), "听力", 1, f(50.5)), bv(int64(3), "肢体", 1, f(20))}},
		{"min by township", county, nil, StatsSpec{By: "orgId", Level: 2, Measure: "min", Of: "amount"},
			[]Bucket{bv(nil, "未填写", 1, f(10)), bv(int64(5), "", 4, f(20)), bv(int64(7), "", 1, nil)}},
		{"max by township", county, nil, StatsSpec{By: "orgId", Level: 2, Measure: "max", Of: "amount"},
			[]Bucket{bv(nil, "未填写", 1, f(10)), bv(int64(5), "", 4, f(100)), bv(int64(7), "", 1, nil)}},
		{"ranking", county, nil, StatsSpec{By: "kind", Measure: "sum", Of: "amount", Top: 2},
			[]Bucket{bv(int64(1), "视力", 4, f(140)), bv(int64(2), "听力", 1, f(50.5))}},
		{"weeks of a date", county, nil, StatsSpec{By: "applyDate", Bucket: "week"},
			[]Bucket{bv(nil, "未填写", 1, f(1)), bv("1940-01-01", "1940-01-01", 1, f(1)), bv("2000-05-01", "2000-05-01", 1, f(1)),
				bv("2008-11-24", "2008-11-24", 1, f(1)), bv("2026-03-02", "2026-03-02", 2, f(2))}},
		{"weeks of a datetime", county, nil, StatsSpec{By: "visitedAt", Bucket: "week"},
			[]Bucket{bv(nil, "未填写", 4, f(4)), bv("2026-03-02", "2026-03-02", 2, f(2))}},
		{"months with criteria", county, kind1, StatsSpec{By: "applyDate", Bucket: "month"},
			[]Bucket{bv("1940-01", "1940-01", 1, f(1)), bv("2000-05", "2000-05", 1, f(1)), bv("2008-11", "2008-11", 1, f(1)),
				bv("2026-03", "2026-03", 1, f(1))}},
		{"age bands", county, nil, StatsSpec{By: "applyDate", Bucket: "age", Now: now},
			[]Bucket{bv(nil, "未填写", 1, f(1)), bv("0-17", "0-17岁", 2, f(2)), bv("18-35", "18-35岁", 2, f(2)), bv("80+", "80岁以上", 1, f(1))}},
		{"own age bands", county, nil, StatsSpec{By: "applyDate", Bucket: "age", Bands: []int{5, 20}, Now: now},
			[]Bucket{bv(nil, "未填写", 1, f(1)), bv("0-4", "0-4岁", 2, f(2)), bv("5-19", "5-19岁", 1, f(1)), bv("20+", "20岁以上", 2, f(2))}},
		{"kind × age", county, nil, StatsSpec{By: "kind", Then: "applyDate", ThenBucket: "age", Now: now},
			[]Bucket{
				bv(int64(1), "视力", 4, f(4), bv("0-17", "0-17岁", 1, f(1)), bv("18-35", "18-35岁", 2, f(2)), bv("80+", "80岁以上", 1, f(1))),
				bv(int64(2), "听力", 1, f(1), bv("0-17", "0-17岁", 1, f(1))),
				bv(int64(3), "肢体", 1, f(1), bv(nil, "未填写", 1, f(1))),
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := s.Statistics(ctx, m, tt.sc, tt.q, tt.spec)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Statistics mismatch (-want +got):\n%s", diff)
			}
		})
	}

	// The villages of a township add up to the township's total.
	byVillage, _ := s.Statistics(ctx, m, town, nil, StatsSpec{By: "orgId", Level: 3})
	total, _ := s.Statistics(ctx, m, town, nil, StatsSpec{})
	var sum int64
	for _, b := range byVillage {
		sum += b.Count
	}
	if sum != total[0].Count || sum != 4 {
		t.Errorf("villages add up to %d, township total %d; want 4 both", sum, total[0].Count)
	}

	// Cached while nothing is written; two scopes never share an answer;
	// a write is seen at once.
	spec := StatsSpec{By: "kind"}
	first, _ := s.Statistics(ctx, m, town, nil, spec)
	held := s.StatsCached()
	again, _ := s.Statistics(ctx, m, town, nil, spec)
	if s.StatsCached() != held || !cmp.Equal(first, again) {
		t.Errorf("a repeated statistic was not answered from the cache (%d → %d entries)", held, s.StatsCached())
	}
	mine, _ := s.Statistics(ctx, m, village, nil, spec)
	if cmp.Equal(first, mine) || mine[0].Count != 1 || first[0].Count != 2 {
		t.Errorf("township %v and village %v: want their own numbers (2 and 1 of kind 1)", first, mine)
	}
	mustCreate(t, s, m, village, Record{"name": "r7", "kind": 1})
	after, _ := s.Statistics(ctx, m, town, nil, spec)
	if after[0].Count != 3 {
		t.Errorf("after a write kind 1 counts %d, want 3", after[0].Count)
	}

	// In a request that read the sequences first, a later write is not
	// seen: its answers are those of the moment it started.
	memoCtx, err := s.WithWriteSeqs(ctx, []*schema.Module{m})
	if err != nil {
		t.Fatal(err)
	}
	mustCreate(t, s, m, village, Record{"name": "r8", "kind": 1})
	if old, _ := s.Statistics(memoCtx, m, town, nil, spec); old[0].Count != 3 {
		t.Errorf("within the request kind 1 counts %d, want 3 (before the write)", old[0].Count)
	}
	if now, _ := s.Statistics(ctx, m, town, nil, spec); now[0].Count != 4 {
		t.Errorf("a new request counts kind 1 %d, want 4", now[0].Count)
	}

	for _, bad := range []struct {
		spec StatsSpec
		msg  string
	}{
		{StatsSpec{By: "name"}, "不支持的统计字段：name"},
		{StatsSpec{By: "kind", Then: "tags"}, "不支持的统计字段：tags"},
		{StatsSpec{Then: "kind"}, "不支持的统计字段：kind"},
		{StatsSpec{By: "applyDate", Bucket: "quarter"}, "不支持的统计周期：quarter"},
		{StatsSpec{By: "kind", Bucket: "age"}, "不支持的统计周期：age"},
		{StatsSpec{By: "visitedAt", Bucket: "age"}, "不支持的统计周期：age"},
		{StatsSpec{By: "kind", Measure: "median", Of: "amount"}, "不支持的统计方式：median"},
		{StatsSpec{By: "kind", Measure: "sum", Of: "name"}, "不支持的统计指标字段：name"},
		{StatsSpec{By: "kind", Measure: "sum"}, "不支持的统计指标字段："},
		{StatsSpec{By: "kind", Measure: "avg", Of: "kind"}, "不支持的统计指标字段：kind"},
		{StatsSpec{By: "kind", Level: 2}, "不支持的组织层级：2"},
		{StatsSpec{By: "orgId", Level: 7}, "不支持的组织层级：7"},
		{StatsSpec{By: "applyDate", Bucket: "age", Bands: []int{30, 20}}, "不支持的年龄分段：30,20"},
		{StatsSpec{By: "kind", Top: 101}, "统计数量上限为1到100"},
	} {
		_, err := s.Statistics(ctx, m, county, nil, bad.spec)
		wantStatus(t, err, 400, bad.msg)
	}
}

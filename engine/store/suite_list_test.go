package store

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"xiangzhi/engine/schema"
)

// seed creates one record per JSON object.
func seed(t *testing.T, s *Store, m *schema.Module, sc Scope, recs ...string) []Record {
	t.Helper()
	out := make([]Record, len(recs))
	for i, r := range recs {
		out[i] = mustCreate(t, s, m, sc, fromJSON(t, r))
	}
	return out
}

func testOperators(t *testing.T, s *Store) {
	m := setup(t, s)
	rows := seed(t, s, m, viewer,
		`{"name": "张三", "idCard": "110", "mobile": "13800000001", "kind": 1, "tags": ["a_1", "b"], "helpers": [7],
		  "amount": 100.5, "age": 30, "poor": true, "applyDate": "2024-01-05", "visitedAt": "2024-01-05 08:00:00",
		  "remark": "有备注", "proofs": [{"url": "/f/1"}], "color": "red"}`,
		`{"name": "张小三", "idCard": "111", "mobile": "13900000002", "kind": 2, "tags": ["b"], "helpers": [17, 8],
		  "amount": 99.99, "age": 45, "poor": false, "applyDate": "2024-02-05", "visitedAt": "2024-02-05 18:30:00",
		  "remark": "", "proofs": [], "color": "blue"}`,
		`{"name": "李四", "idCard": "112", "kind": 3, "tags": ["c"], "helpers": [70],
		  "amount": 0, "age": 60, "poor": true, "applyDate": "2024-03-05", "visitedAt": "2024-03-05 00:00:00",
		  "remark": "Note ABC"}`,
		`{"name": "Alice", "idCard": "113", "age": 18, "tags": [], "applyDate": "2023-12-31"}`,
		`{"name": "利率50%_x"}`,
		`{"name": "利率50ab"}`,
		`{"remark": "无名"}`,
	)
	s.Transition(ctx, m, viewer, rows[0]["id"].(int64), action(m, "approve"), "")
	idIn := fmt.Sprintf("id.in=%d,%d", rows[0]["id"], rows[2]["id"])
	tests := []struct {
		query string
		want  []string
	}{
		{"", []string{"张三", "张小三", "李四", "Alice", "利率50%_x", "利率50ab", ""}},
		{"name.contains=张", []string{"张三", "张小三"}},
		{"nameLike=三", []string{"张三", "张小三"}},
		{"name.contains=ali", []string{"Alice"}},
		{"name.contains=ALI", []string{"Alice"}},
		{"name.contains=50%25", []string{"利率50%_x"}},
		{"name.contains=0_", []string{}},
		{"name.contains=%25_", []string{"利率50%_x"}},
		{"name.contains=利率50%25", []string{"利率50%_x"}},
		{"name.contains=利率50", []string{"利率50%_x", "利率50ab"}},
		{"name.contains=率50a", []string{"利率50ab"}},
		{"name.contains=ICE", []string{"Alice"}},
		{"name.doesNotContain=张", []string{"李四", "Alice", "利率50%_x", "利率50ab", ""}},
		{"name.equals=张三", []string{"张三"}},
		{"idCard=110", []string{"张三"}},
		{"idCard.notEquals=110", []string{"张小三", "李四", "Alice", "利率50%_x", "利率50ab", ""}},
		{"idCard.in=110,112", []string{"张三", "李四"}},
		{"idCard.specified=false", []string{"利率50%_x", "利率50ab", ""}},
		{"mobile.contains=138", []string{"张三"}},
		{"kind.in=1,2", []string{"张三", "张小三"}},
		{"kind.notIn=1", []string{"张小三", "李四", "Alice", "利率50%_x", "利率50ab", ""}},
		{"kind.equals=3", []string{"李四"}},
		{"kind.notEquals=3&kind.specified=true", []string{"张三", "张小三"}},
		{"age.greaterThan=30", []string{"张小三", "李四"}},
		{"age.greaterThanOrEqual=30", []string{"张三", "张小三", "李四"}},
		{"age.lessThan=30", []string{"Alice"}},
		{"age.lessThanOrEqual=30&age.greaterThan=18", []string{"张三"}},
		{"amount.greaterThanOrEqual=99.99", []string{"张三", "张小三"}},
		{"amount.lessThan=1", []string{"李四"}},
		{"poor=true", []string{"张三", "李四"}},
		{"poor.equals=false", []string{"张小三"}},
		{"poor.specified=false", []string{"Alice", "利率50%_x", "利率50ab", ""}},
		{"applyDate.greaterThanOrEqual=2024-02-05", []string{"张小三", "李四"}},
		{"applyDate.lessThan=2024-01-01", []string{"Alice"}},
		{"visitedAt.greaterThan=2024-02-05 18:00:00&visitedAt.lessThanOrEqual=2024-03-05", []string{"张小三", "李四"}},
		{"visitedAt.lessThan=2024-01-05T08:00:01", []string{"张三"}},
		{"tags.equals=b", []string{"张三", "张小三"}},
		{"tags.in=a_1,c", []string{"张三", "李四"}},
		{"tags.equals=a_1&tags.in=b", []string{"张三"}},
		{"tags.notIn=b", []string{"李四", "Alice", "利率50%_x", "利率50ab", ""}},
		{"tags.specified=false", []string{"Alice", "利率50%_x", "利率50ab", ""}},
		{"helpers=7", []string{"张三"}},
		{"helpers.in=8,70", []string{"张小三", "李四"}},
		{"helpers.notEquals=7&helpers.specified=true", []string{"张小三", "李四"}},
		{"remark.specified=true", []string{"张三", "李四", ""}},
		{"remark.specified=false", []string{"张小三", "Alice", "利率50%_x", "利率50ab"}},
		{"remark.contains=备", []string{"张三"}},
		{"remark.contains=abc", []string{"李四"}},
		{"remark.contains=E a", []string{"李四"}},
		{"remark.doesNotContain=NOTE", []string{"张三", "张小三", "Alice", "利率50%_x", "利率50ab", ""}},
		{"proofs.specified=true", []string{"张三"}},
		{"color=red", []string{"张三"}},
		{"auditStatus=2", []string{"张三"}},
		{"auditStatus.in=1&name.contains=张", []string{"张小三"}},
		{"createdAt.greaterThan=2000-01-01&createdBy=10", []string{"张三", "张小三", "李四", "Alice", "利率50%_x", "利率50ab", ""}},
		{"createdBy=11", []string{}},
		{idIn, []string{"张三", "李四"}},
		{"orgId.in=5", []string{"张三", "张小三", "李四", "Alice", "利率50%_x", "利率50ab", ""}},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			p := listQ(t, s, m, viewer, tt.query+"&size=100")
			if got := names(p.Rows); !sameSet(got, tt.want) || p.Total != int64(len(tt.want)) {
				t.Errorf("List(%q) = %q (total %d), want %q", tt.query, got, p.Total, tt.want)
			}
		})
	}
}

func testSortPaging(t *testing.T, s *Store) {
	m := setup(t, s)
	var recs []Record
	for i := range 25 {
		recs = append(recs, Record{"name": fmt.Sprintf("r%02d", i), "age": i % 5,
			"applyDate": fmt.Sprintf("2024-01-%02d", 1+i%3)})
	}
	if err := s.CreateMany(ctx, m, viewer, recs); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		query string
		total int64
		want  []string
	}{
		{"size=5", 25, []string{"r23", "r20", "r17", "r14", "r11"}}, // applyDate desc, id desc
		{"size=5&page=1", 25, []string{"r08", "r05", "r02", "r22", "r19"}},
		{"size=3&sort=age,desc", 25, []string{"r24", "r19", "r14"}},
		{"size=3&page=2&sort=age,desc", 25, []string{"r18", "r13", "r08"}},
		{"size=4&sort=age&sort=name,desc", 25, []string{"r20", "r15", "r10", "r05"}},
		{"size=3&sort=name", 25, []string{"r00", "r01", "r02"}},
		{"size=3&sort=id,desc", 25, []string{"r24", "r23", "r22"}},
		{"size=10&page=2", 25, []string{"r12", "r09", "r06", "r03", "r00"}},
		{"size=10&page=3", 25, []string{}},
		{"size=2&age=4&sort=createdAt,desc", 5, []string{"r24", "r19"}},
		// The batch's search grams were written with it (CreateMany writes
		// them together at the end of the batch).
		{"size=3&sort=name&name.contains=r1", 10, []string{"r10", "r11", "r12"}},
		{"size=3&sort=name&name.contains=24", 1, []string{"r24"}},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			p := listQ(t, s, m, viewer, tt.query)
			if diff := cmp.Diff(tt.want, names(p.Rows)); diff != "" || p.Total != tt.total {
				t.Errorf("List(%q) total %d (want %d), rows (-want +got):\n%s", tt.query, p.Total, tt.total, diff)
			}
		})
	}
}

func testTotals(t *testing.T, s *Store) {
	m := setup(t, s)
	// other is a second app instance on the same database: its own cache.
	other := sibling(s)
	check := func(step, raw string, want int64) {
		t.Helper()
		for _, st := range []*Store{s, other} {
			if got := listQ(t, st, m, viewer, raw).Total; got != want {
				t.Fatalf("%s: List(%q) total = %d, want %d", step, raw, got, want)
			}
		}
	}
	rs := seed(t, s, m, viewer, `{"name": "一", "kind": 1}`, `{"name": "二", "kind": 1}`, `{"name": "三", "kind": 2}`)
	check("seeded", "kind=1", 2)
	check("seeded", "auditStatus=1", 3)
	mustCreate(t, other, m, viewer, Record{"name": "四", "kind": 1})
	check("created elsewhere", "kind=1", 3)
	if _, err := s.Update(ctx, m, viewer, rs[2]["id"].(int64), Record{"kind": 1}); err != nil {
		t.Fatal(err)
	}
	check("updated", "kind=1", 4)
	check("updated", "name.contains=三", 1)
	if _, err := other.Transition(ctx, m, viewer, rs[0]["id"].(int64), action(m, "approve"), ""); err != nil {
		t.Fatal(err)
	}
	check("transition", "auditStatus=1", 3)
	if _, err := s.Delete(ctx, m, viewer, []int64{rs[1]["id"].(int64)}); err != nil {
		t.Fatal(err)
	}
	check("deleted", "kind=1", 3)
	check("deleted", "", 3)
	if s.counts.len() == 0 {
		t.Fatal("count cache unused")
	}
	// A failed write leaves the totals alone.
	if _, err := s.Create(ctx, m, viewer, Record{"name": "五", "kind": 9}); err == nil {
		t.Fatal("Create with a bad option succeeded")
	}
	check("failed write", "kind=1", 3)
}

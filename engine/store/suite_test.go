package store

import (
	"context"
	"errors"
	"net/url"
	"slices"
	"strings"
	"testing"

	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
)

// runStoreSuite runs every behaviour test against stores that open gives
// (a fresh, isolated database each time).
func runStoreSuite(t *testing.T, open func(testing.TB) *Store) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s *Store)
	}{
		{"migrate", testMigrate},
		{"migrate only what changed", testMigrateChanged},
		{"field values for labels", testFieldValues},
		{"get with the write sequences of its labels", testGetWithSeqs},
		{"reading up to the organisations above", testScopeUp},
		{"types round-trip", testTypes},
		{"list as a table", testTable},
		{"reads as plain columns did", testPlainRead},
		{"bad input", testBadInput},
		{"criteria operators", testOperators},
		{"sort and paging", testSortPaging},
		{"totals stay exact", testTotals},
		{"scope", testScope},
		{"unique", testUnique},
		{"optimistic locking", testLocking},
		{"soft delete", testSoftDelete},
		{"children", testChildren},
		{"transitions and history", testTransitions},
		{"steps in one write", testSteps},
		{"stats", testStats},
		{"statistics", testStatistics},
		{"statistics index", testStatsIndex},
		{"statistics index with a multiple choice", testStatsIndexMultiple},
		{"statistics through the filters' indexes", testStatsByFilters},
		{"statistics kept per organisation", testStatsKeptPerOrg},
		{"each and create many", testEach},
		{"concurrent writes", testConcurrentWrites},
		{"concurrent lists", testConcurrentLists},
		{"gram index", testGrams},
		{"gram rows of a batch", testGramBatch},
		{"long names", testLongNames},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.fn(t, open(t)) })
	}
}

var ctx = context.Background()

// viewer is the default scope of the suite: tenant 1, user 10 in org 5.
var viewer = Scope{TenantID: 1, UserID: 10, OrgID: 5, OrgPath: "/1/5/", Mode: ScopeAll}

// setup migrates the test module and returns it.
func setup(t *testing.T, s *Store) *schema.Module {
	t.Helper()
	m := testModule()
	if err := s.Migrate(ctx, m, false); err != nil {
		t.Fatal(err)
	}
	return m
}

func mustCreate(t *testing.T, s *Store, m *schema.Module, sc Scope, rec Record) Record {
	t.Helper()
	r, err := s.Create(ctx, m, sc, rec)
	if err != nil {
		t.Fatalf("Create(%v): %v", rec, err)
	}
	return r
}

// list parses raw criteria as a request would carry them and lists.
func listQ(t *testing.T, s *Store, m *schema.Module, sc Scope, raw string) *Page {
	t.Helper()
	v, err := url.ParseQuery(raw)
	if err != nil {
		t.Fatal(err)
	}
	q, err := query.Parse(m, v)
	if err != nil {
		t.Fatalf("Parse(%q): %v", raw, err)
	}
	p, err := s.List(ctx, m, sc, q)
	if err != nil {
		t.Fatalf("List(%q): %v", raw, err)
	}
	return p
}

// names lists the name field of rows, in order.
func names(rows []Record) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i], _ = r["name"].(string)
	}
	return out
}

// wantStatus fails unless err carries the HTTP status and (when not empty)
// the Chinese message given.
func wantStatus(t *testing.T, err error, status int, msg string) {
	t.Helper()
	var pe interface {
		HTTPStatus() int
		PublicMessage() string
	}
	if !errors.As(err, &pe) {
		t.Fatalf("error = %v, want one with HTTPStatus %d", err, status)
	}
	if pe.HTTPStatus() != status || msg != "" && pe.PublicMessage() != msg {
		t.Fatalf("error = %v (%d %q), want %d %q", err, pe.HTTPStatus(), pe.PublicMessage(), status, msg)
	}
}

// testMigrateChanged starts as a restart would: modules whose tables are
// as last migrated are not migrated again (and still serve, search
// included); a new field or a new filter index migrates the module.
func testMigrateChanged(t *testing.T, s *Store) {
	m := testModule()
	got, err := s.MigrateChanged(ctx, []*schema.Module{m})
	if err != nil || !slices.Equal(got, []string{m.Name}) {
		t.Fatalf("first start migrated %q, %v; want the module", got, err)
	}
	mustCreate(t, s, m, viewer, Record{"name": "王小明"})

	restart := sibling(s)
	m = testModule()
	if got, err := restart.MigrateChanged(ctx, []*schema.Module{m}); err != nil || len(got) != 0 {
		t.Fatalf("unchanged restart migrated %q, %v; want nothing", got, err)
	}
	if p := listQ(t, restart, m, viewer, "name.contains=小明"); p.Total != 1 {
		t.Fatalf("search after a skipped migration found %d, want 1", p.Total)
	}

	grown := testModule()
	grown.Fields = append(grown.Fields, schema.Field{Name: "nickName", Label: "昵称", Type: schema.TypeString})
	if got, err := sibling(s).MigrateChanged(ctx, []*schema.Module{grown}); err != nil || len(got) != 1 {
		t.Fatalf("a new field migrated %q, %v; want the module", got, err)
	}
	if _, err := s.DB().Exec("SELECT nick_name FROM " + s.metaOf(grown).table); err != nil {
		t.Fatalf("new column missing: %v", err)
	}
	indexed := testModule()
	indexed.Fields = append(indexed.Fields, schema.Field{Name: "nickName", Label: "昵称", Type: schema.TypeString, Filter: schema.FilterEquals})
	if got, err := sibling(s).MigrateChanged(ctx, []*schema.Module{indexed}); err != nil || len(got) != 1 {
		t.Fatalf("a new filter index migrated %q, %v; want the module", got, err)
	}
	if plan, err := s.Plan(ctx, indexed, false); err != nil || len(plan) != 0 {
		t.Fatalf("Plan after the index migration = %q, %v; want nothing", plan, err)
	}
	if got, err := sibling(s).MigrateChanged(ctx, []*schema.Module{indexed}); err != nil || len(got) != 0 {
		t.Fatalf("unchanged again migrated %q, %v; want nothing", got, err)
	}
}

// testFieldValues reads one field by id within the scope: records of
// another organisation, of another tenant and deleted ones are left out.
// Read twice, the second time from the kept values: a value kept for one
// scope never answers another (another user's own records, another
// organisation), and a write to the table is seen at once.
func testFieldValues(t *testing.T, s *Store) {
	m := setup(t, s)
	mine := mustCreate(t, s, m, viewer, Record{"name": "本村甲"})["id"].(int64)
	other := Scope{TenantID: 1, UserID: 11, OrgID: 6, OrgPath: "/1/6/", Mode: ScopeAll}
	theirs := mustCreate(t, s, m, other, Record{"name": "邻村乙"})["id"].(int64)
	tenant2 := Scope{TenantID: 2, UserID: 12, OrgID: 5, OrgPath: "/1/5/", Mode: ScopeAll}
	foreign := mustCreate(t, s, m, tenant2, Record{"name": "他户丙"})["id"].(int64)
	gone := mustCreate(t, s, m, viewer, Record{"name": "已删丁"})["id"].(int64)
	if _, err := s.Delete(ctx, m, viewer, []int64{gone}); err != nil {
		t.Fatal(err)
	}
	ids := []int64{mine, theirs, foreign, gone, 987654}
	subtree := Scope{TenantID: 1, UserID: 10, OrgID: 5, OrgPath: "/1/5/", Mode: ScopeSubtree}
	tests := []struct {
		name  string
		sc    Scope
		field string
		want  map[int64]any
	}{
		{"tenant-wide", viewer, "name", map[int64]any{mine: "本村甲", theirs: "邻村乙"}},
		{"subtree", subtree, "name", map[int64]any{mine: "本村甲"}},
		{"other tenant", tenant2, "name", map[int64]any{foreign: "他户丙"}},
		{"unknown field reads the id", subtree, "nope", map[int64]any{mine: mine}},
		{"own records of user 10", Scope{TenantID: 1, UserID: 10, OrgID: 5, OrgPath: "/1/5/", Mode: ScopeOwn}, "name",
			map[int64]any{mine: "本村甲"}},
		{"own records of user 11", Scope{TenantID: 1, UserID: 11, OrgID: 5, OrgPath: "/1/5/", Mode: ScopeOwn}, "name",
			map[int64]any{theirs: "邻村乙"}},
		{"organisation 6", Scope{TenantID: 1, UserID: 10, OrgID: 6, OrgPath: "/1/6/", Mode: ScopeOrg}, "name",
			map[int64]any{theirs: "邻村乙"}},
		{"organisation 5", Scope{TenantID: 1, UserID: 10, OrgID: 5, OrgPath: "/1/5/", Mode: ScopeOrg}, "name",
			map[int64]any{mine: "本村甲"}},
		{"subtree of organisation 6", Scope{TenantID: 1, UserID: 10, OrgID: 6, OrgPath: "/1/6/", Mode: ScopeSubtree}, "name",
			map[int64]any{theirs: "邻村乙"}},
	}
	check := func(pass string) {
		t.Helper()
		for _, tt := range tests {
			got, err := s.FieldValues(ctx, m, tt.sc, tt.field, ids)
			if err != nil {
				t.Fatalf("%s, %s: %v", pass, tt.name, err)
			}
			if len(got) != len(tt.want) {
				t.Errorf("%s, %s: got %v, want %v", pass, tt.name, got, tt.want)
			}
			for id, v := range tt.want {
				if got[id] != v {
					t.Errorf("%s, %s: id %d = %v, want %v", pass, tt.name, id, got[id], v)
				}
			}
		}
	}
	check("read")
	if s.FieldValuesCached() == 0 {
		t.Fatal("no values kept")
	}
	check("kept")
	if _, err := s.Update(ctx, m, viewer, mine, Record{"name": "本村甲改"}); err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{0, 1, 4, 7} {
		tests[i].want[mine] = "本村甲改"
	}
	check("after a rename")
}

// testScopeUp reads as a village (/1/5/51/) with Up: the village's own
// rows, its township's (/1/5/) and the county's (/1/), never a sibling
// village's (/1/5/52/) or another township's (/1/6/); without Up only its own.
func testScopeUp(t *testing.T, s *Store) {
	m := setup(t, s)
	place := func(path string, org int64, name string) {
		mustCreate(t, s, m, Scope{TenantID: 1, UserID: 1, OrgID: org, OrgPath: path, Mode: ScopeAll}, Record{"name": name})
	}
	place("/1/", 1, "县")
	place("/1/5/", 5, "镇")
	place("/1/5/51/", 51, "本村")
	place("/1/5/52/", 52, "邻村")
	place("/1/6/", 6, "他镇")
	names := func(sc Scope) []string {
		var out []string
		for _, r := range listQ(t, s, m, sc, "sort=name,asc&size=50").Rows {
			out = append(out, r["name"].(string))
		}
		slices.Sort(out)
		return out
	}
	village := Scope{TenantID: 1, UserID: 9, OrgID: 51, OrgPath: "/1/5/51/", Mode: ScopeSubtree}
	tests := []struct {
		name string
		sc   Scope
		want []string
	}{
		{"subtree", village, []string{"本村"}},
		{"subtree and up", Scope{TenantID: 1, UserID: 9, OrgID: 51, OrgPath: "/1/5/51/", Mode: ScopeSubtree, Up: true}, []string{"县", "本村", "镇"}},
		{"org and up", Scope{TenantID: 1, UserID: 9, OrgID: 51, OrgPath: "/1/5/51/", Mode: ScopeOrg, Up: true}, []string{"县", "本村", "镇"}},
		{"township and up", Scope{TenantID: 1, UserID: 8, OrgID: 5, OrgPath: "/1/5/", Mode: ScopeSubtree, Up: true}, []string{"县", "本村", "邻村", "镇"}},
		{"other tenant and up", Scope{TenantID: 2, UserID: 9, OrgID: 51, OrgPath: "/1/5/51/", Mode: ScopeSubtree, Up: true}, nil},
	}
	for _, tt := range tests {
		if got := names(tt.sc); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

func testMigrate(t *testing.T, s *Store) {
	m := setup(t, s)
	plan, err := s.Plan(ctx, m, true)
	if err != nil || len(plan) != 0 {
		t.Fatalf("Plan after Migrate = %q, %v; want nothing to do", plan, err)
	}
	if err := s.Migrate(ctx, m, false); err != nil {
		t.Fatalf("second Migrate: %v", err)
	}

	// A field added later gets its column and index.
	m2 := testModule()
	m2.Fields = append(m2.Fields, schema.Field{Name: "nickName", Label: "昵称", Type: schema.TypeString, Filter: schema.FilterEquals})
	if plan, _ := s.Plan(ctx, m2, false); len(plan) == 0 {
		t.Fatal("Plan with a new field is empty, want an added column")
	}
	if err := s.Migrate(ctx, m2, false); err != nil {
		t.Fatal(err)
	}
	if plan, _ := s.Plan(ctx, m2, true); len(plan) != 0 {
		t.Fatalf("Plan after adding a field = %q, want nothing", plan)
	}
	r := mustCreate(t, s, m2, viewer, Record{"name": "甲", "nickName": "小甲"})
	if r["nickName"] != "小甲" {
		t.Fatalf("new field read back as %v", r["nickName"])
	}

	// Without drop the column stays; with drop it goes.
	m3 := testModule()
	if err := s.Migrate(ctx, m3, false); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DB().Exec("SELECT nick_name FROM " + s.metaOf(m3).table); err != nil {
		t.Fatalf("column dropped without drop: %v", err)
	}
	if err := s.Migrate(ctx, m3, true); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DB().Exec("SELECT nick_name FROM " + s.metaOf(m3).table); err == nil {
		t.Fatal("column still there after Migrate with drop")
	}
	if plan, _ := s.Plan(ctx, m3, true); len(plan) != 0 {
		t.Fatalf("Plan after drop = %q, want nothing", plan)
	}
	if got := listQ(t, s, m3, viewer, "").Total; got != 1 {
		t.Fatalf("rows after migrations = %d, want 1", got)
	}
}

func testBadInput(t *testing.T, s *Store) {
	m := setup(t, s)
	tests := []struct {
		name string
		rec  Record
		msg  string
	}{
		{"unknown key", Record{"nickname": "x"}, "不支持的字段：nickname"},
		{"too long", Record{"name": strings.Repeat("长", 21)}, "姓名的值格式不正确"},
		{"not an option", Record{"kind": 9}, "类别的值格式不正确"},
		{"not a string option", Record{"color": "green"}, "颜色的值格式不正确"},
		{"not an integer", Record{"age": "thirty"}, "年龄的值格式不正确"},
		{"not a number", Record{"amount": "much"}, "补贴金额(元)的值格式不正确"},
		{"not a date", Record{"applyDate": "yesterday"}, "申请日期的值格式不正确"},
		{"not a bool", Record{"poor": "maybe"}, "贫困户的值格式不正确"},
		{"not a list", Record{"tags": "a_1"}, "标签的值格式不正确"},
		{"list item not an option", Record{"tags": []any{"zzz"}}, "标签的值格式不正确"},
		{"children not a list", Record{"family": "x"}, "家庭成员的值格式不正确"},
		{"unknown child key", Record{"family": []any{map[string]any{"age": 3}}}, "不支持的字段：family.age"},
		{"nul in text", Record{"name": "a\x00b"}, "姓名的值格式不正确"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := s.Create(ctx, m, viewer, tt.rec)
			wantStatus(t, err, 400, tt.msg)
		})
	}
	if got := listQ(t, s, m, viewer, "").Total; got != 0 {
		t.Fatalf("rejected records were written: total %d", got)
	}
}

// sameSet compares two string lists as sets.
func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// testLongNames migrates and uses a module whose table, children table and
// index names exceed the databases' identifier limits.
func testLongNames(t *testing.T, s *Store) {
	m := testModule()
	m.Name = "villageCollectiveEconomicOrganizationMemberShareholdingRegister"
	m.Fields[0].Name = "shareholderRepresentativeFullNameAsRegistered"
	m.List.Sort = ""
	if err := s.Migrate(ctx, m, false); err != nil {
		t.Fatal(err)
	}
	if plan, err := s.Plan(ctx, m, true); err != nil || len(plan) != 0 {
		t.Fatalf("Plan = %q, %v; want nothing to do", plan, err)
	}
	r := mustCreate(t, s, m, viewer, fromJSON(t, `{"shareholderRepresentativeFullNameAsRegistered": "张三", "idCard": "1",
		"family": [{"name": "李四"}]}`))
	if len(r["family"].([]Record)) != 1 {
		t.Fatalf("children of a long-named module = %v", r["family"])
	}
	if got := listQ(t, s, m, viewer, "shareholderRepresentativeFullNameAsRegistered.contains=三").Total; got != 1 {
		t.Fatalf("contains on a long-named module = %d, want 1", got)
	}
	if _, err := s.Create(ctx, m, viewer, Record{"idCard": "1"}); !errors.As(err, new(*UniqueError)) {
		t.Fatalf("duplicate in a long-named module: %v, want *UniqueError", err)
	}
}

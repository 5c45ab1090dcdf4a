package party_test

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"xiangzhi/engine/store"
	"xiangzhi/generated/ent/user"
	"xiangzhi/modules/party"
	"xiangzhi/modules/points"
	"xiangzhi/tools/demo"
	"xiangzhi/tools/demo/demotest"
)

// onThreeDatabases runs fn on SQLite, and on PostgreSQL and MariaDB/MySQL
// when XZ_TEST_POSTGRES / XZ_TEST_MYSQL are set, over the demo county with
// the points and party hooks registered.
func onThreeDatabases(t *testing.T, fn func(t *testing.T, env *demotest.Env)) {
	t.Run("sqlite", func(t *testing.T) { fn(t, demotest.New(t, points.Register, party.Register)) })
	t.Run("postgres", func(t *testing.T) {
		fn(t, demotest.NewOn(t, demotest.NewAppOn(t, demotest.FreshPostgres(t)), points.Register, party.Register))
	})
	t.Run("mysql", func(t *testing.T) {
		fn(t, demotest.NewOn(t, demotest.NewAppOn(t, demotest.FreshMySQL(t)), points.Register, party.Register))
	})
}

var han = regexp.MustCompile(`\p{Han}`)

// TestMarking hands in a paper with two short answers, marks them as the
// township (refusing marks beyond the question's score, other townships'
// and other tenants' sheets, and markers without the code), and checks
// the sheet's total and pass state after each save, the exam's 合格奖励积分
// given once per person per exam in the points log, and the points check.
func TestMarking(t *testing.T) { onThreeDatabases(t, marking) }

func marking(t *testing.T, env *demotest.Env) {
	ctx := context.Background()
	county := env.Login(t, "county_admin")
	v1 := env.Village(1)
	var town1, town2 string
	for i, tw := range env.County.Townships {
		if tw.ID == v1.Parent {
			town1 = fmt.Sprintf("town%d_admin", i+1)
		} else if town2 == "" {
			town2 = fmt.Sprintf("town%d_admin", i+1)
		}
	}
	marker, other := env.Login(t, town1), env.Login(t, town2)
	// The taker's account and a villager share a mobile: the villager gets the exam's points.
	var vill map[string]any
	seen := map[string]int{}
	for _, r := range env.Rows(t, "villager", 0) {
		if m, _ := r["mobile"].(string); m != "" {
			seen[m]++
		}
	}
	for _, r := range env.Rows(t, "villager", v1.ID) {
		if m, _ := r["mobile"].(string); m != "" && seen[m] == 1 {
			vill = r
			break
		}
	}
	if vill == nil {
		t.Fatal("no villager of village 1 with a mobile of their own")
	}
	taker := env.Account(t, "v01_grid1")
	if err := env.Ent.User.Update().Where(user.ID(taker.ID)).SetMobile(vill["mobile"].(string)).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	grid := env.Login(t, "v01_grid1")
	vid := vill["id"].(int64)
	examEntries := func() []map[string]any {
		var out []map[string]any
		for _, r := range env.Rows(t, "pointsLog", 0) {
			if r["bizType"] == party.BizExam && r["villager"] == vid {
				out = append(out, r)
			}
		}
		return out
	}

	cat := env.Rows(t, "subjectCategory", 0)[0]["id"]
	var ids []any
	for _, body := range []map[string]any{
		{"subjectType": 1, "subjectName": "村民委员会每届任期几年？", "subjectOptions": []map[string]any{
			{"optionName": "A", "optionContent": "三年"}, {"optionName": "B", "optionContent": "五年"}}, "answer": "B", "score": 2},
		{"subjectType": 4, "subjectName": "简述“四议两公开”工作法。", "answer": "党支部提议、两委商议、党员大会审议、村民会议决议；决议公开、实施结果公开。", "analysis": "村级重大事项决策程序。", "score": 4},
		{"subjectType": 4, "subjectName": "网格员入户走访应了解哪些情况？", "answer": "人口变动、困难诉求、矛盾纠纷、安全隐患。", "score": 4},
	} {
		body["category"] = cat
		status, res := env.Call(t, county, http.MethodPost, "/exam/api/subjects", body)
		if status != http.StatusOK {
			t.Fatalf("question: %d %v", status, res)
		}
		ids = append(ids, data(res)["id"])
	}
	status, res := env.Call(t, county, http.MethodPost, "/exam/api/exams", map[string]any{
		"title": "村务知识测试", "category": cat, "paperMode": 1, "questions": ids, "totalScore": 10, "passScore": 6,
		"durationMin": 30, "startTime": ts(-time.Hour), "endTime": ts(24 * time.Hour), "targetScope": 3, "allowTimes": 2,
		"rewardPoints": 5})
	if status != http.StatusOK {
		t.Fatalf("exam: %d %v", status, res)
	}
	exam := data(res)["id"]
	base := fmt.Sprintf("/exam/api/exams/%v", exam)
	if status, res := env.Call(t, county, http.MethodPut, base+"/status", map[string]any{"action": "publish"}); status != http.StatusOK {
		t.Fatalf("publish: %d %v", status, res)
	}
	answers := map[string]any{fmt.Sprint(ids[0]): "B", fmt.Sprint(ids[1]): "提议、商议、审议、决议，两公开",
		fmt.Sprint(ids[2]): "人口、诉求"}
	status, res = env.Call(t, grid, http.MethodPost, base+"/submit", map[string]any{"answers": answers})
	if d := data(res); status != http.StatusOK || fmt.Sprint(d["score"]) != "2" || d["passed"] != false || demotest.Num(d["pendingCount"]) != 2 {
		t.Fatalf("submit: %d %v", status, res)
	}
	sheet := data(res)["sheet"].(map[string]any)["id"]
	sheetURL := fmt.Sprintf("/exam/api/examAnswers/%v/marking", sheet)
	if len(examEntries()) != 0 {
		t.Fatal("points awarded for a paper that did not pass")
	}

	// The list awaiting marking: the township's marker sees the sheet, the other township does not.
	pending := func(token string) []any {
		t.Helper()
		status, res := env.Call(t, token, http.MethodGet, fmt.Sprintf("/exam/api/examAnswers/marking?exam=%v", exam), nil)
		if status != http.StatusOK {
			t.Fatalf("marking list: %d %v", status, res)
		}
		return data(res)["data"].([]any)
	}
	if got := pending(marker); len(got) != 1 || got[0].(map[string]any)["examTitle"] != "村务知识测试" {
		t.Fatalf("awaiting marking: %v", got)
	}
	if got := pending(other); len(got) != 0 {
		t.Fatalf("another township sees %v", got)
	}
	status, res = env.Call(t, marker, http.MethodGet, sheetURL, nil)
	if status != http.StatusOK {
		t.Fatalf("sheet: %d %v", status, res)
	}
	items := data(res)["items"].([]any)
	if len(items) != 2 {
		t.Fatalf("short answers %v", items)
	}
	first := items[0].(map[string]any)
	if fmt.Sprint(first["maxScore"]) != "4" || first["analysis"] != "村级重大事项决策程序。" || first["given"] != answers[fmt.Sprint(ids[1])] ||
		!strings.HasPrefix(fmt.Sprint(first["answer"]), "党支部提议") || first["score"] != nil {
		t.Fatalf("short answer %v", first)
	}

	// Refusals, each a 4xx with a Chinese message, and the sheet unchanged.
	q2, q3 := fmt.Sprint(ids[1]), fmt.Sprint(ids[2])
	for _, c := range []struct {
		name   string
		token  string
		url    string
		body   map[string]any
		status int
	}{
		{"over the question's score", marker, sheetURL, map[string]any{"marks": map[string]any{q2: 4.5}}, http.StatusBadRequest},
		{"below zero", marker, sheetURL, map[string]any{"marks": map[string]any{q2: -1}}, http.StatusBadRequest},
		{"two decimals", marker, sheetURL, map[string]any{"marks": map[string]any{q2: 2.25}}, http.StatusBadRequest},
		{"an objective question", marker, sheetURL, map[string]any{"marks": map[string]any{fmt.Sprint(ids[0]): 2}}, http.StatusBadRequest},
		{"not a number", marker, sheetURL, map[string]any{"marks": map[string]any{q2: "满分"}}, http.StatusBadRequest},
		{"no marks", marker, sheetURL, map[string]any{"marks": map[string]any{}}, http.StatusBadRequest},
		{"a score from the client", marker, sheetURL, map[string]any{"marks": map[string]any{q2: 2}, "score": 10}, http.StatusBadRequest},
		{"another township's sheet", other, sheetURL, map[string]any{"marks": map[string]any{q2: 2}}, http.StatusNotFound},
		{"a village without the code", env.Login(t, "v01_admin"), sheetURL, map[string]any{"marks": map[string]any{q2: 2}}, http.StatusForbidden},
		{"a sheet that does not exist", marker, "/exam/api/examAnswers/999999999/marking", map[string]any{"marks": map[string]any{q2: 2}}, http.StatusNotFound},
	} {
		status, res := env.Call(t, c.token, http.MethodPut, c.url, c.body)
		if status != c.status || !han.MatchString(fmt.Sprint(res["msg"])) {
			t.Errorf("%s: %d %v, want %d with a Chinese message", c.name, status, res, c.status)
		}
	}
	if status, res := env.Call(t, marker, http.MethodPut, sheetURL, map[string]any{"marks": map[string]any{q2: 4.5}}); !strings.Contains(fmt.Sprint(res["msg"]), "第 2 题得分须在 0 到 4 分之间") {
		t.Errorf("bound message: %d %v", status, res)
	}
	if s := env.Get(t, "examAnswer", demotest.Num(sheet)); fmt.Sprint(s["score"]) != "2" || s["pendingCount"] != int64(2) {
		t.Fatalf("a refused mark changed the sheet: %v", s)
	}

	save := func(marks map[string]any) map[string]any {
		t.Helper()
		status, res := env.Call(t, marker, http.MethodPut, sheetURL, map[string]any{"marks": marks, "reviewComment": "要点基本齐全"})
		if status != http.StatusOK {
			t.Fatalf("mark %v: %d %v", marks, status, res)
		}
		return data(res)
	}
	// 2 + 3 = 5 of 10, one short answer still pending: not passed.
	if d := save(map[string]any{q2: 3}); fmt.Sprint(d["score"]) != "5" || d["passed"] != false || demotest.Num(d["pendingCount"]) != 1 {
		t.Fatalf("first mark: %v", d)
	}
	// 2 + 3 + 1.5 = 6.5 ≥ 6: passed, and the exam's 5 points go to the villager once.
	d := save(map[string]any{q3: 1.5})
	if fmt.Sprint(d["score"]) != "6.5" || d["passed"] != true || demotest.Num(d["pendingCount"]) != 0 || demotest.Num(d["rewardPoints"]) != 5 {
		t.Fatalf("second mark: %v", d)
	}
	stored := env.Get(t, "examAnswer", demotest.Num(sheet))
	if stored["passed"] != true || stored["markedBy"] == nil || stored["reviewComment"] != "要点基本齐全" {
		t.Fatalf("stored sheet %v", stored)
	}
	entries := examEntries()
	if len(entries) != 1 || entries[0]["points"] != int64(5) || entries[0]["bizId"] != fmt.Sprint(exam) || entries[0]["changeType"] != int64(1) {
		t.Fatalf("points log after passing: %v", entries)
	}
	if list := pending(marker); len(list) != 0 {
		t.Fatalf("a marked sheet still awaits marking: %v", list)
	}
	// Marking again recomputes the total; the award is not given twice.
	if d := save(map[string]any{q3: 2, q2: 4}); fmt.Sprint(d["score"]) != "8" || d["passed"] != true {
		t.Fatalf("re-mark: %v", d)
	}
	// A second paper that passes after marking: still one award per person per exam.
	status, res = env.Call(t, grid, http.MethodPost, base+"/submit", map[string]any{"answers": answers})
	if status != http.StatusOK {
		t.Fatalf("second attempt: %d %v", status, res)
	}
	sheetURL = fmt.Sprintf("/exam/api/examAnswers/%v/marking", data(res)["sheet"].(map[string]any)["id"])
	if d := save(map[string]any{q2: 4, q3: 4}); fmt.Sprint(d["score"]) != "10" || d["passed"] != true || d["rewardPoints"] != nil {
		t.Fatalf("second sheet marked: %v", d)
	}
	if n := len(examEntries()); n != 1 {
		t.Fatalf("%d exam awards, want 1", n)
	}
	status, res = env.Call(t, env.Login(t, "v01_admin"), http.MethodGet, fmt.Sprintf("/integral/api/pointsLogs/total?villagerId=%d", vid), nil)
	if status != http.StatusOK || demotest.Num(data(res)["earned"]) < 5 {
		t.Fatalf("villager's total: %d %v", status, res)
	}
	bad, err := points.Check(ctx, env.App.Store(), env.App.Modules(), env.County.TenantID)
	if err != nil || len(bad) != 0 {
		t.Fatalf("points check: %v %v", bad, err)
	}

	// Another tenant's answer sheet is not found by the county's marker.
	tn, err := env.Ent.Tenant.Create().SetName("邻县").SetCode("linxian-marking").Save(ctx)
	if err != nil {
		t.Fatal(err)
	}
	theirs, err := env.App.Store().Create(party.Trusted(ctx), env.App.Modules().Module("examAnswer"),
		store.Scope{TenantID: int64(tn.ID), Mode: store.ScopeAll}, store.Record{"exam": exam, "examinee": taker.ID,
			"attemptNo": 1, "submitTime": ts(0), "score": 2, "totalScore": 10, "passed": false, "pendingCount": 1,
			"answers": []any{map[string]any{"questionId": ids[1], "type": 4, "max": 4, "given": "x", "score": 0}}})
	if err != nil {
		t.Fatal(err)
	}
	url := fmt.Sprintf("/exam/api/examAnswers/%v/marking", theirs["id"])
	for _, method := range []string{http.MethodGet, http.MethodPut} {
		status, res := env.Call(t, county, method, url, map[string]any{"marks": map[string]any{q2: 1}})
		if status != http.StatusNotFound || !han.MatchString(fmt.Sprint(res["msg"])) {
			t.Errorf("%s another tenant's sheet: %d %v", method, status, res)
		}
	}
}

// TestExamStatistics takes an exam as three people of two townships (one
// of them twice) and checks the statistics per exam and per organisation
// against the numbers worked out by hand, in the county's and a
// township's scope.
func TestExamStatistics(t *testing.T) { onThreeDatabases(t, statistics) }

func statistics(t *testing.T, env *demotest.Env) {
	county := env.Login(t, "county_admin")
	v1 := env.Village(1)
	var far demo.Place
	farIndex := 0
	for i, v := range env.County.Villages {
		if v.Parent != v1.Parent {
			far, farIndex = v, i+1
			break
		}
	}
	if farIndex == 0 {
		t.Fatal("every village in one township")
	}
	cat := env.Rows(t, "subjectCategory", 0)[0]["id"]
	var ids []any
	for _, name := range []string{"村民会议由本村十八周岁以上村民组成。", "村务公开栏应至少每季度公布一次财务收支。"} {
		status, res := env.Call(t, county, http.MethodPost, "/exam/api/subjects", map[string]any{"category": cat, "subjectType": 3,
			"subjectName": name, "subjectOptions": []map[string]any{{"optionName": "A", "optionContent": "正确"}, {"optionName": "B", "optionContent": "错误"}},
			"answer": "A", "score": 5})
		if status != http.StatusOK {
			t.Fatalf("question: %d %v", status, res)
		}
		ids = append(ids, data(res)["id"])
	}
	status, res := env.Call(t, county, http.MethodPost, "/exam/api/exams", map[string]any{
		"title": "村务公开判断题", "category": cat, "paperMode": 1, "questions": ids, "totalScore": 10, "passScore": 6,
		"durationMin": 10, "startTime": ts(-time.Hour), "endTime": ts(24 * time.Hour), "targetScope": 3, "allowTimes": 2})
	if status != http.StatusOK {
		t.Fatalf("exam: %d %v", status, res)
	}
	exam := data(res)["id"]
	base := fmt.Sprintf("/exam/api/exams/%v", exam)
	if status, res := env.Call(t, county, http.MethodPut, base+"/status", map[string]any{"action": "publish"}); status != http.StatusOK {
		t.Fatalf("publish: %d %v", status, res)
	}
	take := func(user string, right int) {
		t.Helper()
		answers := map[string]any{}
		for i, id := range ids {
			answers[fmt.Sprint(id)] = map[bool]string{true: "A", false: "B"}[i < right]
		}
		if status, res := env.Call(t, env.Login(t, user), http.MethodPost, base+"/submit", map[string]any{"answers": answers}); status != http.StatusOK {
			t.Fatalf("%s submits: %d %v", user, status, res)
		}
	}
	take("v01_admin", 2)                          // 10, passed
	take("v01_grid1", 1)                          // 5
	take("v01_grid1", 2)                          // 10: the best sheet counts
	take(fmt.Sprintf("v%02d_admin", farIndex), 0) // 0

	type stat struct {
		people, passed       int64
		rate, avg, high, low string
	}
	read := func(m map[string]any) stat {
		return stat{demotest.Num(m["people"]), demotest.Num(m["passed"]), fmt.Sprint(m["passRate"]), fmt.Sprint(m["average"]),
			fmt.Sprint(m["highest"]), fmt.Sprint(m["lowest"])}
	}
	get := func(token, query string) map[string]any {
		t.Helper()
		status, res := env.Call(t, token, http.MethodGet, "/exam/api/exams/statistics?exam="+fmt.Sprint(exam)+query, nil)
		if status != http.StatusOK {
			t.Fatalf("statistics%s: %d %v", query, status, res)
		}
		exams := data(res)["exams"].([]any)
		if len(exams) != 1 {
			t.Fatalf("statistics%s: %d exams", query, len(exams))
		}
		return exams[0].(map[string]any)
	}
	byOrg := func(e map[string]any) map[int64]stat {
		out := map[int64]stat{}
		for _, o := range e["byOrg"].([]any) {
			m := o.(map[string]any)
			if m["orgName"] == "" || m["orgName"] == nil {
				t.Errorf("an organisation without its name: %v", m)
			}
			out[demotest.Num(m["orgId"])] = read(m)
		}
		return out
	}
	// The county: 10, 10, 0 → 3 people, average 6.7, 2 passed (66.7 %); per township.
	e := get(county, "")
	if got, want := read(e), (stat{3, 2, "66.7", "6.7", "10", "0"}); got != want {
		t.Fatalf("county overall %+v, want %+v", got, want)
	}
	orgs := byOrg(e)
	if got, want := orgs[v1.Parent], (stat{2, 2, "100", "10", "10", "10"}); got != want || len(orgs) != 2 {
		t.Fatalf("township of village 1 %+v (of %v), want %+v", got, orgs, want)
	}
	if got, want := orgs[far.Parent], (stat{1, 0, "0", "0", "0", "0"}); got != want {
		t.Fatalf("the other township %+v, want %+v", got, want)
	}
	// Each sheet's own organisation: the far village alone.
	orgs = byOrg(get(county, "&level=org"))
	if got, want := orgs[far.ID], (stat{1, 0, "0", "0", "0", "0"}); got != want {
		t.Fatalf("village %s %+v, want %+v (%v)", far.Name, got, want, orgs)
	}
	// A township sees its own people only, per village.
	var town string
	for i, tw := range env.County.Townships {
		if tw.ID == far.Parent {
			town = fmt.Sprintf("town%d_admin", i+1)
		}
	}
	e = get(env.Login(t, town), "")
	if got, want := read(e), (stat{1, 0, "0", "0", "0", "0"}); got != want {
		t.Fatalf("township overall %+v, want %+v", got, want)
	}
	if orgs := byOrg(e); len(orgs) != 1 || orgs[far.ID].people != 1 {
		t.Fatalf("township per village %v", orgs)
	}
	if status, res := env.Call(t, county, http.MethodGet, "/exam/api/exams/statistics?level=grid", nil); status != http.StatusBadRequest || !han.MatchString(fmt.Sprint(res["msg"])) {
		t.Fatalf("unknown level: %d %v", status, res)
	}
	for _, q := range []string{"size=0", "size=101", "size=x", "page=-1", "page=1e3", "sort=title"} {
		if status, res := env.Call(t, county, http.MethodGet, "/exam/api/exams/statistics?"+q, nil); status != http.StatusBadRequest || !han.MatchString(fmt.Sprint(res["msg"])) {
			t.Errorf("statistics?%s: %d %v", q, status, res)
		}
	}
	// A page past the last: no exam, and the total.
	status, res = env.Call(t, county, http.MethodGet, "/exam/api/exams/statistics?page=1000&size=100", nil)
	if status != http.StatusOK || len(data(res)["exams"].([]any)) != 0 || demotest.Num(data(res)["total"]) < 1 {
		t.Errorf("a page past the last: %d %v", status, res)
	}
	// The list of every exam the county sees carries this one.
	status, res = env.Call(t, county, http.MethodGet, "/exam/api/exams/statistics", nil)
	found := false
	for _, x := range data(res)["exams"].([]any) {
		found = found || fmt.Sprint(x.(map[string]any)["exam"]) == fmt.Sprint(exam)
	}
	if status != http.StatusOK || !found {
		t.Fatalf("all exams: %d %v", status, res)
	}
}

// TestExamStatisticsAgainstSheets compares every figure of the exam
// statistics — each exam the county and a township see, page by page, per
// township or village and per sheet's organisation — with the same figures
// worked out from the answer sheets themselves (each person once, by their
// best sheet), on the demo county's sheets, then again after new sheets
// (one person twice, the better second) so that a figure kept from before
// a write would differ.
func TestExamStatisticsAgainstSheets(t *testing.T) { onThreeDatabases(t, statisticsAgainstSheets) }

func statisticsAgainstSheets(t *testing.T, env *demotest.Env) {
	county := env.Login(t, "county_admin")
	town := env.County.Townships[0]
	viewers := []struct {
		token string
		org   demo.Place
	}{{county, env.County.County}, {env.Login(t, "town1_admin"), town}}
	paths := map[int64]string{env.County.County.ID: env.County.County.Path}
	for _, p := range append(slices.Clone(env.County.Townships), env.County.Villages...) {
		paths[p.ID] = p.Path
	}
	check := func(stage string) {
		t.Helper()
		sheets := env.Rows(t, "examAnswer", 0)
		if len(sheets) == 0 {
			t.Fatal("the demo county has no answer sheets")
		}
		for _, v := range viewers {
			for _, level := range []string{"child", "org"} {
				// What the sheets say: each person's best sheet per exam.
				type person struct{ exam, user int64 }
				type sheet struct {
					score  float64
					passed bool
					group  int64
				}
				bests := map[person]sheet{}
				for _, s := range sheets {
					org := demotest.Num(s["orgId"])
					rest, ok := strings.CutPrefix(paths[org], v.org.Path)
					if !ok {
						continue // outside the viewer's subtree
					}
					group := org
					if level == "child" && rest != "" {
						group, _ = strconv.ParseInt(strings.SplitN(rest, "/", 2)[0], 10, 64)
					}
					k := person{demotest.Num(s["exam"]), demotest.Num(s["examinee"])}
					score, _ := strconv.ParseFloat(fmt.Sprint(s["score"]), 64)
					x := sheet{score, s["passed"] == true, group}
					b, seen := bests[k]
					switch {
					case !seen || x.score > b.score:
						bests[k] = x
					case x.score == b.score:
						b.passed = b.passed || x.passed
						b.group = min(b.group, x.group)
						bests[k] = b
					}
				}
				type figures struct {
					people, passed int
					sum, high, low float64
				}
				want := map[int64]*figures{}
				wantOrg := map[[2]int64]*figures{}
				add := func(f *figures, b sheet) {
					if f.people == 0 || b.score > f.high {
						f.high = b.score
					}
					if f.people == 0 || b.score < f.low {
						f.low = b.score
					}
					f.people++
					f.sum += b.score
					if b.passed {
						f.passed++
					}
				}
				for k, b := range bests {
					if want[k.exam] == nil {
						want[k.exam] = &figures{}
					}
					add(want[k.exam], b)
					ok := [2]int64{k.exam, b.group}
					if wantOrg[ok] == nil {
						wantOrg[ok] = &figures{}
					}
					add(wantOrg[ok], b)
				}
				same := func(what string, got map[string]any, f *figures) {
					t.Helper()
					if f == nil {
						f = &figures{}
					}
					num := func(k string) float64 { x, _ := strconv.ParseFloat(fmt.Sprint(got[k]), 64); return x }
					ok := int(num("people")) == f.people && int(num("passed")) == f.passed
					if f.people > 0 {
						avg := math.Round(f.sum/float64(f.people)*10) / 10
						rate := math.Round(float64(f.passed)/float64(f.people)*1000) / 10
						ok = ok && num("average") == avg && num("passRate") == rate && num("highest") == f.high && num("lowest") == f.low
					}
					if !ok {
						t.Errorf("%s: %s: %v, from the sheets %+v", stage, what, got, *f)
					}
				}
				// Every exam at once, then page by page: the same list.
				status, res := env.Call(t, v.token, http.MethodGet, "/exam/api/exams/statistics?level="+level, nil)
				if status != http.StatusOK {
					t.Fatalf("%s: statistics: %d %v", stage, status, res)
				}
				all := data(res)["exams"].([]any)
				if total := demotest.Num(data(res)["total"]); total != int64(len(all)) {
					t.Errorf("%s: total %d of %d exams", stage, total, len(all))
				}
				var paged []any
				for page := 0; ; page++ {
					status, res := env.Call(t, v.token, http.MethodGet, fmt.Sprintf("/exam/api/exams/statistics?level=%s&page=%d&size=3", level, page), nil)
					if status != http.StatusOK {
						t.Fatalf("%s: page %d: %d %v", stage, page, status, res)
					}
					exams := data(res)["exams"].([]any)
					paged = append(paged, exams...)
					if demotest.Num(data(res)["total"]) != int64(len(all)) {
						t.Errorf("%s: page %d: total %v, want %d", stage, page, data(res)["total"], len(all))
					}
					if len(exams) < 3 {
						break
					}
				}
				if fmt.Sprint(paged) != fmt.Sprint(all) {
					t.Errorf("%s: the pages differ from the whole list:\n%v\n%v", stage, paged, all)
				}
				seen := map[int64]bool{}
				for i, x := range all {
					e := x.(map[string]any)
					id := demotest.Num(e["exam"])
					seen[id] = true
					if i > 0 {
						p := all[i-1].(map[string]any)
						if a, b := fmt.Sprint(p["startTime"]), fmt.Sprint(e["startTime"]); a < b || a == b && demotest.Num(p["exam"]) < id {
							t.Errorf("%s: exam %d after %v: not newest first", stage, id, p["exam"])
						}
					}
					same(fmt.Sprintf("%s, exam %d", level, id), e, want[id])
					orgs := 0
					for _, o := range e["byOrg"].([]any) {
						om := o.(map[string]any)
						same(fmt.Sprintf("%s, exam %d, organisation %v", level, id, om["orgId"]), om, wantOrg[[2]int64{id, demotest.Num(om["orgId"])}])
						orgs++
					}
					n := 0
					for k := range wantOrg {
						if k[0] == id {
							n++
						}
					}
					if orgs != n {
						t.Errorf("%s: %s, exam %d: %d organisations, from the sheets %d", stage, level, id, orgs, n)
					}
				}
				for id := range want {
					if !seen[id] {
						t.Errorf("%s: %s: exam %d with sheets here is missing", stage, level, id)
					}
				}
			}
		}
	}
	check("the demo's sheets")

	exam, take := newJudgedExam(t, env, county)
	check("a new exam without sheets")
	take("v01_admin", 2)
	take("v01_grid1", 2)
	take("v01_grid1", 1) // the better sheet came first
	take("v02_admin", 1)
	check(fmt.Sprintf("after sheets of exam %v", exam))
	take("v02_admin", 2)
	check(fmt.Sprintf("after a better second sheet of exam %v", exam))
}

// newJudgedExam sets and publishes an exam of two true-or-false questions of
// 5 points (pass mark 6, two attempts) as token, and gives a function that
// hands in a sheet as a user, right answers first.
func newJudgedExam(t *testing.T, env *demotest.Env, token string) (any, func(user string, right int)) {
	t.Helper()
	cat := env.Rows(t, "subjectCategory", 0)[0]["id"]
	var ids []any
	for _, name := range []string{"村委会任期为五年。", "村务监督委员会成员可以由村委会成员兼任。"} {
		status, res := env.Call(t, token, http.MethodPost, "/exam/api/subjects", map[string]any{"category": cat, "subjectType": 3,
			"subjectName": name, "subjectOptions": []map[string]any{{"optionName": "A", "optionContent": "正确"}, {"optionName": "B", "optionContent": "错误"}},
			"answer": "A", "score": 5})
		if status != http.StatusOK {
			t.Fatalf("question: %d %v", status, res)
		}
		ids = append(ids, data(res)["id"])
	}
	status, res := env.Call(t, token, http.MethodPost, "/exam/api/exams", map[string]any{
		"title": "村务判断题", "category": cat, "paperMode": 1, "questions": ids, "totalScore": 10, "passScore": 6,
		"durationMin": 10, "startTime": ts(-time.Hour), "endTime": ts(24 * time.Hour), "targetScope": 3, "allowTimes": 2})
	if status != http.StatusOK {
		t.Fatalf("exam: %d %v", status, res)
	}
	exam := data(res)["id"]
	base := fmt.Sprintf("/exam/api/exams/%v", exam)
	if status, res := env.Call(t, token, http.MethodPut, base+"/status", map[string]any{"action": "publish"}); status != http.StatusOK {
		t.Fatalf("publish: %d %v", status, res)
	}
	return exam, func(user string, right int) {
		t.Helper()
		answers := map[string]any{}
		for i, id := range ids {
			answers[fmt.Sprint(id)] = map[bool]string{true: "A", false: "B"}[i < right]
		}
		if status, res := env.Call(t, env.Login(t, user), http.MethodPost, base+"/submit", map[string]any{"answers": answers}); status != http.StatusOK {
			t.Fatalf("%s submits: %d %v", user, status, res)
		}
	}
}

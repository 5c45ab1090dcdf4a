package party_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"xiangzhi/modules/party"
	"xiangzhi/tools/demo/demotest"
)

func data(res map[string]any) map[string]any { d, _ := res["data"].(map[string]any); return d }

func ts(d time.Duration) string { return time.Now().Add(d).Format("2006-01-02 15:04:05") }

// TestExam writes questions (refusing answers that do not fit them), sets
// an exam, takes it as a township user and checks the server's score, the
// one attempt allowed and the results per person and organisation.
func TestExam(t *testing.T) {
	env := demotest.New(t, party.Register)
	county := env.Login(t, "county_admin")
	taker := env.Login(t, "town1_admin")
	cat := env.Rows(t, "subjectCategory", 0)[0]["id"]
	q := func(body map[string]any) (int, map[string]any) {
		body["category"] = cat
		return env.Call(t, county, http.MethodPost, "/exam/api/subjects", body)
	}
	opts := func(xs ...string) []map[string]any {
		var out []map[string]any
		for i, x := range xs {
			out = append(out, map[string]any{"optionName": string(rune('A' + i)), "optionContent": x})
		}
		return out
	}
	refusals := []struct {
		name string
		body map[string]any
	}{
		{"single with two answers", map[string]any{"subjectType": 1, "subjectName": "x", "subjectOptions": opts("a", "b"), "answer": "AB", "score": 2}},
		{"answer not an option", map[string]any{"subjectType": 1, "subjectName": "x", "subjectOptions": opts("a", "b"), "answer": "D", "score": 2}},
		{"multiple with one answer", map[string]any{"subjectType": 2, "subjectName": "x", "subjectOptions": opts("a", "b", "c"), "answer": "A", "score": 2}},
		{"true/false with three options", map[string]any{"subjectType": 3, "subjectName": "x", "subjectOptions": opts("对", "错", "?"), "answer": "A", "score": 2}},
		{"short answer with options", map[string]any{"subjectType": 4, "subjectName": "x", "subjectOptions": opts("a", "b"), "answer": "x", "score": 2}},
		{"score out of range", map[string]any{"subjectType": 1, "subjectName": "x", "subjectOptions": opts("a", "b"), "answer": "A", "score": 50}},
	}
	for _, r := range refusals {
		if status, res := q(r.body); status != http.StatusBadRequest {
			t.Errorf("%s: %d %v", r.name, status, res)
		}
	}
	var ids []any
	for _, body := range []map[string]any{
		{"subjectType": 1, "subjectName": "中国共产党的最高理想和最终目标是什么？", "subjectOptions": opts("实现共产主义", "全面建成小康社会", "实现现代化"), "answer": "A", "analysis": "党章总纲。", "score": 2},
		{"subjectType": 2, "subjectName": "网格员的日常工作包括哪些？", "subjectOptions": opts("入户走访", "矛盾调解", "审批低保"), "answer": "ba", "analysis": "低保由民政部门审批。", "score": 3},
		{"subjectType": 3, "subjectName": "未成年人可以私自下水游泳。", "subjectOptions": opts("正确", "错误"), "answer": "B", "analysis": "防溺水“六不”。", "score": 2},
		{"subjectType": 4, "subjectName": "简述“四议两公开”工作法。", "answer": "党支部提议、两委商议、党员大会审议、村民会议决议；决议公开、实施结果公开。", "score": 3},
	} {
		status, res := q(body)
		if status != http.StatusOK {
			t.Fatalf("question: %d %v", status, res)
		}
		ids = append(ids, data(res)["id"])
		if body["subjectType"] == 2 && data(res)["answer"] != "AB" {
			t.Fatalf("multiple answer stored as %v, want AB", data(res)["answer"])
		}
	}
	status, res := env.Call(t, county, http.MethodPost, "/exam/api/exams", map[string]any{
		"title": "党员应知应会测试", "category": cat, "paperMode": 1, "questions": ids, "totalScore": 10, "passScore": 4,
		"durationMin": 30, "startTime": ts(-time.Hour), "endTime": ts(24 * time.Hour), "targetScope": 1, "allowTimes": 1})
	if status != http.StatusOK {
		t.Fatalf("exam: %d %v", status, res)
	}
	exam := data(res)["id"]
	base := fmt.Sprintf("/exam/api/exams/%v", exam)
	if status, res := env.Call(t, taker, http.MethodPost, base+"/submit", map[string]any{"answers": map[string]any{}}); status != http.StatusConflict {
		t.Fatalf("draft exam taken: %d %v", status, res)
	}
	if status, res := env.Call(t, county, http.MethodPut, base+"/status", map[string]any{"action": "publish"}); status != http.StatusOK {
		t.Fatalf("publish: %d %v", status, res)
	}
	status, res = env.Call(t, taker, http.MethodGet, base+"/paper", nil)
	if status != http.StatusOK {
		t.Fatalf("paper: %d %v", status, res)
	}
	qs := data(res)["questions"].([]any)
	if len(qs) != 4 {
		t.Fatalf("paper has %d questions", len(qs))
	}
	for _, x := range qs {
		if _, ok := x.(map[string]any)["answer"]; ok {
			t.Fatal("the paper shows the answer")
		}
	}
	// Right, wrong, right, and a short answer: 2 + 0 + 2 = 4 (passed), one pending.
	answers := map[string]any{fmt.Sprint(ids[0]): "A", fmt.Sprint(ids[1]): []any{"A"}, fmt.Sprint(ids[2]): "b",
		fmt.Sprint(ids[3]): "提议、商议、审议、决议"}
	if status, res := env.Call(t, taker, http.MethodPost, base+"/submit", map[string]any{"answers": answers, "score": 100}); status != http.StatusBadRequest {
		t.Fatalf("a score from the client: %d %v", status, res)
	}
	status, res = env.Call(t, taker, http.MethodPost, base+"/submit", map[string]any{"answers": answers})
	if status != http.StatusOK {
		t.Fatalf("submit: %d %v", status, res)
	}
	d := data(res)
	if demotest.Num(d["correctCount"]) != 2 || fmt.Sprint(d["score"]) != "4" || d["passed"] != true || demotest.Num(d["pendingCount"]) != 1 {
		t.Fatalf("scored %v", d)
	}
	marked := d["questions"].([]any)[1].(map[string]any)
	if marked["answer"] != "AB" || marked["analysis"] != "低保由民政部门审批。" || marked["correct"] != false {
		t.Fatalf("marked question %v", marked)
	}
	status, res = env.Call(t, taker, http.MethodPost, base+"/submit", map[string]any{"answers": answers})
	if status != http.StatusConflict || !strings.Contains(fmt.Sprint(res["msg"]), "允许作答次数") {
		t.Fatalf("second attempt: %d %v", status, res)
	}
	if status, res := env.Call(t, county, http.MethodPost, "/exam/api/examAnswers", map[string]any{}); status != http.StatusBadRequest {
		t.Fatalf("answer sheet through the generic API: %d %v", status, res)
	}
	status, res = env.Call(t, county, http.MethodGet, base+"/results", nil)
	if status != http.StatusOK {
		t.Fatalf("results: %d %v", status, res)
	}
	d = data(res)
	orgs := d["byOrg"].([]any)
	if demotest.Num(d["people"]) != 1 || len(orgs) != 1 || demotest.Num(orgs[0].(map[string]any)["passed"]) != 1 {
		t.Fatalf("results %v", d)
	}
	if p := d["persons"].([]any)[0].(map[string]any); p["examineeName"] == "" || fmt.Sprint(p["score"]) != "4" {
		t.Fatalf("person %v", p)
	}

	t.Run("a paper drawn from a category", func(t *testing.T) {
		status, res := env.Call(t, county, http.MethodPost, "/exam/api/exams", map[string]any{
			"title": "每日一练", "category": cat, "paperMode": 2, "randomRule": map[string]any{"categories": []any{cat}, "count": 3},
			"totalScore": 6, "passScore": 4, "durationMin": 10, "startTime": ts(-time.Hour), "endTime": ts(time.Hour), "targetScope": 1})
		if status != http.StatusOK {
			t.Fatalf("exam: %d %v", status, res)
		}
		base := fmt.Sprintf("/exam/api/exams/%v", data(res)["id"])
		if status, res := env.Call(t, county, http.MethodPut, base+"/status", map[string]any{"action": "publish"}); status != http.StatusOK {
			t.Fatalf("publish: %d %v", status, res)
		}
		paper := func() []any {
			status, res := env.Call(t, taker, http.MethodGet, base+"/paper", nil)
			if status != http.StatusOK {
				t.Fatalf("paper: %d %v", status, res)
			}
			return data(res)["questions"].([]any)
		}
		first, again := paper(), paper()
		if len(first) != 3 || fmt.Sprint(first) != fmt.Sprint(again) {
			t.Fatalf("drawn papers %v and %v: want the same three questions", first, again)
		}
		for _, x := range first {
			q := x.(map[string]any)
			if n := len(q["subjectOptions"].([]any)); (demotest.Num(q["subjectType"]) == 4) != (n == 0) {
				t.Fatalf("a drawn question without its options: %v", q)
			}
		}
		status, res = env.Call(t, taker, http.MethodPost, base+"/submit", map[string]any{"answers": map[string]any{}})
		if status != http.StatusOK || fmt.Sprint(data(res)["score"]) != "0" || demotest.Num(data(res)["correctCount"]) != 0 {
			t.Fatalf("an empty paper: %d %v", status, res)
		}
	})
}

// TestVote casts ballots: one per person even when sent at once, only the
// vote's options, within its organisation and while it is open; the
// results count them and the questions are locked once anyone voted.
func TestVote(t *testing.T) {
	env := demotest.New(t, party.Register)
	county := env.Login(t, "county_admin")
	v1 := env.Login(t, "v01_admin")
	v2 := env.Login(t, "v02_admin")
	mk := func(token, title string) (string, []any) {
		status, res := env.Call(t, token, http.MethodPost, "/vote/api/voteInfos", map[string]any{
			"title": title, "voteType": 1, "voterScope": 1, "startTime": ts(-time.Hour), "endTime": ts(24 * time.Hour),
			"voteQuestions": []map[string]any{
				{"questionTitle": "是否同意硬化村西道路？", "choiceMode": 1, "options": "同意\n不同意\n弃权"},
				{"questionTitle": "路灯优先安装在哪里？", "choiceMode": 2, "maxChoices": 2, "options": "村口\n小学门口\n文化广场"},
			}})
		if status != http.StatusOK {
			t.Fatalf("vote: %d %v", status, res)
		}
		base := fmt.Sprintf("/vote/api/voteInfos/%v", data(res)["id"])
		if status, res := env.Call(t, token, http.MethodPut, base+"/status", map[string]any{"action": "start"}); status != http.StatusOK {
			t.Fatalf("start: %d %v", status, res)
		}
		return base, data(res)["voteQuestions"].([]any)
	}
	base, qs := mk(v1, "村西道路硬化表决")
	q1, q2 := fmt.Sprint(qs[0].(map[string]any)["id"]), fmt.Sprint(qs[1].(map[string]any)["id"])
	ballot := func(a, b any) map[string]any { return map[string]any{"choices": map[string]any{q1: a, q2: b}} }

	for _, c := range []struct {
		name string
		body map[string]any
	}{
		{"unknown option", ballot("赞成", []any{"村口"})},
		{"two answers to a single question", ballot([]any{"同意", "不同意"}, []any{"村口"})},
		{"too many choices", ballot("同意", []any{"村口", "小学门口", "文化广场"})},
		{"a question unanswered", map[string]any{"choices": map[string]any{q1: "同意"}}},
	} {
		if status, res := env.Call(t, v1, http.MethodPost, base+"/ballot", c.body); status != http.StatusBadRequest {
			t.Errorf("%s: %d %v", c.name, status, res)
		}
	}
	// The village administrator sends five ballots at once: one counts.
	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[int]int{}
	for range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status, res := env.Call(t, v1, http.MethodPost, base+"/ballot", ballot("同意", []any{"村口", "文化广场"}))
			mu.Lock()
			defer mu.Unlock()
			codes[status]++
			if status == http.StatusConflict && res["msg"] != party.VoteTwice {
				t.Errorf("refusal %v", res)
			}
		}()
	}
	wg.Wait()
	if codes[http.StatusOK] != 1 || codes[http.StatusConflict] != 4 {
		t.Fatalf("answers %v, want one 200 and four 409", codes)
	}
	// In English the refusal keeps its status and is worded in English; a results answer says 操作成功 in English.
	{
		status, res := env.CallIn(t, v1, "en", http.MethodPost, base+"/ballot", ballot("同意", []any{"村口"}))
		if status != http.StatusConflict || res["msg"] != "You have already voted; each person votes once" {
			t.Errorf("a second ballot in English: %d %v", status, res)
		}
		status, res = env.CallIn(t, v1, "en", http.MethodGet, base+"/results", nil)
		if status != http.StatusOK || res["msg"] != "Operation succeeded" {
			t.Errorf("results in English: %d %v", status, res["msg"])
		}
	}
	if status, res := env.Call(t, v2, http.MethodPost, base+"/ballot", ballot("同意", []any{"村口"})); status != http.StatusNotFound {
		t.Fatalf("another village's vote: %d %v", status, res)
	}
	if status, res := env.Call(t, county, http.MethodPost, base+"/ballot", ballot("不同意", []any{"村口"})); status != http.StatusForbidden || res["msg"] != party.VoteOutOfScope {
		t.Fatalf("a voter above the vote's village: %d %v", status, res)
	}
	// A vote whose dates have not begun refuses ballots even once started.
	status, res := env.Call(t, v1, http.MethodPost, "/vote/api/voteInfos", map[string]any{
		"title": "下月议题征集", "voteType": 3, "voterScope": 1, "startTime": ts(24 * time.Hour), "endTime": ts(48 * time.Hour),
		"voteQuestions": []map[string]any{{"questionTitle": "您的建议", "choiceMode": 3}}})
	if status != http.StatusOK {
		t.Fatalf("future vote: %d %v", status, res)
	}
	later := fmt.Sprintf("/vote/api/voteInfos/%v", data(res)["id"])
	if status, res := env.Call(t, v1, http.MethodPut, later+"/status", map[string]any{"action": "start"}); status != http.StatusOK {
		t.Fatalf("start: %d %v", status, res)
	}
	laterQ := fmt.Sprint(data(res)["voteQuestions"].([]any)[0].(map[string]any)["id"])
	if status, res := env.Call(t, v1, http.MethodPost, later+"/ballot", map[string]any{"choices": map[string]any{laterQ: "修路"}}); status != http.StatusConflict || res["msg"] != party.VoteNotStarted {
		t.Fatalf("a ballot before the vote's start: %d %v", status, res)
	}
	status, res = env.Call(t, v1, http.MethodGet, base+"/results", nil)
	if status != http.StatusOK {
		t.Fatalf("results: %d %v", status, res)
	}
	d := data(res)
	first := d["questions"].([]any)[0].(map[string]any)["options"].([]any)[0].(map[string]any)
	if demotest.Num(d["ballots"]) != 1 || d["voted"] != true || demotest.Num(first["count"]) != 1 || first["option"] != "同意" {
		t.Fatalf("results %v", d)
	}
	if status, res := env.Call(t, v1, http.MethodPut, "/vote/api/voteQuestions", map[string]any{
		"voteId": strings.TrimPrefix(base, "/vote/api/voteInfos/"), "voteQuestions": []map[string]any{{"questionTitle": "x", "choiceMode": 3}}}); status != http.StatusConflict {
		t.Fatalf("questions after a ballot: %d %v", status, res)
	}
	// The generic update: the questions sent back unchanged leave the vote editable; changed, refused.
	id := strings.TrimPrefix(base, "/vote/api/voteInfos/")
	if status, res := env.Call(t, v1, http.MethodPut, base, map[string]any{"description": "按村规民约表决", "voteQuestions": qs}); status != http.StatusOK {
		t.Fatalf("edit with the same questions: %d %v", status, res)
	}
	changed := []any{map[string]any{"questionTitle": "改过的问题", "choiceMode": 1, "options": "是\n否"}}
	if status, res := env.Call(t, v1, http.MethodPut, base, map[string]any{"voteQuestions": changed}); status != http.StatusConflict {
		t.Fatalf("edit changing the questions of vote %s: %d %v", id, status, res)
	}
	base2, _ := mk(v1, "文化广场命名征集")
	status, res = env.Call(t, v1, http.MethodPut, "/vote/api/voteQuestions", map[string]any{
		"voteId": strings.TrimPrefix(base2, "/vote/api/voteInfos/"), "voteQuestions": []map[string]any{{"questionTitle": "您建议的名称", "choiceMode": 3}}})
	if status != http.StatusOK || len(data(res)["voteQuestions"].([]any)) != 1 {
		t.Fatalf("voteQuestions PUT: %d %v", status, res)
	}
	// A grid member votes too; 结果公开 is 结束后公开, so they see the counts only once the vote is closed,
	// while its organisers see them live.
	grid := env.Login(t, "v01_grid1")
	if status, res := env.Call(t, grid, http.MethodPost, base+"/ballot", ballot("不同意", []any{"小学门口"})); status != http.StatusOK {
		t.Fatalf("grid member's ballot: %d %v", status, res)
	}
	status, res = env.Call(t, grid, http.MethodGet, base+"/results", nil)
	if d := data(res); status != http.StatusOK || d["hidden"] != true || len(d["questions"].([]any)) != 0 || demotest.Num(d["ballots"]) != 2 {
		t.Fatalf("results before the end: %d %v", status, res)
	}
	if status, res := env.Call(t, v1, http.MethodPut, base+"/status", map[string]any{"action": "finish"}); status != http.StatusOK {
		t.Fatalf("finish: %d %v", status, res)
	}
	status, res = env.Call(t, grid, http.MethodGet, base+"/results", nil)
	if d := data(res); status != http.StatusOK || d["hidden"] != nil || len(d["questions"].([]any)) != 2 {
		t.Fatalf("results after the end: %d %v", status, res)
	}
	if status, res := env.Call(t, v1, http.MethodPost, base+"/ballot", ballot("同意", []any{"村口"})); status != http.StatusConflict {
		t.Fatalf("ballot on a closed vote: %d %v", status, res)
	}
}

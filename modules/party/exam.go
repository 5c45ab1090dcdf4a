package party

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/query"
	"xiangzhi/engine/store"
	"xiangzhi/modules/hook"
)

// Exam statuses and paper modes.
const (
	examPublished = 1
	examFinished  = 2
	paperRandom   = 2
)

// ownWrite marks a context in which this package writes answer sheets and
// ballots; the generic API cannot create them (the server scores and
// counts, never the client).
type ownWrite struct{}

// Trusted marks ctx as one in which answer sheets and ballots may be
// created: this package's calls, which score and check them, and the demo
// generator's, which scores them with Score.
func Trusted(ctx context.Context) context.Context { return context.WithValue(ctx, ownWrite{}, true) }

// onlyOurs refuses a create of answer sheets or ballots that does not come
// from the exam and vote calls.
func onlyOurs(ctx context.Context, w *store.Write) error {
	if ctx.Value(ownWrite{}) == nil {
		return store.Refuse("id", fmt.Sprintf("%s由系统在交卷或投票时生成，不能手工新增", w.Module.Title))
	}
	return nil
}

func (h *hooks) examRoutes() {
	m := h.app.Modules().Module("exam")
	am := h.app.Modules().Module("examAnswer")
	if m == nil || am == nil {
		return
	}
	h.app.BeforeWrite("examAnswer", store.OpCreate, onlyOurs)
	h.app.AddRoutes(m.API,
		engine.Route{Method: http.MethodGet, Path: "/:id/paper", Code: m.Code("view"), Name: m.Title + routeExamPaper, Handler: h.paper},
		engine.Route{Method: http.MethodPost, Path: "/:id/submit", Code: m.Code("view"), Name: m.Title + routeExamSubmit, Handler: h.submit},
		engine.Route{Method: http.MethodGet, Path: "/:id/results", Code: am.Code("list"), Name: m.Title + routeExamResults, Handler: h.results},
	)
}

// checkExam is the before-write hook of exams: the pass score is at most
// the total and the end is not before the start.
func (h *hooks) checkExam(_ context.Context, w *store.Write) error {
	if floatOf(w.Value("passScore")) > floatOf(w.Value("totalScore")) {
		return store.Refuse("passScore", ExamPassOverTotal)
	}
	s, ok1 := timeOf(w.Value("startTime"))
	e, ok2 := timeOf(w.Value("endTime"))
	if ok1 && ok2 && e.Before(s) {
		return store.Refuse("endTime", ExamEndBeforeStart)
	}
	return nil
}

// Question is one question of a paper as the examinee sees it: no answer,
// no analysis until the paper is handed in.
type Question struct {
	ID      int64            `json:"id"`
	No      int              `json:"no"`
	Type    int64            `json:"subjectType"`
	Name    string           `json:"subjectName"`
	Options []map[string]any `json:"subjectOptions"`
	Score   float64          `json:"score"`
}

// examOf reads an exam the caller may take: in their organisation, one
// below, or one above them (an exam of the township for its villages).
func (h *hooks) examOf(c echo.Context) (store.Record, error) {
	id, err := hook.PathID(c)
	if err != nil {
		return nil, err
	}
	m, err := hook.Module(h.app, "exam")
	if err != nil {
		return nil, err
	}
	sc := engine.ScopeOf(c)
	sc.Up = true
	rec, err := h.app.Store().Get(c.Request().Context(), m, sc, id)
	if err != nil {
		return nil, fmt.Errorf("exam %d: %w", id, err)
	}
	return rec, nil
}

// questions draws the paper of an exam for a user: the fixed questions in
// their order, or (随机抽题) per rule of randomRule — {"category": id or
// "categories": [ids], "subjectType"?, "count", "score"?} or a list of
// them — questions of those categories drawn with a seed of the exam and
// the user, so the paper a person sees and the one scored are the same.
// Each question's score is its own, else the rule's, else an equal share
// of the exam's total.
func (h *hooks) questions(ctx context.Context, exam store.Record, user int64) ([]store.Record, []float64, error) {
	qm, err := hook.Module(h.app, "question")
	if err != nil {
		return nil, nil, err
	}
	sc := store.Scope{TenantID: 0, Mode: store.ScopeAll}
	if t, ok := ctx.Value(tenantKey{}).(int64); ok {
		sc.TenantID = t
	}
	var out []store.Record
	var ruleScore []float64
	if toInt(exam["paperMode"]) == paperRandom {
		rules, err := randomRules(exam["randomRule"])
		if err != nil {
			return nil, nil, err
		}
		hs := fnv.New64a()
		fmt.Fprintf(hs, "%v/%d", exam["id"], user)
		rng := rand.New(rand.NewPCG(hs.Sum64(), 18))
		for _, r := range rules {
			fs := []query.Filter{{Field: "category", Op: query.In, Values: r.categories()},
				{Field: "enabled", Op: query.Equals, Values: []any{true}}}
			if r.Type > 0 {
				fs = append(fs, query.Filter{Field: "subjectType", Op: query.Equals, Values: []any{r.Type}})
			}
			var pool []store.Record
			err := h.app.Store().Each(ctx, qm, sc, &query.Query{Filters: fs}, func(q store.Record) error {
				if !slices.ContainsFunc(out, func(o store.Record) bool { return o["id"] == q["id"] }) {
					pool = append(pool, q)
				}
				return nil
			})
			if err != nil {
				return nil, nil, err
			}
			slices.SortFunc(pool, func(a, b store.Record) int { return int(toInt(a["id"]) - toInt(b["id"])) })
			rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
			for _, q := range pool[:min(len(pool), r.Count)] {
				full, err := h.app.Store().Get(ctx, qm, sc, toInt(q["id"])) // with its options
				if err != nil {
					return nil, nil, err
				}
				out = append(out, full)
				ruleScore = append(ruleScore, r.Score)
			}
		}
	} else {
		ids, _ := exam["questions"].([]int64)
		if ids == nil {
			for _, v := range rowsAny(exam["questions"]) {
				if id, ok := store.IntOf(v); ok {
					ids = append(ids, id)
				}
			}
		}
		for _, id := range ids {
			q, err := h.app.Store().Get(ctx, qm, sc, id)
			if err != nil {
				continue // a question deleted since the paper was made
			}
			out = append(out, q)
			ruleScore = append(ruleScore, 0)
		}
	}
	scores := make([]float64, len(out))
	for i, q := range out {
		switch {
		case floatOf(q["score"]) > 0:
			scores[i] = floatOf(q["score"])
		case ruleScore[i] > 0:
			scores[i] = ruleScore[i]
		default:
			scores[i] = math.Round(floatOf(exam["totalScore"])/float64(len(out))*10) / 10
		}
	}
	return out, scores, nil
}

func rowsAny(v any) []any {
	if xs, ok := v.([]any); ok {
		return xs
	}
	return nil
}

// tenantKey carries the caller's tenant to questions.
type tenantKey struct{}

// rule is one rule of a random paper.
type rule struct {
	Category   json.Number   `json:"category"`
	Categories []json.Number `json:"categories"`
	Type       int64         `json:"subjectType"`
	Count      int           `json:"count"`
	Score      float64       `json:"score"`
}

func (r rule) categories() []any {
	var out []any
	for _, n := range append(r.Categories, r.Category) {
		if id, err := n.Int64(); err == nil && id > 0 {
			out = append(out, id)
		}
	}
	return out
}

// randomRules reads randomRule: one rule or a list.
func randomRules(v any) ([]rule, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var list []rule
	if json.Unmarshal(b, &list) != nil {
		var one rule
		if json.Unmarshal(b, &one) != nil {
			return nil, httpx.BadRequest(ExamNoQuestions)
		}
		list = []rule{one}
	}
	return list, nil
}

// paper answers the exam's questions for the caller to take: number, type,
// text, options and score, without answers.
func (h *hooks) paper(c echo.Context) error {
	exam, err := h.examOf(c)
	if err != nil {
		return err
	}
	sc := engine.ScopeOf(c)
	ctx := context.WithValue(c.Request().Context(), tenantKey{}, sc.TenantID)
	qs, scores, err := h.questions(ctx, exam, sc.UserID)
	if err != nil {
		return err
	}
	out := make([]Question, len(qs))
	total := 0.0
	for i, q := range qs {
		out[i] = Question{ID: toInt(q["id"]), No: i + 1, Type: toInt(q["subjectType"]), Name: fmt.Sprint(q["subjectName"]),
			Options: options(q), Score: scores[i]}
		total += scores[i]
	}
	done, err := h.attempts(ctx, toInt(exam["id"]), sc)
	if err != nil {
		return err
	}
	return httpx.OK(c, map[string]any{"exam": exam, "questions": out, "totalScore": math.Round(total*10) / 10,
		"attempts": done, "open": h.open(exam) == nil})
}

// options are a question's options as {optionName, optionContent}.
func options(q store.Record) []map[string]any {
	out := []map[string]any{}
	for _, o := range rows(q["subjectOptions"]) {
		out = append(out, map[string]any{"optionName": o["optionName"], "optionContent": o["optionContent"]})
	}
	return out
}

// open refuses an exam that is not published or not within its times.
func (h *hooks) open(exam store.Record) error {
	if toInt(exam["examStatus"]) != examPublished {
		return httpx.NewError(http.StatusConflict, ExamNotOpen)
	}
	t := time.Now()
	if s, ok := timeOf(exam["startTime"]); ok && t.Before(s) {
		return httpx.NewError(http.StatusConflict, ExamNotStarted)
	}
	if e, ok := timeOf(exam["endTime"]); ok && t.After(e) {
		return httpx.NewError(http.StatusConflict, ExamOver)
	}
	return nil
}

// attempts is how many answer sheets the caller has handed in for exam.
func (h *hooks) attempts(ctx context.Context, exam int64, sc store.Scope) (int, error) {
	am, err := hook.Module(h.app, "examAnswer")
	if err != nil {
		return 0, err
	}
	n := 0
	all := store.Scope{TenantID: sc.TenantID, Mode: store.ScopeAll}
	err = h.app.Store().Each(ctx, am, all, &query.Query{Filters: []query.Filter{
		{Field: "exam", Op: query.Equals, Values: []any{exam}},
		{Field: "examinee", Op: query.Equals, Values: []any{sc.UserID}}}}, func(store.Record) error {
		n++
		return nil
	})
	return n, err
}

// Scored is one question of a handed-in paper: what was answered, the
// right answer, the analysis and the points earned. Correct is nil for a
// short answer (待人工评阅).
type Scored struct {
	Question
	Given    string  `json:"given"`
	Answer   string  `json:"answer"`
	Analysis string  `json:"analysis"`
	Correct  *bool   `json:"correct"`
	Got      float64 `json:"got"`
}

// Score marks a paper: an objective question (single, multiple, true/false)
// earns its score when the letters given are exactly the answer's; a short
// answer earns nothing until marked by a person (pending). It answers the
// questions marked, the score, how many were right and how many wait.
func Score(qs []store.Record, scores []float64, given map[string]string) (out []Scored, score float64, right, pending int) {
	for i, q := range qs {
		s := Scored{Question: Question{ID: toInt(q["id"]), No: i + 1, Type: toInt(q["subjectType"]),
			Name: fmt.Sprint(q["subjectName"]), Options: options(q), Score: scores[i]},
			Answer: fmt.Sprint(q["answer"]), Given: given[fmt.Sprint(q["id"])]}
		if a, ok := q["analysis"].(string); ok {
			s.Analysis = a
		}
		if s.Type == typeShort {
			pending++
		} else {
			ok := s.Given != "" && slices.Equal(Letters(s.Given), Letters(s.Answer))
			s.Correct = &ok
			if ok {
				s.Got = scores[i]
				score += scores[i]
				right++
			}
		}
		out = append(out, s)
	}
	return out, math.Round(score*10) / 10, right, pending
}

// submit hands in the caller's answers ({answers: {questionId: "A" | "AC"
// | text}}), scores them on the server and stores the answer sheet in the
// caller's organisation. It answers the sheet with every question's right
// answer and analysis.
func (h *hooks) submit(c echo.Context) error {
	b, err := hook.Body(c, "answers", "startTime")
	if err != nil {
		return err
	}
	exam, err := h.examOf(c)
	if err != nil {
		return err
	}
	if err := h.open(exam); err != nil {
		return err
	}
	sc := engine.ScopeOf(c)
	ctx := context.WithValue(c.Request().Context(), tenantKey{}, sc.TenantID)
	done, err := h.attempts(ctx, toInt(exam["id"]), sc)
	if err != nil {
		return err
	}
	allow := max(1, int(toInt(exam["allowTimes"])))
	if done >= allow {
		return httpx.NewError(http.StatusConflict, fmt.Sprintf(ExamNoTimes, allow))
	}
	qs, scores, err := h.questions(ctx, exam, sc.UserID)
	if err != nil {
		return err
	}
	if len(qs) == 0 {
		return httpx.NewError(http.StatusConflict, ExamNoQuestions)
	}
	given := map[string]string{}
	if v, ok := b["answers"]; ok && v != nil {
		am, ok := v.(map[string]any)
		if !ok {
			return hook.BadParam("answers")
		}
		for k, a := range am {
			if !slices.ContainsFunc(qs, func(q store.Record) bool { return fmt.Sprint(q["id"]) == k }) {
				return httpx.BadRequest(fmt.Sprintf(ExamUnknownQuestion, k))
			}
			switch x := a.(type) {
			case string:
				given[k] = strings.TrimSpace(x)
			case []any:
				var parts []string
				for _, e := range x {
					parts = append(parts, fmt.Sprint(e))
				}
				given[k] = strings.Join(parts, "")
			case nil:
			default:
				return hook.BadParam("answers")
			}
			if len([]rune(given[k])) > 2000 {
				return hook.BadParam("answers")
			}
		}
	}
	marked, score, right, pending := Score(qs, scores, given)
	total := 0.0
	for _, s := range scores {
		total += s
	}
	total = math.Round(total*10) / 10
	pass := passMark(exam, total) // the pass mark scaled to the paper drawn
	detail := make([]map[string]any, len(marked))
	for i, s := range marked {
		detail[i] = map[string]any{"questionId": s.ID, "type": s.Type, "max": s.Score, "given": s.Given,
			"correct": s.Correct, "score": s.Got}
	}
	am, err := hook.Module(h.app, "examAnswer")
	if err != nil {
		return err
	}
	start := now()
	if s, ok := b["startTime"].(string); ok {
		if _, ok := timeOf(s); ok {
			start = s
		}
	}
	name := h.userName(ctx, sc)
	rec := store.Record{"exam": exam["id"], "examinee": sc.UserID, "attemptNo": done + 1, "startTime": start,
		"submitTime": now(), "score": score, "totalScore": total, "passed": score >= pass, "correctCount": right,
		"questionCount": len(qs), "pendingCount": pending, "answers": detail}
	if name != "" {
		rec["examineeName"] = name
	}
	sheet, err := h.app.Store().Create(Trusted(ctx), am, sc, rec)
	if err != nil {
		return err
	}
	out := map[string]any{"sheet": sheet, "questions": marked, "score": score, "totalScore": total,
		"passScore": pass, "passed": score >= pass, "correctCount": right, "pendingCount": pending,
		"rewardPoints": sheet["rewardPoints"]}
	if pending > 0 {
		out["note"] = pendingShortAnswerNote
	}
	return httpx.OK(c, out)
}

// results answers an exam's answer sheets the caller's scope reaches: per
// person (best sheet) and per organisation (people, average, pass rate).
func (h *hooks) results(c echo.Context) error {
	exam, err := h.examOf(c)
	if err != nil {
		return err
	}
	am, err := hook.Module(h.app, "examAnswer")
	if err != nil {
		return err
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	best := map[int64]store.Record{}
	var order []int64
	err = h.app.Store().Each(ctx, am, sc, &query.Query{Filters: []query.Filter{
		{Field: "exam", Op: query.Equals, Values: []any{exam["id"]}}}}, func(r store.Record) error {
		u := toInt(r["examinee"])
		if b, ok := best[u]; !ok || floatOf(r["score"]) > floatOf(b["score"]) {
			if !ok {
				order = append(order, u)
			}
			best[u] = r
		}
		return nil
	})
	if err != nil {
		return err
	}
	type orgStat struct {
		OrgID    int64   `json:"orgId"`
		People   int     `json:"people"`
		Passed   int     `json:"passed"`
		Average  float64 `json:"average"`
		PassRate float64 `json:"passRate"`
		sum      float64
	}
	orgs := map[int64]*orgStat{}
	var orgOrder []int64
	people := make([]map[string]any, 0, len(order))
	passed, sum := 0, 0.0
	for _, u := range order {
		r := best[u]
		people = append(people, map[string]any{"examinee": u, "examineeName": r["examineeName"], "orgId": r["orgId"],
			"score": r["score"], "passed": r["passed"], "submitTime": r["submitTime"], "attemptNo": r["attemptNo"]})
		o := toInt(r["orgId"])
		st := orgs[o]
		if st == nil {
			st = &orgStat{OrgID: o}
			orgs[o] = st
			orgOrder = append(orgOrder, o)
		}
		st.People++
		st.sum += floatOf(r["score"])
		sum += floatOf(r["score"])
		if r["passed"] == true {
			st.Passed++
			passed++
		}
	}
	byOrg := make([]*orgStat, 0, len(orgOrder))
	for _, o := range orgOrder {
		st := orgs[o]
		st.Average = math.Round(st.sum/float64(st.People)*10) / 10
		st.PassRate = math.Round(float64(st.Passed)/float64(st.People)*1000) / 10
		byOrg = append(byOrg, st)
	}
	out := map[string]any{"exam": exam["id"], "title": exam["title"], "people": len(people), "passed": passed,
		"persons": people, "byOrg": byOrg}
	if len(people) > 0 {
		out["average"] = math.Round(sum/float64(len(people))*10) / 10
		out["passRate"] = math.Round(float64(passed)/float64(len(people))*1000) / 10
	}
	return httpx.OK(c, out)
}

// userName is the caller's name (family name and name, else username).
func (h *hooks) userName(ctx context.Context, sc store.Scope) string {
	sys := h.app.System()
	if sys == nil {
		return ""
	}
	names, err := sys.Labels(ctx, sc.TenantID, "user", "", []int64{sc.UserID})
	if err != nil {
		return ""
	}
	return names[sc.UserID]
}

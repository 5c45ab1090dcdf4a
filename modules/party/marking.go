package party

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"regexp"
	"strconv"

	entsql "entgo.io/ent/dialect/sql"
	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/query"
	"xiangzhi/engine/store"
	"xiangzhi/modules/hook"
	"xiangzhi/modules/points"
)

// BizExam is the bizType of the points log entries passing an exam writes;
// their bizId is the exam's id.
const BizExam = "exam"

// markingRoutes adds the marking calls under the answer sheets' api: the
// sheets awaiting marking, one sheet's short answers and saving marks.
// Marking is editing a sheet (its edit code), in the marker's data scope.
func (h *hooks) markingRoutes() {
	am := h.app.Modules().Module("examAnswer")
	if am == nil || h.app.Modules().Module("exam") == nil {
		return
	}
	h.app.AddRoutes(am.API,
		engine.Route{Method: http.MethodGet, Path: "/marking", Code: am.Code("edit"), Name: am.Title + routeMarkingList, Handler: h.markingList},
		engine.Route{Method: http.MethodGet, Path: "/:id/marking", Code: am.Code("edit"), Name: am.Title + routeMarkingSheet, Handler: h.markingSheet},
		engine.Route{Method: http.MethodPut, Path: "/:id/marking", Code: am.Code("edit"), Name: am.Title + routeMarkingSave, Handler: h.mark},
	)
}

// markingList answers the answer sheets in the caller's scope with short
// answers not yet marked (?exam= narrows to one exam), oldest first, a
// page at a time ({data, recordsTotal}); each names its exam (examTitle).
func (h *hooks) markingList(c echo.Context) error {
	for k := range c.QueryParams() {
		if k != "exam" && k != "page" && k != "size" && k != "_t" && k != "_" {
			return hook.BadParam(k)
		}
	}
	page, size, err := httpx.Paging(c.QueryParams(), httpx.PageRule{})
	if err != nil {
		return err
	}
	am, err := hook.Module(h.app, "examAnswer")
	if err != nil {
		return err
	}
	fs := []query.Filter{{Field: "pendingCount", Op: query.GreaterThan, Values: []any{int64(0)}}}
	if s := c.QueryParam("exam"); s != "" {
		id, err := strconv.ParseInt(s, 10, 64)
		if err != nil || id < 1 {
			return hook.BadParam("exam")
		}
		fs = append(fs, query.Filter{Field: "exam", Op: query.Equals, Values: []any{id}})
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	pg, err := h.app.Store().List(ctx, am, sc, &query.Query{Filters: fs,
		Sort: []query.Sort{{Field: "submitTime"}, {Field: "id"}}, Page: page, Size: size})
	if err != nil {
		return err
	}
	titles := map[int64]any{}
	if em := h.app.Modules().Module("exam"); em != nil {
		all := store.Scope{TenantID: sc.TenantID, Mode: store.ScopeAll}
		for _, r := range pg.Rows {
			e := toInt(r["exam"])
			if _, ok := titles[e]; ok {
				continue
			}
			if exam, err := h.app.Store().Get(ctx, em, all, e); err == nil {
				titles[e] = exam["title"]
			} else {
				titles[e] = nil
			}
		}
	}
	rows := make([]map[string]any, len(pg.Rows))
	for i, r := range pg.Rows {
		rows[i] = map[string]any{"id": r["id"], "exam": r["exam"], "examTitle": titles[toInt(r["exam"])],
			"examinee": r["examinee"], "examineeName": r["examineeName"], "orgId": r["orgId"], "attemptNo": r["attemptNo"],
			"submitTime": r["submitTime"], "score": r["score"], "totalScore": r["totalScore"], "passed": r["passed"],
			"pendingCount": r["pendingCount"]}
	}
	return httpx.OKPage(c, rows, pg.Total)
}

// MarkItem is one short answer of a sheet as the marker sees it.
type MarkItem struct {
	QuestionID int64    `json:"questionId"`
	No         int      `json:"no"`
	Name       string   `json:"subjectName"`
	Given      string   `json:"given"`
	Answer     string   `json:"answer"`
	Analysis   string   `json:"analysis"`
	Max        float64  `json:"maxScore"`
	Score      *float64 `json:"score"` // nil until marked
	Marked     bool     `json:"marked"`
}

// sheetFor reads an answer sheet in the caller's scope, its exam and its
// short answers.
func (h *hooks) sheetFor(c echo.Context) (store.Record, store.Record, []map[string]any, []MarkItem, error) {
	id, err := hook.PathID(c)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	am, err := hook.Module(h.app, "examAnswer")
	if err != nil {
		return nil, nil, nil, nil, err
	}
	em, err := hook.Module(h.app, "exam")
	if err != nil {
		return nil, nil, nil, nil, err
	}
	qm, err := hook.Module(h.app, "question")
	if err != nil {
		return nil, nil, nil, nil, err
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	sheet, err := h.app.Store().Get(ctx, am, sc, id)
	if err != nil {
		return nil, nil, nil, nil, fmt.Errorf("answer sheet %d: %w", id, err)
	}
	all := store.Scope{TenantID: sc.TenantID, Mode: store.ScopeAll}
	exam, err := h.app.Store().Get(ctx, em, all, toInt(sheet["exam"]))
	if err != nil {
		return nil, nil, nil, nil, fmt.Errorf("exam of answer sheet %d: %w", id, err)
	}
	detail := rows(sheet["answers"])
	// Sheets handed in before the detail kept each question's type and
	// score: the paper drawn for the examinee says them.
	var paperScores map[int64]float64
	items := []MarkItem{}
	for i, d := range detail {
		qid := toInt(d["questionId"])
		q, err := h.app.Store().Get(ctx, qm, all, qid)
		if err != nil {
			continue // a question deleted since: nothing to mark
		}
		typ := toInt(d["type"])
		if typ == 0 {
			typ = toInt(q["subjectType"])
		}
		if typ != typeShort {
			continue
		}
		max := floatOf(d["max"])
		if max <= 0 {
			if paperScores == nil {
				paperScores = map[int64]float64{}
				tctx := context.WithValue(ctx, tenantKey{}, sc.TenantID)
				qs, scores, err := h.questions(tctx, exam, toInt(sheet["examinee"]))
				if err != nil {
					return nil, nil, nil, nil, err
				}
				for j, pq := range qs {
					paperScores[toInt(pq["id"])] = scores[j]
				}
			}
			max = paperScores[qid]
		}
		it := MarkItem{QuestionID: qid, No: i + 1, Name: fmt.Sprint(q["subjectName"]), Answer: fmt.Sprint(q["answer"]),
			Max: max, Marked: d["marked"] == true}
		it.Given, _ = d["given"].(string)
		it.Analysis, _ = q["analysis"].(string)
		if it.Marked {
			s := floatOf(d["score"])
			it.Score = &s
		}
		items = append(items, it)
	}
	return sheet, exam, detail, items, nil
}

// markingSheet answers one sheet of the caller's scope and its short
// answers: question, answer given, reference answer and analysis, the
// question's score (the most a mark may give) and the mark so far.
func (h *hooks) markingSheet(c echo.Context) error {
	sheet, exam, _, items, err := h.sheetFor(c)
	if err != nil {
		return err
	}
	return httpx.OK(c, map[string]any{"sheet": sheet, "examTitle": exam["title"],
		"passScore": passMark(exam, floatOf(sheet["totalScore"])), "items": items})
}

// mark saves marks of a sheet's short answers: {marks: {"<questionId>":
// score}, reviewComment?}. Each mark lies between 0 and the question's
// score (one decimal); the sheet's score is the sum of its questions'
// points again, its pending count the short answers still unmarked, and
// passed follows the pass mark — passing now may award the exam's points
// (reward, in the same write).
func (h *hooks) mark(c echo.Context) error {
	b, err := hook.Body(c, "marks", "reviewComment")
	if err != nil {
		return err
	}
	marks, ok := b["marks"].(map[string]any)
	if !ok || len(marks) == 0 {
		return hook.Required("marks", MarkRequired)
	}
	comment, ok := b["reviewComment"].(string)
	if b["reviewComment"] != nil && !ok || len([]rune(comment)) > 500 {
		return hook.BadParam("reviewComment")
	}
	sheet, exam, detail, items, err := h.sheetFor(c)
	if err != nil {
		return err
	}
	for k, v := range marks {
		i := -1
		for j, it := range items {
			if strconv.FormatInt(it.QuestionID, 10) == k {
				i = j
			}
		}
		if i < 0 {
			return httpx.BadRequest(fmt.Sprintf(MarkNotShort, k))
		}
		var s float64
		switch x := v.(type) {
		case json.Number:
			if s, err = x.Float64(); err != nil {
				return hook.BadParam("marks")
			}
		case float64:
			s = x
		default:
			return hook.BadParam("marks")
		}
		it := items[i]
		if s < 0 || s > it.Max || math.IsNaN(s) {
			return httpx.BadRequest(fmt.Sprintf(MarkOutOfRange, it.No, strconv.FormatFloat(it.Max, 'f', -1, 64)))
		}
		if math.Abs(s*10-math.Round(s*10)) > 1e-9 {
			return httpx.BadRequest(fmt.Sprintf(MarkOneDecimal, it.No))
		}
		for _, d := range detail {
			if toInt(d["questionId"]) == it.QuestionID {
				d["score"], d["marked"], d["max"], d["type"] = s, true, it.Max, typeShort
			}
		}
	}
	score, pending := 0.0, 0
	for _, d := range detail {
		score += floatOf(d["score"])
	}
	for _, it := range items {
		if _, ok := marks[strconv.FormatInt(it.QuestionID, 10)]; !ok && !it.Marked {
			pending++
		}
	}
	score = math.Round(score*10) / 10
	total := floatOf(sheet["totalScore"])
	pass := passMark(exam, total)
	rec := store.Record{"answers": detail, "score": score, "passed": score >= pass, "pendingCount": pending,
		"markedBy": engine.ScopeOf(c).UserID, "markedTime": now()}
	if b["reviewComment"] != nil {
		rec["reviewComment"] = comment
	}
	if v, ok := sheet["version"]; ok && v != nil {
		rec["version"] = v // two markers saving at once: the later one is told the sheet changed (409)
	}
	am, err := hook.Module(h.app, "examAnswer")
	if err != nil {
		return err
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	out, err := h.app.Store().Update(ctx, am, sc, toInt(sheet["id"]), rec)
	if err != nil {
		return err
	}
	return httpx.OK(c, map[string]any{"sheet": out, "score": score, "totalScore": total, "passScore": pass,
		"passed": score >= pass, "pendingCount": pending, "rewardPoints": out["rewardPoints"]})
}

// passMark is the exam's pass score scaled to a paper of total points
// (a drawn paper's total may differ from the exam's).
func passMark(exam store.Record, total float64) float64 {
	pass := floatOf(exam["passScore"])
	if et := floatOf(exam["totalScore"]); et > 0 && total > 0 && et != total {
		pass = math.Round(pass/et*total*10) / 10
	}
	return pass
}

// mobileRE is a mainland mobile number: what links an account to the
// villager register.
var mobileRE = regexp.MustCompile(`^1[3-9]\d{9}$`)

// reward is the before-write hook of answer sheets (create and update):
// a sheet that passes an exam with 合格奖励积分 awards those points to the
// examinee — the villager whose 联系电话 is the account's mobile, when
// exactly one is — once per person per exam (points.Grant, in the sheet's
// transaction), and records them on the sheet (奖励积分).
func (h *hooks) reward(ctx context.Context, w *store.Write) error {
	if w.Value("passed") != true || (w.Op == store.OpUpdate && w.New["passed"] == nil) {
		return nil
	}
	em, vm := h.app.Modules().Module("exam"), h.app.Modules().Module("villager")
	if em == nil || vm == nil || h.app.Modules().Module("pointsLog") == nil {
		return nil
	}
	examID := toInt(w.Value("exam"))
	exam, err := w.Tx.Get(ctx, em, examID)
	if err != nil {
		return nil // the exam is gone: nothing to award
	}
	rp := toInt(exam["rewardPoints"])
	if rp <= 0 {
		return nil
	}
	vid, err := h.villagerOf(ctx, w.Tx, w.Scope.TenantID, toInt(w.Value("examinee")))
	if err != nil || vid == 0 {
		return err
	}
	given, err := points.Grant(ctx, w.Tx, h.app.Modules(), w.Scope, points.Award{Villager: vid, Points: rp,
		Reason: fmt.Sprintf(ReasonExamPassed, exam["title"]), BizType: BizExam, BizID: strconv.FormatInt(examID, 10)})
	if err != nil {
		return err
	}
	if given {
		w.New["rewardPoints"] = rp
	}
	return nil
}

// villagerOf is the villager register's entry of a user: the one villager
// of the tenant whose 联系电话 is the account's mobile (0 when none or
// several are).
func (h *hooks) villagerOf(ctx context.Context, tx *store.Tx, tenant, user int64) (int64, error) {
	sys, vm := h.app.System(), h.app.Modules().Module("villager")
	if sys == nil || vm == nil || user == 0 || tx.Column(vm, "mobile") == "" {
		return 0, nil
	}
	mobiles, err := sys.Labels(ctx, tenant, "user", "mobile", []int64{user})
	if err != nil {
		return 0, err
	}
	m := mobiles[user]
	if !mobileRE.MatchString(m) {
		return 0, nil
	}
	rs, err := tx.Query(ctx, tx.SQL().Select("id").From(entsql.Table(tx.Table(vm))).
		Where(entsql.And(tx.Live(), entsql.EQ(tx.Column(vm, "mobile"), m))).Limit(2))
	if err != nil {
		return 0, err
	}
	defer rs.Close()
	var ids []int64
	for rs.Next() {
		var id int64
		if err := rs.Scan(&id); err != nil {
			return 0, err
		}
		ids = append(ids, id)
	}
	if err := rs.Err(); err != nil || len(ids) != 1 {
		return 0, err
	}
	return ids[0], nil
}

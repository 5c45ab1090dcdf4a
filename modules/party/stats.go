package party

import (
	"cmp"
	"fmt"
	"math"
	"net/http"
	"runtime"
	"slices"
	"strconv"

	"github.com/labstack/echo/v4"
	"golang.org/x/sync/errgroup"

	"xiangzhi/engine"
	"xiangzhi/engine/crud"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/query"
	"xiangzhi/engine/store"
	"xiangzhi/modules/hook"
)

// ScoreStat is how a group of examinees did: each person counted once, by
// their best sheet.
type ScoreStat struct {
	OrgID    int64   `json:"orgId,omitempty"`
	OrgName  string  `json:"orgName,omitempty"`
	People   int     `json:"people"`
	Passed   int     `json:"passed"`
	PassRate float64 `json:"passRate"` // per cent, one decimal
	Average  float64 `json:"average"`
	Highest  float64 `json:"highest"`
	Lowest   float64 `json:"lowest"`
	sum      float64
}

func (s *ScoreStat) add(score float64, passed bool) {
	if s.People == 0 || score > s.Highest {
		s.Highest = score
	}
	if s.People == 0 || score < s.Lowest {
		s.Lowest = score
	}
	s.People++
	s.sum += score
	if passed {
		s.Passed++
	}
}

func (s *ScoreStat) done() {
	if s.People > 0 {
		s.Average = math.Round(s.sum/float64(s.People)*10) / 10
		s.PassRate = math.Round(float64(s.Passed)/float64(s.People)*1000) / 10
	}
}

// ExamStat is one exam's statistics: overall and per organisation.
type ExamStat struct {
	ScoreStat
	Exam       int64        `json:"exam"`
	Title      any          `json:"title"`
	ExamStatus any          `json:"examStatus"`
	StartTime  any          `json:"startTime"`
	ByOrg      []*ScoreStat `json:"byOrg"`
}

// Statistics levels: the organisations directly under the viewer's (a
// county's townships, a township's villages) or each sheet's own.
const (
	levelChild = "child"
	levelOrg   = "org"
)

func (h *hooks) statsRoutes() {
	m, am := h.app.Modules().Module("exam"), h.app.Modules().Module("examAnswer")
	if m == nil || am == nil {
		return
	}
	h.app.AddRoutes(m.API,
		engine.Route{Method: http.MethodGet, Path: "/statistics", Code: am.Code("list"), Name: m.Title + routeExamStatistics, Handler: h.statistics},
	)
}

// statistics answers, per exam the caller can see (published or finished,
// or with answer sheets in the caller's scope; ?exam= for one), the
// participants, average, highest and lowest score and pass rate of the
// answer sheets in the caller's data scope — each person once, by their
// best sheet — overall and per organisation: ?level=child (the default)
// sums each sheet into the organisation directly under the caller's (or
// the caller's own for sheets there), level=org keeps each sheet's own.
// ?page= (from 0) and ?size= give one page of the exams, newest start
// first, with their total; without size, every exam.
//
// No answer sheet is read: the exams with sheets here are one grouped
// statistic, and each exam of the page two more (each person's best score
// per organisation, and their best passing score), all from the store's
// statistics — grouped in SQL over the exam's index and cached until the
// next write to the sheets (docs/business.md § 考试统计).
func (h *hooks) statistics(c echo.Context) error {
	for k := range c.QueryParams() {
		if k != "exam" && k != "level" && k != "page" && k != "size" && k != "_t" && k != "_" {
			return hook.BadParam(k)
		}
	}
	level := c.QueryParam("level")
	if level == "" {
		level = levelChild
	}
	if level != levelChild && level != levelOrg {
		return httpx.BadRequest(StatsBadLevel)
	}
	var only int64
	if s := c.QueryParam("exam"); s != "" {
		id, err := strconv.ParseInt(s, 10, 64)
		if err != nil || id < 1 {
			return hook.BadParam("exam")
		}
		only = id
	}
	page, size := 0, 0
	if s := c.QueryParam("page"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return hook.BadParam("page")
		}
		page = n
	}
	if s := c.QueryParam("size"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > maxStatsPage {
			return hook.BadParam("size")
		}
		size = n
	}
	em, err := hook.Module(h.app, "exam")
	if err != nil {
		return err
	}
	am, err := hook.Module(h.app, "examAnswer")
	if err != nil {
		return err
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	st := h.app.Store()
	var fs []query.Filter
	if only > 0 {
		fs = []query.Filter{{Field: "exam", Op: query.Equals, Values: []any{only}}}
	}
	// The exams with sheets in the caller's scope: one grouped count.
	sheets, err := st.Statistics(ctx, am, sc, &query.Query{Filters: fs}, store.StatsSpec{By: "exam"})
	if err != nil {
		return err
	}
	withSheets := map[int64]bool{}
	for _, b := range sheets {
		if b.Count > 0 {
			withSheets[toInt(b.Key)] = true
		}
	}
	// The exams: those the caller sees (their organisation's, below or
	// above) that are published or finished, and any with sheets here.
	esc := sc
	esc.Up = true
	var order []*ExamStat
	efs := []query.Filter{}
	if only > 0 {
		efs = append(efs, query.Filter{Field: "id", Op: query.Equals, Values: []any{only}})
	}
	starts := map[int64]string{}
	err = st.Each(ctx, em, esc, &query.Query{Filters: efs}, func(e store.Record) error {
		id, s := toInt(e["id"]), toInt(e["examStatus"])
		if !withSheets[id] && s != examPublished && s != examFinished {
			return nil
		}
		order = append(order, &ExamStat{Exam: id, Title: e["title"], ExamStatus: e["examStatus"], StartTime: e["startTime"], ByOrg: []*ScoreStat{}})
		if e["startTime"] != nil {
			starts[id] = fmt.Sprint(e["startTime"]) // the store's layout text: ordered as the times
		}
		return nil
	})
	if err != nil {
		return err
	}
	slices.SortFunc(order, func(a, b *ExamStat) int {
		return cmp.Or(cmp.Compare(starts[b.Exam], starts[a.Exam]), cmp.Compare(b.Exam, a.Exam))
	})
	total := len(order)
	if size > 0 {
		from := min(page*size, total)
		order = order[from:min(from+size, total)]
	}
	// Each exam of the page, grouped by person and organisation (a
	// county's townships, or each sheet's own): the best score, and the
	// best passing score.
	spec := store.StatsSpec{By: "examinee", Then: "orgId", Measure: store.MeasureMax, Of: "score", ByFilters: true}
	if level == levelChild && sc.OrgPath != "" {
		if l := crud.PathDepth(sc.OrgPath) + 1; l <= store.MaxOrgLevel {
			spec.Level = l
		}
	}
	people := make([][]best, len(order))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, es := range order {
		if !withSheets[es.Exam] {
			continue
		}
		g.Go(func() error {
			exam := query.Filter{Field: "exam", Op: query.Equals, Values: []any{es.Exam}}
			all, err := st.Statistics(gctx, am, sc, &query.Query{Filters: []query.Filter{exam}}, spec)
			if err != nil {
				return err
			}
			pass, err := st.Statistics(gctx, am, sc, &query.Query{Filters: []query.Filter{exam,
				{Field: "passed", Op: query.Equals, Values: []any{true}}}}, spec)
			if err != nil {
				return err
			}
			people[i] = bestOf(all, pass, sc.OrgID)
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	orgIDs := map[int64]bool{}
	for i, es := range order {
		byOrg := map[int64]*ScoreStat{}
		for _, p := range people[i] {
			es.add(p.score, p.passed)
			os := byOrg[p.org]
			if os == nil {
				os = &ScoreStat{OrgID: p.org}
				byOrg[p.org] = os
				es.ByOrg = append(es.ByOrg, os)
				orgIDs[p.org] = true
			}
			os.add(p.score, p.passed)
		}
	}
	names := map[int64]string{}
	if sys := h.app.System(); sys != nil && len(orgIDs) > 0 {
		ids := make([]int64, 0, len(orgIDs))
		for id := range orgIDs {
			ids = append(ids, id)
		}
		if names, err = sys.Labels(ctx, sc.TenantID, "org", "", ids); err != nil {
			return err
		}
	}
	for _, es := range order {
		es.done()
		for _, os := range es.ByOrg {
			os.OrgName = names[os.OrgID]
			os.done()
		}
		slices.SortFunc(es.ByOrg, func(a, b *ScoreStat) int {
			return cmp.Or(cmp.Compare(a.OrgName, b.OrgName), cmp.Compare(a.OrgID, b.OrgID))
		})
	}
	if order == nil {
		order = []*ExamStat{}
	}
	return httpx.OK(c, map[string]any{"level": level, "exams": order, "total": total})
}

// maxStatsPage bounds ?size= of the exam statistics.
const maxStatsPage = 100

// best is one person's best sheet of an exam: its score, whether it
// passed, and the organisation it counts in.
type best struct {
	score  float64
	passed bool
	org    int64
}

// bestOf folds an exam's statistics by person and organisation — all the
// person's sheets (all) and the passing ones (pass), each the best score per
// organisation — into each person's best sheet: the highest score, in the
// organisation where they scored it (the smallest id of a tie), passed when
// a passing sheet scored as high (a pass mark scales with the paper drawn,
// so a sheet of the same score may pass on one paper and fail on
// another: the tie counts as passed). A sheet at the caller's own
// organisation (no key at the level below it) counts there. The people
// come in the order of all (by examinee), so sums add up the same way
// each time.
func bestOf(all, pass []store.Bucket, own int64) []best {
	passBest := map[any]float64{}
	for _, p := range pass {
		for i, o := range p.Sub {
			if v := valueOf(o); i == 0 || v > passBest[p.Key] {
				passBest[p.Key] = v
			}
		}
	}
	out := make([]best, 0, len(all))
	for _, p := range all {
		var b best
		for i, o := range p.Sub {
			org := own
			if o.Key != nil {
				org = toInt(o.Key)
			}
			v := valueOf(o)
			if i == 0 || v > b.score || v == b.score && org < b.org {
				b.score, b.org = v, org
			}
		}
		if pb, ok := passBest[p.Key]; ok && pb >= b.score {
			b.passed = true
		}
		out = append(out, b)
	}
	return out
}

// valueOf is a bucket's measure (a score; 0 when no sheet had one).
func valueOf(b store.Bucket) float64 {
	if b.Value == nil {
		return 0
	}
	return *b.Value
}

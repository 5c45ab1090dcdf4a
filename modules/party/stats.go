package party

import (
	"cmp"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
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
func (h *hooks) statistics(c echo.Context) error {
	for k := range c.QueryParams() {
		if k != "exam" && k != "level" && k != "_t" && k != "_" {
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
	em, err := hook.Module(h.app, "exam")
	if err != nil {
		return err
	}
	am, err := hook.Module(h.app, "examAnswer")
	if err != nil {
		return err
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	var fs []query.Filter
	if only > 0 {
		fs = []query.Filter{{Field: "exam", Op: query.Equals, Values: []any{only}}}
	}
	type key struct{ exam, user int64 }
	best := map[key]store.Record{}
	err = h.app.Store().Each(ctx, am, sc, &query.Query{Filters: fs}, func(r store.Record) error {
		k := key{toInt(r["exam"]), toInt(r["examinee"])}
		if b, ok := best[k]; !ok || floatOf(r["score"]) > floatOf(b["score"]) {
			best[k] = r
		}
		return nil
	})
	if err != nil {
		return err
	}
	// The exams: those the caller sees (their organisation's, below or
	// above) that are published or finished, and any with sheets here.
	withSheets := map[int64]bool{}
	for k := range best {
		withSheets[k.exam] = true
	}
	esc := sc
	esc.Up = true
	stats := map[int64]*ExamStat{}
	var order []*ExamStat
	efs := []query.Filter{}
	if only > 0 {
		efs = append(efs, query.Filter{Field: "id", Op: query.Equals, Values: []any{only}})
	}
	err = h.app.Store().Each(ctx, em, esc, &query.Query{Filters: efs, Sort: []query.Sort{{Field: "startTime", Desc: true}, {Field: "id", Desc: true}}},
		func(e store.Record) error {
			id, st := toInt(e["id"]), toInt(e["examStatus"])
			if !withSheets[id] && st != examPublished && st != examFinished {
				return nil
			}
			es := &ExamStat{Exam: id, Title: e["title"], ExamStatus: e["examStatus"], StartTime: e["startTime"], ByOrg: []*ScoreStat{}}
			stats[id] = es
			order = append(order, es)
			return nil
		})
	if err != nil {
		return err
	}
	paths := map[int64]string{}
	groupOf := func(org int64) int64 {
		if level == levelOrg || org == sc.OrgID || sc.OrgPath == "" {
			return org
		}
		p, ok := paths[org]
		if !ok {
			p, _ = h.app.OrgPath(ctx, sc.TenantID, org)
			paths[org] = p
		}
		rest, ok := strings.CutPrefix(p, sc.OrgPath)
		if !ok || rest == "" {
			return org
		}
		if id, err := strconv.ParseInt(strings.SplitN(rest, "/", 2)[0], 10, 64); err == nil {
			return id
		}
		return org
	}
	byOrg := map[int64]map[int64]*ScoreStat{}
	keys := make([]key, 0, len(best))
	for k := range best {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b key) int { return cmp.Or(cmp.Compare(a.exam, b.exam), cmp.Compare(a.user, b.user)) })
	orgIDs := map[int64]bool{}
	for _, k := range keys {
		es := stats[k.exam]
		if es == nil {
			continue // an exam the caller cannot see
		}
		r := best[k]
		score, passed := floatOf(r["score"]), r["passed"] == true
		es.add(score, passed)
		g := groupOf(toInt(r["orgId"]))
		if byOrg[k.exam] == nil {
			byOrg[k.exam] = map[int64]*ScoreStat{}
		}
		os := byOrg[k.exam][g]
		if os == nil {
			os = &ScoreStat{OrgID: g}
			byOrg[k.exam][g] = os
			es.ByOrg = append(es.ByOrg, os)
			orgIDs[g] = true
		}
		os.add(score, passed)
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
	return httpx.OK(c, map[string]any{"level": level, "exams": order})
}

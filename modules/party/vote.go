package party

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	entsql "entgo.io/ent/dialect/sql"
	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
	"xiangzhi/modules/hook"
)

// Vote statuses and choice modes.
const (
	voteOpen    = 1
	voteClosed  = 2
	showLive    = 1
	showNever   = 3
	choiceOne   = 1
	choiceMany  = 2
	choiceText  = 3
	voteAPIBase = "/vote/api"
)

func (h *hooks) voteRoutes() {
	m := h.app.Modules().Module("vote")
	bm := h.app.Modules().Module("voteBallot")
	if m == nil || bm == nil {
		return
	}
	h.app.BeforeWrite("voteBallot", store.OpCreate, onlyOurs)
	h.app.AddRoutes(m.API,
		engine.Route{Method: http.MethodPost, Path: "/:id/ballot", Code: m.Code("view"), Name: m.Title + routeVoteCast, Handler: h.cast},
		engine.Route{Method: http.MethodGet, Path: "/:id/results", Code: m.Code("view"), Name: m.Title + routeVoteResults, Handler: h.tally},
	)
	h.app.AddRoutes(voteAPIBase,
		engine.Route{Method: http.MethodPut, Path: "/voteQuestions", Code: m.Code("edit"), Name: m.Title + routeVoteQuestions, Handler: h.setQuestions},
	)
}

// voteOf reads a vote the caller may take part in: of their organisation,
// one below or one above them.
func (h *hooks) voteOf(ctx context.Context, sc store.Scope, id int64) (store.Record, error) {
	m, err := hook.Module(h.app, "vote")
	if err != nil {
		return nil, err
	}
	sc.Up = true
	rec, err := h.app.Store().Get(ctx, m, sc, id)
	if err != nil {
		return nil, fmt.Errorf("vote %d: %w", id, err)
	}
	return rec, nil
}

// choicesOf splits a question's options (one a line).
func choicesOf(q map[string]any) []string {
	s, _ := q["options"].(string)
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// cast records the caller's ballot: {choices: {questionId: "option" |
// ["option", …] | "text"}}. The vote must be 进行中 and within its dates,
// the caller's organisation within the vote's, every question answered
// with its own options (single: one; multiple: at most maxChoices), and
// the caller must not have voted already (one ballot per person per vote:
// checked in the write and guarded by the unique ballot key).
func (h *hooks) cast(c echo.Context) error {
	b, err := hook.Body(c, "choices")
	if err != nil {
		return err
	}
	id, err := hook.PathID(c)
	if err != nil {
		return err
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	vote, err := h.voteOf(ctx, sc, id)
	if err != nil {
		return err
	}
	if toInt(vote["voteStatus"]) != voteOpen {
		return httpx.NewError(http.StatusConflict, VoteNotOpen)
	}
	t := time.Now()
	if s, ok := timeOf(vote["startTime"]); ok && t.Before(s) {
		return httpx.NewError(http.StatusConflict, VoteNotStarted)
	}
	if e, ok := timeOf(vote["endTime"]); ok && t.After(e) {
		return httpx.NewError(http.StatusConflict, VoteOver)
	}
	if sys := h.app.System(); sys != nil {
		path, err := sys.OrgPath(ctx, sc.TenantID, toInt(vote["orgId"]))
		if err != nil || !strings.HasPrefix(sc.OrgPath, path) {
			return httpx.NewError(http.StatusForbidden, VoteOutOfScope)
		}
	}
	given, _ := b["choices"].(map[string]any)
	if b["choices"] != nil && given == nil {
		return hook.BadParam("choices")
	}
	picked := map[string]any{}
	for _, q := range rows(vote["voteQuestions"]) {
		key := fmt.Sprint(q["id"])
		title := fmt.Sprint(q["questionTitle"])
		v := given[key]
		var list []string
		switch x := v.(type) {
		case string:
			if strings.TrimSpace(x) != "" {
				list = []string{strings.TrimSpace(x)}
			}
		case []any:
			for _, e := range x {
				if s, ok := e.(string); ok && strings.TrimSpace(s) != "" && !slices.Contains(list, strings.TrimSpace(s)) {
					list = append(list, strings.TrimSpace(s))
				}
			}
		case nil:
		default:
			return hook.BadParam("choices")
		}
		if len(list) == 0 {
			return httpx.BadRequest(fmt.Sprintf(VoteChoiceRequired, title))
		}
		mode := toInt(q["choiceMode"])
		if mode == choiceText {
			if len([]rune(list[0])) > 500 {
				return hook.BadParam("choices")
			}
			picked[key] = list[0]
			continue
		}
		opts := choicesOf(q)
		for _, s := range list {
			if !slices.Contains(opts, s) {
				return httpx.BadRequest(fmt.Sprintf(VoteChoiceUnknown, title, s))
			}
		}
		if mode == choiceOne && len(list) > 1 {
			return httpx.BadRequest(fmt.Sprintf(VoteOneChoice, title))
		}
		if n := toInt(q["maxChoices"]); mode == choiceMany && n > 0 && int64(len(list)) > n {
			return httpx.BadRequest(fmt.Sprintf(VoteTooManyChoices, title, n))
		}
		picked[key] = list
	}
	for k := range given {
		if _, ok := picked[k]; !ok {
			return hook.BadParam("choices")
		}
	}
	bm, err := hook.Module(h.app, "voteBallot")
	if err != nil {
		return err
	}
	rec := store.Record{"vote": id, "voter": sc.UserID, "ballotKey": fmt.Sprintf("%d-%d", id, sc.UserID),
		"choices": picked, "voteTime": now()}
	ballot, err := h.app.Store().Create(Trusted(ctx), bm, sc, rec)
	if err != nil {
		return err
	}
	return httpx.OK(c, ballot)
}

// oneBallot is the before-create hook of ballots: inside the write (ballot
// writes are serialised by the module's write lock) it refuses a second
// ballot of a person in a vote with a Chinese message, and keeps the vote's
// 参与人数 equal to its ballots.
func (h *hooks) oneBallot(ctx context.Context, w *store.Write) error {
	tx, bm := w.Tx, w.Module
	vote, voter := toInt(w.New["vote"]), toInt(w.New["voter"])
	had, err := tx.Count(ctx, bm, entsql.And(entsql.EQ(tx.Column(bm, "vote"), vote), entsql.EQ(tx.Column(bm, "voter"), voter)))
	if err != nil {
		return err
	}
	if had > 0 {
		return store.Conflict("vote", VoteTwice)
	}
	vm := h.app.Modules().Module("vote")
	if vm == nil {
		return nil
	}
	count, err := tx.Count(ctx, bm, entsql.EQ(tx.Column(bm, "vote"), vote))
	if err != nil {
		return err
	}
	_, err = tx.Update(ctx, vm, vote, store.Record{"participantCount": count + 1})
	return err
}

// tally answers a vote's live results: per question, each option's count
// and share, and the text answers of text questions — or, when the vote's
// 结果公开 keeps them from the caller, only the number of ballots (hidden).
func (h *hooks) tally(c echo.Context) error {
	id, err := hook.PathID(c)
	if err != nil {
		return err
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	vote, err := h.voteOf(ctx, sc, id)
	if err != nil {
		return err
	}
	bm, err := hook.Module(h.app, "voteBallot")
	if err != nil {
		return err
	}
	counts := map[string]map[string]int{}
	texts := map[string][]string{}
	ballots := 0
	all := store.Scope{TenantID: sc.TenantID, Mode: store.ScopeAll}
	err = h.app.Store().Each(ctx, bm, all, &query.Query{Filters: []query.Filter{
		{Field: "vote", Op: query.Equals, Values: []any{id}}}}, func(r store.Record) error {
		ballots++
		ch, _ := r["choices"].(map[string]any)
		for k, v := range ch {
			if counts[k] == nil {
				counts[k] = map[string]int{}
			}
			switch x := v.(type) {
			case string:
				texts[k] = append(texts[k], x)
			case []any:
				for _, e := range x {
					counts[k][fmt.Sprint(e)]++
				}
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	var qs []map[string]any
	for _, q := range rows(vote["voteQuestions"]) {
		key := fmt.Sprint(q["id"])
		var opts []map[string]any
		for _, o := range choicesOf(q) {
			n := counts[key][o]
			share := 0.0
			if ballots > 0 {
				share = float64(int(float64(n)/float64(ballots)*1000+0.5)) / 10
			}
			opts = append(opts, map[string]any{"option": o, "count": n, "percent": share})
		}
		entry := map[string]any{"id": q["id"], "questionTitle": q["questionTitle"], "choiceMode": q["choiceMode"],
			"options": opts}
		if toInt(q["choiceMode"]) == choiceText {
			entry["texts"] = texts[key]
		}
		qs = append(qs, entry)
	}
	voted, err := h.count(ctx, bm, all, query.Filter{Field: "vote", Op: query.Equals, Values: []any{id}},
		query.Filter{Field: "voter", Op: query.Equals, Values: []any{sc.UserID}})
	if err != nil {
		return err
	}
	out := map[string]any{"vote": id, "title": vote["title"], "voteStatus": vote["voteStatus"],
		"ballots": ballots, "voted": voted > 0, "questions": qs}
	if !h.resultsShown(c, vote) {
		out["hidden"], out["questions"] = true, []any{}
	}
	return httpx.OK(c, out)
}

// resultsShown follows the vote's 结果公开: 实时公开 shows the counts at any
// time, 结束后公开 (the default) once the vote is 已结束, 不公开 never; who may
// edit the vote (its organisers) always sees them.
func (h *hooks) resultsShown(c echo.Context, vote store.Record) bool {
	switch show := toInt(vote["showResult"]); {
	case show == showLive:
		return true
	case show != showNever && toInt(vote["voteStatus"]) == voteClosed:
		return true
	}
	sys, m := h.app.System(), h.app.Modules().Module("vote")
	if sys == nil || m == nil {
		return false
	}
	_, err := sys.Authorize(c, m.Code("edit"))
	return err == nil
}

// setQuestions is spec §7's PUT /vote/api/voteQuestions: {voteId,
// voteQuestions: [{questionTitle, choiceMode, maxChoices?, options, sort?}]}
// replaces a vote's questions, refused once anyone has voted.
func (h *hooks) setQuestions(c echo.Context) error {
	b, err := hook.Body(c, "voteId", "voteQuestions")
	if err != nil {
		return err
	}
	id, ok := hook.ID(b["voteId"])
	if !ok {
		return hook.Required("voteId", hook.IDsRequired)
	}
	qs, ok := b["voteQuestions"].([]any)
	if !ok || len(qs) == 0 {
		return hook.Required("voteQuestions", VoteQuestionsRequired)
	}
	m, err := hook.Module(h.app, "vote")
	if err != nil {
		return err
	}
	bm, err := hook.Module(h.app, "voteBallot")
	if err != nil {
		return err
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	all := store.Scope{TenantID: sc.TenantID, Mode: store.ScopeAll}
	n, err := h.count(ctx, bm, all, query.Filter{Field: "vote", Op: query.Equals, Values: []any{id}})
	if err != nil {
		return err
	}
	if n > 0 {
		return httpx.NewError(http.StatusConflict, VoteQuestionsLocked)
	}
	rec := store.Record{"voteQuestions": qs}
	if err := schema.Validate(m, h.app.Modules(), rec, true); err != nil {
		return err
	}
	out, err := h.app.Store().Update(ctx, m, sc, id, rec)
	if err != nil {
		return err
	}
	return httpx.OK(c, out)
}

// count is how many records of m the scope reaches and the filters match.
func (h *hooks) count(ctx context.Context, m *schema.Module, sc store.Scope, fs ...query.Filter) (int, error) {
	n := 0
	err := h.app.Store().Each(ctx, m, sc, &query.Query{Filters: fs}, func(store.Record) error {
		n++
		return nil
	})
	return n, err
}

// keepQuestions is the before-update hook of votes: once anyone has voted,
// the questions (title, mode, limit, options) cannot change — ballots name
// them — and a form sending them back unchanged leaves the rows as they
// are.
func (h *hooks) keepQuestions(ctx context.Context, w *store.Write) error {
	v, ok := w.New["voteQuestions"]
	if !ok {
		return nil
	}
	bm := h.app.Modules().Module("voteBallot")
	if bm == nil {
		return nil
	}
	n, err := w.Tx.Count(ctx, bm, entsql.EQ(w.Tx.Column(bm, "vote"), w.ID))
	if err != nil || n == 0 {
		return err
	}
	if questionsText(rows(v)) != questionsText(rows(w.Old["voteQuestions"])) {
		return store.Conflict("voteQuestions", VoteQuestionsLocked)
	}
	delete(w.New, "voteQuestions")
	return nil
}

// questionsText is what of a vote's questions ballots depend on.
func questionsText(qs []map[string]any) string {
	var b strings.Builder
	for _, q := range qs {
		for _, k := range []string{"questionTitle", "choiceMode", "maxChoices", "options"} {
			if q[k] != nil {
				fmt.Fprint(&b, q[k])
			}
			b.WriteByte(0)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

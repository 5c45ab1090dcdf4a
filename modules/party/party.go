// Package party holds the Go hooks of party study (党建学习): the question
// bank's rules (question.go), taking an exam and scoring it on the server
// (exam.go) and casting a ballot, one per person (vote.go). Every call runs
// in the caller's data scope.
package party

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"xiangzhi/engine"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

type hooks struct{ app *engine.App }

// Register adds the question bank's write rules, the exam calls under
// /exam/api/exams and the vote calls under /vote/api. Calls whose modules
// are not loaded are left out.
func Register(app *engine.App) error {
	h := &hooks{app: app}
	app.BeforeWrite("question", store.OpCreate, checkQuestion)
	app.BeforeWrite("question", store.OpUpdate, checkQuestion)
	app.BeforeWrite("exam", store.OpCreate, h.checkExam)
	app.BeforeWrite("exam", store.OpUpdate, h.checkExam)
	app.BeforeWrite("voteBallot", store.OpCreate, h.oneBallot)
	app.BeforeWrite("vote", store.OpUpdate, h.keepQuestions)
	app.BeforeWrite("examAnswer", store.OpCreate, h.reward)
	app.BeforeWrite("examAnswer", store.OpUpdate, h.reward)
	h.examRoutes()
	h.markingRoutes()
	h.statsRoutes()
	h.voteRoutes()
	return nil
}

// now is the current time as a record's datetime.
func now() string { return time.Now().In(time.Local).Format(schema.DateTimeLayout) }

func toInt(v any) int64 { n, _ := store.IntOf(v); return n }

func floatOf(v any) float64 {
	switch x := v.(type) {
	case float64:
		return x
	case int64:
		return float64(x)
	case int:
		return float64(x)
	case json.Number:
		f, _ := x.Float64()
		return f
	case string:
		f, _ := strconv.ParseFloat(strings.TrimSpace(x), 64)
		return f
	}
	return 0
}

// rows reads a children value as a list of maps.
func rows(v any) []map[string]any {
	var out []map[string]any
	switch x := v.(type) {
	case []map[string]any:
		out = x
	case []any:
		for _, e := range x {
			if r, ok := e.(map[string]any); ok {
				out = append(out, r)
			}
		}
	}
	return out
}

// timeOf reads a record's datetime.
func timeOf(v any) (time.Time, bool) {
	switch x := v.(type) {
	case time.Time:
		return x, !x.IsZero()
	case string:
		t, err := time.ParseInLocation(schema.DateTimeLayout, strings.TrimSpace(x), time.Local)
		return t, err == nil
	}
	return time.Time{}, false
}

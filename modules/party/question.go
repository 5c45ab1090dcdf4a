package party

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"xiangzhi/engine/store"
)

// Question types (题型) of the question bank.
const (
	typeSingle   = 1
	typeMultiple = 2
	typeJudge    = 3
	typeShort    = 4
)

// Score range of one question.
const (
	minScore = 0.5
	maxScore = 20
)

// checkQuestion is the before-write hook of the question bank: single,
// multiple and true/false questions need options lettered A–H (true/false
// exactly two), an answer made of those letters (one for single and
// true/false, two or more for multiple; stored upper-case and sorted, so
// "ca" is kept as "AC"); a short answer has no options; a score lies in
// 0.5–20.
func checkQuestion(_ context.Context, w *store.Write) error {
	kind := toInt(w.Value("subjectType"))
	opts := rows(w.Value("subjectOptions"))
	if v := w.Value("score"); v != nil {
		if s := floatOf(v); s < minScore || s > maxScore {
			return store.Refuse("score", QuestionScoreRange)
		}
	}
	if kind == typeShort {
		if len(opts) > 0 {
			return store.Refuse("subjectOptions", QuestionNoOptions)
		}
		return nil
	}
	if len(opts) < 2 {
		return store.Refuse("subjectOptions", QuestionOptionsNeeded)
	}
	if kind == typeJudge && len(opts) != 2 {
		return store.Refuse("subjectOptions", QuestionJudgeOptions)
	}
	var names []string
	for _, o := range opts {
		n := strings.ToUpper(strings.TrimSpace(fmt.Sprint(o["optionName"])))
		if len(n) != 1 || n[0] < 'A' || n[0] > 'H' || slices.Contains(names, n) {
			return store.Refuse("subjectOptions", QuestionOptionName)
		}
		names = append(names, n)
	}
	ans, _ := w.Value("answer").(string)
	letters := Letters(ans)
	switch {
	case (kind == typeSingle || kind == typeJudge) && len(letters) != 1:
		return store.Refuse("answer", QuestionAnswerOne)
	case kind == typeMultiple && len(letters) < 2:
		return store.Refuse("answer", QuestionAnswerMany)
	}
	for _, l := range letters {
		if !slices.Contains(names, l) {
			return store.Refuse("answer", fmt.Sprintf(QuestionAnswerUnknown, l))
		}
	}
	if norm := strings.Join(letters, ""); norm != ans {
		w.New["answer"] = norm
	}
	return nil
}

// Letters is an objective answer as its sorted, distinct upper-case option
// letters ("c, a" → [A C]); anything but letters is dropped.
func Letters(s string) []string {
	var out []string
	for _, r := range strings.ToUpper(s) {
		if r >= 'A' && r <= 'Z' && !slices.Contains(out, string(r)) {
			out = append(out, string(r))
		}
	}
	slices.Sort(out)
	return out
}

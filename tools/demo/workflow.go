package demo

import (
	"context"
	"fmt"
	"slices"

	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// walk plans how a new record moves through zero to three of its module's
// status actions, chosen at random among those its status allows, by the
// people who would take them: approvals by the township above a village,
// the rest by the record's own organisation. Afterwards the module's
// after-status fix-up may fill fields the final status implies (who
// handled an alarm, when a quarantine ended, …). The writes are appended
// to steps, each naming the record by its index i in the batch (the
// writer puts the id in once the batch is created), and the record's
// final status and fix-up are returned for the bookkeeping after the
// write. Nothing here reads the database or needs the id, so the plan is
// made right after the record is built, whatever the batching and
// whether the write has happened yet.
func (g *gen) walk(m *schema.Module, o *place, i int, rec store.Record, steps []store.Step) ([]store.Step, int, store.Record) {
	st := m.Status
	cur := st.Initial
	plan := walkPlans[m.Name]
	var path []string
	if len(plan) > 0 {
		path = plan[g.walked[m.Name]%len(plan)]
	}
	g.walked[m.Name]++
	n := g.rng.IntN(4)
	if plan != nil {
		n = len(path)
	}
	for step := 0; step < n; step++ {
		var cands []schema.Action
		for _, a := range st.Actions {
			if slices.Contains(a.From, cur) && a.To != cur && (plan == nil || a.Name == path[step]) {
				cands = append(cands, a)
			}
		}
		if len(cands) == 0 {
			break
		}
		a := pick(g, cands)
		sc := o.scope(g.tenant, o.Admin)
		if slices.Contains(approvals, a.Name) && o.Parent != nil {
			sc = o.Parent.scope(g.tenant, o.Parent.Admin)
		}
		comment := ""
		if a.Comment != schema.CommentNone {
			comment = fmt.Sprintf("%s：%s", a.Label, pick(g, opinions))
			switch a.Name {
			case "reject", "refuse":
				comment = a.Label + "：" + pick(g, rejections)
			case "handle", "close", "finish":
				comment = a.Label + "：" + pick(g, results)
			case "discard":
				comment = a.Label + "：" + pick(g, discards)
			case "dispatch":
				comment = a.Label + "：请网格员尽快到现场处置。"
			}
		}
		steps = append(steps, store.Step{Scope: sc, ID: int64(i), Action: &a, Comment: comment})
		cur = a.To
	}
	after := afterStatus[m.Name]
	if after == nil {
		return steps, cur, nil
	}
	upd := after(g, o, rec, cur)
	if len(upd) == 0 {
		return steps, cur, nil
	}
	steps = append(steps, store.Step{Scope: o.scope(g.tenant, o.Admin), ID: int64(i), Update: upd})
	return steps, cur, upd
}

// stepsPerWrite bounds the status actions and fix-ups written in one
// transaction.
const stepsPerWrite = 2000

// planWalks plans the status walks of a batch's records (walk), in the
// batch's order; the plan's steps name records by their index.
func (g *gen) planWalks(b *batch) {
	m := b.m
	if m.Status == nil || len(m.Status.Actions) == 0 {
		return
	}
	b.final, b.fixes = make([]int, len(b.recs)), make([]store.Record, len(b.recs))
	for i, rec := range b.recs {
		b.steps, b.final[i], b.fixes[i] = g.walk(m, b.o, i, rec, b.steps)
		b.ends = append(b.ends, len(b.steps))
	}
}

// writeWalks writes a created batch's planned steps, the ids in place of
// the indexes, a few thousand to a transaction (cut at a record's last
// step): one commit per action was a sixth of a big county's time.
func (g *gen) writeWalks(ctx context.Context, b *batch, ids []int64) error {
	for k := range b.steps {
		b.steps[k].ID = ids[b.steps[k].ID]
	}
	from := 0
	for i, end := range b.ends {
		if end-from >= stepsPerWrite || i == len(b.ends)-1 {
			if err := g.st.Steps(ctx, b.m, b.steps[from:end]); err != nil {
				return err
			}
			from = end
		}
	}
	return nil
}

// walkPlans are the action paths records of a module take in turn instead
// of a random walk, so the demo holds every status — grid events from
// 待受理 to 已办结, returned and void ones too.
var walkPlans = map[string][][]string{
	"event": {
		{}, {"accept"}, {"accept", "dispatch"}, {"accept", "dispatch", "handle"},
		{"accept", "dispatch", "handle", "close"}, {"accept", "reject"}, {"discard"},
		{"accept", "dispatch", "handle", "close"},
	},
}

var discards = []string{"重复上报，已合并处理。", "经核实不属于网格事件范围。"}

var rejections = []string{"材料不齐全，请补充收入证明。", "经核查不符合申请条件。", "信息填写有误，请核实后重新提交。"}

// afterStatus fill in what a record's final status implies.
var afterStatus = map[string]func(g *gen, o *place, rec store.Record, status int) store.Record{
	"alarm":           handled,
	"drowningWarning": handled,
	"event": func(g *gen, o *place, rec store.Record, status int) store.Record {
		if status != 5 {
			return nil
		}
		return store.Record{"result": pick(g, results), "finishTime": later(rec["reportTime"], 2),
			"satisfaction": 1 + g.rng.IntN(2), "handler": o.Admin}
	},
	"quarantine": func(g *gen, o *place, rec store.Record, status int) store.Record {
		if status != 2 {
			return nil
		}
		return store.Record{"endDate": laterDate(rec["startDate"], 14)}
	},
	"article": func(g *gen, o *place, rec store.Record, status int) store.Record {
		if status != 1 || rec["publishTime"] != nil {
			return nil
		}
		return store.Record{"publishTime": g.day(-g.rng.IntN(200)).Add(9 * 3600e9).Format(schema.DateTimeLayout)}
	},
	"repairOrder": func(g *gen, o *place, rec store.Record, status int) store.Record {
		if status != 3 {
			return nil
		}
		return store.Record{"handleResult": pick(g, results), "finishTime": later(rec["reportTime"], 1)}
	},
	"pointsOrder": func(g *gen, o *place, rec store.Record, status int) store.Record {
		if status != 2 {
			return nil
		}
		return store.Record{"pickupTime": later(rec["orderTime"], 3), "pickupOperator": o.Admin}
	},
}

// handled fills who handled an alarm and how, once it is handled or found
// false.
func handled(g *gen, o *place, rec store.Record, status int) store.Record {
	if status != 2 && status != 3 {
		return nil
	}
	res := pick(g, results)
	if status == 3 {
		res = "经核查为误报。"
	}
	return store.Record{"handler": o.Admin, "handleTime": later(rec["alarmTime"], 1), "handleResult": res}
}

// later is a datetime text some days after another (the text itself when
// it is not a date).
func later(v any, days int) string {
	s, _ := v.(string)
	t, err := parseWall(s)
	if err != nil {
		return s
	}
	return t.AddDate(0, 0, days).Format(schema.DateTimeLayout)
}

// laterDate is a date text some days after another.
func laterDate(v any, days int) string {
	s, _ := v.(string)
	t, err := parseWall(s)
	if err != nil {
		return s
	}
	return t.AddDate(0, 0, days).Format(schema.DateLayout)
}

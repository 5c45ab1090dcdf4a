package demo

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
	"xiangzhi/modules/party"
	"xiangzhi/modules/points"
)

// categoryPlan are the county's question categories: one tree per root of
// spec §3 (1 考试, 2 测评, 3 题库, 4 投票).
var categoryPlan = []struct {
	name string
	root int
}{
	{"党员学习测试", 1}, {"党员民主评议测评", 2}, {"党章党规", 3}, {"乡村振兴与基层治理", 3}, {"村务表决", 4},
}

// demoQuestion is one question of the demo bank: type, text, options (A,
// B, … in order), answer letters (or the model answer of a short answer),
// analysis and score.
type demoQuestion struct {
	kind     int
	name     string
	options  []string
	answer   string
	analysis string
	score    float64
	bank     int // 0: 党章党规, 1: 乡村振兴与基层治理
}

var questionPlan = []demoQuestion{
	{1, "中国共产党的最高理想和最终目标是什么？", []string{"实现共产主义", "全面建成小康社会", "实现社会主义现代化", "实现共同富裕"}, "A",
		"《中国共产党章程》总纲：党的最高理想和最终目标是实现共产主义。", 2, 0},
	{1, "党员如果没有正当理由，连续几个月不参加党的组织生活、不交纳党费或不做党所分配的工作，就被认为是自行脱党？", []string{"三个月", "六个月", "九个月", "十二个月"}, "B",
		"党章第九条：连续六个月不参加党的组织生活、不交纳党费或不做党所分配的工作，就被认为是自行脱党。", 2, 0},
	{2, "党的纪律处分有哪几种？（多选）", []string{"警告", "严重警告", "撤销党内职务", "罚款"}, "ABC",
		"党章第四十二条：警告、严重警告、撤销党内职务、留党察看、开除党籍；罚款不是党纪处分。", 3, 0},
	{3, "预备党员的预备期为一年。", []string{"正确", "错误"}, "A", "党章第七条：预备党员的预备期为一年。", 2, 0},
	{3, "党员可以不参加所在党支部的组织生活。", []string{"正确", "错误"}, "B", "每个党员都必须编入党的一个支部、小组或其他特定组织，参加党的组织生活。", 2, 0},
	{4, "简述党员的八项义务中的任意三项。", nil,
		"认真学习马克思列宁主义、毛泽东思想等；贯彻执行党的基本路线和各项方针政策；坚持党和人民的利益高于一切；自觉遵守党的纪律；维护党的团结和统一；切实开展批评和自我批评；密切联系群众；发扬社会主义新风尚。",
		"见党章第三条。答出任意三项即可。", 5, 0},
	{1, "村民委员会每届任期几年？", []string{"三年", "四年", "五年", "六年"}, "C", "《村民委员会组织法》第十三条：村民委员会每届任期五年。", 2, 1},
	{2, "“四议两公开”中的“两公开”指什么？（多选）", []string{"决议公开", "实施结果公开", "财务明细公开", "村干部收入公开"}, "AB",
		"“四议”：党支部提议、两委商议、党员大会审议、村民会议或村民代表会议决议；“两公开”：决议公开、实施结果公开。", 3, 1},
	{1, "网格员入户走访重点人群的频次一般要求是？", []string{"每周至少一次", "每月至少一次", "每季度至少一次", "每年至少一次"}, "B",
		"多地网格化服务管理规范要求网格员对重点人群每月至少走访一次并记录。", 2, 1},
	{3, "防溺水“六不”要求之一是不在无家长或教师带领的情况下游泳。", []string{"正确", "错误"}, "A",
		"“六不”：不私自下水游泳、不擅自与他人结伴游泳、不在无家长或教师带领的情况下游泳、不到无安全设施无救援人员的水域游泳、不到不熟悉的水域游泳、不熟悉水性的学生不擅自下水施救。", 2, 1},
	{2, "下列属于农村人居环境整治重点内容的有？（多选）", []string{"农村生活垃圾治理", "农村厕所革命", "生活污水治理", "扩建宅基地"}, "ABC",
		"《农村人居环境整治提升五年行动方案》把厕所革命、生活污水治理、生活垃圾治理和村容村貌提升作为重点。", 3, 1},
	{4, "谈谈网格员在矛盾纠纷排查化解中应如何做。", nil,
		"及时入户走访掌握矛盾苗头；小事不出网格、就地调解；难以化解的及时上报村两委和综治中心；做好台账并跟踪回访。",
		"围绕排查、调解、上报、回访作答即可。", 5, 1},
}

// examPlan are the townships' exams: title, type, and how many of the
// bank's questions (every kind in turn) make the paper.
var examPlan = []struct {
	title string
	kind  int
}{
	{"%s党员应知应会测试", 1}, {"%s乡村振兴知识竞赛", 2},
}

// votePlan are the villages' votes: title, type and questions (title,
// mode, options).
var votePlan = []struct {
	title string
	kind  int
	qs    []struct {
		title string
		mode  int
		opts  string
	}
}{
	{"村西主干道硬化工程表决", 1, []struct {
		title string
		mode  int
		opts  string
	}{{"是否同意使用村集体资金硬化村西主干道？", 1, "同意\n不同意\n弃权"}, {"您对施工安排有什么建议？", 3, ""}}},
	{"年度“最美家庭”评选", 2, []struct {
		title string
		mode  int
		opts  string
	}{{"请选出您心目中的“最美家庭”（最多选两户）", 2, "张家（孝老爱亲）\n李家（邻里和睦）\n王家（勤劳致富）\n赵家（移风易俗）"}}},
	{"文化广场健身器材选址意见征集", 3, []struct {
		title string
		mode  int
		opts  string
	}{{"健身器材安装在哪里更方便？", 1, "文化广场东侧\n村委会门前\n小学旁空地"}, {"还希望增加哪些设施？", 2, "乒乓球台\n篮球架\n休息座椅\n路灯"}}},
}

// goodsPlan are the goods of a village's 爱心超市: name, category, unit,
// points (1 积分 is worth about 1 元 at the supermarket) and market price.
// Names have no spaces: on MySQL the search grams "巾 " and "巾" are equal
// (PAD SPACE collation) and a name with both breaks the gram index.
var goodsPlan = []struct {
	name, category, unit string
	points               int
	price                float64
}{
	{"洗衣液2kg", "1", "瓶", 25, 24.9}, {"食用油5L", "2", "桶", 70, 69.9}, {"大米10kg", "2", "袋", 55, 54.0},
	{"毛巾（两条装）", "1", "包", 15, 14.5}, {"洗洁精1.5kg", "1", "瓶", 12, 11.9}, {"理发服务券", "4", "张", 15, 15.0},
	{"酱油1.9L", "2", "瓶", 18, 17.8}, {"牙膏120g", "1", "支", 10, 9.9}, {"复合肥40kg", "3", "袋", 130, 128.0},
	{"蔬菜种子（套装）", "3", "套", 8, 8.0},
}

// categoryFix names the question categories after their roots.
func categoryFix(rc *recCtx) {
	c := categoryPlan[rc.i%len(categoryPlan)]
	rc.rec["name"], rc.rec["root"], rc.rec["sort"], rc.rec["enabled"] = c.name, c.root, rc.i+1, true
	delete(rc.rec, "parent")
}

// categoriesOf are the county's categories under root.
func (g *gen) categoriesOf(root int) []int64 {
	var out []int64
	for _, id := range g.ids["subjectCategory"][g.county.ID] {
		if r, _ := g.rows["subjectCategory"][id]["root"].(int); r == root {
			out = append(out, id)
		}
	}
	return out
}

// questionFix writes a real question of the bank, with options and the
// answer that fits them.
func questionFix(rc *recCtx) {
	q := questionPlan[rc.i%len(questionPlan)]
	rc.rec["subjectType"], rc.rec["subjectName"], rc.rec["answer"] = q.kind, q.name, q.answer
	rc.rec["analysis"], rc.rec["score"], rc.rec["enabled"] = q.analysis, q.score, true
	rc.rec["source"] = "《中国共产党章程》"
	if q.bank == 1 {
		rc.rec["source"] = "乡村振兴与基层治理应知应会"
	}
	rc.rec["difficulty"] = 1 + rc.i%3
	var opts []any
	for i, o := range q.options {
		opts = append(opts, map[string]any{"optionName": string(rune('A' + i)), "optionContent": o})
	}
	if opts == nil {
		delete(rc.rec, "subjectOptions")
	} else {
		rc.rec["subjectOptions"] = opts
	}
	if banks := rc.g.categoriesOf(3); len(banks) > 0 {
		rc.rec["category"] = banks[q.bank%len(banks)]
	}
}

// examFix makes a paper of the bank's questions: one exam of the
// township's bank in turn, its total the sum of the questions' scores
// and the pass mark 60 % of it.
func examFix(rc *recCtx) {
	e := examPlan[rc.i%len(examPlan)]
	rc.rec["title"], rc.rec["examType"], rc.rec["paperMode"] = fmt.Sprintf(e.title, rc.o.Name), e.kind, 1
	if cats := rc.g.categoriesOf(1); len(cats) > 0 {
		rc.rec["category"] = cats[0]
	}
	var ids []any
	total := 0.0
	for _, id := range rc.g.ids["question"][rc.g.county.ID] {
		q := rc.g.rows["question"][id]
		if dq := findQuestion(q); dq.name != "?" && dq.bank == rc.i%2 {
			ids = append(ids, id)
			total += q["score"].(float64)
		}
	}
	rc.rec["questions"] = ids
	rc.rec["totalScore"], rc.rec["passScore"] = total, math.Round(total*0.6)
	rc.rec["durationMin"], rc.rec["allowTimes"], rc.rec["targetScope"] = 30, 1, 1
	rc.rec["startTime"] = rc.g.day(-10).Add(time8h).Format(schema.DateTimeLayout)
	rc.rec["endTime"] = rc.g.day(20).Add(time8h + 10*3600e9).Format(schema.DateTimeLayout)
	rc.rec["rewardPoints"] = 5
	rc.rec["description"] = fmt.Sprintf("共 %d 题，满分 %g 分，%g 分及格；每人限答一次，交卷后显示答案与解析。", len(ids), total, math.Round(total*0.6))
	delete(rc.rec, "randomRule")
	delete(rc.rec, "targetOrgs")
}

// findQuestion is the plan entry of a question record.
func findQuestion(q store.Record) demoQuestion {
	for _, p := range questionPlan {
		if p.name == q["subjectName"] {
			return p
		}
	}
	return demoQuestion{name: "?"}
}

// voteFix writes a vote whose questions and options belong to its title.
func voteFix(rc *recCtx) {
	v := votePlan[(rc.i+rc.o.Index)%len(votePlan)]
	rc.rec["title"], rc.rec["voteType"] = rc.o.Name+v.title, v.kind
	if cats := rc.g.categoriesOf(4); len(cats) > 0 {
		rc.rec["category"] = cats[0]
	}
	var qs []any
	for i, q := range v.qs {
		row := map[string]any{"questionTitle": q.title, "choiceMode": q.mode, "sort": i + 1}
		if q.opts != "" {
			row["options"] = q.opts
		}
		if q.mode == 2 {
			row["maxChoices"] = 2
		}
		qs = append(qs, row)
	}
	rc.rec["voteQuestions"] = qs
	rc.rec["startTime"] = rc.g.day(-5).Add(time8h).Format(schema.DateTimeLayout)
	rc.rec["endTime"] = rc.g.day(25).Add(time8h + 10*3600e9).Format(schema.DateTimeLayout)
	rc.rec["description"] = fmt.Sprintf("%s，请在截止时间前参与投票，每人限投一次。", strings.TrimPrefix(rc.rec["title"].(string), rc.o.Name))
	delete(rc.rec, "participantCount")
}

// goodsFix stocks a good of the plan at its price.
func goodsFix(rc *recCtx) {
	gd := goodsPlan[(rc.i+rc.o.Index*3)%len(goodsPlan)]
	rc.rec["goodsName"], rc.rec["category"], rc.rec["unit"] = gd.name, gd.category, gd.unit
	rc.rec["pointsPrice"], rc.rec["marketPrice"] = gd.points, gd.price
	rc.rec["stock"], rc.rec["exchangedCount"] = 20+rc.g.rng.IntN(30), 0
	delete(rc.rec, "limitPerPerson")
	rc.rec["exchangeNote"] = "在村爱心超市凭积分兑换，下单后到村委会领取，领取前可取消。"
}

// examAnswers hands in papers: the township's staff and the village
// administrators and grid members below take each published exam once,
// answering most questions right; the sheets are scored by the server's
// rules (party.Score).
func (g *gen) examAnswers(ctx context.Context, m *schema.Module) error {
	em, qm := g.set.Module("exam"), g.set.Module("question")
	if em == nil || qm == nil {
		return nil
	}
	for _, town := range g.county.Towns {
		for _, eid := range g.ids["exam"][town.ID] {
			if g.status["exam"][eid] == 0 {
				if _, err := g.st.Transition(ctx, em, town.scope(g.tenant, town.Admin), eid, actionOf(em, "publish"), ""); err != nil {
					return err
				}
				g.status["exam"][eid] = 1
			}
			exam := g.rows["exam"][eid]
			var qs []store.Record
			var scores []float64
			for _, id := range exam["questions"].([]any) {
				q, err := g.st.Get(ctx, qm, g.tenantScope(), id.(int64))
				if err != nil {
					return err
				}
				qs, scores = append(qs, q), append(scores, q["score"].(float64))
			}
			total, pass := exam["totalScore"].(float64), exam["passScore"].(float64)
			for _, v := range town.Villas {
				var recs []store.Record
				for _, u := range append([]int64{v.Admin}, v.Grid...) {
					given := map[string]string{}
					for _, q := range qs {
						a := fmt.Sprint(q["answer"])
						if q["subjectType"] != int64(4) && g.rng.IntN(100) < 25 {
							a = "A"
							if strings.Contains(fmt.Sprint(q["answer"]), "A") {
								a = "B"
							}
						}
						given[fmt.Sprint(q["id"])] = a
					}
					marked, score, right, pending := party.Score(qs, scores, given)
					var detail []any
					for _, s := range marked {
						detail = append(detail, map[string]any{"questionId": s.ID, "given": s.Given, "correct": s.Correct, "score": s.Got})
					}
					day := g.day(-g.rng.IntN(8)).Add(time8h + secondsOf(g.rng.IntN(36000)))
					recs = append(recs, store.Record{"exam": eid, "examinee": u, "examineeName": g.userName(u), "attemptNo": 1,
						"startTime": day.Format(schema.DateTimeLayout), "submitTime": day.Add(secondsOf(600 + g.rng.IntN(900))).Format(schema.DateTimeLayout),
						"score": score, "totalScore": total, "passed": score >= pass, "correctCount": right,
						"questionCount": len(qs), "pendingCount": pending, "answers": detail})
				}
				if _, err := g.insert(party.Trusted(ctx), m, v, v.Admin, recs); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// voteBallots casts the ballots of the villages' open and closed votes:
// the village administrator and some grid members vote once each, and
// the vote's 参与人数 is their count.
func (g *gen) voteBallots(ctx context.Context, m *schema.Module) error {
	vm := g.set.Module("vote")
	if vm == nil {
		return nil
	}
	for _, v := range g.villages {
		for _, id := range g.ids["vote"][v.ID] {
			st := g.status["vote"][id]
			if st == 3 {
				continue
			}
			if st == 0 {
				if _, err := g.st.Transition(ctx, vm, v.scope(g.tenant, v.Admin), id, actionOf(vm, "start"), ""); err != nil {
					return err
				}
				g.status["vote"][id] = 1
			}
			vote, err := g.st.Get(ctx, vm, g.tenantScope(), id)
			if err != nil {
				return err
			}
			var recs []store.Record
			for _, u := range append([]int64{v.Admin}, v.Grid...) {
				choices := map[string]any{}
				for _, q := range vote["voteQuestions"].([]store.Record) {
					key := fmt.Sprint(q["id"])
					var opts []string
					for _, l := range strings.Split(fmt.Sprint(q["options"]), "\n") {
						if l = strings.TrimSpace(l); l != "" && l != "<nil>" {
							opts = append(opts, l)
						}
					}
					switch {
					case q["choiceMode"] == int64(3) || len(opts) == 0:
						choices[key] = pick(g, []string{"建议分段施工，避开农忙时节。", "希望施工期间保证村民出行安全。", "无其他意见。"})
					case q["choiceMode"] == int64(2) && len(opts) > 1:
						k := g.rng.Perm(len(opts))[:2]
						choices[key] = []any{opts[k[0]], opts[k[1]]}
					default:
						choices[key] = []any{opts[min(len(opts)-1, g.rng.IntN(len(opts)+1)/2)]}
					}
				}
				recs = append(recs, store.Record{"vote": id, "voter": u, "ballotKey": fmt.Sprintf("%d-%d", id, u),
					"choices": choices, "voteTime": g.day(-g.rng.IntN(5)).Add(time8h + secondsOf(g.rng.IntN(36000))).Format(schema.DateTimeLayout)})
			}
			if _, err := g.insert(party.Trusted(ctx), m, v, v.Admin, recs); err != nil {
				return err
			}
			if _, err := g.st.Update(ctx, vm, g.tenantScope(), id, store.Record{"participantCount": len(recs)}); err != nil {
				return err
			}
		}
	}
	return nil
}

// actionOf is the module's status action named name.
func actionOf(m *schema.Module, name string) schema.Action {
	for _, a := range m.Status.Actions {
		if a.Name == name {
			return a
		}
	}
	return schema.Action{Name: name}
}

// pointsOrders places the villages' exchange orders as the points mall
// does: each order spends its payer's points (a 兑换消费 entry of the
// points log) and the goods' stock; a rejected or cancelled one gives both
// back (a 退回 entry); the households' 户积分 stay the sums of their logs.
func (g *gen) pointsOrders(ctx context.Context, m *schema.Module) error {
	if err := g.generic(ctx, m); err != nil {
		return err
	}
	lm, gm, hm := g.set.Module("pointsLog"), g.set.Module("pointsGoods"), g.set.Module("household")
	if lm == nil || gm == nil {
		return nil
	}
	if done, err := g.ordersBooked(ctx, lm, m); err != nil || done {
		return err // the points mall's hooks ran (a tenant made on a serving engine)
	}
	for _, v := range g.villages {
		var recs []store.Record
		sold := map[int64]int{}
		for _, id := range g.ids[m.Name][v.ID] {
			o := g.rows[m.Name][id]
			st := g.status[m.Name][id]
			total := o["totalPoints"].(int)
			when := fmt.Sprint(o["orderTime"])
			entry := store.Record{"ownerType": 1, "villager": o["villager"], "changeType": 3, "points": -total,
				"bizType": points.BizOrder, "bizId": o["orderNo"], "occurTime": when, "operator": v.Admin,
				"reason": fmt.Sprintf("兑换「%v」×%v", o["goodsName"], o["quantity"])}
			if p := g.personByID(v, toID(o["villager"])); p != nil && p.HouseholdID != 0 {
				entry["household"] = p.HouseholdID
			}
			recs = append(recs, entry)
			if st == 3 || st == 4 {
				back := store.Record{}
				for k, x := range entry {
					back[k] = x
				}
				back["changeType"], back["points"], back["occurTime"] = 4, total, later(when, 1)
				back["reason"] = fmt.Sprintf("订单 %v %s，退还积分", o["orderNo"], map[int]string{3: "退回", 4: "取消"}[st])
				recs = append(recs, back)
			} else {
				sold[toID(o["goods"])] += o["quantity"].(int)
			}
		}
		// Not g.insert: these entries stay valid (no status walk).
		if len(recs) > 0 {
			if err := g.st.CreateMany(ctx, lm, v.scope(g.tenant, v.Admin), recs); err != nil {
				return fmt.Errorf("points log of orders: %w", err)
			}
			g.count[lm.Name] += len(recs)
		}
		for gid, n := range sold {
			goods := g.rows["pointsGoods"][gid]
			stock := max(0, goods["stock"].(int)-n)
			if _, err := g.st.Update(ctx, gm, g.tenantScope(), gid, store.Record{"stock": stock, "exchangedCount": n}); err != nil {
				return err
			}
		}
	}
	return g.syncHouseholdPoints(ctx, lm, hm)
}

// syncHouseholdPoints makes every household's 户积分 the sum of the valid
// points log entries naming it.
func (g *gen) syncHouseholdPoints(ctx context.Context, lm, hm *schema.Module) error {
	if hm == nil {
		return nil
	}
	sums := map[int64]int64{}
	err := g.st.Each(ctx, lm, g.tenantScope(), nil, func(r store.Record) error {
		if hh, ok := r["household"].(int64); ok && r["logStatus"] == int64(1) {
			sums[hh] += r["points"].(int64)
		}
		return nil
	})
	if err != nil {
		return err
	}
	// The households to set are listed first and written a few thousand
	// to a transaction: at 500,000 villagers that is 135,000 households,
	// one commit each before. Only their ids and points are listed (16
	// bytes, not a step with its record: 52 MB at 500,000).
	type set struct{ id, points int64 }
	var sets []set
	err = g.st.Each(ctx, hm, g.tenantScope(), nil, func(r store.Record) error {
		id := r["id"].(int64)
		if got, _ := r["points"].(int64); got != sums[id] || r["points"] == nil {
			sets = append(sets, set{id, sums[id]})
		}
		return nil
	})
	if err != nil {
		return err
	}
	for chunk := range slices.Chunk(sets, stepsPerWrite) {
		steps := make([]store.Step, len(chunk))
		for i, c := range chunk {
			steps[i] = store.Step{Scope: g.tenantScope(), ID: c.id, Update: store.Record{"points": c.points}}
		}
		if err := g.st.Steps(ctx, hm, steps); err != nil {
			return fmt.Errorf("household points: %w", err)
		}
	}
	return nil
}

// rulePlan are the villages' points rules: name, category
// (points_category), direction and points.
var rulePlan = []struct {
	name     string
	category string
	dir      int
	points   int
}{
	{"参加村内义务劳动（每次）", "5", 1, 5}, {"庭院整洁评为美丽庭院", "3", 1, 20}, {"孝老爱亲被评为好儿媳", "2", 1, 30},
	{"参加志愿服务（每次）", "5", 1, 10}, {"乱扔垃圾经劝导不改", "9", -1, 5}, {"参加村民代表大会", "7", 1, 5},
	{"举报安全隐患经核实", "1", 1, 15}, {"违规焚烧秸秆", "9", -1, 20},
}

// ruleFix writes a rule of the plan: deductions are deductions.
func ruleFix(rc *recCtx) {
	r := rulePlan[(rc.i*2+rc.o.Index)%len(rulePlan)]
	rc.rec["ruleName"], rc.rec["direction"], rc.rec["points"] = r.name, r.dir, r.points
	if slices.ContainsFunc(schema.Choices(fieldOf(rc.m, "category"), rc.g.set), func(o schema.Option) bool { return fmt.Sprint(o.Value) == r.category }) {
		rc.rec["category"] = r.category
	}
}

// fieldOf is m's field named name.
func fieldOf(m *schema.Module, name string) *schema.Field {
	for i := range m.Fields {
		if m.Fields[i].Name == name {
			return &m.Fields[i]
		}
	}
	return &schema.Field{}
}

// orderFix places an order a villager can pay for: the quantity the goods'
// price allows out of the points of the village's best-off earner (whose
// balance then drops), at the goods' own price.
func orderFix(rc *recCtx) {
	g := rc.g
	var shelved []int64
	for _, id := range g.ids["pointsGoods"][rc.o.ID] {
		if g.status["pointsGoods"][id] == 1 {
			shelved = append(shelved, id)
		}
	}
	if len(shelved) == 0 && len(g.ids["pointsGoods"][rc.o.ID]) > 0 {
		// The supermarket has every good off the shelf: put one on it.
		id := g.ids["pointsGoods"][rc.o.ID][0]
		gm := g.set.Module("pointsGoods")
		if _, err := g.st.Transition(context.Background(), gm, rc.o.scope(g.tenant, rc.o.Admin), id, actionOf(gm, "shelve"), ""); err == nil {
			g.status["pointsGoods"][id] = 1
			shelved = append(shelved, id)
		}
	}
	if len(shelved) > 0 {
		rc.rec["goods"] = pick(g, shelved)
	}
	if g.balance == nil {
		g.balance = map[int64]int{}
		for id, r := range g.rows["pointsLog"] {
			if g.status["pointsLog"][id] == 1 {
				g.balance[toID(r["villager"])] += r["points"].(int)
			}
		}
	}
	var payer *person // the village's best-off earner
	for _, p := range g.residents[rc.o.ID] {
		if payer == nil || g.balance[p.ID] > g.balance[payer.ID] {
			payer = p
		}
	}
	priceOf := func(id int64) int { return g.rows["pointsGoods"][id]["pointsPrice"].(int) }
	if gid := toID(rc.rec["goods"]); payer != nil && gid != 0 && priceOf(gid) > g.balance[payer.ID] {
		// Too dear for anyone: the dearest good on the shelf the earner can pay for.
		best := int64(0)
		for _, id := range shelved {
			if p := priceOf(id); p <= g.balance[payer.ID] && (best == 0 || p > priceOf(best)) {
				best = id
			}
		}
		if best != 0 {
			rc.rec["goods"] = best
		}
	}
	goods := g.rows["pointsGoods"][toID(rc.rec["goods"])]
	if goods == nil {
		return
	}
	price := goods["pointsPrice"].(int)
	qty := 1
	if payer != nil {
		qty = max(1, min(1+g.rng.IntN(3), g.balance[payer.ID]/price))
		g.balance[payer.ID] -= price * qty
		rc.p = payer
		rc.rec["villager"] = payer.ID
	}
	delete(rc.rec, "household") // the villager's own points pay
	rc.rec["orderTime"] = g.day(-g.rng.IntN(90)).Add(time8h + secondsOf(g.rng.IntN(36000))).Format(schema.DateTimeLayout)
	rc.rec["orderNo"] = applyNo(rc, "DH", "orderTime")
	rc.rec["goodsName"], rc.rec["unitPoints"], rc.rec["quantity"] = goods["goodsName"], price, qty
	rc.rec["totalPoints"] = price * qty
	if rc.p != nil && rc.p.Mobile != "" {
		rc.rec["mobile"] = rc.p.Mobile
	}
	delete(rc.rec, "pickupTime")
	delete(rc.rec, "pickupOperator")
}

// userName is a demo user's name.
func (g *gen) userName(id int64) string {
	for _, a := range g.accounts {
		if a.ID == id {
			return a.Name
		}
	}
	return ""
}

// ordersBooked tells whether the exchange orders already have their points
// log entries (the points mall's write hooks are registered).
func (g *gen) ordersBooked(ctx context.Context, lm, om *schema.Module) (bool, error) {
	found := false
	err := g.st.Each(ctx, lm, g.tenantScope(), &query.Query{Filters: []query.Filter{
		{Field: "bizType", Op: query.Equals, Values: []any{points.BizOrder}}}, Size: 1}, func(store.Record) error {
		found = true
		return nil
	})
	return found, err
}

// personByID is the villager of village v with id.
func (g *gen) personByID(v *place, id int64) *person {
	for _, p := range g.residents[v.ID] {
		if p.ID == id {
			return p
		}
	}
	return nil
}

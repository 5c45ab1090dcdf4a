package demo

// The office system's demo data: vehicles and seals of the townships and the
// county, and applications that went through their real workflow
// (engine/workflow on the system module's directory): submitted by village
// and township administrators and grid members, decided by the township and
// county administrators, so every state occurs and county_admin,
// town1_admin and v01_admin each find applications in 待办.

import (
	"context"
	"fmt"
	"time"

	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
	"xiangzhi/engine/workflow"
	"xiangzhi/modules/system"
)

// flow is the workflow engine the demo submits and decides with.
func (g *gen) flow(ctx context.Context) (*workflow.Engine, error) {
	if g.wf != nil {
		return g.wf, nil
	}
	wf := workflow.New(workflow.Options{Store: g.st, Directory: system.NewDirectory(g.ent),
		Modules: func() *schema.Set { return g.set }, Logger: g.log, Now: func() time.Time { return g.now }})
	if err := wf.Migrate(ctx); err != nil {
		return nil, fmt.Errorf("workflow tables: %w", err)
	}
	g.wf = wf
	return wf, nil
}

// outcome is where a demo application is left.
type outcome int

const (
	leaveDraft     outcome = iota // created, not submitted
	leavePending                  // submitted, waiting at its first step with an approver
	leaveAtCounty                 // the township approved; waiting at the county
	leaveApproved                 // approved by every step
	leaveRejected                 // rejected by the first approver
	leaveWithdrawn                // withdrawn by the applicant
)

// apply creates rec in o on behalf of user and moves it as far as out
// says, each decision taken by whoever the step's task names (the
// organisation's village, township or county administrator).
func (g *gen) apply(ctx context.Context, m *schema.Module, o *place, user int64, rec store.Record, out outcome) (int64, error) {
	ids, err := g.insert(ctx, m, o, user, []store.Record{rec})
	if err != nil {
		return 0, err
	}
	id := ids[0]
	if g.status[m.Name] == nil {
		g.status[m.Name] = map[int64]int{}
	}
	g.status[m.Name][id] = schema.FlowDraft
	if out == leaveDraft {
		return id, nil
	}
	wf, err := g.flow(ctx)
	if err != nil {
		return 0, err
	}
	if _, err := wf.Submit(ctx, m.Name, o.scope(g.tenant, user), id); err != nil {
		return 0, fmt.Errorf("submit %s %d: %w", m.Name, id, err)
	}
	g.status[m.Name][id] = schema.FlowRunning
	if out == leaveWithdrawn {
		if err := wf.Withdraw(ctx, m.Name, o.scope(g.tenant, user), id); err != nil {
			return 0, fmt.Errorf("withdraw %s %d: %w", m.Name, id, err)
		}
		g.status[m.Name][id] = schema.FlowWithdrawn
		return id, nil
	}
	for range 6 {
		if out == leavePending {
			return id, nil
		}
		t, who, err := g.openTask(ctx, m.Name, id, o)
		if err != nil || t == nil {
			break
		}
		if out == leaveAtCounty && who == g.county {
			return id, nil
		}
		d := workflow.Decision{Action: workflow.ActApprove, Comment: pick(g, agreeing)}
		if out == leaveRejected {
			d = workflow.Decision{Action: workflow.ActReject, Comment: pick(g, rejections)}
		}
		if err := wf.Decide(ctx, who.scope(g.tenant, who.Admin), t.ID, d); err != nil {
			return 0, fmt.Errorf("decide %s %d: %w", m.Name, id, err)
		}
		if out == leaveRejected {
			g.status[m.Name][id] = schema.FlowRejected
			return id, nil
		}
	}
	rec, err = g.st.Get(ctx, m, g.tenantScope(), id)
	if err != nil {
		return 0, err
	}
	if n, ok := rec[m.Status.Field].(int64); ok {
		g.status[m.Name][id] = int(n)
	}
	return id, nil
}

var agreeing = []string{"同意。", "情况属实，同意。", "同意，请按规定办理。"}

// openTask is an open task on record id and the organisation whose
// administrator holds it: the applicant's village, its township or the
// county (nil when none is open).
func (g *gen) openTask(ctx context.Context, module string, id int64, o *place) (*workflow.TaskRow, *place, error) {
	var chain []*place
	for p := o; p != nil; p = p.Parent {
		chain = append(chain, p)
	}
	for _, p := range chain {
		rows, _, err := g.wf.Todo(ctx, p.scope(g.tenant, p.Admin), module, workflow.Page{Size: 1000})
		if err != nil {
			return nil, nil, err
		}
		for i := range rows {
			if rows[i].RecordID == id {
				return &rows[i], p, nil
			}
		}
	}
	return nil, nil, nil
}

// officeVillages are the villages of a township that file office demo
// applications: its first two.
func officeVillages(t *place) []*place {
	if len(t.Villas) > 2 {
		return t.Villas[:2]
	}
	return t.Villas
}

var vehicleModels = []struct{ kind, brand, model string }{
	{"1", "大众", "帕萨特"}, {"1", "丰田", "凯美瑞"}, {"3", "金龙", "XMQ6800"}, {"2", "五十铃", "QL1040"},
	{"1", "比亚迪", "汉EV"}, {"3", "宇通", "ZK6729"},
}

// vehicles are two of the county's and two of each township's.
func (g *gen) vehicles(ctx context.Context, m *schema.Module) error {
	n := 0
	for _, o := range append([]*place{g.county}, g.county.Towns...) {
		var recs []store.Record
		for range 2 {
			vm := vehicleModels[n%len(vehicleModels)]
			n++
			recs = append(recs, store.Record{"plateNo": fmt.Sprintf("冀E%c%04d", 'A'+rune(n%6), 1000+n*37),
				"vehicleType": vm.kind, "brand": vm.brand, "model": vm.model, "seats": 5 + 2*(n%3),
				"contact": g.ppl.name(g.ppl.surname(), n%2 == 0), "contactPhone": g.ppl.mobile(), "available": true})
		}
		if _, err := g.insert(ctx, m, o, o.Admin, recs); err != nil {
			return err
		}
	}
	return nil
}

var destinations = []string{"县政府", "县农业农村局", "县人民医院", "市民政局", "乡镇卫生院", "县城", "市区"}
var tripReasons = []string{"参加工作会议", "送报材料", "走访慰问困难群众", "防汛检查", "陪同上级检查", "参加培训"}

// vehicleApplies are the vehicle applications of each township: its
// villages' administrators apply for the township's vehicles and the
// township administrator for the county's, one application per vehicle and
// four-day window (so none overlaps), in every state.
func (g *gen) vehicleApplies(ctx context.Context, m *schema.Module) error {
	day := time.Date(g.now.Year(), g.now.Month(), g.now.Day(), 8, 0, 0, 0, time.Local)
	for _, t := range g.county.Towns {
		own := g.ids["vehicle"][t.ID]
		county := g.ids["vehicle"][g.county.ID]
		if len(own) == 0 || len(county) == 0 {
			return nil
		}
		plan := []struct {
			o     *place
			start int // days from today
			days  int
			out   outcome
			fromC bool // a county vehicle
		}{
			{officeVillages(t)[0], -20, 1, leaveApproved, false},
			{officeVillages(t)[0], -16, 1, leaveRejected, false},
			{officeVillages(t)[0], -12, 2, leaveWithdrawn, false},
			{officeVillages(t)[0], 2, 1, leavePending, false},
			{officeVillages(t)[len(officeVillages(t))-1], 6, 3, leaveAtCounty, false},
			{officeVillages(t)[0], 10, 3, leaveApproved, false},
			{officeVillages(t)[len(officeVillages(t))-1], 14, 1, leaveDraft, false},
			{t, 4 * (t.Index), 3, leaveAtCounty, true},
		}
		for i, p := range plan {
			vehicles := own
			if p.fromC {
				vehicles = county
			}
			start := day.AddDate(0, 0, p.start)
			end := start.AddDate(0, 0, p.days-1).Add(10 * time.Hour)
			rec := store.Record{"vehicleId": vehicles[i%len(vehicles)], "applyUserName": g.accountName(p.o.Admin),
				"destination": pick(g, destinations), "description": pick(g, tripReasons),
				"startTime": start.Format(schema.DateTimeLayout), "endTime": end.Format(schema.DateTimeLayout),
				"usingDay": p.days, "distance": 20 + g.rng.IntN(60)}
			if g.rng.IntN(2) == 0 {
				rec["partnerNames"] = g.ppl.name(g.ppl.surname(), true)
			}
			if _, err := g.apply(ctx, m, p.o, p.o.Admin, rec, p.out); err != nil {
				return err
			}
		}
	}
	return nil
}

// accountName is the display name of a demo user.
func (g *gen) accountName(id int64) string {
	for _, a := range g.accounts {
		if a.ID == id {
			return a.Name
		}
	}
	return "王建国"
}

var claimReasons = []string{"村委会办公用品采购", "参加县里培训的差旅费", "村道维修材料费", "防汛物资采购", "村级组织运转经费报销", "接待上级检查的工作餐"}

// expenseClaims are claims of each township's first villages and of the
// township itself: a grid member's claim waiting at the village, claims
// waiting at the township and (over 5000 yuan) at the county, approved,
// rejected and draft claims.
func (g *gen) expenseClaims(ctx context.Context, m *schema.Module) error {
	for _, t := range g.county.Towns {
		for vi, v := range officeVillages(t) {
			plan := []struct {
				user   int64
				amount int // yuan, spread over the items
				out    outcome
			}{
				{v.Admin, 3200, leavePending},
				{v.Admin, 8600, leaveAtCounty},
				{v.Admin, 1500, leaveApproved},
				{v.Admin, 6800, leaveApproved},
				{v.Admin, 2000, leaveRejected},
				{v.Admin, 900, leaveDraft},
			}
			if len(v.Grid) > 0 {
				plan = append(plan, struct {
					user   int64
					amount int
					out    outcome
				}{v.Grid[0], 680, leavePending})
			}
			if vi > 0 {
				plan = plan[:3]
			}
			for _, p := range plan {
				if _, err := g.apply(ctx, m, v, p.user, g.claim(p.user, "村委会", p.amount), p.out); err != nil {
					return err
				}
			}
		}
		if _, err := g.apply(ctx, m, t, t.Admin, g.claim(t.Admin, "党政办公室", 12000), leaveAtCounty); err != nil {
			return err
		}
	}
	return nil
}

// claim is an expense claim of about amount yuan in one to three items of
// the last three months; its total is their sum, as modules/office
// computes it.
func (g *gen) claim(user int64, dept string, amount int) store.Record {
	n := 1 + g.rng.IntN(3)
	var items []any
	var cents int64
	left := amount * 100
	for i := range n {
		c := left / (n - i)
		if i < n-1 {
			c = c/2 + g.rng.IntN(c/2+1)
		}
		left -= c
		cents += int64(c)
		items = append(items, map[string]any{"date": g.day(-g.rng.IntN(90)).Format(schema.DateLayout),
			"category": fmt.Sprint(1 + g.rng.IntN(10)), "amount": float64(c) / 100})
	}
	return store.Record{"claimant": g.accountName(user), "department": dept,
		"claimDate": g.day(-g.rng.IntN(5)).Format(schema.DateLayout), "reason": pick(g, claimReasons),
		"items": items, "total": float64(cents) / 100}
}

// seals are each township's official seal (countersigned by the township
// and the county) and financial seal, and each office village's seal.
func (g *gen) seals(ctx context.Context, m *schema.Module) error {
	for _, t := range g.county.Towns {
		recs := []store.Record{
			{"sealName": t.Name + "人民政府公章", "sealType": "1", "keeper": g.ppl.name(g.ppl.surname(), true), "countersign": true, "sealStatus": 1},
			{"sealName": t.Name + "财务专用章", "sealType": "3", "keeper": g.ppl.name(g.ppl.surname(), false), "countersign": false, "sealStatus": 1},
		}
		if _, err := g.insert(ctx, m, t, t.Admin, recs); err != nil {
			return err
		}
		for _, v := range officeVillages(t) {
			rec := store.Record{"sealName": v.Name + "村民委员会章", "sealType": "6", "keeper": g.accountName(v.Admin),
				"countersign": false, "sealStatus": 1}
			if _, err := g.insert(ctx, m, v, v.Admin, []store.Record{rec}); err != nil {
				return err
			}
		}
	}
	return nil
}

var sealPurposes = []string{"向县政府报送请示", "公示材料盖章", "合同签订", "为村民出具证明", "报送年度总结"}

var sealFiles = []string{"关于申请修缮村道的请示", "低保对象公示", "土地流转合同", "贫困证明", "介绍信", "年度工作总结报告"}

// sealApplies: each township's first village applies for the township's
// seals — the official seal twice (countersign: one waiting at the county
// after the township signed, one approved by both), the financial seal
// (waiting at the township, and one rejected).
func (g *gen) sealApplies(ctx context.Context, m *schema.Module) error {
	for _, t := range g.county.Towns {
		seals := g.ids["seal"][t.ID]
		if len(seals) < 2 {
			return nil
		}
		v := officeVillages(t)[0]
		for _, p := range []struct {
			seal int
			out  outcome
		}{{0, leaveAtCounty}, {0, leaveApproved}, {1, leavePending}, {1, leaveRejected}, {1, leaveApproved}} {
			sealID := seals[p.seal]
			rec := store.Record{"sealId": sealID, "fileName": pick(g, sealFiles), "purpose": pick(g, sealPurposes),
				"copies": 1 + g.rng.IntN(5), "countersign": g.rows["seal"][sealID]["countersign"]}
			if _, err := g.apply(ctx, m, v, v.Admin, rec, p.out); err != nil {
				return err
			}
		}
	}
	return nil
}

// sealUses record the use of every approved seal application.
func (g *gen) sealUses(ctx context.Context, m *schema.Module) error {
	am := g.set.Module("sealApply")
	if am == nil {
		return nil
	}
	for _, t := range g.county.Towns {
		for _, v := range officeVillages(t) {
			for _, id := range g.ids["sealApply"][v.ID] {
				if g.status["sealApply"][id] != schema.FlowApproved {
					continue
				}
				app := g.rows["sealApply"][id]
				rec := store.Record{"sealApplyId": id, "useTime": g.now.Add(-time.Duration(1+g.rng.IntN(72)) * time.Hour).Format(schema.DateTimeLayout),
					"operator": g.accountName(v.Admin), "copiesUsed": app["copies"]}
				if _, err := g.insert(ctx, m, v, v.Admin, []store.Record{rec}); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

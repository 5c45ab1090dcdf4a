package demo

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// fixups correct what field-by-field filling cannot know: numbers that
// follow from others, values copied from the records referred to, and
// record numbers in the house format.
var fixups = map[string]func(rc *recCtx){
	"handicappedSubsidy": func(rc *recCtx) {
		subsidy(rc)
		if rc.p != nil {
			rc.rec["disabilityCertNo"] = fmt.Sprint(rc.p.IDCard, rc.rec["disabilityCategory"], rc.rec["disabilityGrade"])
		}
	},
	"basicAllowance": func(rc *recCtx) {
		subsidy(rc)
		size := 1 + rc.g.rng.IntN(4)
		if rc.p != nil {
			size = len(rc.g.householdOf(rc.p))
		}
		income := float64(300 + rc.g.rng.IntN(1500))
		rc.rec["familySize"], rc.rec["insuredCount"] = size, size
		rc.rec["monthlyIncome"] = income
		rc.rec["perCapitaIncome"] = math.Round(income/float64(size)*100) / 100
		rc.rec["monthlyAmount"] = float64(size * (150 + rc.g.rng.IntN(300)))
		delete(rc.rec, "incomeGap")
	},
	"landSubsidy": func(rc *recCtx) {
		subsidy(rc)
		confirmed := math.Round((3+rc.g.rng.Float64()*12)*100) / 100
		rc.rec["confirmedArea"] = confirmed
		delete(rc.rec, "transferInArea")
		delete(rc.rec, "transferOutArea")
		delete(rc.rec, "noSubsidyArea")
		delete(rc.rec, "noSubsidyDetail")
		std := 110.0 + float64(rc.g.rng.IntN(30))
		rc.rec["subsidyArea"], rc.rec["standard"] = confirmed, std
		rc.rec["amount"] = math.Round(confirmed*std*100) / 100
	},
	"medicalAid": func(rc *recCtx) {
		subsidy(rc)
		total := float64(5000 + rc.g.rng.IntN(80000))
		paid := math.Round(total*0.55*100) / 100
		self := math.Round((total-paid)*100) / 100
		rc.rec["totalCost"], rc.rec["insurancePaid"], rc.rec["selfPaid"] = total, paid, self
		delete(rc.rec, "seriousIllnessPaid")
		delete(rc.rec, "otherPaid")
		rc.rec["policyScopeSelfPaid"] = math.Round(self*0.8*100) / 100
		rc.rec["aidRatio"] = 60.0
		rc.rec["aidAmount"] = math.Round(self*0.8*0.6*100) / 100
	},
	"dangerousBuilding": subsidy,
	"veteran":           subsidy,
	"legalAid": func(rc *recCtx) {
		rc.rec["applyNo"] = applyNo(rc, "FY", "applyTime")
	},
	"pointsOrder":     orderFix,
	"pointsRule":      ruleFix,
	"pointsGoods":     goodsFix,
	"subjectCategory": categoryFix,
	"question":        questionFix,
	"vote":            voteFix,
	"carInOut": func(rc *recCtx) {
		gross := math.Round((8+rc.g.rng.Float64()*20)*1000) / 1000
		tare := math.Round(gross*0.42*1000) / 1000
		net := math.Round((gross-tare)*1000) / 1000
		rc.rec["grossWeight"], rc.rec["tareWeight"], rc.rec["netWeight"] = gross, tare, net
		if price, ok := rc.rec["unitPrice"].(float64); ok {
			rc.rec["amount"] = math.Round(net*price*100) / 100
		}
	},
	"partyMember": func(rc *recCtx) {
		if rc.p == nil {
			return
		}
		rc.rec["memberType"] = "1"
		if rc.p.Politics() == "02" {
			rc.rec["memberType"] = "2"
			delete(rc.rec, "regularDate")
		}
		join := rc.p.Birth().AddDate(20+rc.g.rng.IntN(max(1, rc.p.Age(rc.g.now)-20)), 0, 0)
		if join.After(rc.g.now) {
			join = rc.g.day(-30)
		}
		rc.rec["joinDate"] = join.Format(schema.DateLayout)
		if _, ok := rc.rec["regularDate"]; ok {
			rc.rec["regularDate"] = join.AddDate(1, 0, 0).Format(schema.DateLayout)
		}
	},
	"exam": examFix,
	"village": func(rc *recCtx) {
		o := rc.o
		rc.rec["regionCode"], rc.rec["villageName"], rc.rec["org"] = o.Code, o.Name, o.ID
		rc.rec["households"] = len(rc.g.households[o.ID])
		rc.rec["population"] = len(rc.g.residents[o.ID])
		rc.rec["residentPopulation"] = len(rc.g.residents[o.ID]) * 8 / 10
		rc.rec["center"] = map[string]any{"lng": round6(o.Lng), "lat": round6(o.Lat)}
		rc.rec["boundary"] = square(o.Lng, o.Lat, 0.012)
		rc.rec["urbanRural"] = "220"
	},
	"attendanceRecord": func(rc *recCtx) {
		day := rc.g.day(-rc.g.rng.IntN(60))
		rc.rec["attendDate"] = day.Format(schema.DateLayout)
		rc.rec["checkTime"] = day.Add(time8h + secondsOf(rc.g.rng.IntN(3600))).Format(schema.DateTimeLayout)
	},
	"alarm": func(rc *recCtx) {
		delete(rc.rec, "handler")
		delete(rc.rec, "handleTime")
		delete(rc.rec, "handleResult")
	},
	"drowningWarning": func(rc *recCtx) {
		delete(rc.rec, "handler")
		delete(rc.rec, "handleTime")
		delete(rc.rec, "handleResult")
	},
	"quarantine": func(rc *recCtx) {
		delete(rc.rec, "endDate")
	},
	"event": func(rc *recCtx) {
		for _, k := range []string{"result", "finishTime", "satisfaction", "resultPhotos"} {
			delete(rc.rec, k)
		}
	},
	"article": func(rc *recCtx) {
		rc.rec["isTop"] = rc.i == 0
		delete(rc.rec, "publishTime")
	},
}

// subsidy fills the approval block every subsidy application shares: the
// application number SQ<yyyyMMdd>-<nnnn> of the day it was filed, the
// year, and the account holder.
func subsidy(rc *recCtx) {
	rc.rec["applyNo"] = applyNo(rc, "SQ", "applyTime")
	if t, err := parseWall(fmt.Sprint(rc.rec["applyTime"])); err == nil {
		rc.rec["subsidyYear"] = t.Year()
	}
	if name, ok := rc.rec["name"]; ok {
		rc.rec["accountName"] = name
	}
	if rc.p != nil && rc.p.Mobile == "" {
		rc.rec["mobile"] = rc.g.ppl.mobile()
	}
}

// applyNo numbers applications per module and day: SQ20251122-0001.
func applyNo(rc *recCtx, prefix, timeField string) string {
	day := strings.ReplaceAll(fmt.Sprint(rc.rec[timeField])[:10], "-", "")
	key := rc.m.Name + ".applyNo." + day
	rc.g.seq[key]++
	return fmt.Sprintf("%s%s-%04d", prefix, day, rc.g.seq[key])
}

// householdOf are the members of a villager's household.
func (g *gen) householdOf(p *person) []*person {
	for _, members := range g.households[p.Village.ID] {
		if slices.Contains(members, p) {
			return members
		}
	}
	return []*person{p}
}

func toID(v any) int64 {
	switch x := v.(type) {
	case int64:
		return x
	case int:
		return int64(x)
	}
	return 0
}

// pointsLogs makes each village's points log: rule-based awards and
// deductions for some villagers over the past year, in time order, each
// with the balance it left; some are later revoked (status action), and
// every household's points end up as the sum of its valid entries.
func (g *gen) pointsLogs(ctx context.Context, m *schema.Module) error {
	hm := g.set.Module("household")
	for _, v := range g.villages {
		rules := g.ids["pointsRule"][v.ID]
		if len(rules) == 0 {
			continue
		}
		if err := g.ruleInForce(ctx, v, rules); err != nil {
			return err
		}
		used := map[*person]bool{}
		var earners []*person
		for i := 0; i < 12; i++ {
			earners = append(earners, g.adult(v, used, 18, 80))
		}
		n := 32 + g.rng.IntN(8)
		var days []int
		for i := 0; i < n; i++ {
			days = append(days, g.rng.IntN(360))
		}
		slices.Sort(days)
		slices.Reverse(days)
		balance := map[*person]int{}
		recs := make([]store.Record, 0, n)
		for _, d := range days {
			p := pick(g, earners)
			rule := g.rows["pointsRule"][pick(g, rules)]
			pts := rule["points"].(int) * rule["direction"].(int)
			change := 1
			if pts < 0 {
				change = 2
			}
			balance[p] += pts
			recs = append(recs, store.Record{"ownerType": 1, "villager": p.ID, "household": p.HouseholdID,
				"rule": rule["id"], "changeType": change, "points": pts, "balanceAfter": balance[p],
				"reason": rule["ruleName"], "occurTime": g.day(-d).Add(time8h + secondsOf(g.rng.IntN(28800))).Format(schema.DateTimeLayout),
				"operator": v.Admin})
		}
		ids, err := g.insert(ctx, m, v, v.Admin, recs)
		if err != nil {
			return err
		}
		totals := map[int64]int{}
		for i, id := range ids {
			if g.status[m.Name][id] == 1 {
				totals[toID(recs[i]["household"])] += recs[i]["points"].(int)
			}
		}
		if hm == nil {
			continue
		}
		for hh, total := range totals {
			if _, err := g.st.Update(ctx, hm, v.scope(g.tenant, v.Admin), hh, store.Record{"points": total}); err != nil {
				return fmt.Errorf("household %d points: %w", hh, err)
			}
		}
	}
	return nil
}

// time8h is eight in the morning, as an offset from midnight.
const time8h = 8 * time.Hour

func secondsOf(n int) time.Duration { return time.Duration(n) * time.Second }

// ruleInForce re-enables a village's first points rule when its status
// walk left every rule 停用: a village always has a rule to award by.
func (g *gen) ruleInForce(ctx context.Context, v *place, rules []int64) error {
	for _, id := range rules {
		if g.status["pointsRule"][id] == 1 {
			return nil
		}
	}
	rm := g.set.Module("pointsRule")
	if _, err := g.st.Transition(ctx, rm, v.scope(g.tenant, v.Admin), rules[0], actionOf(rm, "enable"), ""); err != nil {
		return fmt.Errorf("enable points rule %d: %w", rules[0], err)
	}
	g.status["pointsRule"][rules[0]] = 1
	return nil
}

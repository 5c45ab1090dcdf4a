package demo

import (
	"context"
	"fmt"
	"time"

	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
	"xiangzhi/generated/ent/user"
)

// coreModules are made by hand rather than field by field: the registers
// everything else refers to (tags, grid members, grids, households,
// villagers), the party organisation tree, the village register and the
// points log, whose balances must add up.
var coreModules = map[string]func(g *gen, ctx context.Context, m *schema.Module) error{
	"personTag":  (*gen).personTags,
	"gridMember": (*gen).gridMembers,
	"grid":       (*gen).grids,
	"household":  (*gen).householdRecords,
	"villager":   (*gen).villagers,
	"pointsLog":  (*gen).pointsLogs,
	"partyOrg":   (*gen).partyOrgs,
	// the points mall and party study (party.go)
	"pointsOrder": (*gen).pointsOrders, "examAnswer": (*gen).examAnswers, "voteBallot": (*gen).voteBallots,
	// the office system (office.go)
	"vehicle": (*gen).vehicles, "vehicleApply": (*gen).vehicleApplies, "expenseClaim": (*gen).expenseClaims,
	"seal": (*gen).seals, "sealApply": (*gen).sealApplies, "sealUse": (*gen).sealUses,
}

// planResidents makes the villagers of every village, household by
// household, before any record needs them; the first villages take the
// remainder of the division.
func (g *gen) planResidents() {
	if len(g.residents) > 0 {
		return
	}
	per, extra := g.opts.Villagers/len(g.villages), g.opts.Villagers%len(g.villages)
	for i, v := range g.villages {
		quota := per
		if i < extra {
			quota++
		}
		var all []*person
		for hh := 0; len(all) < quota; hh++ {
			members := g.ppl.household(v, g.now)
			if len(all)+len(members) > quota {
				members = members[:quota-len(all)]
			}
			group := 1 + g.rng.IntN(6)
			addr := fmt.Sprintf("%s%s%s%d组%d号", g.county.Name, v.Parent.Name, v.Name, group, hh+1)
			for _, p := range members {
				p.Group, p.Address = int32(group), addr
			}
			g.households[v.ID] = append(g.households[v.ID], members)
			all = append(all, members...)
		}
		g.residents[v.ID] = all
	}
}

// tagPlan are the person tags of the county: name, code, category.
var tagPlan = []struct {
	name, code string
	category   int
	follow     bool
}{
	{"留守儿童", "left_behind_child", 1, true}, {"留守妇女", "left_behind_woman", 1, false},
	{"留守老人", "left_behind_elder", 1, true}, {"空巢独居老人", "empty_nest_elder", 2, true},
	{"高龄老人", "aged_80", 2, true}, {"残疾人", "disabled", 4, true}, {"低保对象", "dibao", 4, true},
	{"特困供养人员", "extreme_poor", 4, true}, {"脱贫户", "out_of_poverty", 4, false},
	{"防返贫监测对象", "monitored", 4, true}, {"退役军人", "veteran", 2, false}, {"党员", "party_member", 5, false},
	{"重点青少年", "key_youth", 3, true}, {"社区矫正人员", "community_correction", 3, true},
	{"刑满释放人员", "released_prisoner", 3, true}, {"严重精神障碍患者", "mental_disorder", 3, true},
	{"信访重点人员", "petitioner", 3, true}, {"孕产妇", "pregnant", 2, false}, {"大病重病患者", "serious_illness", 2, true},
}

func (g *gen) personTags(ctx context.Context, m *schema.Module) error {
	colors := []string{"#1677ff", "#52c41a", "#fa8c16", "#f5222d", "#722ed1", "#13c2c2"}
	recs := make([]store.Record, len(tagPlan))
	for i, t := range tagPlan {
		recs[i] = store.Record{"tagName": t.name, "tagCode": t.code, "category": t.category,
			"color": colors[t.category%len(colors)], "needFollowUp": t.follow, "sort": i + 1, "enabled": true,
			"description": t.name + "，由网格员定期走访核实。"}
		if t.follow {
			recs[i]["visitCycleDays"] = 30
		}
	}
	ids, err := g.insert(ctx, m, g.county, g.county.Admin, recs)
	if err != nil {
		return err
	}
	g.tags = map[string]int64{}
	for i, t := range tagPlan {
		g.tags[t.code] = ids[i]
	}
	return nil
}

// gridMembers makes, per village, a grid leader (the village
// administrator's account) and one full-time grid member per grid (the
// grid users' accounts), all residents of the village; the users take the
// members' names and mobiles.
func (g *gen) gridMembers(ctx context.Context, m *schema.Module) error {
	g.planResidents()
	for _, v := range g.villages {
		var recs []store.Record
		accounts := append([]int64{v.Admin}, v.Grid...)
		used := map[*person]bool{}
		for k, account := range accounts {
			p := g.adult(v, used, 25, 58)
			role := 2
			if k == 0 {
				role = 1
			}
			rec := store.Record{"name": p.Name, "gender": p.Gender(), "idCard": p.IDCard, "mobile": p.Mobile,
				"role": role, "politicalStatus": p.Politics(), "education": pick(g, []string{"21", "31", "61", "71"}),
				"birthDate": p.Birth().Format(schema.DateLayout), "entryDate": g.day(-200 - g.rng.IntN(1500)).Format(schema.DateLayout),
				"workStatus": 0, "account": account, "isCadre": k == 0}
			recs = append(recs, rec)
			if err := g.ent.User.UpdateOneID(account).Where(user.TenantID(g.tenant)).
				SetFamilyName(p.Surname).SetName(string([]rune(p.Name)[len([]rune(p.Surname)):])).
				SetMobile(p.Mobile).Exec(ctx); err != nil {
				return fmt.Errorf("name user %d: %w", account, err)
			}
			g.renameAccount(account, p.Name)
		}
		if _, err := g.insert(ctx, m, v, v.Admin, recs); err != nil {
			return err
		}
	}
	return nil
}

// adult is a resident of v aged lo to hi with a mobile, not yet in used.
func (g *gen) adult(v *place, used map[*person]bool, lo, hi int) *person {
	for try := 0; ; try++ {
		p := pick(g, g.residents[v.ID])
		age := p.Age(g.now)
		// A small village may have nobody left who fits: relax the age, then
		// the mobile, then reuse.
		fits := (age >= lo && age <= hi || try > 200) && (p.Mobile != "" || try > 400)
		if fits && (!used[p] || try > 600) {
			used[p] = true
			if p.Mobile == "" {
				p.Mobile = g.ppl.mobile()
			}
			return p
		}
	}
}

func (g *gen) renameAccount(id int64, name string) {
	for i := range g.accounts {
		if g.accounts[i].ID == id {
			g.accounts[i].Name = name
		}
	}
}

// grids makes the grid tree: a first-level grid per township, a
// second-level grid per village and its two or three third-level grids,
// each household assigned to one of those.
func (g *gen) grids(ctx context.Context, m *schema.Module) error {
	townGrid := map[int64]int64{}
	for _, t := range g.county.Towns {
		rec := store.Record{"gridCode": t.Code + "000", "name": t.Name + "网格", "gridLevel": 1, "gridType": 1,
			"enabled": true, "center": map[string]any{"lng": round6(t.Lng), "lat": round6(t.Lat)},
			"boundary": square(t.Lng, t.Lat, 0.05), "area": 30.5, "supervisor": t.Admin,
			"intro": t.Name + "一级网格，统筹辖区内各村网格工作。"}
		ids, err := g.insert(ctx, m, t, t.Admin, []store.Record{rec})
		if err != nil {
			return err
		}
		townGrid[t.ID] = ids[0]
	}
	for _, v := range g.villages {
		members := g.ids["gridMember"][v.ID]
		homes := g.households[v.ID]
		n := g.gridCount[v.ID]
		pop := make([]int, n)
		hh := make([]int, n)
		for i, members := range homes {
			pop[i%n] += len(members)
			hh[i%n]++
		}
		village := store.Record{"gridCode": v.Code + "000", "name": v.Name + "网格", "gridLevel": 2, "gridType": 1,
			"parent": townGrid[v.Parent.ID], "enabled": true, "leader": members[0], "members": []any{members[0]},
			"center": map[string]any{"lng": round6(v.Lng), "lat": round6(v.Lat)}, "boundary": square(v.Lng, v.Lat, 0.012),
			"area": 2.6, "supervisor": v.Parent.Admin, "households": len(homes), "residentPopulation": len(g.residents[v.ID]),
			"scopeDesc": pick(g, titles["scopeDesc"]), "keyPlaces": pick(g, titles["keyPlaces"])}
		ids, err := g.insert(ctx, m, v, v.Admin, []store.Record{village})
		if err != nil {
			return err
		}
		var recs []store.Record
		for k := 0; k < n; k++ {
			lng := v.Lng - 0.008 + 0.016*float64(k)/float64(n)
			recs = append(recs, store.Record{"gridCode": fmt.Sprintf("%s%03d", v.Code, k+1),
				"name": fmt.Sprintf("%s第%s网格", v.Name, []string{"一", "二", "三"}[k]), "gridLevel": 3, "gridType": 1,
				"parent": ids[0], "enabled": true, "leader": members[k+1], "members": []any{members[k+1]},
				"center": map[string]any{"lng": round6(lng), "lat": round6(v.Lat)}, "boundary": square(lng, v.Lat, 0.004),
				"area": 0.8, "supervisor": v.Admin, "households": hh[k], "residentPopulation": pop[k],
				"floatingPopulation": g.rng.IntN(12), "partyMemberCount": 2 + g.rng.IntN(8), "keyPersonCount": g.rng.IntN(5)})
		}
		gids, err := g.insert(ctx, m, v, v.Admin, recs)
		if err != nil {
			return err
		}
		for i, members := range homes {
			for _, p := range members {
				p.GridID = gids[i%n]
			}
		}
	}
	return nil
}

func (g *gen) partyOrgs(ctx context.Context, m *schema.Module) error {
	parent := map[int64]int64{}
	for _, o := range append(append([]*place{g.county}, g.county.Towns...), g.villages...) {
		orgType, name := "1", "中共"+o.Name+"委员会"
		if o.Kind == KindVillage {
			orgType, name = "3", "中共"+o.FullName()+"支部委员会"
		}
		secretary := g.ppl.name("", true)
		rec := store.Record{"orgCode": "DZZ" + o.Code, "orgName": name, "orgType": orgType, "unitType": 1,
			"secretaryName": secretary, "secretaryPhone": g.ppl.mobile(),
			"foundDate":    g.day(-365 * (10 + g.rng.IntN(30))).Format(schema.DateLayout),
			"electionDate": g.day(-365 - g.rng.IntN(700)).Format(schema.DateLayout), "active": true,
			"starLevel": 3 + g.rng.IntN(3), "address": o.FullName() + "党群服务中心",
			"location": map[string]any{"lng": round6(o.Lng), "lat": round6(o.Lat)}}
		if o.Kind != KindVillage {
			rec["unitType"] = 2
		}
		if o.Parent != nil {
			rec["parent"] = parent[o.Parent.ID]
		}
		ids, err := g.insert(ctx, m, o, o.Admin, []store.Record{rec})
		if err != nil {
			return err
		}
		parent[o.ID] = ids[0]
	}
	return nil
}

// parseWall reads a stored date or datetime text.
func parseWall(s string) (time.Time, error) {
	if len(s) == len(schema.DateLayout) {
		return time.ParseInLocation(schema.DateLayout, s, time.Local)
	}
	return time.ParseInLocation(schema.DateTimeLayout, s, time.Local)
}

package demo

import (
	"context"
	"fmt"

	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// educationFor is an education code plausible at age: the culture-level
// table (文化程度) of household members, or the GB/T 4658 table.
func educationFor(g *gen, age int, culture bool) string {
	var codes []string
	switch {
	case age < 7:
		return ""
	case age < 13:
		codes = []string{"80"}
	case age < 16:
		codes = []string{"70"}
	case age < 40:
		codes = []string{"70", "60", "30", "20", "40"}
	case age < 65:
		codes = []string{"80", "70", "70", "60", "40"}
	default:
		codes = []string{"90", "80", "80", "70"}
	}
	c := pick(g, codes)
	if !culture {
		c = map[string]string{"80": "81", "70": "71", "60": "61", "30": "31", "20": "21", "40": "41", "90": "90"}[c]
	}
	return c
}

func healthFor(g *gen, age int) string {
	switch r := g.rng.IntN(100); {
	case age >= 60 && r < 35:
		return "3"
	case r < 3:
		return "6"
	case age >= 50 && r < 25:
		return "2"
	}
	return "1"
}

func (g *gen) householdRecords(ctx context.Context, m *schema.Module) error {
	for _, v := range g.villages {
		all := g.households[v.ID]
		for start := 0; start < len(all); start += batchRecords {
			if err := g.householdBatch(ctx, m, v, start, all[start:min(start+batchRecords, len(all))]); err != nil {
				return err
			}
		}
	}
	return nil
}

// householdBatch writes the household records of homes, the households of
// village v from index start on.
func (g *gen) householdBatch(ctx context.Context, m *schema.Module, v *place, start int, homes [][]*person) error {
	recs := make([]store.Record, len(homes))
	for j, members := range homes {
		i := start + j
		head := members[0]
		labor, out := 0, 0
		var rows []any
		for _, p := range members {
			age := p.Age(g.now)
			if age >= 16 && age <= 60 {
				labor++
				if g.rng.IntN(4) == 0 {
					out++
				}
			}
			row := map[string]any{"name": p.Name, "idCard": p.IDCard, "gender": p.Gender(),
				"birthDate": p.Birth().Format(schema.DateLayout), "relationToHead": p.Relation(), "nation": "01",
				"healthStatus": healthFor(g, age), "isResident": g.rng.IntN(10) > 0}
			if e := educationFor(g, age, true); e != "" {
				row["education"] = e
			}
			if p.Mobile != "" {
				row["mobile"] = p.Mobile
			}
			if age >= 18 && age < 65 {
				row["occupation"] = pick(g, []string{"5", "5", "5", "6", "4", "3"})
			}
			rows = append(rows, row)
		}
		income := float64(20000+g.rng.IntN(60000)) + float64(labor*15000)
		attrs := []any{"1"}
		if r := g.rng.IntN(100); r < 6 {
			attrs = []any{"2"}
		} else if r < 9 {
			attrs = []any{"4"}
		} else if r < 11 {
			attrs = []any{"3"}
		}
		family := 1
		switch {
		case len(members) == 1:
			family = 5
		case len(members) > 4:
			family = 3
		}
		rec := store.Record{"householdNo": fmt.Sprintf("%s%04d", v.Code, i+1),
			"hukouBookNo": fmt.Sprintf("%s%06d", v.Code[:9], g.rng.IntN(1_000_000)), "headName": head.Name,
			"headIdCard": head.IDCard, "groupName": fmt.Sprintf("第%d村民小组", head.Group), "grid": head.GridID,
			"address": head.Address, "houseNumber": fmt.Sprintf("%d组%d号", head.Group, i+1),
			"location":  map[string]any{"lng": round6(v.Lng + (g.rng.Float64()-0.5)*0.016), "lat": round6(v.Lat + (g.rng.Float64()-0.5)*0.016)},
			"hukouType": "1", "hukouNature": "1", "householdAttr": attrs, "familyType": family, "householdState": 1,
			"memberCount": len(members), "residentCount": len(members) - out, "laborCount": labor,
			"outWorkerCount": out, "members": rows, "annualIncome": income,
			"perCapitaIncome":  float64(int(income/float64(len(members))*100)) / 100,
			"mainIncomeSource": []any{1, 3}, "housingSafety": pick(g, []string{"A", "A", "A", "B", "B", "C"}),
			"drinkingWaterSafe": true, "toiletType": pick(g, []string{"1", "1", "2", "4"}),
			"creditLevel": pick(g, []int{0, 1, 2, 3})}
		if head.Mobile != "" {
			rec["headPhone"] = head.Mobile
		}
		recs[j] = rec
	}
	// Queued: the next batch is built while this one is written; nothing
	// built before the villagers reads the household ids.
	_, err := g.queue(ctx, m, v, v.Admin, recs, func(ids []int64) {
		for i, members := range homes {
			for _, p := range members {
				p.HouseholdID = ids[i]
			}
		}
	})
	return err
}

func (g *gen) villagers(ctx context.Context, m *schema.Module) error {
	for _, v := range g.villages {
		var recs []store.Record
		var made []*person
		// Queued: the next batch is built while this one is written; a
		// villager's record reads no villager's id.
		flush := func() error {
			who := made
			_, err := g.queue(ctx, m, v, v.Admin, recs, func(ids []int64) {
				for i, p := range who {
					p.ID = ids[i]
				}
			})
			recs, made = nil, nil
			return err
		}
		for _, members := range g.households[v.ID] {
			head := members[0]
			for _, p := range members {
				recs, made = append(recs, g.villagerRecord(p, head)), append(made, p)
			}
			if len(recs) >= batchRecords {
				if err := flush(); err != nil {
					return err
				}
			}
		}
		if err := flush(); err != nil {
			return err
		}
	}
	return nil
}

func (g *gen) villagerRecord(p, head *person) store.Record {
	age := p.Age(g.now)
	rec := store.Record{"name": p.Name, "certType": "1", "idCard": p.IDCard, "gender": p.Gender(),
		"birthDate": p.Birth().Format(schema.DateLayout), "nation": "01", "politicalStatus": p.Politics(),
		"religion": "0", "healthStatus": healthFor(g, age), "household": p.HouseholdID,
		"relationToHead": p.Relation(), "populationType": "1", "hukouNature": "1", "residenceStatus": "1",
		"domicileAddress": p.Address, "currentAddress": p.Address, "grid": p.GridID, "lifeStatus": 1,
		"nativePlace": "山东省" + g.county.Name, "socialSecurity": []any{1}}
	if e := educationFor(g, age, false); e != "" {
		rec["education"] = e
	}
	switch {
	case age < 20:
		rec["maritalStatus"] = "10"
	case age < 26 && g.rng.IntN(2) == 0:
		rec["maritalStatus"] = "10"
	case age > 70 && g.rng.IntN(3) == 0:
		rec["maritalStatus"] = "30"
	default:
		rec["maritalStatus"] = "20"
	}
	switch {
	case age < 6:
		rec["employmentStatus"] = 6
	case age < 19:
		rec["employmentStatus"] = 5
	case age >= 65:
		rec["employmentStatus"] = pick(g, []int{1, 1, 8, 7})
		rec["socialSecurity"] = []any{1, 3}
	default:
		es := pick(g, []int{1, 1, 2, 3, 3, 4})
		rec["employmentStatus"] = es
		rec["occupation"] = map[int]string{1: "5", 2: "6", 3: "6", 4: "4"}[es]
		rec["socialSecurity"] = []any{1, 3}
		if es == 3 {
			rec["outWorkPlace"] = pick(g, elsewhere)
			rec["residenceStatus"] = "3"
		}
	}
	if p.Mobile != "" {
		rec["mobile"] = p.Mobile
	}
	if p != head && head.Mobile != "" {
		rec["emergencyContact"], rec["emergencyPhone"] = head.Name, head.Mobile
	}
	if p == head {
		rec["bankCard"], rec["bankName"] = g.ppl.bankCard(), pick(g, []string{"示范县农村商业银行", "中国邮政储蓄银行示范县支行"})
	}
	if tags := g.tagsFor(p, age); len(tags) > 0 {
		rec["tags"] = tags
	}
	return rec
}

// tagsFor are the person tags a villager plausibly carries.
func (g *gen) tagsFor(p *person, age int) []any {
	var out []any
	add := func(code string) {
		if id, ok := g.tags[code]; ok {
			out = append(out, id)
		}
	}
	if p.Politics() == "01" || p.Politics() == "02" {
		add("party_member")
	}
	if age >= 80 {
		add("aged_80")
	}
	r := g.rng.IntN(100)
	switch {
	case age >= 60 && r < 15:
		add("left_behind_elder")
	case age < 16 && r < 12:
		add("left_behind_child")
	case r < 3:
		add("disabled")
	case r < 5:
		add("dibao")
	case r < 6:
		add("monitored")
	}
	return out
}

package points

import (
	"context"
	"fmt"

	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// Mismatch is one disagreement Check found between a total and the points
// log it should equal.
type Mismatch struct {
	Module string `json:"module"`
	ID     int64  `json:"id"`
	// What names the record: a household's number, an order's number.
	What string `json:"what"`
	Want int64  `json:"want"` // what the log says
	Got  int64  `json:"got"`  // what the record says
}

func (m Mismatch) String() string {
	switch m.Module {
	case "household":
		return fmt.Sprintf("household %d (%s): 户积分 %d, points log %d", m.ID, m.What, m.Got, m.Want)
	default:
		return fmt.Sprintf("pointsOrder %d (%s): holds %d points, its points log entries move %d", m.ID, m.What, m.Got, m.Want)
	}
}

// Check compares, in one tenant, every household's 户积分 with the sum of
// the valid points log entries naming it, and every exchange order with
// its entries (an order holding its points — 待审核, 待领取, 已领取 — must
// have spent exactly its total; a rejected or cancelled one must net to
// zero). It answers the mismatches (none when the totals equal the log).
func Check(ctx context.Context, st *store.Store, set *schema.Set, tenant int64) ([]Mismatch, error) {
	lm := set.Module("pointsLog")
	if lm == nil || lm.Status == nil {
		return nil, nil
	}
	sc := store.Scope{TenantID: tenant, Mode: store.ScopeAll}
	byHousehold := map[int64]int64{}
	byOrder := map[string]int64{}
	err := st.Each(ctx, lm, sc, nil, func(r store.Record) error {
		if toInt(r[lm.Status.Field]) != statusValid {
			return nil
		}
		p := toInt(r["points"])
		if hh, ok := store.IntOf(r["household"]); ok {
			byHousehold[hh] += p
		}
		if r["bizType"] == BizOrder {
			if no, _ := r["bizId"].(string); no != "" {
				byOrder[no] += p
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("points log: %w", err)
	}
	var out []Mismatch
	if hm := set.Module("household"); hm != nil {
		err := st.Each(ctx, hm, sc, nil, func(r store.Record) error {
			id := toInt(r["id"])
			if got, want := toInt(r["points"]), byHousehold[id]; got != want {
				out = append(out, Mismatch{Module: "household", ID: id, What: fmt.Sprint(r["householdNo"]), Want: want, Got: got})
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("households: %w", err)
		}
	}
	if om := set.Module("pointsOrder"); om != nil && om.Status != nil {
		err := st.Each(ctx, om, sc, nil, func(r store.Record) error {
			no, _ := r["orderNo"].(string)
			var held int64
			if holds(int(toInt(r[om.Status.Field]))) {
				held = toInt(r["totalPoints"])
			}
			if moved := byOrder[no]; moved != -held {
				out = append(out, Mismatch{Module: "pointsOrder", ID: toInt(r["id"]), What: no, Want: -moved, Got: held})
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("orders: %w", err)
		}
	}
	return out, nil
}

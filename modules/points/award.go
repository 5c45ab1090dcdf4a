package points

import (
	"context"
	"fmt"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// Award is points another module's rule gives a villager for something
// they did (passing an exam: bizType "exam", bizId the exam's id).
type Award struct {
	Villager int64
	Points   int64
	Reason   string
	BizType  string
	BizID    string
	// OrgID places the entry; the villager's organisation when 0.
	OrgID int64
}

// Grant writes, inside the caller's write transaction tx, a 获得 entry of
// the points log for a.Villager (with the balance it leaves; the
// household's 户积分 follows), unless a valid entry of the same villager,
// bizType and bizId is there already: an award is given once. It takes
// the points log's write lock first, so two writes cannot both find none.
// It answers whether it wrote the entry; without the points log or
// villager modules, or for 0 points, it writes nothing.
func Grant(ctx context.Context, tx *store.Tx, set *schema.Set, sc store.Scope, a Award) (bool, error) {
	lm, vm, hm := set.Module("pointsLog"), set.Module("villager"), set.Module("household")
	if lm == nil || lm.Status == nil || vm == nil || a.Points == 0 || a.Villager == 0 {
		return false, nil
	}
	if err := tx.Touch(ctx, lm); err != nil {
		return false, err
	}
	had, err := tx.Count(ctx, lm, entsql.And(entsql.EQ(tx.Column(lm, "villager"), a.Villager),
		entsql.EQ(tx.Column(lm, "bizType"), a.BizType), entsql.EQ(tx.Column(lm, "bizId"), a.BizID),
		entsql.EQ(tx.Column(lm, lm.Status.Field), statusValid)))
	if err != nil || had > 0 {
		return false, err
	}
	villager, err := tx.Get(ctx, vm, a.Villager)
	if err != nil {
		return false, fmt.Errorf("award to villager %d: %w", a.Villager, err)
	}
	org := a.OrgID
	if org == 0 {
		org = toInt(villager["orgId"])
	}
	entry := store.Record{"ownerType": ownerPerson, "villager": a.Villager, "changeType": changeObtain,
		"points": a.Points, "reason": a.Reason, "bizType": a.BizType, "bizId": a.BizID, "occurTime": now(),
		"orgId": org}
	if hh, ok := store.IntOf(villager["household"]); ok {
		entry["household"] = hh
	}
	var h hooks
	balance, err := h.balance(ctx, tx, lm, ownerPerson, a.Villager)
	if err != nil {
		return false, err
	}
	entry["balanceAfter"] = balance + a.Points
	if err := h.book(ctx, tx, sc, lm, hm, entry); err != nil {
		return false, err
	}
	return true, nil
}

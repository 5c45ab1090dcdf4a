package points

import (
	"context"
	"fmt"
	"time"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// Values of the exchange order and goods modules.
const (
	orderPending  = 0 // 待审核: points and stock held
	orderApproved = 1 // 待领取: held
	orderPicked   = 2 // 已领取: spent
	orderRejected = 3 // 已退回: given back
	orderCanceled = 4 // 已取消: given back
	goodsOnShelf  = 1
	changeSpend   = 3 // 兑换消费
	changeReturn  = 4 // 退回
	// BizOrder is the bizType of the points log entries an exchange order
	// writes; their bizId is the order's orderNo.
	BizOrder = "pointsOrder"
)

// holds tells whether an order in status s holds its points and stock.
func holds(s int) bool { return s == orderPending || s == orderApproved || s == orderPicked }

// redeem is the before-create hook of exchange orders. Inside the order's
// write transaction it takes the write locks of the goods and the points
// log (in that order, always), locks the goods' row, fills the order from
// the goods (name, unit points, total: never the client's), refuses an
// unshelved good, a quantity beyond the stock or the per-person limit and
// a balance short of the total, then deducts the stock, adds to the
// goods' exchanged count and writes the 兑换消费 entry of the points log
// (negative, with the balance it leaves); the household's 户积分 follows.
// An order naming a household spends the household's points, else the
// villager's.
func (h *hooks) redeem(ctx context.Context, w *store.Write) error {
	tx, rec := w.Tx, w.New
	qty, _ := store.IntOf(rec["quantity"])
	if qty < 1 {
		return store.Refuse("quantity", OrderQuantity)
	}
	gid, ok := store.IntOf(rec["goods"])
	if !ok {
		return store.Refuse("goods", OrderGoodsRequired)
	}
	vid, ok := store.IntOf(rec["villager"])
	if !ok {
		return store.Refuse("villager", OrderVillagerRequired)
	}
	gm, lm := h.app.Modules().Module("pointsGoods"), h.app.Modules().Module("pointsLog")
	vm, hm := h.app.Modules().Module("villager"), h.app.Modules().Module("household")
	if gm == nil || lm == nil || vm == nil {
		return fmt.Errorf("points order: goods, log or villager module missing")
	}
	if err := tx.Touch(ctx, gm); err != nil {
		return err
	}
	if err := tx.Touch(ctx, lm); err != nil {
		return err
	}
	goods, err := h.lockGoods(ctx, tx, gm, gid)
	if err != nil {
		return err
	}
	if goods == nil {
		return store.Refuse("goods", OrderGoodsRequired)
	}
	if gm.Status != nil && toInt(goods[gm.Status.Field]) != goodsOnShelf {
		return store.Conflict("goods", OrderGoodsOff)
	}
	villager, err := tx.Get(ctx, vm, vid)
	if err != nil {
		return store.Refuse("villager", OrderVillagerRequired)
	}
	var household int64
	if hh, ok := store.IntOf(rec["household"]); ok {
		if vh, _ := store.IntOf(villager["household"]); vh != hh {
			return store.Refuse("household", PointsHouseholdMismatch)
		}
		household = hh
	}
	price := toInt(goods["pointsPrice"])
	total := price * qty
	rec["goodsName"], rec["unitPoints"], rec["totalPoints"] = goods["goodsName"], price, total
	if s, _ := rec["orderTime"].(string); s == "" {
		rec["orderTime"] = now()
	}
	if stock := toInt(goods["stock"]); stock < qty {
		return store.Conflict("quantity", fmt.Sprintf(OrderStockShort, stock))
	}
	if limit := toInt(goods["limitPerPerson"]); limit > 0 {
		had, err := h.ordered(ctx, tx, w.Module, gid, vid)
		if err != nil {
			return err
		}
		if had+qty > limit {
			return store.Conflict("quantity", fmt.Sprintf(OrderLimit, limit, had))
		}
	}
	entry := store.Record{"changeType": changeSpend, "points": -total, "bizType": BizOrder,
		"reason": fmt.Sprintf(ReasonSpend, goods["goodsName"], qty), "occurTime": now(),
		"orgId": villager["orgId"]}
	kind, owner := ownerPerson, vid
	entry["ownerType"], entry["villager"] = ownerPerson, vid
	if household != 0 {
		kind, owner = ownerHousehold, household
		entry = store.Record{"ownerType": ownerHousehold, "household": household, "changeType": changeSpend,
			"points": -total, "bizType": BizOrder, "occurTime": entry["occurTime"], "orgId": villager["orgId"],
			"reason": fmt.Sprintf(ReasonSpendBy, villager["name"], goods["goodsName"], qty)}
	} else if vh, ok := store.IntOf(villager["household"]); ok {
		entry["household"] = vh
	}
	balance, err := h.balance(ctx, tx, lm, kind, owner)
	if err != nil {
		return err
	}
	if balance < total {
		return store.Conflict("quantity", fmt.Sprintf(OrderPointsShort, total, balance))
	}
	no, _ := rec["orderNo"].(string)
	if no == "" {
		if no, err = h.orderNo(ctx, tx, w.Module); err != nil {
			return err
		}
		rec["orderNo"] = no
	}
	entry["bizId"] = no
	if _, err := tx.Update(ctx, gm, gid, store.Record{"stock": toInt(goods["stock"]) - qty,
		"exchangedCount": toInt(goods["exchangedCount"]) + qty}); err != nil {
		return err
	}
	entry["balanceAfter"] = balance - total
	return h.book(ctx, tx, w.Scope, lm, hm, entry)
}

// book writes a points log entry inside tx and keeps the household's 户积分
// (when the entry names one) equal to its total.
func (h *hooks) book(ctx context.Context, tx *store.Tx, sc store.Scope, lm, hm *schema.Module, entry store.Record) error {
	if sc.UserID > 0 {
		entry["operator"] = sc.UserID
	}
	if _, err := tx.Create(ctx, lm, entry); err != nil {
		return err
	}
	hh, ok := store.IntOf(entry["household"])
	if !ok || hm == nil {
		return nil
	}
	t, err := h.balance(ctx, tx, lm, ownerHousehold, hh)
	if err != nil {
		return err
	}
	_, err = tx.Update(ctx, hm, hh, store.Record{"points": t})
	return err
}

// orderNo is the next order number of the day, DH<yyyyMMdd>-<nnnn>
// (order writes are serialised by the module's write lock).
func (h *hooks) orderNo(ctx context.Context, tx *store.Tx, om *schema.Module) (string, error) {
	prefix := "DH" + time.Now().In(time.Local).Format("20060102") + "-"
	col := tx.Column(om, "orderNo")
	rows, err := tx.Query(ctx, tx.SQL().Select(col).From(entsql.Table(tx.Table(om))).
		Where(entsql.And(tx.Live(), entsql.HasPrefix(col, prefix))))
	if err != nil {
		return "", err
	}
	defer rows.Close()
	last := 0
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return "", err
		}
		var n int
		if _, err := fmt.Sscanf(s[len(prefix):], "%d", &n); err == nil && n > last {
			last = n
		}
	}
	if err := rows.Err(); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s%04d", prefix, last+1), nil
}

// lockGoods locks the goods' row and reads it (nil when it is gone).
func (h *hooks) lockGoods(ctx context.Context, tx *store.Tx, gm *schema.Module, id int64) (store.Record, error) {
	rows, err := tx.Query(ctx, tx.ForUpdate(tx.SQL().Select("id").From(entsql.Table(tx.Table(gm))).
		Where(entsql.And(tx.Live(), entsql.EQ("id", id)))))
	if err != nil {
		return nil, fmt.Errorf("lock goods %d: %w", id, err)
	}
	found := rows.Next()
	if err := rows.Close(); err != nil {
		return nil, fmt.Errorf("lock goods %d: %w", id, err)
	}
	if !found {
		return nil, nil
	}
	return tx.Get(ctx, gm, id)
}

// ordered is how many of the goods the villager has in orders that hold
// them.
func (h *hooks) ordered(ctx context.Context, tx *store.Tx, om *schema.Module, goods, villager int64) (int64, error) {
	q := tx.SQL().Select(tx.Column(om, "quantity")).From(entsql.Table(tx.Table(om))).Where(entsql.And(tx.Live(),
		entsql.EQ(tx.Column(om, "goods"), goods), entsql.EQ(tx.Column(om, "villager"), villager),
		entsql.In(tx.Column(om, om.Status.Field), orderPending, orderApproved, orderPicked)))
	return sumRows(ctx, tx, q)
}

// balance is the sum of the valid points log entries of a villager or a
// household, read inside the transaction (which holds the log's write
// lock, so no entry can come between the check and the deduction).
func (h *hooks) balance(ctx context.Context, tx *store.Tx, lm *schema.Module, kind int, id int64) (int64, error) {
	field := "villager"
	if kind == ownerHousehold {
		field = "household"
	}
	q := tx.SQL().Select(tx.Column(lm, "points")).From(entsql.Table(tx.Table(lm))).Where(entsql.And(tx.Live(),
		entsql.EQ(tx.Column(lm, field), id), entsql.EQ(tx.Column(lm, lm.Status.Field), statusValid)))
	return sumRows(ctx, tx, q)
}

// sumRows adds up the one integer column a query reads.
func sumRows(ctx context.Context, tx *store.Tx, q *entsql.Selector) (int64, error) {
	rows, err := tx.Query(ctx, q)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	var sum int64
	for rows.Next() {
		var n *int64
		if err := rows.Scan(&n); err != nil {
			return 0, err
		}
		if n != nil {
			sum += *n
		}
	}
	return sum, rows.Err()
}

func toInt(v any) int64 { n, _ := store.IntOf(v); return n }

// settle is the before-transition hook of exchange orders. Rejecting or
// cancelling an order that holds its points and stock gives both back in
// the same transaction: the goods' stock and exchanged count, and a 退回
// entry of the points log (positive, to whoever paid). Confirming the
// pick-up records when and by whom.
func (h *hooks) settle(ctx context.Context, w *store.Write) error {
	from := int(toInt(w.Old[w.Module.Status.Field]))
	to := w.Action.To
	tx := w.Tx
	if to == orderPicked {
		_, err := tx.Update(ctx, w.Module, w.ID, store.Record{"pickupTime": now(), "pickupOperator": w.Scope.UserID})
		return err
	}
	if holds(to) || !holds(from) {
		return nil
	}
	gm, lm := h.app.Modules().Module("pointsGoods"), h.app.Modules().Module("pointsLog")
	hm := h.app.Modules().Module("household")
	if gm == nil || lm == nil {
		return fmt.Errorf("points order: goods or log module missing")
	}
	if err := tx.Touch(ctx, gm); err != nil {
		return err
	}
	if err := tx.Touch(ctx, lm); err != nil {
		return err
	}
	qty, total := toInt(w.Old["quantity"]), toInt(w.Old["totalPoints"])
	if gid, ok := store.IntOf(w.Old["goods"]); ok {
		goods, err := h.lockGoods(ctx, tx, gm, gid)
		if err != nil {
			return err
		}
		if goods != nil {
			if _, err := tx.Update(ctx, gm, gid, store.Record{"stock": toInt(goods["stock"]) + qty,
				"exchangedCount": max(0, toInt(goods["exchangedCount"])-qty)}); err != nil {
				return err
			}
		}
	}
	// The entry that paid tells whose points come back.
	no, _ := w.Old["orderNo"].(string)
	paid, err := h.spendEntry(ctx, tx, lm, no)
	if err != nil || paid == nil {
		return err
	}
	entry := store.Record{"ownerType": paid["ownerType"], "changeType": changeReturn, "points": total,
		"bizType": BizOrder, "bizId": no, "occurTime": now(), "orgId": paid["orgId"],
		"reason": fmt.Sprintf(ReasonReturn, no, w.Action.Label)}
	kind, owner := ownerPerson, toInt(paid["villager"])
	for _, k := range []string{"villager", "household"} {
		if v, ok := store.IntOf(paid[k]); ok {
			entry[k] = v
		}
	}
	if toInt(paid["ownerType"]) == ownerHousehold {
		kind, owner = ownerHousehold, toInt(paid["household"])
	}
	balance, err := h.balance(ctx, tx, lm, kind, owner)
	if err != nil {
		return err
	}
	entry["balanceAfter"] = balance + total
	return h.book(ctx, tx, w.Scope, lm, hm, entry)
}

// spendEntry is the valid 兑换消费 entry of order number no (nil when the
// order was recorded without one: an import of old orders).
func (h *hooks) spendEntry(ctx context.Context, tx *store.Tx, lm *schema.Module, no string) (store.Record, error) {
	if no == "" {
		return nil, nil
	}
	rows, err := tx.Query(ctx, tx.SQL().Select("id").From(entsql.Table(tx.Table(lm))).Where(entsql.And(tx.Live(),
		entsql.EQ(tx.Column(lm, "bizType"), BizOrder), entsql.EQ(tx.Column(lm, "bizId"), no),
		entsql.EQ(tx.Column(lm, "changeType"), changeSpend), entsql.EQ(tx.Column(lm, lm.Status.Field), statusValid))))
	if err != nil {
		return nil, err
	}
	var id int64
	if rows.Next() {
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, err
		}
	}
	if err := rows.Close(); err != nil {
		return nil, err
	}
	if id == 0 {
		return nil, nil
	}
	return tx.Get(ctx, lm, id)
}

// frozen are the order fields fixed once the order is placed: what it
// took and from whom.
var frozen = []string{"villager", "household", "goods", "quantity", "unitPoints", "totalPoints", "orderNo"}

// keep is the before-update hook of exchange orders: an order's goods,
// quantity and payer cannot change (cancel it and order again).
func keep(_ context.Context, w *store.Write) error {
	for _, k := range frozen {
		if v, ok := w.New[k]; ok && text(v) != text(w.Old[k]) {
			return store.Conflict(k, OrderFrozen)
		}
	}
	return nil
}

// text is a value as compared by keep: nil and "" alike, numbers by their
// digits.
func text(v any) string {
	if v == nil {
		return ""
	}
	return fmt.Sprint(v)
}

// keepHeld is the before-delete hook of exchange orders: an order that
// still holds points and stock must be cancelled (which gives them back)
// before it can be deleted.
func keepHeld(_ context.Context, w *store.Write) error {
	if s := int(toInt(w.Old[w.Module.Status.Field])); s == orderPending || s == orderApproved {
		return store.Conflict("id", OrderDeleteHeld)
	}
	return nil
}

package points_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"xiangzhi/modules/points"
	"xiangzhi/tools/demo/demotest"
)

// TestRedeem places exchange orders through the API on SQLite, and on
// PostgreSQL and MariaDB/MySQL when XZ_TEST_POSTGRES / XZ_TEST_MYSQL are
// set: concurrent orders never overdraw the points or the stock, a short
// balance or stock is refused in Chinese, cancelling and rejecting give
// points and stock back, every movement is in the points log, and Check
// finds the totals equal to the log.
func TestRedeem(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) { redeem(t, demotest.New(t, points.Register)) })
	t.Run("postgres", func(t *testing.T) {
		redeem(t, demotest.NewOn(t, demotest.NewAppOn(t, demotest.FreshPostgres(t)), points.Register))
	})
	t.Run("mysql", func(t *testing.T) {
		redeem(t, demotest.NewOn(t, demotest.NewAppOn(t, demotest.FreshMySQL(t)), points.Register))
	})
}

func redeem(t *testing.T, env *demotest.Env) {
	v1 := env.Village(1)
	admin := env.Login(t, "v01_admin")
	county := env.Login(t, "county_admin") // approves, rejects and confirms pick-ups
	ctx := context.Background()

	// A villager with a household, and one without points yet.
	var vill map[string]any
	for _, r := range env.Rows(t, "villager", v1.ID) {
		if _, ok := r["household"].(int64); ok {
			vill = r
			break
		}
	}
	vid, hh := vill["id"].(int64), vill["household"].(int64)
	total := func(t *testing.T, q string) int64 {
		t.Helper()
		status, res := env.Call(t, admin, http.MethodGet, "/integral/api/pointsLogs/total?"+q, nil)
		if status != http.StatusOK {
			t.Fatalf("total: %d %v", status, res)
		}
		return demotest.Num(res["data"].(map[string]any)["total"])
	}
	person := fmt.Sprintf("villagerId=%d", vid)
	setBalance := func(t *testing.T, want int64) {
		t.Helper()
		if d := want - total(t, person); d != 0 {
			status, res := env.Call(t, admin, http.MethodPost, "/integral/api/pointsLogs/obtain",
				map[string]any{"villagerId": vid, "points": d, "reason": "测试调整", "changeType": 6})
			if status != http.StatusOK {
				t.Fatalf("obtain: %d %v", status, res)
			}
		}
	}
	goods := env.Rows(t, "pointsGoods", v1.ID)[0]
	gid := goods["id"].(int64)
	setGoods := func(t *testing.T, price, stock int64) {
		t.Helper()
		status, res := env.Call(t, admin, http.MethodPut, fmt.Sprintf("/integral/api/goods/%d", gid),
			map[string]any{"pointsPrice": price, "stock": stock, "limitPerPerson": 0})
		if status != http.StatusOK {
			t.Fatalf("goods: %d %v", status, res)
		}
		if env.Get(t, "pointsGoods", gid)["shelfStatus"] != int64(1) {
			if status, res := env.Call(t, admin, http.MethodPut, fmt.Sprintf("/integral/api/goods/%d/status", gid),
				map[string]any{"action": "shelve"}); status != http.StatusOK {
				t.Fatalf("shelve: %d %v", status, res)
			}
		}
	}
	order := func(t *testing.T, qty int, extra map[string]any) (int, map[string]any) {
		body := map[string]any{"villager": vid, "goods": gid, "quantity": qty,
			"unitPoints": 1, "totalPoints": 1} // the client's prices are ignored
		for k, v := range extra {
			body[k] = v
		}
		return env.Call(t, admin, http.MethodPost, "/integral/api/orders", body)
	}
	check := func(t *testing.T) {
		t.Helper()
		bad, err := points.Check(ctx, env.App.Store(), env.App.Modules(), env.County.TenantID)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range bad {
			if m.Module == "household" && m.ID == hh || m.Module == "pointsOrder" && strings.HasPrefix(m.What, "DH") {
				t.Errorf("mismatch: %v", m)
			}
		}
	}

	var placed []int64
	t.Run("concurrent orders never overdraw the points", func(t *testing.T) {
		setBalance(t, 95)
		setGoods(t, 30, 10)
		stock0, _ := env.Get(t, "pointsGoods", gid)["exchangedCount"].(int64)
		var wg sync.WaitGroup
		var mu sync.Mutex
		codes := map[int]int{}
		var msgs []string
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				status, res := order(t, 1, nil)
				mu.Lock()
				defer mu.Unlock()
				codes[status]++
				if status == http.StatusOK {
					placed = append(placed, demotest.Num(res["data"].(map[string]any)["id"]))
				} else {
					msgs = append(msgs, fmt.Sprint(res["msg"]))
				}
			}()
		}
		wg.Wait()
		if codes[http.StatusOK] != 3 || codes[http.StatusConflict] != 5 {
			t.Fatalf("answers %v, want 3 × 200 and 5 × 409", codes)
		}
		for _, m := range msgs {
			if !strings.Contains(m, "积分不足") {
				t.Fatalf("refusal %q does not say 积分不足", m)
			}
		}
		if got := total(t, person); got != 5 {
			t.Fatalf("balance %d, want 5", got)
		}
		g := env.Get(t, "pointsGoods", gid)
		if g["stock"] != int64(7) || g["exchangedCount"] != stock0+3 {
			t.Fatalf("stock %v exchanged %v, want 7 and %d", g["stock"], g["exchangedCount"], stock0+3)
		}
		o := env.Get(t, "pointsOrder", placed[0])
		if o["unitPoints"] != int64(30) || o["totalPoints"] != int64(30) || o["goodsName"] != g["goodsName"] {
			t.Fatalf("order %v", o)
		}
		check(t)
	})

	t.Run("concurrent orders never overdraw the stock", func(t *testing.T) {
		setBalance(t, 1000)
		setGoods(t, 10, 2)
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok := 0
		for range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				status, res := order(t, 1, nil)
				mu.Lock()
				defer mu.Unlock()
				if status == http.StatusOK {
					ok++
				} else if status != http.StatusConflict || !strings.Contains(fmt.Sprint(res["msg"]), "库存不足") {
					t.Errorf("refusal %d %v", status, res)
				}
			}()
		}
		wg.Wait()
		if ok != 2 || env.Get(t, "pointsGoods", gid)["stock"] != int64(0) || total(t, person) != 980 {
			t.Fatalf("%d orders placed, stock %v, balance %d; want 2, 0, 980", ok,
				env.Get(t, "pointsGoods", gid)["stock"], total(t, person))
		}
		check(t)
	})

	t.Run("cancel and reject give points and stock back", func(t *testing.T) {
		setBalance(t, 100)
		setGoods(t, 20, 5)
		status, res := order(t, 2, nil)
		if status != http.StatusOK || total(t, person) != 60 {
			t.Fatalf("order: %d %v, balance %d", status, res, total(t, person))
		}
		id := demotest.Num(res["data"].(map[string]any)["id"])
		if status, res := env.Call(t, county, http.MethodPut, fmt.Sprintf("/integral/api/orders/%d/status", id),
			map[string]any{"action": "reject", "comment": "库存商品破损"}); status != http.StatusOK {
			t.Fatalf("reject: %d %v", status, res)
		}
		if total(t, person) != 100 || env.Get(t, "pointsGoods", gid)["stock"] != int64(5) {
			t.Fatalf("after reject: balance %d stock %v", total(t, person), env.Get(t, "pointsGoods", gid)["stock"])
		}
		status, res = order(t, 1, nil)
		if status != http.StatusOK {
			t.Fatalf("order: %d %v", status, res)
		}
		id = demotest.Num(res["data"].(map[string]any)["id"])
		for _, a := range []string{"approve", "cancel"} {
			if status, res := env.Call(t, county, http.MethodPut, fmt.Sprintf("/integral/api/orders/%d/status", id),
				map[string]any{"action": a}); status != http.StatusOK {
				t.Fatalf("%s: %d %v", a, status, res)
			}
		}
		if total(t, person) != 100 || env.Get(t, "pointsGoods", gid)["stock"] != int64(5) {
			t.Fatalf("after cancel: balance %d stock %v", total(t, person), env.Get(t, "pointsGoods", gid)["stock"])
		}
		// A picked-up order keeps its points spent.
		status, res = order(t, 1, nil)
		id = demotest.Num(res["data"].(map[string]any)["id"])
		for _, a := range []string{"approve", "pickup"} {
			if status, res := env.Call(t, county, http.MethodPut, fmt.Sprintf("/integral/api/orders/%d/status", id),
				map[string]any{"action": a}); status != http.StatusOK {
				t.Fatalf("%s: %d %v", a, status, res)
			}
		}
		o := env.Get(t, "pointsOrder", id)
		if total(t, person) != 80 || o["pickupTime"] == nil || o["pickupOperator"] == nil {
			t.Fatalf("after pickup: balance %d, order %v", total(t, person), o)
		}
		// Every movement of the order is in the log: spent and given back.
		var moves []int64
		for _, r := range env.Rows(t, "pointsLog", 0) {
			if r["bizType"] == points.BizOrder && r["villager"] == vid && r["occurTime"] != nil {
				moves = append(moves, r["points"].(int64))
			}
		}
		if len(moves) < 7 {
			t.Fatalf("order entries in the log: %v", moves)
		}
		if got := env.Get(t, "household", hh)["points"]; got != total(t, fmt.Sprintf("householdId=%d", hh)) {
			t.Fatalf("户积分 %v is not the household's total", got)
		}
		check(t)
	})

	t.Run("refusals", func(t *testing.T) {
		setBalance(t, 10)
		setGoods(t, 20, 5)
		status, res := order(t, 1, nil)
		if status != http.StatusConflict || res["msg"] != "积分不足：本次兑换需要 20 积分，当前可用积分 10" {
			t.Fatalf("short: %d %v", status, res)
		}
		if status, res := order(t, 0, nil); status != http.StatusBadRequest {
			t.Fatalf("quantity 0: %d %v", status, res)
		}
		if status, res := env.Call(t, admin, http.MethodPut, fmt.Sprintf("/integral/api/goods/%d/status", gid),
			map[string]any{"action": "unshelve"}); status != http.StatusOK {
			t.Fatalf("unshelve: %d %v", status, res)
		}
		status, res = order(t, 1, nil)
		if status != http.StatusConflict || res["msg"] != "该商品已下架，不能兑换" {
			t.Fatalf("unshelved: %d %v", status, res)
		}
		setBalance(t, 100)
		setGoods(t, 20, 5)
		status, res = order(t, 1, nil)
		if status != http.StatusOK {
			t.Fatalf("order: %d %v", status, res)
		}
		id := demotest.Num(res["data"].(map[string]any)["id"])
		if status, res := env.Call(t, admin, http.MethodPut, fmt.Sprintf("/integral/api/orders/%d", id),
			map[string]any{"quantity": 3}); status != http.StatusConflict {
			t.Fatalf("change quantity: %d %v", status, res)
		}
		if status, res := env.Call(t, admin, http.MethodDelete, fmt.Sprintf("/integral/api/orders/%d", id), nil); status != http.StatusConflict {
			t.Fatalf("delete a held order: %d %v", status, res)
		}
		other := env.Rows(t, "villager", v1.ID)
		for _, o := range other {
			if h, ok := o["household"].(int64); ok && h != hh {
				status, res := order(t, 1, map[string]any{"household": h})
				if status != http.StatusBadRequest {
					t.Fatalf("household not the villager's: %d %v", status, res)
				}
				break
			}
		}
		check(t)
	})
}

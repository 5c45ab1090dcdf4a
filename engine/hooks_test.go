package engine_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/apitest"
	"xiangzhi/engine/config"
	"xiangzhi/engine/store"
)

// bookings is a module whose write hooks allow one booking per room and
// slot, keep locked bookings and refuse confirming a closed room.
const bookings = `name: booking
title: 场地预约
group: affairs
api: /affairs/bookings
permission: affairs.booking
fields:
  - {name: room, label: 场地, type: string, required: true, maxLength: 20, list: true, filter: equals}
  - {name: slot, label: 时段, type: string, required: true, maxLength: 20, list: true, filter: equals}
  - {name: locked, label: 锁定, type: bool}
status:
  field: bookStatus
  label: 预约状态
  values: {1: 待确认, 2: 已确认}
  initial: 1
  actions:
    - {name: confirm, label: 确认, from: [1], to: 2}
import: true
`

// Texts of the booking hooks, as a module's catalogue would hold them.
const (
	slotTaken  = "该时段已被预约"
	bookLocked = "已锁定的预约不能删除"
	roomClosed = "该场地已关闭"
)

func TestWriteHooksSQLite(t *testing.T)   { runWriteHooks(t, apitest.SQLiteURL(t)) }
func TestWriteHooksPostgres(t *testing.T) { runWriteHooks(t, apitest.PostgresURL(t)) }
func TestWriteHooksMySQL(t *testing.T)    { runWriteHooks(t, apitest.MySQLURL(t)) }

// bookingHooks registers the booking module's hooks and counts the
// after-commit runs per kind of write.
func bookingHooks(a *testApp) map[store.Op]*atomic.Int32 {
	conflict := func(ctx context.Context, w *store.Write) error {
		tx := w.Tx
		where := entsql.And(entsql.EQ(tx.Column(w.Module, "room"), w.Value("room")),
			entsql.EQ(tx.Column(w.Module, "slot"), w.Value("slot")), entsql.NEQ("id", w.ID))
		n, err := tx.Count(ctx, w.Module, where)
		if err != nil {
			return err
		}
		if n > 0 {
			return store.Conflict("slot", slotTaken)
		}
		return nil
	}
	a.BeforeWrite("booking", store.OpCreate, conflict)
	a.BeforeWrite("booking", store.OpUpdate, conflict)
	a.BeforeWrite("booking", store.OpDelete, func(_ context.Context, w *store.Write) error {
		if w.Old["locked"] == true {
			return store.Refuse("locked", bookLocked)
		}
		return nil
	})
	a.BeforeWrite("booking", store.OpTransition, func(_ context.Context, w *store.Write) error {
		if w.Old["room"] == "关闭" {
			return store.Conflict("room", roomClosed)
		}
		return nil
	})
	runs := map[store.Op]*atomic.Int32{}
	for _, op := range []store.Op{store.OpCreate, store.OpUpdate, store.OpDelete, store.OpTransition} {
		runs[op] = &atomic.Int32{}
		a.AfterCommit("booking", op, func(context.Context, *store.Write) error { runs[op].Add(1); return nil })
	}
	return runs
}

// runWriteHooks drives every write route of a module with hooks: refusals
// answer 409/400 naming the field and leave nothing written, after-commit
// hooks run once per committed write, and racing creates of one slot leave
// one booking.
func runWriteHooks(t *testing.T, dbURL string) {
	a := newTestApp(t, dbURL, func(c *config.Config) {
		if err := os.WriteFile(filepath.Join(c.SchemasDir, "affairs", "booking.yaml"), []byte(bookings), 0o644); err != nil {
			t.Fatal(err)
		}
	})
	runs := bookingHooks(a)
	h := a.Handler()
	base := "/affairs/bookings"
	total := func(want string) apitest.Scenario {
		return apitest.Scenario{Name: "total stays " + want, Method: "GET", URL: base, ExpectedStatus: 200,
			ExpectedContent: []string{`"recordsTotal":` + want}}
	}
	taken := []string{`"code":409`, `"msg":"` + slotTaken + `"`, `"errors":[{"field":"slot","message":"` + slotTaken + `"}]`}
	apitest.Run(t, h, []apitest.Scenario{
		{Name: "book", Method: "POST", URL: base, Body: `{"room":"一号","slot":"周一上午","locked":true}`, ExpectedStatus: 200},
		{Name: "book another slot", Method: "POST", URL: base, Body: `{"room":"一号","slot":"周一下午"}`, ExpectedStatus: 200},
		{Name: "book a closed room", Method: "POST", URL: base, Body: `{"room":"关闭","slot":"周二"}`, ExpectedStatus: 200},
		total("3"),
		{Name: "book a taken slot", Method: "POST", URL: base, Body: `{"room":"一号","slot":"周一上午"}`,
			ExpectedStatus: 409, ExpectedContent: taken},
		total("3"),
		{Name: "move onto a taken slot", Method: "PUT", URL: base + "/2", Body: `{"slot":"周一上午"}`,
			ExpectedStatus: 409, ExpectedContent: taken},
		{Name: "the moved booking kept its slot", Method: "GET", URL: base + "/2", ExpectedStatus: 200,
			ExpectedContent: []string{`"slot":"周一下午"`, `"version":1`}},
		{Name: "edit without conflict", Method: "PUT", URL: base + "/2", Body: `{"slot":"周三"}`, ExpectedStatus: 200},
		{Name: "delete a locked booking", Method: "DELETE", URL: base + "/1", ExpectedStatus: 400,
			ExpectedContent: []string{`"msg":"` + bookLocked + `"`, `"field":"locked"`}},
		{Name: "batch delete with a locked booking", Method: "DELETE", URL: base + "?ids=2,1", ExpectedStatus: 400,
			ExpectedContent: []string{bookLocked}},
		total("3"),
		{Name: "confirm in a closed room", Method: "PUT", URL: base + "/3/status", Body: `{"action":"confirm"}`,
			ExpectedStatus: 409, ExpectedContent: []string{roomClosed, `"field":"room"`}},
		{Name: "no history of the refused action", Method: "GET", URL: base + "/3", ExpectedStatus: 200,
			ExpectedContent: []string{`"bookStatus":1`, `"history":[]`}},
		{Name: "confirm", Method: "PUT", URL: base + "/2/status", Body: `{"action":"confirm"}`, ExpectedStatus: 200,
			ExpectedContent: []string{`"bookStatus":2`}},
		{Name: "import with a taken slot", Method: "POST", URL: base + "/import?dryRun=false",
			File:           &apitest.File{Name: "b.xlsx", Data: workbook(t, [][]any{{"场地", "时段"}, {"二号", "周五"}, {"一号", "周一上午"}})},
			ExpectedStatus: 409, ExpectedContent: []string{`"msg":"第3行：` + slotTaken + `"`,
				`{"row":3,"field":"slot","message":"` + slotTaken + `"}`}},
		total("3"),
		{Name: "delete", Method: "DELETE", URL: base + "?ids=2,3", ExpectedStatus: 200, ExpectedContent: []string{`"deleted":2`}},
		{Name: "import", Method: "POST", URL: base + "/import?dryRun=false",
			File:           &apitest.File{Name: "b.xlsx", Data: workbook(t, [][]any{{"场地", "时段"}, {"二号", "周五"}, {"一号", "周日"}})},
			ExpectedStatus: 200, ExpectedContent: []string{`"imported":2`}},
		total("3"),
	})
	want := map[store.Op]int32{store.OpCreate: 5, store.OpUpdate: 1, store.OpDelete: 2, store.OpTransition: 1}
	for op, n := range want {
		if got := runs[op].Load(); got != n {
			t.Errorf("after-commit %s hooks ran %d times, want %d", op, got, n)
		}
	}

	t.Run("racing creates of one slot", func(t *testing.T) {
		const n = 20
		var wg sync.WaitGroup
		var won, refused atomic.Int32
		for range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				req := httptest.NewRequest(http.MethodPost, base, strings.NewReader(`{"room":"三号","slot":"周六"}`))
				req.Header.Set("Content-Type", "application/json")
				res := httptest.NewRecorder()
				h.ServeHTTP(res, req)
				switch res.Code {
				case http.StatusOK:
					won.Add(1)
				case http.StatusConflict:
					refused.Add(1)
				default:
					t.Errorf("create: %d %s", res.Code, res.Body.String())
				}
			}()
		}
		wg.Wait()
		if won.Load() != 1 || refused.Load() != n-1 {
			t.Errorf("won %d, refused %d; want 1 and %d", won.Load(), refused.Load(), n-1)
		}
		apitest.Scenario{Method: "GET", URL: base + "?room=三号", ExpectedStatus: 200,
			ExpectedContent: []string{`"recordsTotal":1`}}.Test(t, h)
		if got := runs[store.OpCreate].Load(); got != 6 {
			t.Errorf("after-commit create hooks ran %d times in all, want 6", got)
		}
	})
}

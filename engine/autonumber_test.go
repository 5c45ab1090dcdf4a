package engine_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"xiangzhi/engine/apitest"
	"xiangzhi/engine/config"
)

// applications is a module with an auto-numbered and a read-only field.
const applications = `name: application
title: 补贴申请
group: onlineVillage
api: /onlineVillage/applications
permission: onlineVillage.application
fields:
  - {name: applyNo, label: 申请编号, type: string, autoNumber: SQ, unique: true, maxLength: 32, list: true}
  - {name: name, label: 姓名, type: string, required: true, maxLength: 20, list: true}
  - {name: visits, label: 访问量, type: int, readOnly: true, default: 0}
`

func TestAutoNumberSQLite(t *testing.T)   { runAutoNumber(t, apitest.SQLiteURL(t)) }
func TestAutoNumberPostgres(t *testing.T) { runAutoNumber(t, apitest.PostgresURL(t)) }
func TestAutoNumberMySQL(t *testing.T)    { runAutoNumber(t, apitest.MySQLURL(t)) }

// runAutoNumber checks application numbers (per tenant and day, never
// given twice, not settable by clients, distinct under concurrent
// creates) and that read-only fields are ignored on create and update.
func runAutoNumber(t *testing.T, dbURL string) {
	a := newTestApp(t, dbURL, func(c *config.Config) {
		if err := os.WriteFile(filepath.Join(c.SchemasDir, "subsidy", "application.yaml"), []byte(applications), 0o644); err != nil {
			t.Fatal(err)
		}
	})
	h := a.Handler()
	base := "/onlineVillage/applications"
	no := func(n int) string { return fmt.Sprintf(`"applyNo":"SQ%s-%04d"`, time.Now().Format("20060102"), n) }
	apitest.Run(t, h, []apitest.Scenario{
		{Name: "first", Method: "POST", URL: base, Body: `{"name":"张三"}`, ExpectedStatus: 200,
			ExpectedContent: []string{`"id":1`, no(1), `"visits":0`}},
		{Name: "second", Method: "POST", URL: base, Body: `{"name":"李四"}`, ExpectedStatus: 200,
			ExpectedContent: []string{`"id":2`, no(2)}},
		{Name: "client values of read-only fields are ignored on create", Method: "POST", URL: base,
			Body: `{"name":"王五","applyNo":"X-1","visits":99}`, ExpectedStatus: 200,
			ExpectedContent: []string{`"id":3`, no(3), `"visits":0`}},
		{Name: "and on update", Method: "PUT", URL: base + "/3", Body: `{"name":"王五一","applyNo":"X-2","visits":5}`,
			ExpectedStatus: 200, ExpectedContent: []string{`"name":"王五一"`, no(3), `"visits":0`}},
		{Name: "another tenant counts on its own", Method: "POST", URL: base, Body: `{"name":"赵六"}`,
			Headers: tenant2, ExpectedStatus: 200, ExpectedContent: []string{no(1)}},
		{Name: "delete the last", Method: "DELETE", URL: base + "/3", ExpectedStatus: 200},
		{Name: "a deleted record's number is not given again", Method: "POST", URL: base, Body: `{"name":"孙七"}`,
			ExpectedStatus: 200, ExpectedContent: []string{no(4)}},
	})

	t.Run("concurrent creates draw distinct numbers", func(t *testing.T) {
		const n = 8
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				req := httptest.NewRequest(http.MethodPost, base, strings.NewReader(fmt.Sprintf(`{"name":"并发%d"}`, i)))
				req.Header.Set("Content-Type", "application/json")
				res := httptest.NewRecorder()
				h.ServeHTTP(res, req)
				if res.Code != http.StatusOK {
					t.Errorf("create %d: %d %s", i, res.Code, res.Body.String())
				}
			}()
		}
		wg.Wait()
		res := apitest.Scenario{Method: "GET", URL: base + "?size=100", ExpectedStatus: 200}.Test(t, h)
		var page struct {
			Data []map[string]any `json:"data"`
		}
		apitest.Data(t, res, &page)
		seen := map[any]bool{}
		for _, r := range page.Data {
			if seen[r["applyNo"]] {
				t.Errorf("number %v given twice", r["applyNo"])
			}
			seen[r["applyNo"]] = true
		}
		if want := 3 + n; len(page.Data) != want { // 1, 2 and 4 (3 was deleted), then n more
			t.Errorf("%d records, want %d", len(page.Data), want)
		}
	})
}

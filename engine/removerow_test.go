package engine_test

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"xiangzhi/engine/apitest"
	"xiangzhi/engine/config"
)

// rowsModule has a children field and a declared route removing one of
// its rows (docs/schema.md § Declared routes, op removeRow).
const rowsModule = `name: elder
title: 老人档案
api: /convenient/api/elders
permission: elderly.elder
orgScoped: true
fields:
  - {name: name, label: 姓名, type: string, required: true, maxLength: 20, list: true}
  - name: family
    label: 家庭成员
    type: children
    fields:
      - {name: name, label: 姓名, type: string, required: true, maxLength: 20}
      - {name: relation, label: 关系, type: enum, required: true, options: [{value: 1, label: 配偶}, {value: 2, label: 子女}]}
      - {name: guardian, label: 监护人, type: bool}
      - {name: support, label: 月赡养费, type: decimal, precision: 10, scale: 2, min: 0}
routes:
  - {path: "family/{id}", method: DELETE, op: removeRow, field: family}
  - {path: "family/{id}/remove", method: POST, op: removeRow, field: family}
`

func TestDeclaredRemoveRowSQLite(t *testing.T) { runRemoveRow(t, apitest.SQLiteURL(t)) }
func TestDeclaredRemoveRowPostgres(t *testing.T) {
	runRemoveRow(t, apitest.PostgresURL(t))
}
func TestDeclaredRemoveRowMySQL(t *testing.T) { runRemoveRow(t, apitest.MySQLURL(t)) }

// runRemoveRow: DELETE family/{row} removes that one row of the record
// holding it, keeps the other rows as they were, bumps the version and
// needs the module's edit code; a row of another record's tenant or
// outside the caller's data scope is 404, a bad id 400.
func runRemoveRow(t *testing.T, dbURL string) {
	a := newTestApp(t, dbURL, func(c *config.Config) {
		if err := os.WriteFile(filepath.Join(c.SchemasDir, "affairs", "elder.yaml"), []byte(rowsModule), 0o644); err != nil {
			t.Fatal(err)
		}
	})
	h := a.Handler()
	base := "/convenient/api/elders"
	other := map[string]string{apitest.HeaderTenant: "2"}
	apitest.Run(t, h, []apitest.Scenario{
		{Name: "create with three rows", Method: "POST", URL: base, Body: `{"name":"王秀英","family":[
			{"name":"李建国","relation":1,"guardian":true,"support":0},
			{"name":"李明","relation":2,"guardian":false,"support":800.5},
			{"name":"李芳","relation":2,"support":600}]}`,
			ExpectedStatus: 200, ExpectedContent: []string{`"id":1`, `"version":1`}},
		{Name: "another tenant's record", Method: "POST", URL: base, Headers: other,
			Body: `{"name":"张桂兰","family":[{"name":"张强","relation":2}]}`, ExpectedStatus: 200},
	})
	var rec struct {
		Family []struct {
			ID   int64  `json:"id"`
			Name string `json:"name"`
		} `json:"family"`
	}
	apitest.Data(t, apitest.Scenario{Method: "GET", URL: base + "/1", ExpectedStatus: 200}.Test(t, h), &rec)
	var theirs struct {
		Family []struct {
			ID int64 `json:"id"`
		} `json:"family"`
	}
	apitest.Data(t, apitest.Scenario{Method: "GET", URL: base + "/2", Headers: other, ExpectedStatus: 200}.Test(t, h), &theirs)
	if len(rec.Family) != 3 || len(theirs.Family) != 1 {
		t.Fatalf("family rows = %+v, %+v", rec.Family, theirs.Family)
	}
	son, theirRow := rec.Family[1].ID, theirs.Family[0].ID
	row := func(id int64) string { return base + "/family/" + strconv.FormatInt(id, 10) }
	apitest.Run(t, h, []apitest.Scenario{
		{Name: "another tenant's row", Method: "DELETE", URL: row(theirRow), ExpectedStatus: 404,
			ExpectedContent: []string{`"msg":"数据不存在或已被删除"`}},
		{Name: "outside the data scope", Method: "DELETE", URL: row(son), Headers: map[string]string{apitest.HeaderOrg: "2"},
			ExpectedStatus: 404},
		{Name: "without the edit code", Method: "DELETE", URL: row(son), Headers: map[string]string{apitest.HeaderDeny: "elderly.elder.edit"},
			ExpectedStatus: 403},
		{Name: "bad id", Method: "DELETE", URL: base + "/family/abc", ExpectedStatus: 400},
		{Name: "unknown row", Method: "DELETE", URL: row(theirRow + 100), ExpectedStatus: 404},
		{Name: "remove the son", Method: "DELETE", URL: row(son), ExpectedStatus: 200, Check: wantCode(a, "elderly.elder.edit"),
			ExpectedContent:    []string{`"version":2`, `"name":"李建国","relation":1`, `"guardian":true`, `"name":"李芳"`, `"support":600`},
			NotExpectedContent: []string{`李明`, `800.5`}},
		{Name: "the row is gone", Method: "DELETE", URL: row(son), ExpectedStatus: 404},
		{Name: "the record keeps two rows", Method: "GET", URL: base + "/1", ExpectedStatus: 200,
			ExpectedContent: []string{`"name":"李建国"`, `"name":"李芳"`, `"version":2`}, NotExpectedContent: []string{`李明`}},
		{Name: "the other tenant's row stays", Method: "GET", URL: base + "/2", Headers: other, ExpectedStatus: 200,
			ExpectedContent: []string{`"name":"张强"`}},
	})
	// The rows were written anew: take the first one's new id.
	apitest.Data(t, apitest.Scenario{Method: "GET", URL: base + "/1", ExpectedStatus: 200}.Test(t, h), &rec)
	apitest.Run(t, h, []apitest.Scenario{
		{Name: "POST to remove", Method: "POST", URL: row(rec.Family[0].ID) + "/remove", ExpectedStatus: 200,
			ExpectedContent: []string{`"version":3`, `"name":"李芳"`}, NotExpectedContent: []string{`李建国`}},
	})
}

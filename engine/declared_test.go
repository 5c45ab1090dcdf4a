package engine_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"xiangzhi/engine/apitest"
	"xiangzhi/engine/config"
)

// routedModule declares a route of every kind (docs/schema.md § Declared routes).
const routedModule = `name: category
title: 题库分类
api: /exam/api/categories
permission: exam.category
export: true
fields:
  - {name: name, label: 分类名称, type: string, required: true, maxLength: 20, list: true, filter: contains}
  - {name: code, label: 分类编码, type: string, maxLength: 20, filter: equals}
  - {name: parent, label: 上级分类, type: ref, ref: category, filter: equals}
  - {name: kind, label: 类别, type: enum, options: [{value: 1, label: 考试}, {value: 2, label: 投票}], filter: equals}
status:
  field: state
  values: {1: 停用, 2: 启用}
  initial: 1
  actions:
    - {name: enable, label: 启用, from: [1], to: 2}
routes:
  - {path: getPageList, method: GET, op: list}
  - {path: getList, method: GET, op: list, answer: rows}
  - {path: "selectByPrimaryKey/{id}", method: GET, op: get}
  - {path: getById, method: GET, op: get}
  - {path: insert, method: POST, op: create}
  - {path: updateByPrimaryKey, method: PUT, op: update}
  - {path: "deleteByPrimaryKey/{id}", method: DELETE, op: delete}
  - {path: deleteByIds, method: DELETE, op: delete}
  - {path: "{id}/remove", method: POST, op: delete}
  - {path: /exam/api/exportCategories, method: POST, op: export}
  - {path: "enable/{id}", method: POST, op: status, action: enable}
  - {path: isRepeat, method: GET, op: exists, field: code}
  - {path: codeUnique, method: GET, op: unique, field: code}
  - {path: getTree, method: GET, op: tree, field: parent}
  - {path: countByKind, method: GET, op: stats, params: {by: kind}}
`

// TestDeclaredRoutes: each kind of declared route answers at its path in
// the envelope, with its generic operation's permission code.
func TestDeclaredRoutes(t *testing.T) {
	a := newTestApp(t, apitest.SQLiteURL(t), func(c *config.Config) {
		if err := os.WriteFile(filepath.Join(c.SchemasDir, "affairs", "category.yaml"), []byte(routedModule), 0o644); err != nil {
			t.Fatal(err)
		}
	})
	h := a.Handler()
	base := "/exam/api/categories"
	p := "exam.category."
	apitest.Run(t, h, []apitest.Scenario{
		{Name: "insert", Method: "POST", URL: base + "/insert", Body: `{"name":"考试","code":"K1","kind":1}`, ExpectedStatus: 200,
			ExpectedContent: []string{`"id":1`}, Check: wantCode(a, p+"add")},
		{Name: "insert child", Method: "POST", URL: base + "/insert", Body: `{"name":"党史","code":"K2","parent":1,"kind":1}`,
			ExpectedStatus: 200, ExpectedContent: []string{`"id":2`}},
		{Name: "insert another root", Method: "POST", URL: base, Body: `{"name":"投票","code":"V1","kind":2}`, ExpectedStatus: 200,
			ExpectedContent: []string{`"id":3`}},
		{Name: "page", Method: "GET", URL: base + "/getPageList?page=0&size=2&sort=id", ExpectedStatus: 200,
			ExpectedContent: []string{`"recordsTotal":3`, `"name":"考试"`}, NotExpectedContent: []string{`"name":"投票"`},
			Check: wantCode(a, p+"list")},
		{Name: "page one-based pageNum and pageSize", Method: "GET", URL: base + "/getPageList?pageNum=2&pageSize=2&sort=id", ExpectedStatus: 200,
			ExpectedContent: []string{`"recordsTotal":3`, `"name":"投票"`}, NotExpectedContent: []string{`"name":"考试"`}},
		{Name: "rows", Method: "GET", URL: base + "/getList?kind=1", ExpectedStatus: 200,
			ExpectedContent: []string{`"data":[{`, `"name":"党史"`}, NotExpectedContent: []string{`recordsTotal`, `"name":"投票"`}},
		{Name: "bad criteria", Method: "GET", URL: base + "/getPageList?salary=1", ExpectedStatus: 400},
		{Name: "get by path", Method: "GET", URL: base + "/selectByPrimaryKey/2", ExpectedStatus: 200,
			ExpectedContent: []string{`"name":"党史"`}, Check: wantCode(a, p+"view")},
		{Name: "get by query", Method: "GET", URL: base + "/getById?id=2", ExpectedStatus: 200, ExpectedContent: []string{`"name":"党史"`}},
		{Name: "get bad id", Method: "GET", URL: base + "/selectByPrimaryKey/abc", ExpectedStatus: 400},
		{Name: "get missing", Method: "GET", URL: base + "/selectByPrimaryKey/99", ExpectedStatus: 404},
		{Name: "update", Method: "PUT", URL: base + "/updateByPrimaryKey", Body: `{"id":2,"name":"党史知识"}`, ExpectedStatus: 200,
			ExpectedContent: []string{`"name":"党史知识"`}, Check: wantCode(a, p+"edit")},
		{Name: "update as POST with _method", Method: "POST", URL: base + "/updateByPrimaryKey?_method=PUT", Body: `{"id":2,"name":"党史"}`,
			ExpectedStatus: 200, ExpectedContent: []string{`"name":"党史"`}},
		{Name: "wrong method", Method: "GET", URL: base + "/updateByPrimaryKey", ExpectedStatus: 405},
		{Name: "exists", Method: "GET", URL: base + "/isRepeat?code=K2", ExpectedStatus: 200, ExpectedContent: []string{`"data":true`}},
		{Name: "exists but for itself", Method: "GET", URL: base + "/isRepeat?code=K2&id=2", ExpectedStatus: 200, ExpectedContent: []string{`"data":false`}},
		{Name: "unique", Method: "GET", URL: base + "/codeUnique?value=K9", ExpectedStatus: 200, ExpectedContent: []string{`"data":true`}},
		{Name: "exists without value", Method: "GET", URL: base + "/isRepeat", ExpectedStatus: 400,
			ExpectedContent: []string{`"msg":"请提供分类编码"`}},
		{Name: "tree", Method: "GET", URL: base + "/getTree", ExpectedStatus: 200,
			ExpectedContent: []string{`"name":"考试"`, `"children":[{`, `"name":"党史"`, `"children":[]`}},
		{Name: "stats page", Method: "GET", URL: base + "/countByKind", ExpectedStatus: 200,
			ExpectedContent: []string{`"recordsTotal":2`, `"label":"考试"`, `"count":2`}},
		{Name: "export", Method: "POST", URL: "/exam/api/exportCategories", ExpectedStatus: 200, Check: wantCode(a, p+"export")},
		{Name: "status", Method: "POST", URL: base + "/enable/1", ExpectedStatus: 200, ExpectedContent: []string{`"state":2`},
			Check: wantCode(a, p+"enable")},
		{Name: "status again refused", Method: "POST", URL: base + "/enable/1", ExpectedStatus: 409},
		{Name: "denied", Method: "GET", URL: base + "/getPageList", Headers: map[string]string{"X-Test-Deny": p + "list"}, ExpectedStatus: 403},
		{Name: "POST to remove", Method: "POST", URL: base + "/3/remove", ExpectedStatus: 200, ExpectedContent: []string{`"deleted":1`},
			Check: wantCode(a, p+"del")},
		{Name: "delete by ids in the body", Method: "DELETE", URL: base + "/deleteByIds", Body: `[2]`, ExpectedStatus: 200,
			ExpectedContent: []string{`"deleted":1`}},
		{Name: "delete by path", Method: "DELETE", URL: base + "/deleteByPrimaryKey/1", ExpectedStatus: 200, ExpectedContent: []string{`"deleted":1`}},
		{Name: "delete none", Method: "DELETE", URL: base + "/deleteByIds?ids=1", ExpectedStatus: 404},
		{Name: "generic routes still served", Method: "GET", URL: base + "?size=5", ExpectedStatus: 200, ExpectedContent: []string{`"recordsTotal":0`}},
	})
	doc, err := a.APIDocument()
	if err != nil {
		t.Fatal(err)
	}
	var api struct {
		Paths map[string]map[string]struct {
			Codes []string `json:"x-permission-codes"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(doc, &api); err != nil {
		t.Fatal(err)
	}
	for _, want := range []struct{ path, method, code string }{
		{"/exam/api/categories/getPageList", "get", p + "list"},
		{"/exam/api/categories/selectByPrimaryKey/{id}", "get", p + "view"},
		{"/exam/api/exportCategories", "post", p + "export"},
		{"/exam/api/categories/enable/{id}", "post", p + "enable"},
	} {
		if got := api.Paths[want.path][want.method].Codes; len(got) != 1 || got[0] != want.code {
			t.Errorf("API document: %s %s codes = %v, want %s", want.method, want.path, got, want.code)
		}
	}
}

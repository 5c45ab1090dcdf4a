package engine_test

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"xiangzhi/engine/apitest"
	"xiangzhi/engine/config"
)

// The module bases of testdata/schemas.
const (
	subsidies = "/onlineVillage/handicappeds"
	notices   = "/affairs/notices"
)

var (
	tenant2  = map[string]string{"X-Test-Tenant": "2"}
	jsonOnly = map[string]string{"Accept": "application/json, text/plain, */*"}
)

func TestAPISQLite(t *testing.T)   { runAPI(t, apitest.SQLiteURL(t)) }
func TestAPIPostgres(t *testing.T) { runAPI(t, apitest.PostgresURL(t)) }
func TestAPIMySQL(t *testing.T)    { runAPI(t, apitest.MySQLURL(t)) }

// subsidy is a valid record body for the handicapped module.
func subsidy(name string, seq int, gender string, extra string) string {
	return fmt.Sprintf(`{"name":%q,"idCard":%q,"gender":%q%s}`, name, apitest.IDCard(seq), gender, extra)
}

// wantCode checks the permission code the last request asked for.
func wantCode(a *testApp, code string) func(*testing.T, *httptest.ResponseRecorder) {
	return func(t *testing.T, _ *httptest.ResponseRecorder) {
		t.Helper()
		if got := a.sys.LastCode(); got != code {
			t.Errorf("permission code asked = %q, want %q", got, code)
		}
	}
}

// runAPI runs the module API scenarios on a fresh database: the same table
// for SQLite, PostgreSQL and MySQL. Scenarios run in order and build on each
// other: records 1–3 (tenant 1) and 4 (tenant 2) are created first.
func runAPI(t *testing.T, dbURL string) {
	const scrapeToken = "scrape-secret-1"
	a := newTestApp(t, dbURL, func(c *config.Config) { c.MetricsToken = scrapeToken })
	h := a.Handler()
	p := "onlineVillage.handicapped."
	t.Run("create", func(t *testing.T) {
		apitest.Run(t, h, []apitest.Scenario{
			{Name: "empty list envelope", Method: "GET", URL: subsidies, ExpectedStatus: 200,
				ExpectedContent: []string{`{"code":0,"msg":"操作成功","data":{"data":[],"recordsTotal":0}}`},
				Check:           wantCode(a, p+"list")},
			{Name: "create with children", Method: "POST", URL: subsidies, ExpectedStatus: 200,
				Body: subsidy("张三", 1, "1", `,"grade":2,"amount":100.5,"applyDate":"2024-03-01","lowIncome":true,`+
					`"mobile":"13800138000","family":[{"memberName":"李四","relation":"配偶"}]`),
				ExpectedContent: []string{`"id":1`, `"auditStatus":1`, `"version":1`, `"memberName":"李四"`, `"applyDate":"2024-03-01"`},
				Check:           wantCode(a, p+"add")},
			{Name: "create second", Method: "POST", URL: subsidies, ExpectedStatus: 200,
				Body:            subsidy("王五", 2, "0", `,"grade":1,"applyDate":"2024-05-20","lowIncome":false`),
				ExpectedContent: []string{`"id":2`}},
			{Name: "create third", Method: "POST", URL: subsidies, ExpectedStatus: 200,
				Body: subsidy("赵六", 3, "1", `,"applyDate":"2023-12-31"`), ExpectedContent: []string{`"id":3`}},
			{Name: "create in tenant 2", Method: "POST", URL: subsidies, Headers: tenant2, ExpectedStatus: 200,
				Body: subsidy("孙七", 4, "1", ""), ExpectedContent: []string{`"id":4`}},
			{Name: "same id card in another tenant", Method: "POST", URL: subsidies, Headers: tenant2, ExpectedStatus: 200,
				Body: subsidy("孙七", 1, "1", ""), ExpectedContent: []string{`"id":5`}},
			{Name: "duplicate id card", Method: "POST", URL: subsidies, ExpectedStatus: 409,
				Body: subsidy("张三", 1, "1", ""), ExpectedContent: []string{`{"code":409,"msg":"身份证号已存在"}`}},
			{Name: "validation messages", Method: "POST", URL: subsidies, ExpectedStatus: 400,
				Body: `{"name":"","idCard":"123456","gender":"9","mobile":"123"}`,
				ExpectedContent: []string{`"code":400,"msg":"提交的数据校验未通过"`,
					`{"field":"name","message":"姓名不能为空"}`, `{"field":"idCard","message":"身份证号格式不正确"}`,
					`"field":"gender"`, `"field":"mobile"`}},
			{Name: "unknown field", Method: "POST", URL: subsidies, ExpectedStatus: 400,
				Body: subsidy("张三", 9, "1", `,"salary":1`), ExpectedContent: []string{`"field":"salary"`}},
			{Name: "child row checked", Method: "POST", URL: subsidies, ExpectedStatus: 400,
				Body: subsidy("张三", 9, "1", `,"family":[{"relation":"子"}]`), ExpectedContent: []string{`"field":"family.0.memberName"`}},
			{Name: "malformed json", Method: "POST", URL: subsidies, Body: `{"name":`, ExpectedStatus: 400,
				ExpectedContent: []string{`{"code":400,"msg":"请求内容不是合法的JSON"}`}},
			{Name: "not an object", Method: "POST", URL: subsidies, Body: `["a"]`, ExpectedStatus: 400,
				ExpectedContent: []string{`{"code":400,"msg":"请求内容必须是JSON对象"}`}},
			{Name: "not json", Method: "POST", URL: subsidies, Body: `name=a`, ExpectedStatus: 415,
				Headers: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}},
			{Name: "permission denied", Method: "POST", URL: subsidies, Body: subsidy("甲", 10, "1", ""),
				Headers: map[string]string{"X-Test-Deny": p + "add"}, ExpectedStatus: 403,
				ExpectedContent: []string{`{"code":403,"msg":"没有操作权限"}`}},
		})
	})
	t.Run("read", func(t *testing.T) {
		apitest.Run(t, h, []apitest.Scenario{
			{Name: "get with children and history", Method: "GET", URL: subsidies + "/1", ExpectedStatus: 200,
				ExpectedContent: []string{`"name":"张三"`, `"family":[{`, `"relation":"配偶"`, `"history":[]`, `"gender":"1"`},
				Check:           wantCode(a, p+"view")},
			{Name: "id not a number", Method: "GET", URL: subsidies + "/abc", ExpectedStatus: 400,
				ExpectedContent: []string{`{"code":400,"msg":"ID格式不正确"}`}},
			{Name: "id zero", Method: "GET", URL: subsidies + "/0", ExpectedStatus: 400, ExpectedContent: []string{`ID格式不正确`}},
			{Name: "id negative", Method: "GET", URL: subsidies + "/-3", ExpectedStatus: 400, ExpectedContent: []string{`ID格式不正确`}},
			{Name: "id too large", Method: "GET", URL: subsidies + "/99999999999999999999", ExpectedStatus: 400},
			{Name: "missing record", Method: "GET", URL: subsidies + "/999", ExpectedStatus: 404,
				ExpectedContent: []string{`{"code":404,"msg":"数据不存在或已被删除"}`}},
			{Name: "other tenant's record", Method: "GET", URL: subsidies + "/1", Headers: tenant2, ExpectedStatus: 404,
				ExpectedContent: []string{`数据不存在或已被删除`}},
			{Name: "list tenant 1", Method: "GET", URL: subsidies, ExpectedStatus: 200,
				ExpectedContent: []string{`"recordsTotal":3`}, NotExpectedContent: []string{`孙七`}},
			{Name: "list tenant 2", Method: "GET", URL: subsidies, Headers: tenant2, ExpectedStatus: 200,
				ExpectedContent: []string{`"recordsTotal":2`}, NotExpectedContent: []string{`张三`}},
			{Name: "list contains", Method: "GET", URL: subsidies + "?name.contains=%E5%BC%A0", ExpectedStatus: 200,
				ExpectedContent: []string{`"recordsTotal":1`, `"name":"张三"`}},
			{Name: "list equals and sort", Method: "GET", URL: subsidies + "?gender=1&sort=applyDate,asc", ExpectedStatus: 200,
				ExpectedContent: []string{`"recordsTotal":2`},
				Check: func(t *testing.T, res *httptest.ResponseRecorder) {
					var page struct {
						Data []struct{ ID int64 } `json:"data"`
					}
					apitest.Data(t, res, &page)
					if len(page.Data) != 2 || page.Data[0].ID != 3 || page.Data[1].ID != 1 {
						t.Errorf("rows = %+v, want ids 3, 1", page.Data)
					}
				}},
			{Name: "list range and paging", Method: "GET", URL: subsidies + "?applyDate.greaterThanOrEqual=2024-01-01&size=1&page=1&sort=id,asc",
				ExpectedStatus: 200, ExpectedContent: []string{`"recordsTotal":2`, `"id":2`}, NotExpectedContent: []string{`"id":1,`}},
			{Name: "list status filter", Method: "GET", URL: subsidies + "?auditStatus.in=1,2", ExpectedStatus: 200,
				ExpectedContent: []string{`"recordsTotal":3`}},
			{Name: "unknown criteria", Method: "GET", URL: subsidies + "?salary=1", ExpectedStatus: 400,
				ExpectedContent: []string{`{"code":400,"msg":"不支持的查询参数：salary"}`}},
			{Name: "criteria operator not declared", Method: "GET", URL: subsidies + "?remark.contains=a", ExpectedStatus: 400},
			{Name: "page size too large", Method: "GET", URL: subsidies + "?size=5000", ExpectedStatus: 400,
				ExpectedContent: []string{`每页条数不能超过1000`}},
			{Name: "schema", Method: "GET", URL: subsidies + "/schema", ExpectedStatus: 200,
				ExpectedContent: []string{`"name":"idCard"`, `"label":"身份证号"`}, Check: wantCode(a, p+"list")},
			{Name: "stats by dictionary", Method: "GET", URL: subsidies + "/stats?by=gender", ExpectedStatus: 200,
				ExpectedContent: []string{`{"key":"0","label":"女","count":1,"value":1}`, `{"key":"1","label":"男","count":2,"value":2}`},
				Check:           wantCode(a, p+"list")},
			{Name: "stats by month with criteria", Method: "GET", URL: subsidies + "/stats?by=applyDate&bucket=month&gender=1",
				ExpectedStatus: 200, ExpectedContent: []string{`"key":"2023-12"`, `"key":"2024-03"`}, NotExpectedContent: []string{`2024-05`}},
			{Name: "stats by status", Method: "GET", URL: subsidies + "/stats?by=auditStatus", ExpectedStatus: 200,
				ExpectedContent: []string{`"label":"审核中","count":3`}},
			{Name: "stats without by", Method: "GET", URL: subsidies + "/stats", ExpectedStatus: 400,
				ExpectedContent: []string{`请指定统计字段（by）`}},
			{Name: "stats by text", Method: "GET", URL: subsidies + "/stats?by=remark", ExpectedStatus: 400},
			{Name: "stats unknown criteria", Method: "GET", URL: subsidies + "/stats?by=gender&x=1", ExpectedStatus: 400},
		})
	})
	t.Run("update", func(t *testing.T) {
		apitest.Run(t, h, []apitest.Scenario{
			{Name: "update with version", Method: "PUT", URL: subsidies + "/1", Body: `{"name":"张三丰","version":1}`,
				ExpectedStatus: 200, ExpectedContent: []string{`"name":"张三丰"`, `"version":2`, `"memberName":"李四"`},
				Check: wantCode(a, p+"edit")},
			{Name: "stale version", Method: "PUT", URL: subsidies + "/1", Body: `{"name":"张三","version":1}`,
				ExpectedStatus: 409, ExpectedContent: []string{`{"code":409,"msg":"数据已被他人修改，请刷新后重试"}`}},
			{Name: "id in the body", Method: "PUT", URL: subsidies, Body: `{"id":2,"remark":"复核"}`,
				ExpectedStatus: 200, ExpectedContent: []string{`"id":2`, `"remark":"复核"`}},
			{Name: "no id at all", Method: "PUT", URL: subsidies, Body: `{"remark":"复核"}`, ExpectedStatus: 400,
				ExpectedContent: []string{`缺少要修改的记录ID`}},
			{Name: "ids disagree", Method: "PUT", URL: subsidies + "/1", Body: `{"id":2}`, ExpectedStatus: 400,
				ExpectedContent: []string{`请求路径与请求内容中的ID不一致`}},
			{Name: "id in body not a number", Method: "PUT", URL: subsidies, Body: `{"id":"x"}`, ExpectedStatus: 400,
				ExpectedContent: []string{`ID格式不正确`}},
			{Name: "echoed read-only keys are ignored", Method: "PUT", URL: subsidies + "/2",
				Body:           `{"id":2,"createdAt":"2000-01-01 00:00:00","auditStatus":3,"remark":"再次复核"}`,
				ExpectedStatus: 200, ExpectedContent: []string{`"auditStatus":1`, `"remark":"再次复核"`}},
			{Name: "duplicate on update", Method: "PUT", URL: subsidies + "/1", Body: fmt.Sprintf(`{"idCard":%q}`, apitest.IDCard(2)),
				ExpectedStatus: 409, ExpectedContent: []string{`身份证号已存在`}},
			{Name: "unknown field on update", Method: "PUT", URL: subsidies + "/1", Body: `{"salary":1}`, ExpectedStatus: 400},
			{Name: "invalid value on update", Method: "PUT", URL: subsidies + "/1", Body: `{"mobile":"12"}`, ExpectedStatus: 400,
				ExpectedContent: []string{`"field":"mobile"`}},
			{Name: "update missing", Method: "PUT", URL: subsidies + "/999", Body: `{"remark":"x"}`, ExpectedStatus: 404},
			{Name: "update other tenant's", Method: "PUT", URL: subsidies + "/1", Headers: tenant2, Body: `{"remark":"x"}`,
				ExpectedStatus: 404},
			{Name: "method override PUT", Method: "POST", URL: subsidies + "/3?_method=PUT", Body: `{"remark":"改"}`,
				ExpectedStatus: 200, ExpectedContent: []string{`"id":3`, `"remark":"改"`}, Check: wantCode(a, p+"edit")},
			{Name: "wrong method", Method: "PATCH", URL: subsidies + "/1", Body: `{}`, ExpectedStatus: 405,
				ExpectedContent: []string{`{"code":405,"msg":"请求方法不允许"}`}},
		})
	})
	t.Run("status", func(t *testing.T) {
		apitest.Run(t, h, []apitest.Scenario{
			{Name: "reject needs a comment", Method: "PUT", URL: subsidies + "/1/status", Body: `{"action":"reject"}`,
				ExpectedStatus: 400, ExpectedContent: []string{`"msg":"请填写“驳回”的意见"`, `"field":"comment"`}},
			{Name: "unknown action", Method: "PUT", URL: subsidies + "/1/status", Body: `{"action":"archive"}`,
				ExpectedStatus: 400, ExpectedContent: []string{`不支持的操作：archive`}},
			{Name: "no action", Method: "PUT", URL: subsidies + "/1/status", Body: `{"comment":"x"}`,
				ExpectedStatus: 400, ExpectedContent: []string{`请指定要执行的操作`}},
			{Name: "unknown key", Method: "PUT", URL: subsidies + "/1/status", Body: `{"action":"approve","by":"me"}`,
				ExpectedStatus: 400, ExpectedContent: []string{`"field":"by"`}},
			{Name: "stale version", Method: "PUT", URL: subsidies + "/1/status", Body: `{"action":"approve","version":1}`,
				ExpectedStatus: 409, ExpectedContent: []string{`数据已被他人修改`}},
			{Name: "action denied", Method: "PUT", URL: subsidies + "/1/status", Body: `{"action":"approve"}`,
				Headers: map[string]string{"X-Test-Deny": p + "approve"}, ExpectedStatus: 403},
			{Name: "approve", Method: "PUT", URL: subsidies + "/1/status", Body: `{"action":"approve","comment":"材料齐全","version":2}`,
				ExpectedStatus: 200, ExpectedContent: []string{`"auditStatus":2`, `"version":3`}, Check: wantCode(a, p+"approve")},
			{Name: "approve from the wrong state", Method: "PUT", URL: subsidies + "/1/status", Body: `{"action":"approve"}`,
				ExpectedStatus: 409, ExpectedContent: []string{`{"code":409,"msg":"当前状态不允许执行“通过”操作"}`}},
			{Name: "reject with comment", Method: "PUT", URL: subsidies + "/2/status", Body: `{"action":"reject","comment":"材料不全"}`,
				ExpectedStatus: 200, ExpectedContent: []string{`"auditStatus":3`}, Check: wantCode(a, p+"reject")},
			{Name: "other tenant's record", Method: "PUT", URL: subsidies + "/3/status", Body: `{"action":"approve"}`,
				Headers: tenant2, ExpectedStatus: 404},
			{Name: "history on the detail", Method: "GET", URL: subsidies + "/1", ExpectedStatus: 200,
				ExpectedContent: []string{`"action":"approve"`, `"from":1,"to":2`, `"comment":"材料齐全"`, `"userId":7`}},
			{Name: "module without workflow", Method: "PUT", URL: notices + "/1/status", Body: `{"action":"approve"}`,
				ExpectedStatus: 404, ExpectedContent: []string{`接口不存在`}},
		})
	})
	t.Run("transfer", func(t *testing.T) { runTransfer(t, a) })
	t.Run("delete", func(t *testing.T) {
		apitest.Run(t, h, []apitest.Scenario{
			{Name: "delete one", Method: "DELETE", URL: subsidies + "/3", ExpectedStatus: 200,
				ExpectedContent: []string{`{"code":0,"msg":"操作成功","data":{"deleted":1}}`}, Check: wantCode(a, p+"del")},
			{Name: "delete it again", Method: "DELETE", URL: subsidies + "/3", ExpectedStatus: 404,
				ExpectedContent: []string{`数据不存在或已被删除`}},
			{Name: "gone from get", Method: "GET", URL: subsidies + "/3", ExpectedStatus: 404},
			{Name: "delete bad id", Method: "DELETE", URL: subsidies + "/x", ExpectedStatus: 400},
			{Name: "batch of another tenant", Method: "DELETE", URL: subsidies + "?ids=1,2", Headers: tenant2, ExpectedStatus: 404,
				ExpectedContent: []string{`数据不存在或已被删除`}},
			{Name: "batch bad id", Method: "DELETE", URL: subsidies + "?ids=1,x", ExpectedStatus: 400,
				ExpectedContent: []string{`ID格式不正确`}},
			{Name: "batch without ids", Method: "DELETE", URL: subsidies, ExpectedStatus: 400,
				ExpectedContent: []string{`请选择要删除的记录`}},
			{Name: "batch unknown parameter", Method: "DELETE", URL: subsidies + "?ids=1&force=1", ExpectedStatus: 400},
			{Name: "batch through method override", Method: "POST", URL: subsidies + "?_method=DELETE&ids=1,2,3", ExpectedStatus: 200,
				ExpectedContent: []string{`{"deleted":2}`}, Check: wantCode(a, p+"del")},
			{Name: "tenant 2 untouched", Method: "GET", URL: subsidies, Headers: tenant2, ExpectedStatus: 200,
				ExpectedContent: []string{`"recordsTotal":2`}},
		})
	})
	t.Run("paths", func(t *testing.T) {
		apitest.Run(t, h, []apitest.Scenario{
			{Name: "unknown api path", Method: "GET", URL: "/api/nothing", ExpectedStatus: 404,
				ExpectedContent: []string{`{"code":404,"msg":"接口不存在"}`}},
			{Name: "prefixed api path", Method: "GET", URL: "/cms/api/article/getPage", Headers: map[string]string{"Accept": "text/html"},
				ExpectedStatus: 404, ExpectedContent: []string{`接口不存在`}},
			{Name: "too deep under a module", Method: "GET", URL: subsidies + "/1/family", ExpectedStatus: 404},
			{Name: "unknown path, not a browser", Method: "GET", URL: "/nowhere", Headers: jsonOnly, ExpectedStatus: 404},
			{Name: "unknown path, POST", Method: "POST", URL: "/nowhere", Body: `{}`, ExpectedStatus: 404},
			{Name: "console page for a browser", Method: "GET", URL: "/workbench", ExpectedStatus: 200,
				Headers: map[string]string{"Accept": "text/html"}, ExpectedContent: []string{`go tool task build`}},
			{Name: "second module", Method: "POST", URL: notices, Body: `{"title":"通知","publishDate":"2024-06-01"}`,
				ExpectedStatus: 200, ExpectedContent: []string{`"id":1`, `"title":"通知"`, `"pinned":false`, `"readCount":0`},
				Check: wantCode(a, "affairs.notice.add")},
			{Name: "rich text is stored sanitised", Method: "POST", URL: notices,
				Body:           `{"title":"富文本","body":"<p>正文</p><script>alert(1)</script><img src=\"https://x/a.png\" onerror=\"alert(2)\">"}`,
				ExpectedStatus: 200, ExpectedContent: []string{`\u003cp\u003e正文\u003c/p\u003e`},
				NotExpectedContent: []string{"script", "onerror", "alert"}},
			{Name: "a sent value beats the default", Method: "POST", URL: notices, Body: `{"title":"置顶通知","pinned":true,"readCount":3}`,
				ExpectedStatus: 200, ExpectedContent: []string{`"pinned":true`, `"readCount":3`}},
			{Name: "second module has no export", Method: "GET", URL: notices + "/export", ExpectedStatus: 404},
			{Name: "second module has no import", Method: "POST", URL: notices + "/import", ExpectedStatus: 404},
			{Name: "healthz", Method: "GET", URL: "/healthz", ExpectedStatus: 200,
				ExpectedContent: []string{`{"code":0,"msg":"操作成功","data":{"status":"ok"}}`}},
			{Name: "readyz", Method: "GET", URL: "/readyz", ExpectedStatus: 200, ExpectedContent: []string{`"status":"ok"`}},
			{Name: "request id honoured", Method: "GET", URL: "/healthz", Headers: map[string]string{"X-Request-Id": "trace-42"},
				ExpectedStatus: 200, Check: func(t *testing.T, res *httptest.ResponseRecorder) {
					if got := res.Header().Get("X-Request-Id"); got != "trace-42" {
						t.Errorf("X-Request-Id = %q", got)
					}
				}},
			{Name: "metrics from loopback", Method: "GET", URL: "/metrics", RemoteAddr: "127.0.0.1:50000", ExpectedStatus: 200, ExpectedContent: []string{
				`xz_http_requests_total{method="GET",route="/onlineVillage/handicappeds",status="200"}`,
				`xz_http_requests_total{method="PUT",route="/onlineVillage/handicappeds",status="409"}`,
				`xz_http_requests_total{method="GET",route="/healthz",status="200"}`,
				`xz_http_request_duration_seconds_bucket{method="POST",route="/onlineVillage/handicappeds"`,
			}, NotExpectedContent: []string{`route="/onlineVillage/handicappeds/:id`},
				Check: func(t *testing.T, res *httptest.ResponseRecorder) {
					if !strings.Contains(res.Body.String(), "xz_db_open_connections") {
						t.Error("no database pool metrics")
					}
				}},
			{Name: "metrics refused to a remote caller", Method: "GET", URL: "/metrics", ExpectedStatus: 403,
				ExpectedContent: []string{`"msg":"没有操作权限"`}, NotExpectedContent: []string{"xz_http"}},
			{Name: "metrics refused through a local proxy", Method: "GET", URL: "/metrics", RemoteAddr: "127.0.0.1:50000",
				Headers: map[string]string{"X-Forwarded-For": "203.0.113.9"}, ExpectedStatus: 403},
			{Name: "metrics with a wrong token", Method: "GET", URL: "/metrics", Headers: map[string]string{"Authorization": "Bearer nope"},
				ExpectedStatus: 403},
			{Name: "metrics with the scrape token", Method: "GET", URL: "/metrics", Headers: map[string]string{"Authorization": "Bearer " + scrapeToken},
				ExpectedStatus: 200, ExpectedContent: []string{
					`xz_db_open_connections`, `xz_db_in_use_connections`,
				}},
		})
	})
}

package engine_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"xiangzhi/engine/apitest"
	"xiangzhi/engine/config"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// Modules whose records reference others: households (orgScoped, the
// target), visits (orgScoped: a single, a multiple, a user, an org and a
// children-row reference, a status and an import) and bulletins (not
// orgScoped, referencing households: the target's scope still applies).
var refModules = map[string]string{
	"household.yaml": `name: household
title: 户籍
group: affairs
api: /refs/households
permission: refs.household
orgScoped: true
fields:
  - {name: name, label: 户主, type: string, required: true, maxLength: 20, list: true}
`,
	"visit.yaml": `name: visit
title: 走访
group: affairs
api: /refs/visits
permission: refs.visit
orgScoped: true
fields:
  - {name: topic, label: 主题, type: string, required: true, maxLength: 20, filter: equals}
  - {name: household, label: 走访户, type: ref, ref: household, display: name}
  - {name: neighbours, label: 邻户, type: ref, ref: household, display: name, multiple: true}
  - {name: officer, label: 走访人, type: ref, ref: user}
  - {name: village, label: 所属村, type: ref, ref: org}
  - name: members
    label: 同行人员
    type: children
    fields:
      - {name: memberName, label: 姓名, type: string, required: true, maxLength: 20}
      - {name: home, label: 所在户, type: ref, ref: household, display: name}
status:
  field: visitStatus
  label: 状态
  values: {1: 待走访, 2: 已走访}
  initial: 1
  actions:
    - {name: done, label: 完成, from: [1], to: 2}
import: true
`,
	"bulletin.yaml": `name: bulletin
title: 公示
group: affairs
api: /refs/bulletins
permission: refs.bulletin
fields:
  - {name: title, label: 标题, type: string, required: true, maxLength: 20}
  - {name: household, label: 公示户, type: ref, ref: household, display: name}
`,
}

// refSystem stands in for system administration: tenant 1 has users 7 and
// 8 and the organisations 1 (/1/), 5 (/5/), 51 (/5/51/) and 6 (/6/);
// tenant 2 has user 9 and organisation 20 (/20/).
var refSystem = struct {
	users map[int64]int64 // user → tenant
	orgs  map[int64]struct {
		tenant int64
		path   string
	}
}{
	users: map[int64]int64{7: 1, 8: 1, 9: 2},
	orgs: map[int64]struct {
		tenant int64
		path   string
	}{1: {1, "/1/"}, 5: {1, "/5/"}, 51: {1, "/5/51/"}, 6: {1, "/6/"}, 20: {2, "/20/"}},
}

func installRefSystem(a *testApp) {
	a.sys.Paths = func(_ context.Context, tenantID, orgID int64) (string, error) {
		if o, ok := refSystem.orgs[orgID]; ok && o.tenant == tenantID {
			return o.path, nil
		}
		return "", store.ErrOutOfScope
	}
	a.sys.Names = func(_ context.Context, tenantID int64, ref, _ string, ids []int64) (map[int64]string, error) {
		out := map[int64]string{}
		for _, id := range ids {
			switch ref {
			case schema.RefUser:
				if refSystem.users[id] == tenantID {
					out[id] = fmt.Sprint("用户", id)
				}
			case schema.RefOrg:
				if o, ok := refSystem.orgs[id]; ok && o.tenant == tenantID {
					out[id] = fmt.Sprint("机构", id)
				}
			}
		}
		return out, nil
	}
}

func TestRefsWithinReachSQLite(t *testing.T)   { runRefsWithinReach(t, apitest.SQLiteURL(t)) }
func TestRefsWithinReachPostgres(t *testing.T) { runRefsWithinReach(t, apitest.PostgresURL(t)) }
func TestRefsWithinReachMySQL(t *testing.T)    { runRefsWithinReach(t, apitest.MySQLURL(t)) }

// as is a caller: org 0 is tenant-wide (organisation 1), else a member of
// that organisation reaching its subtree; tenant 0 is tenant 1.
type as struct{ org, tenant int }

func (c as) headers() map[string]string {
	h := map[string]string{}
	if c.org != 0 {
		h["X-Test-Org"] = fmt.Sprint(c.org)
	}
	if c.tenant != 0 {
		h["X-Test-Tenant"] = fmt.Sprint(c.tenant)
	}
	return h
}

// runRefsWithinReach writes references through every write path as a
// member of village 5: ids of its own records pass; ids of village 6, of
// tenant 2 and of nothing are refused alike, naming the field.
func runRefsWithinReach(t *testing.T, dbURL string) {
	a := newTestApp(t, dbURL, func(c *config.Config) {
		for name, text := range refModules {
			if err := os.WriteFile(filepath.Join(c.SchemasDir, "affairs", name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	})
	installRefSystem(a)
	h := a.Handler()
	v5, v6, wide, other := as{org: 5}, as{org: 6}, as{}, as{tenant: 2}
	send := func(c as, method, url, body string, status int) string {
		t.Helper()
		res := apitest.Scenario{Method: method, URL: url, Body: body, Headers: c.headers(), ExpectedStatus: status}.Test(t, h)
		return apitest.Compact(res.Body.Bytes())
	}
	household := func(c as, name string) int64 {
		t.Helper()
		return dataID(t, send(c, "POST", "/refs/households", `{"name":"`+name+`"}`, 200))
	}
	h5, h6, h2 := household(v5, "五村户"), household(v6, "六村户"), household(other, "外县户")
	const missing = 999999
	refused := func(field, message string) []string {
		return []string{`"code":400`, `"msg":"` + message + `"`, `"errors":[{"field":"` + field + `","message":"` + message + `"}]`}
	}

	// Each field kind on create: the caller's own reference passes; the
	// other village's, the other tenant's and a missing one get one answer.
	kinds := []struct {
		name, field, message string
		ok                   string
		bad                  []string // out of scope, other tenant, missing
	}{
		{"single", "household", "走访户不存在", fmt.Sprint(h5), []string{fmt.Sprint(h6), fmt.Sprint(h2), fmt.Sprint(missing)}},
		{"multiple", "neighbours", "邻户不存在", fmt.Sprintf("[%d]", h5),
			[]string{fmt.Sprintf("[%d,%d]", h5, h6), fmt.Sprintf("[%d,%d]", h2, h5), fmt.Sprintf("[%d]", missing)}},
		{"user", "officer", "走访人不存在", "8", []string{"9", fmt.Sprint(missing)}},
		{"org", "village", "所属村不存在", "51", []string{"6", "20", fmt.Sprint(missing)}},
	}
	for _, k := range kinds {
		t.Run("create "+k.name, func(t *testing.T) {
			send(v5, "POST", "/refs/visits", `{"topic":"走访","`+k.field+`":`+k.ok+`}`, 200)
			var answers []string
			for _, bad := range k.bad {
				res := apitest.Scenario{Method: "POST", URL: "/refs/visits", Headers: v5.headers(),
					Body: `{"topic":"走访","` + k.field + `":` + bad + `}`, ExpectedStatus: 400,
					ExpectedContent: refused(k.field, k.message)}.Test(t, h)
				answers = append(answers, apitest.Compact(res.Body.Bytes()))
			}
			for i := range answers {
				if answers[i] != answers[0] {
					t.Errorf("answer for %s = %s, want the same as for %s: %s", k.bad[i], answers[i], k.bad[0], answers[0])
				}
			}
		})
	}
	childRefused := refused("members.1.home", "同行人员第2行：所在户不存在")
	members := func(second int64) string {
		return fmt.Sprintf(`"members":[{"memberName":"甲","home":%d},{"memberName":"乙","home":%d}]`, h5, second)
	}
	visit := dataID(t, send(v5, "POST", "/refs/visits", `{"topic":"走访",`+members(h5)+`}`, 200))
	// A visit of village 5 that a county user made referencing village 6's
	// household: village 5 may still edit it while keeping those ids.
	legacy := dataID(t, send(wide, "POST", "/refs/visits",
		fmt.Sprintf(`{"topic":"旧","orgId":5,"household":%d,"neighbours":[%d],"members":[{"memberName":"丙","home":%d}]}`, h6, h6, h6), 200))
	apitest.Run(t, h, []apitest.Scenario{
		{Name: "create: a children row out of reach", Method: "POST", URL: "/refs/visits", Headers: v5.headers(),
			Body: `{"topic":"走访",` + members(h6) + `}`, ExpectedStatus: 400, ExpectedContent: childRefused},
		{Name: "create: a children row of another tenant", Method: "POST", URL: "/refs/visits", Headers: v5.headers(),
			Body: `{"topic":"走访",` + members(h2) + `}`, ExpectedStatus: 400, ExpectedContent: childRefused},
		{Name: "create: several problems, all named", Method: "POST", URL: "/refs/visits", Headers: v5.headers(),
			Body: fmt.Sprintf(`{"topic":"走访","household":%d,"officer":9}`, h6), ExpectedStatus: 400,
			ExpectedContent: []string{`"msg":"走访户不存在"`, `{"field":"household","message":"走访户不存在"},{"field":"officer","message":"走访人不存在"}`}},
		{Name: "update: a reference out of reach", Method: "PUT", URL: fmt.Sprint("/refs/visits/", visit), Headers: v5.headers(),
			Body: fmt.Sprintf(`{"household":%d}`, h6), ExpectedStatus: 400, ExpectedContent: refused("household", "走访户不存在")},
		{Name: "update without an id in the path", Method: "PUT", URL: "/refs/visits", Headers: v5.headers(),
			Body: fmt.Sprintf(`{"id":%d,"neighbours":[%d]}`, visit, h2), ExpectedStatus: 400, ExpectedContent: refused("neighbours", "邻户不存在")},
		{Name: "update: a children row out of reach", Method: "PUT", URL: fmt.Sprint("/refs/visits/", visit), Headers: v5.headers(),
			Body: `{` + members(missing) + `}`, ExpectedStatus: 400, ExpectedContent: childRefused},
		{Name: "update: an org out of reach", Method: "PUT", URL: fmt.Sprint("/refs/visits/", visit), Headers: v5.headers(),
			Body: `{"village":6}`, ExpectedStatus: 400, ExpectedContent: refused("village", "所属村不存在")},
		{Name: "update: references within reach", Method: "PUT", URL: fmt.Sprint("/refs/visits/", visit), Headers: v5.headers(),
			Body: fmt.Sprintf(`{"household":%d,"neighbours":[%d],"officer":7,"village":5}`, h5, h5), ExpectedStatus: 200},
		{Name: "nothing refused was written", Method: "GET", URL: fmt.Sprint("/refs/visits/", visit), Headers: v5.headers(),
			ExpectedStatus: 200, ExpectedContent: []string{fmt.Sprintf(`"household":%d`, h5), `"village":5`},
			NotExpectedContent: []string{fmt.Sprintf(`"home":%d`, missing)}},
		{Name: "update keeping references it already had", Method: "PUT", URL: fmt.Sprint("/refs/visits/", legacy), Headers: v5.headers(),
			Body:           fmt.Sprintf(`{"topic":"改","household":%d,"neighbours":[%d],"members":[{"memberName":"丙","home":%d}]}`, h6, h6, h6),
			ExpectedStatus: 200, ExpectedContent: []string{`"topic":"改"`}},
		{Name: "update adding another out-of-reach id beside a kept one", Method: "PUT", URL: fmt.Sprint("/refs/visits/", legacy),
			Headers: v5.headers(), Body: fmt.Sprintf(`{"neighbours":[%d,%d]}`, h6, h2), ExpectedStatus: 400,
			ExpectedContent: refused("neighbours", "邻户不存在")},
		{Name: "update of a record out of reach stays 404", Method: "PUT", URL: fmt.Sprint("/refs/visits/", visit), Headers: v6.headers(),
			Body: fmt.Sprintf(`{"household":%d}`, h6), ExpectedStatus: 404},
		{Name: "a status action carries no fields", Method: "PUT", URL: fmt.Sprint("/refs/visits/", visit, "/status"), Headers: v5.headers(),
			Body: fmt.Sprintf(`{"action":"done","household":%d}`, h6), ExpectedStatus: 400},
		{Name: "a status action moves a record", Method: "PUT", URL: fmt.Sprint("/refs/visits/", visit, "/status"), Headers: v5.headers(),
			Body: `{"action":"done"}`, ExpectedStatus: 200, ExpectedContent: []string{fmt.Sprintf(`"household":%d`, h5)}},
		{Name: "a module without data scope: the target's scope holds", Method: "POST", URL: "/refs/bulletins", Headers: v5.headers(),
			Body: fmt.Sprintf(`{"title":"公示","household":%d}`, h6), ExpectedStatus: 400, ExpectedContent: refused("household", "公示户不存在")},
		{Name: "a module without data scope: a reference within reach", Method: "POST", URL: "/refs/bulletins", Headers: v5.headers(),
			Body: fmt.Sprintf(`{"title":"公示","household":%d}`, h5), ExpectedStatus: 200},
		{Name: "the tenant-wide caller reaches every village", Method: "POST", URL: "/refs/visits", Headers: wide.headers(),
			Body: fmt.Sprintf(`{"topic":"县","household":%d,"neighbours":[%d,%d],"village":6,"officer":7}`, h5, h5, h6), ExpectedStatus: 200},
		{Name: "the tenant-wide caller still stays in its tenant", Method: "POST", URL: "/refs/visits", Headers: wide.headers(),
			Body: fmt.Sprintf(`{"topic":"县","household":%d}`, h2), ExpectedStatus: 400, ExpectedContent: refused("household", "走访户不存在")},
		{Name: "the other tenant reaches its own", Method: "POST", URL: "/refs/visits", Headers: other.headers(),
			Body: fmt.Sprintf(`{"topic":"外","household":%d,"officer":9,"village":20}`, h2), ExpectedStatus: 200},
		{Name: "the other tenant does not reach tenant 1", Method: "POST", URL: "/refs/visits", Headers: other.headers(),
			Body: `{"topic":"外","officer":7}`, ExpectedStatus: 400, ExpectedContent: refused("officer", "走访人不存在")},
	})
	refsImport(t, a, h5, h6, h2)
}

// refsImport runs an import's dry run and commit as a member of village 5:
// each row holding an id out of reach is reported on its own row, with one
// message for every kind of unreachable id, and nothing is committed.
func refsImport(t *testing.T, a *testApp, h5, h6, h2 int64) {
	h := a.Handler()
	v5 := as{org: 5}.headers()
	header := []any{"主题", "走访户", "邻户", "走访人", "所属村"}
	bad := workbook(t, [][]any{header,
		{"一", h5, fmt.Sprint(h5), 7, 5},
		{"二", h6, nil, nil, nil},
		{"三", h2, nil, nil, nil},
		{"四", 999999, nil, nil, nil},
		{"五", nil, fmt.Sprintf("%d、%d", h5, h6), 9, 6},
	})
	good := workbook(t, [][]any{header, {"一", h5, fmt.Sprint(h5), 7, 51}, {"二", nil, nil, 8, nil}})
	count := func(want string) apitest.Scenario {
		return apitest.Scenario{Name: "visits of village 5: " + want, Method: "GET", URL: "/refs/visits?topic.in=一,二,三,四,五",
			Headers: v5, ExpectedStatus: 200, ExpectedContent: []string{`"recordsTotal":` + want}}
	}
	rowErrs := `"errors":[{"row":3,"field":"household","message":"走访户不存在"},{"row":4,"field":"household","message":"走访户不存在"},` +
		`{"row":5,"field":"household","message":"走访户不存在"},{"row":6,"field":"neighbours","message":"邻户不存在"},` +
		`{"row":6,"field":"officer","message":"走访人不存在"},{"row":6,"field":"village","message":"所属村不存在"}]`
	apitest.Run(t, h, []apitest.Scenario{
		{Name: "dry run names each row", Method: "POST", URL: "/refs/visits/import?dryRun=true", Headers: v5,
			File: &apitest.File{Name: "v.xlsx", Data: bad}, ExpectedStatus: 200,
			ExpectedContent: []string{`"total":5`, `"valid":1`, rowErrs}},
		{Name: "commit refuses the file", Method: "POST", URL: "/refs/visits/import?dryRun=false", Headers: v5,
			File: &apitest.File{Name: "v.xlsx", Data: bad}, ExpectedStatus: 400,
			ExpectedContent: []string{`"msg":"导入数据有误，请修正后重新导入"`, rowErrs}},
		count("0"),
		{Name: "dry run of references within reach", Method: "POST", URL: "/refs/visits/import", Headers: v5,
			File: &apitest.File{Name: "v.xlsx", Data: good}, ExpectedStatus: 200,
			ExpectedContent: []string{`"total":2`, `"valid":2`, `"errors":[]`}},
		{Name: "commit of references within reach", Method: "POST", URL: "/refs/visits/import?dryRun=false", Headers: v5,
			File: &apitest.File{Name: "v.xlsx", Data: good}, ExpectedStatus: 200, ExpectedContent: []string{`"imported":2`}},
		count("2"),
	})
}

// dataID reads data.id from an envelope.
func dataID(t *testing.T, body string) int64 {
	t.Helper()
	var env struct {
		Data struct {
			ID int64 `json:"id"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(body), &env); err != nil || env.Data.ID == 0 {
		t.Fatalf("no data.id in %s (%v)", body, err)
	}
	return env.Data.ID
}

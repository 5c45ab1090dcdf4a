package engine_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"xiangzhi/engine/apitest"
	"xiangzhi/engine/schema"
)

const gridModule = `
name: grid
title: 网格
group: affairs
api: /cmzz/api/grids
permission: village.grid
fields:
  - {name: gridName, label: 网格名称, type: string, required: true, list: true, filter: contains}
`

const noticeWithAuthor = `
name: notice
title: 村务公告
group: affairs
api: /affairs/notices
permission: affairs.notice
fields:
  - {name: title, label: 标题, type: string, required: true, maxLength: 50, list: true, filter: contains}
  - {name: content, label: 内容, type: text}
  - {name: publishDate, label: 发布日期, type: date, list: true, filter: range, sort: true}
  - {name: author, label: 发布人, type: string, maxLength: 20}
`

// brokenNotice has a bad field type on line 7.
const brokenNotice = `
name: notice
title: 村务公告
group: affairs
api: /affairs/notices
permission: affairs.notice
fields:
  - {name: title, label: 标题, type: strang}
`

// eventually polls the scenario until it passes, for at most ten seconds
// (the watcher's own pace is well below that; the test does not time it).
func eventually(t *testing.T, a *testApp, s apitest.Scenario) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		res := httptest.NewRecorder()
		req := httptest.NewRequest(s.Method, s.URL, strings.NewReader(s.Body))
		if s.Body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		a.Handler().ServeHTTP(res, req)
		ok := res.Code == s.ExpectedStatus
		for _, frag := range s.ExpectedContent {
			ok = ok && strings.Contains(apitest.Compact(res.Body.Bytes()), frag)
		}
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: %s %s still answers %d %s", s.Name, s.Method, s.URL, res.Code, res.Body.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func waitForText(t *testing.T, a *testApp, text string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(a.logs.String(), text) {
		if time.Now().After(deadline) {
			t.Fatalf("log never said %q:\n%s", text, a.logs.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestHotReload(t *testing.T) {
	a := newTestApp(t, apitest.SQLiteURL(t))
	changed := make(chan *schema.Set, 16)
	a.OnModulesChanged(func(s *schema.Set) { changed <- s })
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan struct{})
	go func() { a.Watch(ctx); close(stopped) }()
	defer func() { cancel(); <-stopped }()

	apitest.Scenario{Name: "not yet", Method: "GET", URL: "/cmzz/api/grids", ExpectedStatus: 404}.Test(t, a.Handler())

	a.writeFile(t, "village/grid.yaml", gridModule)
	eventually(t, a, apitest.Scenario{Name: "new module answers", Method: "POST", URL: "/cmzz/api/grids",
		Body: `{"gridName":"一网格"}`, ExpectedStatus: 200, ExpectedContent: []string{`"id":1`}})
	waitForText(t, a, `"msg":"module loaded","name":"grid","api":"/cmzz/api/grids"`)
	select {
	case s := <-changed:
		if s.Module("grid") == nil {
			t.Errorf("hook got a set without the new module")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("OnModulesChanged hook not called")
	}
	if !hasRoute(a, "POST /cmzz/api/grids village.grid.add") {
		t.Errorf("route table lacks the new module")
	}

	a.writeFile(t, "affairs/notice.yaml", noticeWithAuthor)
	eventually(t, a, apitest.Scenario{Name: "changed module migrated", Method: "POST", URL: notices,
		Body: `{"title":"公告","author":"村委会"}`, ExpectedStatus: 200, ExpectedContent: []string{`"author":"村委会"`}})

	a.writeFile(t, "affairs/notice.yaml", brokenNotice)
	waitForText(t, a, `affairs/notice.yaml:7: fields.title.type`)
	apitest.Run(t, a.Handler(), []apitest.Scenario{
		{Name: "broken file keeps the old version", Method: "POST", URL: notices,
			Body: `{"title":"仍可用","author":"村委会"}`, ExpectedStatus: 200, ExpectedContent: []string{`"author":"村委会"`}},
		{Name: "other modules unaffected", Method: "GET", URL: "/cmzz/api/grids", ExpectedStatus: 200,
			ExpectedContent: []string{`"recordsTotal":1`}},
	})

	if err := os.Remove(filepath.Join(a.dir, "village/grid.yaml")); err != nil {
		t.Fatal(err)
	}
	eventually(t, a, apitest.Scenario{Name: "removed module is gone", Method: "GET", URL: "/cmzz/api/grids", ExpectedStatus: 404})
	waitForText(t, a, `"msg":"module removed","name":"grid"`)
	if a.Modules().Module("notice") == nil {
		t.Errorf("the broken module's old version was dropped")
	}
}

func hasRoute(a *testApp, key string) bool {
	for _, r := range a.Routes() {
		if r.Method+" "+r.Path+" "+r.Code == key {
			return true
		}
	}
	return false
}

func TestReloadByCode(t *testing.T) {
	a := newTestApp(t, apitest.SQLiteURL(t))
	ctx := context.Background()
	if err := a.Reload(ctx); err != nil {
		t.Fatalf("Reload of an unchanged tree = %v", err)
	}
	a.writeFile(t, "affairs/notice.yaml", brokenNotice)
	a.writeFile(t, "village/grid.yaml", gridModule)
	err := a.Reload(ctx)
	if err == nil || !strings.Contains(err.Error(), "affairs/notice.yaml:7") {
		t.Fatalf("Reload = %v, want the broken file's problem", err)
	}
	set := a.Modules()
	if m := set.Module("notice"); m == nil || m.Field("publishDate") == nil {
		t.Errorf("notice module = %+v, want the previous version", m)
	}
	if set.Module("grid") == nil {
		t.Errorf("the valid new module was not loaded")
	}
	if set.Dicts["gender"] == nil {
		t.Errorf("dictionaries lost on reload")
	}
}

// TestModuleSource checks that a module source's files are loaded with the
// tree, and that when the source fails its modules stay served and nothing
// counts as removed.
func TestModuleSource(t *testing.T) {
	a := newTestApp(t, apitest.SQLiteURL(t))
	ctx := context.Background()
	var fail bool
	a.SetModuleSource(func(context.Context) (map[string][]byte, error) {
		if fail {
			return nil, errors.New("database away")
		}
		return map[string][]byte{"designer/grid.yaml": []byte(gridModule)}, nil
	})
	var last *schema.Set
	a.OnModulesChanged(func(s *schema.Set) { last = s })
	if err := a.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	apitest.Scenario{Name: "sourced module answers", Method: "POST", URL: "/cmzz/api/grids",
		Body: `{"gridName":"一网格"}`, ExpectedStatus: 200}.Test(t, a.Handler())
	if m := a.Modules().Module("grid"); m == nil || m.File != "designer/grid.yaml" {
		t.Fatalf("sourced module: %+v", m)
	}
	fail = true
	if err := a.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	if a.Modules().Module("grid") == nil || last == nil || !last.Failed[""] {
		t.Errorf("a failing source dropped its modules or let them count as removed (failed %v)", last.Failed)
	}
	if m, problems := a.CheckModule("designer/grid.yaml", []byte(brokenNotice)); m != nil || len(problems) == 0 {
		t.Errorf("CheckModule of a broken file: %v %v", m, problems)
	}
}

package content_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"xiangzhi/engine/store"
	"xiangzhi/modules/content"
	"xiangzhi/tools/demo/demotest"
)

func TestArticleShelvesAndTopFlag(t *testing.T) {
	env := demotest.New(t, content.Register)
	town := env.Login(t, "town1_admin")
	villageUser := env.Login(t, "v01_admin")
	// The county's site and channel are out of a township's reach (a
	// reference must name a record the writer could read): the township
	// gets its own.
	townID := env.Account(t, "town1_admin").OrgID
	site := place(t, env, "cmsSite", townID, store.Record{"siteName": "镇门户", "siteCode": "town1", "siteType": 1})
	channel := place(t, env, "cmsChannel", townID, store.Record{"site": site, "channelName": "镇动态",
		"channelCode": "town1-news", "channelType": 0})
	kind := env.Rows(t, "publishType", 0)[0]["id"]
	create := func(t *testing.T, title string) any {
		t.Helper()
		status, res := env.Call(t, town, http.MethodPost, "/cms/api/article", map[string]any{"title": title,
			"site": site, "channel": channel, "publishType": kind, "content": "<p>正文</p>"})
		if status != http.StatusOK {
			t.Fatalf("create: %d %v", status, res)
		}
		return demotest.Num(res["data"].(map[string]any)["id"])
	}
	a1, a2, draft := create(t, "秋收工作部署"), create(t, "冬季防火通知"), create(t, "草稿")
	other := env.Rows(t, "article", env.County.Townships[1].ID)[0]["id"]
	shelves := "/cms/api/article/updateArticleShelves"

	t.Run("shelve a batch", func(t *testing.T) {
		status, res := env.Call(t, town, http.MethodPost, shelves, map[string]any{"ids": []any{a1, a2}, "shelfStatus": 1})
		if status != http.StatusOK {
			t.Fatalf("shelve: %d %v", status, res)
		}
		for _, id := range []any{a1, a2} {
			r := env.Get(t, "article", id.(int64))
			if r["shelfStatus"] != int64(1) || r["publishTime"] == nil {
				t.Fatalf("article %v: status %v publishTime %v", id, r["shelfStatus"], r["publishTime"])
			}
		}
	})

	tests := []struct {
		name   string
		token  string
		method string
		path   string
		body   any
		want   int
	}{
		{"another township's article", town, http.MethodPost, shelves, map[string]any{"ids": []any{a1, other}, "shelfStatus": 2}, http.StatusNotFound},
		{"already on the shelf", town, http.MethodPost, shelves, map[string]any{"id": a1, "shelfStatus": 1}, http.StatusConflict},
		{"bad shelf status", town, http.MethodPost, shelves, map[string]any{"id": a1, "shelfStatus": 5}, http.StatusBadRequest},
		{"shelve without the code", villageUser, http.MethodPost, shelves, map[string]any{"id": draft, "shelfStatus": 1}, http.StatusForbidden},
		{"pin a draft", town, http.MethodGet, fmt.Sprintf("/cms/api/article/topFlagOn/%v", draft), nil, http.StatusConflict},
		{"pin another township's article", town, http.MethodGet, fmt.Sprintf("/cms/api/article/topFlagOn/%v", other), nil, http.StatusNotFound},
		{"pin without the code", villageUser, http.MethodGet, fmt.Sprintf("/cms/api/article/topFlagOn/%v", a1), nil, http.StatusForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if status, res := env.Call(t, tt.token, tt.method, tt.path, tt.body); status != tt.want {
				t.Fatalf("status = %d, want %d; %v", status, tt.want, res)
			}
		})
	}

	t.Run("pin, then unshelve takes it off the top", func(t *testing.T) {
		if status, res := env.Call(t, town, http.MethodGet, fmt.Sprintf("/cms/api/article/topFlagOn/%v", a1), nil); status != http.StatusOK {
			t.Fatalf("pin: %d %v", status, res)
		}
		if env.Get(t, "article", a1.(int64))["isTop"] != true {
			t.Fatal("article not pinned")
		}
		if status, res := env.Call(t, town, http.MethodGet, fmt.Sprintf("/cms/api/article/topFlagOff/%v", a2), nil); status != http.StatusOK {
			t.Fatalf("unpin: %d %v", status, res)
		}
		status, res := env.Call(t, town, http.MethodPost, shelves, map[string]any{"id": a1, "shelfStatus": 2})
		if status != http.StatusOK {
			t.Fatalf("unshelve: %d %v", status, res)
		}
		r := env.Get(t, "article", a1.(int64))
		if r["shelfStatus"] != int64(2) || r["isTop"] != false {
			t.Fatalf("after unshelve: status %v isTop %v", r["shelfStatus"], r["isTop"])
		}
	})

	t.Run("the generic status route stamps the publish time and clears the top flag", func(t *testing.T) {
		id := create(t, "通用状态接口上架").(int64)
		status, res := env.Call(t, town, http.MethodPut, fmt.Sprintf("/cms/api/article/%d/status", id),
			map[string]any{"action": "shelve"})
		if status != http.StatusOK {
			t.Fatalf("status shelve: %d %v", status, res)
		}
		if r := env.Get(t, "article", id); r["publishTime"] == nil {
			t.Fatal("shelved through the status route without a publish time")
		}
		if status, res := env.Call(t, town, http.MethodGet, fmt.Sprintf("/cms/api/article/topFlagOn/%d", id), nil); status != http.StatusOK {
			t.Fatalf("pin: %d %v", status, res)
		}
		status, res = env.Call(t, town, http.MethodPut, fmt.Sprintf("/cms/api/article/%d/status", id),
			map[string]any{"action": "unshelve"})
		if status != http.StatusOK {
			t.Fatalf("status unshelve: %d %v", status, res)
		}
		if r := env.Get(t, "article", id); r["isTop"] != false {
			t.Fatalf("unshelved through the status route, isTop %v", r["isTop"])
		}
	})
}

// place writes a record of module in organisation orgID, as the demo does,
// and answers its id.
func place(t *testing.T, env *demotest.Env, module string, orgID int64, rec store.Record) int64 {
	t.Helper()
	rec["orgId"] = orgID
	out, err := env.App.Store().Create(context.Background(), env.App.Modules().Module(module), env.TenantScope(), rec)
	if err != nil {
		t.Fatalf("create %s: %v", module, err)
	}
	return out["id"].(int64)
}

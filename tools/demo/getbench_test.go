package demo_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"xiangzhi/tools/demo/demotest"
)

// BenchmarkGet is the authenticated get of a villager by id, and /healthz
// beside it, through the app's whole handler (middleware included) with the
// console's headers: the allocations and CPU per request the county bench's
// "one connection" scenarios measure over a socket (docs/performance.md).
//
//	go test ./tools/demo -run '^$' -bench Get -benchmem
func BenchmarkGet(b *testing.B) {
	env := demotest.New(b)
	token := env.Login(b, "county_admin")
	id := env.Rows(b, "villager", env.Village(1).ID)[0]["id"].(int64)
	run := func(b *testing.B, path, token string) {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.Header.Set("Accept-Encoding", "gzip, deflate, br")
		req.Header.Set("Accept-Language", "zh-CN,zh;q=0.9")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		req.RemoteAddr = "127.0.0.1:40000"
		h := env.App.Handler()
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("%s = %d %s", path, rec.Code, rec.Body)
		}
		size := rec.Body.Len()
		b.ReportAllocs()
		b.ResetTimer()
		for b.Loop() {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
		}
		b.ReportMetric(float64(size), "bytes/answer")
	}
	b.Run("villager", func(b *testing.B) { run(b, fmt.Sprintf("/cmzz/api/villagerinfo/%d", id), token) })
	b.Run("healthz", func(b *testing.B) { run(b, "/healthz", "") })
}

package system

import (
	"fmt"
	"net/http"
	"sync"
	"testing"
)

// TestConcurrentWrites runs system writes (transactions that read, then
// write), module writes and logins side by side on one SQLite file: none
// may fail with SQLITE_BUSY (database is locked).
func TestConcurrentWrites(t *testing.T) {
	app, s := newTestApp(t)
	admin := adminToken(t, app, s)
	root := rootOrg(t, s, s.tenantID)
	u := createUser(t, s, userSpec{Username: "busy"})
	var wg sync.WaitGroup
	fails := make(chan string, 1000)
	for i := 0; i < 12; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			for j := 0; j < 8; j++ {
				steps := []struct {
					method, path string
					body         any
				}{
					{http.MethodPost, testModuleAPI, map[string]any{"title": "x"}},
					{http.MethodPost, "/api/system/cscpOrgs/save", map[string]any{"cscpOrgDTOs": []any{
						map[string]any{"orgName": fmt.Sprintf("o%d-%d", i, j), "parentId": root.ID}}}},
				}
				for _, st := range steps {
					if status, env := call(t, app, admin, st.method, st.path, st.body); status != http.StatusOK {
						fails <- fmt.Sprintf("%s %s = %d %v", st.method, st.path, status, env)
					}
				}
				if status, env := tryLogin(t, app, map[string]any{"username": u.Username}, testPassword); status != http.StatusOK {
					fails <- fmt.Sprintf("login = %d %v", status, env)
				}
			}
		}(i)
	}
	wg.Wait()
	close(fails)
	for f := range fails {
		t.Error(f)
	}
}

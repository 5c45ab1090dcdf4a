package demo_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"xiangzhi/engine"
	"xiangzhi/engine/crud"
	"xiangzhi/tools/demo/demotest"
)

// TestGetLabelsAsMaps: on a demo county, the "_labels" of every shipped
// module's records answered by id (written from entries, without maps) are
// byte for byte those the general list path writes for the same records
// (maps, encoded by OKObjects), for a county and a village administrator,
// on SQLite, PostgreSQL and MariaDB.
func TestGetLabelsAsMaps(t *testing.T) {
	onEachDatabase(t, func(t *testing.T, app *engine.App) {
		env := demotest.NewOn(t, app)
		crud.SetRecordLists(true)
		defer crud.SetRecordLists(false)
		type row struct {
			ID     json.Number     `json:"id"`
			Labels json.RawMessage `json:"_labels"`
		}
		gets, labelled := 0, 0
		for _, user := range []string{"county_admin", "v01_admin"} {
			token := env.Login(t, user)
			for _, m := range env.App.Modules().Modules {
				if m.API == "" {
					continue
				}
				var page struct {
					Data struct{ Data []row } `json:"data"`
				}
				status, body := raw(env, token, http.MethodGet, m.API+"?page=0&size=8")
				if status == http.StatusForbidden { // a module the user's roles do not open
					continue
				}
				if err := json.Unmarshal(body, &page); status != http.StatusOK || err != nil {
					t.Fatalf("list %s: %d %v %.300s", m.Name, status, err, body)
				}
				for _, listed := range page.Data.Data {
					var got struct{ Data row }
					path := fmt.Sprintf("%s/%s", m.API, listed.ID)
					status, body := raw(env, token, http.MethodGet, path)
					if err := json.Unmarshal(body, &got); status != http.StatusOK || err != nil {
						t.Fatalf("GET %s: %d %v %.300s", path, status, err, body)
					}
					if string(got.Data.Labels) != string(listed.Labels) {
						t.Fatalf("%s GET %s: _labels\nget  %s\nlist %s", user, path, got.Data.Labels, listed.Labels)
					}
					gets++
					if len(listed.Labels) > 2 {
						labelled++
					}
				}
			}
		}
		if labelled < 100 {
			t.Fatalf("only %d of %d records had labels: the comparison proves little", labelled, gets)
		}
		t.Logf("%d gets compared, %d with labels", gets, labelled)
	})
}

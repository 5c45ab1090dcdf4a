package demo_test

import (
	"net/http"
	"net/url"
	"testing"

	"xiangzhi/modules/oos"
	"xiangzhi/tools/demo/demotest"
)

// TestDemoFileLinksRenew: every value of an image or file field of the
// demo records is a link the file service renews for the demo tenant
// (/api/oos/presignedUrlNew, as the console asks), and pictures and
// documents both occur.
func TestDemoFileLinksRenew(t *testing.T) {
	env := demotest.New(t, oos.Register)
	tok := env.Login(t, "county_admin")
	links := map[string]string{} // link → the field that holds it
	for _, m := range env.App.Modules().Modules {
		for i := range m.Fields {
			f := &m.Fields[i]
			if !f.HoldsFiles() {
				continue
			}
			for _, r := range env.Rows(t, m.Name, 0) {
				switch v := r[f.Name].(type) {
				case string:
					links[v] = m.Name + "." + f.Name
				case []any:
					for _, x := range v {
						s, _ := x.(string)
						links[s] = m.Name + "." + f.Name
					}
				}
			}
		}
	}
	delete(links, "")
	types := map[string]bool{}
	for link, field := range links {
		st, out := env.Call(t, tok, http.MethodGet, "/api/oos/presignedUrlNew?fullUrl="+url.QueryEscape(link), nil)
		res, _ := out["result"].(map[string]any)
		if st != http.StatusOK || res == nil {
			t.Errorf("%s holds %s: presignedUrlNew = %d %v", field, link, st, out)
			continue
		}
		ct, _ := res["contentType"].(string)
		types[ct] = true
	}
	for _, want := range []string{"image/png", "image/jpeg", "application/pdf"} {
		if !types[want] {
			t.Errorf("no demo record links a %s file (types seen: %v)", want, types)
		}
	}
	t.Logf("%d distinct file links renewed, types %v", len(links), types)
}

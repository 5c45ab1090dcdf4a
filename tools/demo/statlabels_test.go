package demo_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"xiangzhi/tools/demo/demotest"
)

// TestStatisticLabelsFollowLocale: the labels the server makes for a
// statistic's buckets — the age bands of the county screen, 是/否 of a
// bool — follow Accept-Language (en, ja) and stay Chinese without it; the
// keys do not change.
func TestStatisticLabelsFollowLocale(t *testing.T) {
	e := demotest.New(t, registerWorkbench)
	token := e.Login(t, "county_admin")
	get := func(path, lang string) any {
		t.Helper()
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		if lang != "" {
			req.Header.Set("Accept-Language", lang)
		}
		req.RemoteAddr = "192.0.2.10:40000"
		rec := httptest.NewRecorder()
		e.App.Handler().ServeHTTP(rec, req)
		var env map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil || rec.Code != http.StatusOK {
			t.Fatalf("%s (%s) = %d %s", path, lang, rec.Code, rec.Body.String())
		}
		return env["data"]
	}
	labels := func(buckets any) (keys, labels []string) {
		for _, b := range buckets.([]any) {
			b := b.(map[string]any)
			keys, labels = append(keys, jsonText(b["key"])), append(labels, b["label"].(string))
		}
		return keys, labels
	}
	ages := func(lang string) ([]string, []string) {
		d := get("/api/dashboards/countyOverview/data?widgets=ageBands", lang).(map[string]any)
		return labels(d["widgets"].(map[string]any)["ageBands"].(map[string]any)["buckets"])
	}
	zhKeys, zh := ages("")
	enKeys, en := ages("en-US,en;q=0.9")
	_, ja := ages("ja")
	if !slices.Equal(zhKeys, enKeys) || len(zh) == 0 {
		t.Fatalf("keys differ by locale: %v vs %v", zhKeys, enKeys)
	}
	for i, k := range zhKeys {
		want := map[string][3]string{
			"0-17": {"0-17岁", "0-17 yrs", "0-17歳"}, "18-35": {"18-35岁", "18-35 yrs", "18-35歳"},
			"80+": {"80岁以上", "80 yrs and over", "80歳以上"},
		}[k]
		if want[0] != "" && (zh[i] != want[0] || en[i] != want[1] || ja[i] != want[2]) {
			t.Errorf("band %s: %q / %q / %q, want %v", k, zh[i], en[i], ja[i], want)
		}
	}
	if !slices.Contains(zhKeys, "80+") || !slices.Contains(zhKeys, "18-35") {
		t.Errorf("the county has no 18-35 or 80+ band: %v", zhKeys)
	}

	keys, en := labels(get("/cms/api/article/stats?by=isTop", "en"))
	_, zh = labels(get("/cms/api/article/stats?by=isTop", ""))
	for i, k := range keys {
		want := map[string][2]string{"true": {"是", "Yes"}, "false": {"否", "No"}}[k]
		if zh[i] != want[0] || en[i] != want[1] {
			t.Errorf("isTop %s: %q / %q, want %v", k, zh[i], en[i], want)
		}
	}
	if len(keys) == 0 {
		t.Errorf("no articles to count")
	}
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	s := string(b)
	if len(s) > 1 && s[0] == '"' {
		return s[1 : len(s)-1]
	}
	return s
}

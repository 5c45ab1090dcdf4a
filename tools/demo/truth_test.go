package demo_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"xiangzhi/engine"
	"xiangzhi/modules/oos"
	"xiangzhi/tools/demo/demotest"
)

// TestDemoReadsTrue: grid events stand in every status from 待受理 to
// 已办结 (the closed ones with a result); the video fields hold the demo
// video, which the upload's content checks take for a video field; free
// texts are written for their module (an event's description reads like
// one, the same sentence is not reused across modules).
func TestDemoReadsTrue(t *testing.T) {
	env := demotest.New(t, func(app *engine.App) error { return oos.Register(app) })

	events := env.Rows(t, "event", 0)
	seen := map[int64]int{}
	for _, r := range events {
		s := demotest.Num(r["handleStatus"])
		seen[s]++
		if s == 5 && (r["result"] == nil || r["finishTime"] == nil) {
			t.Errorf("closed event %v has no result or finish time", r["id"])
		}
	}
	for s := int64(1); s <= 7; s++ {
		if seen[s] == 0 {
			t.Errorf("no grid event in status %d (statuses: %v)", s, seen)
		}
	}

	for _, m := range []string{"article", "agriTraining", "alarm"} {
		n := 0
		for _, r := range env.Rows(t, m, 0) {
			field := map[string]string{"article": "video", "agriTraining": "video", "alarm": "videoClip"}[m]
			if v, _ := r[field].(string); strings.Contains(v, ".mp4") {
				n++
			}
		}
		if n == 0 {
			t.Errorf("no %s record holds the demo video", m)
		}
	}
	video, err := os.ReadFile("assets/village.mp4")
	if err != nil {
		t.Fatal(err)
	}
	if len(video) > 100<<10 {
		t.Errorf("demo video is %d bytes, want under 100 KB", len(video))
	}
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	_ = mw.WriteField("businessType", "article")
	_ = mw.WriteField("field", "video")
	part, _ := mw.CreateFormFile("file", "村庄风貌.mp4")
	_, _ = part.Write(video)
	_ = mw.Close()
	req := httptest.NewRequest(http.MethodPost, "/api/oos/uploadFile", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+env.Login(t, "v01_admin"))
	rec := httptest.NewRecorder()
	env.App.Handler().ServeHTTP(rec, req)
	var ans struct{ Msg string }
	_ = json.Unmarshal(rec.Body.Bytes(), &ans)
	if rec.Code != http.StatusOK || ans.Msg != "上传成功" {
		t.Errorf("upload of the demo video to article.video = %d %s", rec.Code, rec.Body)
	}

	texts := map[string]string{} // text → the module.field that used it first
	for _, mf := range [][2]string{{"event", "description"}, {"visit", "situation"}, {"messageBoard", "content"},
		{"villageNotice", "content"}, {"envEvent", "description"}, {"repairOrder", "faultDesc"}, {"patrolEvent", "description"},
		{"broadcastMedia", "textContent"}, {"legalAid", "caseSummary"}, {"dangerousBuilding", "damageDesc"}} {
		for _, r := range env.Rows(t, mf[0], 0) {
			v, _ := r[mf[1]].(string)
			if v == "" {
				continue
			}
			if strings.Contains(v, "按照上级部署要求") || strings.Contains(v, "由网格员现场核实后录入") {
				t.Errorf("%s.%s holds a general sentence: %q", mf[0], mf[1], v)
			}
			key := mf[0] + "." + mf[1]
			if first, ok := texts[v]; ok && first != key {
				t.Errorf("%s.%s reuses the text of %s: %q", mf[0], mf[1], first, v)
			}
			texts[v] = key
		}
	}
	if len(texts) < 20 {
		t.Errorf("only %d distinct free texts: %v", len(texts), fmt.Sprint(texts))
	}
}

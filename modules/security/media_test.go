package security_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"xiangzhi/engine/store"
	"xiangzhi/modules/security"
	"xiangzhi/tools/demo/demotest"
)

// TestCameraMedia: spec §7's /cam/api/media/play and /playback answer where
// a camera's live video and its recording of a period play, from the
// camera's 取流地址 (Hikvision and Dahua RTSP forms), for a holder of the
// camera view code in their data scope; bad input is a Chinese 400.
func TestCameraMedia(t *testing.T) {
	env := demotest.New(t, security.Register)
	ctx := context.Background()
	m := env.App.Modules().Module("camera")
	admin := env.Login(t, "v01_admin")
	v1, v2 := env.Village(1), env.Village(2)
	mine := env.Rows(t, "camera", v1.ID)
	if len(mine) < 3 {
		t.Fatalf("village 1 has %d demo cameras", len(mine))
	}
	hik, dahua, bare := demotest.Num(mine[0]["id"]), demotest.Num(mine[1]["id"]), demotest.Num(mine[2]["id"])
	set := func(id int64, rec store.Record) {
		t.Helper()
		if _, err := env.App.Store().Update(ctx, m, env.TenantScope(), id, rec); err != nil {
			t.Fatal(err)
		}
	}
	set(hik, store.Record{"streamUrl": "rtsp://10.1.10.21:554/Streaming/Channels/101", "enabled": true})
	set(dahua, store.Record{"streamUrl": "rtsp://10.1.10.22:554/cam/realmonitor?channel=2&subtype=0", "enabled": true})
	set(bare, store.Record{"streamUrl": "", "enabled": true})
	theirs := demotest.Num(env.Rows(t, "camera", v2.ID)[0]["id"])
	foreign, err := env.App.Store().Create(ctx, m, store.Scope{TenantID: env.County.TenantID + 100, Mode: store.ScopeAll}, store.Record{
		"cameraName": "外县摄像头", "platform": "1", "deviceCode": "X-1", "installAddress": "外县", "location": map[string]any{"lng": 110.0, "lat": 30.0},
		"streamUrl": "rtsp://10.9.9.9:554/Streaming/Channels/101"})
	if err != nil {
		t.Fatal(err)
	}
	data := func(res map[string]any) map[string]any { d, _ := res["data"].(map[string]any); return d }

	status, res := env.Call(t, admin, http.MethodGet, fmt.Sprintf("/cam/api/media/play?id=%d", hik), nil)
	if status != http.StatusOK || data(res)["url"] != "rtsp://10.1.10.21:554/Streaming/Channels/101" ||
		data(res)["protocol"] != "rtsp" || demotest.Num(data(res)["cameraId"]) != hik {
		t.Fatalf("play: %d %v", status, res)
	}

	local := func(s string) time.Time {
		tm, err := time.ParseInLocation("2006-01-02 15:04:05", s, time.Local)
		if err != nil {
			t.Fatal(err)
		}
		return tm
	}
	from, to := "2025-11-20 08:00:00", "2025-11-20 08:30:00"
	back := func(id int64, from, to string) string {
		return fmt.Sprintf("/cam/api/media/playback?id=%d&startTime=%s&endTime=%s", id, url.QueryEscape(from), url.QueryEscape(to))
	}
	utc := func(s string) string { return local(s).UTC().Format("20060102T150405Z") }
	status, res = env.Call(t, admin, http.MethodGet, back(hik, from, to), nil)
	if want := "rtsp://10.1.10.21:554/Streaming/tracks/101?starttime=" + utc(from) + "&endtime=" + utc(to); status != http.StatusOK ||
		data(res)["url"] != want || data(res)["startTime"] != from || data(res)["endTime"] != to {
		t.Fatalf("Hikvision playback: %d %v, want %s", status, res, want)
	}
	status, res = env.Call(t, admin, http.MethodGet, back(dahua, from, to), nil)
	if want := "rtsp://10.1.10.22:554/cam/playback?channel=2&starttime=2025_11_20_08_00_00&endtime=2025_11_20_08_30_00"; status != http.StatusOK || data(res)["url"] != want {
		t.Fatalf("Dahua playback: %d %v, want %s", status, res, want)
	}
	// A period reaching past now ends now.
	now := time.Now().In(time.Local)
	status, res = env.Call(t, admin, http.MethodGet, back(hik, now.Add(-time.Hour).Format("2006-01-02 15:04:05"),
		now.Add(time.Hour).Format("2006-01-02 15:04:05")), nil)
	if end, _ := data(res)["endTime"].(string); status != http.StatusOK || local(end).After(time.Now().Add(time.Second)) {
		t.Fatalf("playback into the future: %d %v", status, res)
	}

	tests := []struct {
		name, path string
		want       int
		msg        string
	}{
		{"no camera", "/cam/api/media/play", http.StatusBadRequest, "请选择摄像头"},
		{"bad id", "/cam/api/media/play?id=abc", http.StatusBadRequest, "ID格式不正确"},
		{"another village's camera", fmt.Sprintf("/cam/api/media/play?id=%d", theirs), http.StatusNotFound, ""},
		{"another tenant's camera", fmt.Sprintf("/cam/api/media/play?cameraId=%v", foreign["id"]), http.StatusNotFound, ""},
		{"no stream address", fmt.Sprintf("/cam/api/media/play?id=%d", bare), http.StatusConflict, "该摄像头未配置取流地址"},
		{"no start", fmt.Sprintf("/cam/api/media/playback?id=%d&endTime=%s", hik, url.QueryEscape(to)), http.StatusBadRequest, "请选择开始时间"},
		{"bad end", back(hik, from, "2025-11-20"), http.StatusBadRequest, "结束时间格式不正确，应为 yyyy-MM-dd HH:mm:ss"},
		{"end before start", back(hik, to, from), http.StatusBadRequest, "结束时间必须晚于开始时间"},
		{"longer than a day", back(hik, from, "2025-11-21 08:00:01"), http.StatusBadRequest, "单次回放不能超过24小时"},
		{"starts in the future", back(hik, now.Add(time.Hour).Format("2006-01-02 15:04:05"), now.Add(2*time.Hour).Format("2006-01-02 15:04:05")),
			http.StatusBadRequest, "回放开始时间必须早于当前时间"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, res := env.Call(t, admin, http.MethodGet, tt.path, nil)
			if status != tt.want || tt.msg != "" && res["msg"] != tt.msg {
				t.Fatalf("status = %d %v, want %d %s", status, res, tt.want, tt.msg)
			}
		})
	}
	t.Run("disabled camera", func(t *testing.T) {
		set(hik, store.Record{"enabled": false})
		defer set(hik, store.Record{"enabled": true})
		if status, res := env.Call(t, admin, http.MethodGet, fmt.Sprintf("/cam/api/media/play?id=%d", hik), nil); status != http.StatusConflict || res["msg"] != "该摄像头已停用" {
			t.Fatalf("status = %d %v", status, res)
		}
	})
	t.Run("playback needs a known RTSP form", func(t *testing.T) {
		set(bare, store.Record{"streamUrl": "https://video.example.cn/live/7.flv"})
		if status, res := env.Call(t, admin, http.MethodGet, back(bare, from, to), nil); status != http.StatusConflict ||
			!strings.Contains(fmt.Sprint(res["msg"]), "不支持录像回放") {
			t.Fatalf("status = %d %v", status, res)
		}
		if status, res := env.Call(t, admin, http.MethodGet, fmt.Sprintf("/cam/api/media/play?id=%d", bare), nil); status != http.StatusOK ||
			data(res)["protocol"] != "https" {
			t.Fatalf("live of an https address: %d %v", status, res)
		}
	})
	t.Run("without the camera view code", func(t *testing.T) {
		tok := env.UserWithoutRoles(t, v1.ID)
		if status, res := env.Call(t, tok, http.MethodGet, fmt.Sprintf("/cam/api/media/play?id=%d", hik), nil); status != http.StatusForbidden {
			t.Fatalf("status = %d %v", status, res)
		}
	})
}

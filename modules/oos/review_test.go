package oos

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"xiangzhi/engine/files/filestest"
)

func TestReviewKeywords(t *testing.T) {
	ta := newTestApp(t, appOptions{env: map[string]string{"XZ_REVIEW_KEYWORDS": "违禁词,casino"}})
	png := filestest.PNG()
	tagged := append(filestest.PNG(), "Comment: CASINO bonus"...)
	tests := []struct {
		name    string
		part    filePart
		fields  [][2]string
		status  int
		wantMsg string
	}{
		{"clean picture", fileOf("a.png", png), nil, 200, "上传成功"},
		{"keyword in the name", fileOf("违禁词.png", png), nil, 400, "上传失败，内容包含敏感词"},
		{"keyword in fileName", fileOf("a.png", png), [][2]string{{"fileName", "违禁词.png"}}, 400, "上传失败，内容包含敏感词"},
		{"keyword in the content", fileOf("a.png", tagged), nil, 400, "上传失败，内容包含敏感词"},
		{"gif reviewed", fileOf("违禁词.gif", filestest.GIF()), nil, 400, "上传失败，内容包含敏感词"},
		{"jpeg reviewed", fileOf("违禁词.jpg", filestest.JPEG()), nil, 400, "上传失败，内容包含敏感词"},
		{"bmp is not a reviewed type", fileOf("违禁词.bmp", filestest.BMP()), nil, 200, "上传成功"},
		{"pdf is not a reviewed type", fileOf("违禁词.pdf", filestest.PDF()), nil, 200, "上传成功"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, a := ta.upload(t, ta.token, "/api/oos/uploadFile", tt.fields, tt.part)
			if rec.Code != tt.status || a.Msg != tt.wantMsg {
				t.Errorf("upload = %d %+v, want %d %q", rec.Code, a, tt.status, tt.wantMsg)
			}
		})
	}
	reviews := []struct {
		name     string
		part     filePart
		wantCode int
		wantMsg  string
	}{
		{"passes", fileOf("a.png", png), 0, "审核通过"},
		{"refused", fileOf("a.png", tagged), 1, "内容包含敏感词"},
		{"refused by name", fileOf("违禁词.jpg", filestest.JPEG()), 1, "内容包含敏感词"},
	}
	for _, tt := range reviews {
		t.Run("picReview/"+tt.name, func(t *testing.T) {
			rec, a := ta.upload(t, ta.token, "/api/picReview/review", nil, tt.part)
			if rec.Code != 200 || a.Code != tt.wantCode || a.Msg != tt.wantMsg {
				t.Errorf("review = %d %+v, want code %d %q", rec.Code, a, tt.wantCode, tt.wantMsg)
			}
		})
	}
	t.Run("picReview of an executable", func(t *testing.T) {
		rec, a := ta.upload(t, ta.token, "/api/picReview/review", nil, fileOf("a.png", filestest.ELF()))
		if rec.Code != 400 || a.Msg != "文件格式有误" {
			t.Errorf("review = %d %+v", rec.Code, a)
		}
	})
}

func TestReviewExternalService(t *testing.T) {
	answer, status := `{"code":1,"msg":"图片涉嫌违规"}`, 200
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.WriteHeader(status)
		_, _ = io.WriteString(w, answer)
	}))
	defer srv.Close()
	ta := newTestApp(t, appOptions{env: map[string]string{"XZ_REVIEW_URL": srv.URL}})
	rec, a := ta.upload(t, ta.token, "/api/oos/uploadFile", nil, fileOf("a.png", filestest.PNG()))
	if rec.Code != 400 || a.Msg != "上传失败，图片涉嫌违规" {
		t.Errorf("refused upload = %d %+v", rec.Code, a)
	}
	rec, a = ta.upload(t, ta.token, "/api/picReview/review", nil, fileOf("a.png", filestest.PNG()))
	if rec.Code != 200 || a.Code != 1 || a.Msg != "图片涉嫌违规" {
		t.Errorf("review = %d %+v", rec.Code, a)
	}
	answer, status = "down", 502
	rec, a = ta.upload(t, ta.token, "/api/oos/uploadFile", nil, fileOf("a.png", filestest.PNG()))
	if rec.Code != 503 || a.Msg != "图片审核服务暂不可用，请稍后重试" {
		t.Errorf("upload while the reviewer is down = %d %+v", rec.Code, a)
	}
	answer, status = `{"code":0}`, 200
	rec, _ = ta.upload(t, ta.token, "/api/oos/uploadFile", nil, fileOf("a.png", filestest.PNG()))
	if rec.Code != 200 {
		t.Errorf("accepted upload = %d %s", rec.Code, rec.Body)
	}
	if n := ta.fileRows(t); n != 1 {
		t.Errorf("%d files recorded, want 1", n)
	}
}

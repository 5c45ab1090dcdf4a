package files_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"xiangzhi/engine/files"
	"xiangzhi/engine/files/filestest"
)

func subject(name string, content []byte) files.Subject {
	return files.Subject{Name: name, Type: files.TypePNG, Size: int64(len(content)), Content: bytes.NewReader(content)}
}

func TestLocalReviewers(t *testing.T) {
	png := filestest.PNG()
	withWord := append(filestest.PNG(), "tEXt:赌博网站"...)
	tests := []struct {
		name       string
		r          files.Reviewer
		s          files.Subject
		pass       bool
		wantReason string
	}{
		{"default accepts", files.NewReviewer(files.ReviewConfig{}), subject("a.png", png), true, ""},
		{"keyword in name", files.KeywordReviewer{Keywords: []string{"赌博"}}, subject("赌博.png", png), false, "内容包含敏感词"},
		{"keyword in content", files.KeywordReviewer{Keywords: []string{" ", "赌博"}}, subject("a.png", withWord), false, "内容包含敏感词"},
		{"ascii keyword any case", files.KeywordReviewer{Keywords: []string{"Casino"}}, subject("CASINO.png", png), false, "内容包含敏感词"},
		{"clean", files.KeywordReviewer{Keywords: []string{"赌博"}}, subject("a.png", png), true, ""},
		{"size over", files.SizeReviewer{MaxBytes: 10}, subject("a.png", png), false, "图片大小超过审核限制"},
		{"size within", files.SizeReviewer{MaxBytes: int64(len(png))}, subject("a.png", png), true, ""},
		{"chain stops at first refusal", files.NewReviewer(files.ReviewConfig{MaxBytes: 10, Keywords: []string{"x"}}), subject("a.png", png), false, "图片大小超过审核限制"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := tt.r.Review(context.Background(), tt.s)
			if err != nil || v.Pass != tt.pass || v.Reason != tt.wantReason {
				t.Errorf("Review = %+v, %v; want pass %v reason %q", v, err, tt.pass, tt.wantReason)
			}
		})
	}
}

func TestHTTPReviewer(t *testing.T) {
	var got struct {
		name, ctype string
		body        []byte
	}
	answer, status := `{"code":0,"msg":"ok"}`, http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f, _, err := r.FormFile("file")
		if err == nil {
			got.body, _ = io.ReadAll(f)
		}
		got.name, got.ctype = r.FormValue("name"), r.FormValue("contentType")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(answer))
	}))
	defer srv.Close()
	r := files.NewReviewer(files.ReviewConfig{URL: srv.URL})
	png := filestest.PNG()
	tests := []struct {
		name       string
		answer     string
		status     int
		pass       bool
		wantReason string
		wantErr    bool
	}{
		{"passes", `{"code":0,"msg":"ok"}`, 200, true, "", false},
		{"refuses with reason", `{"code":1,"msg":"涉黄"}`, 200, false, "涉黄", false},
		{"refuses without reason", `{"code":1}`, 200, false, "图片审核未通过", false},
		{"server error", `oops`, 500, false, "", true},
		{"not json", `<html>`, 200, false, "", true},
		{"no code", `{"msg":"?"}`, 200, false, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			answer, status = tt.answer, tt.status
			v, err := r.Review(context.Background(), subject("照片.png", png))
			if (err != nil) != tt.wantErr || v.Pass != tt.pass || v.Reason != tt.wantReason {
				t.Fatalf("Review = %+v, %v; want pass %v reason %q error %v", v, err, tt.pass, tt.wantReason, tt.wantErr)
			}
			if err != nil && !errors.Is(err, files.ErrReviewUnavailable) {
				t.Errorf("error %v is not ErrReviewUnavailable", err)
			}
			if !bytes.Equal(got.body, png) || got.name != "照片.png" || got.ctype != "image/png" {
				t.Errorf("service received name %q type %q body of %d bytes", got.name, got.ctype, len(got.body))
			}
		})
	}
}

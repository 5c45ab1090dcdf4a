package oos

// Uploads that name a module field: the field's accept, maxSize and
// maxCount narrow the uploader's rules (real app, SQLite).

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"xiangzhi/engine/files/filestest"
)

// fieldModule is a module with one field of each file type.
const fieldModule = `name: fieldDocs
title: 字段上传
api: /test/fieldDocs
permission: test.fieldDocs
fields:
  - {name: title, label: 标题, type: string, required: true}
  - {name: cover, label: 封面, type: image, accept: [png], maxSize: 2KB}
  - {name: photos, label: 照片, type: images, maxCount: 2}
  - {name: docs, label: 附件, type: files, accept: [pdf], maxSize: 3MB}
  - {name: clip, label: 视频, type: video}
`

func TestUploadFieldRules(t *testing.T) {
	ta := newTestApp(t, appOptions{schemas: map[string]string{"fieldDocs.yaml": fieldModule}})
	png, gif, pdf := filestest.Sample("png"), filestest.Sample("gif"), filestest.Sample("pdf")
	tests := []struct {
		name  string
		field string
		parts []filePart
		code  int
		msg   string
	}{
		{"accepted type", "cover", []filePart{fileOf("a.png", png)}, 200, "上传成功"},
		{"outside accept", "cover", []filePart{fileOf("a.gif", gif)}, 400, "文件格式有误"},
		{"over field maxSize", "cover", []filePart{fileOf("a.png", filestest.Pad(png, 3<<10, 0))}, 400, "请上传2K以内的图片"},
		{"one image only", "cover", []filePart{fileOf("a.png", png), fileOf("b.png", png)}, 400, "最多上传1张图片！"},
		{"images within maxCount", "photos", []filePart{fileOf("a.png", png), fileOf("b.gif", gif)}, 200, "上传成功"},
		{"images over maxCount", "photos", []filePart{fileOf("a.png", png), fileOf("b.png", png), fileOf("c.png", png)}, 400, "最多上传2张图片！"},
		{"files default to three", "docs", []filePart{fileOf("a.pdf", pdf), fileOf("b.pdf", pdf), fileOf("c.pdf", pdf), fileOf("d.pdf", pdf)}, 400, "最多上传3个文件！"},
		{"image into files outside accept", "docs", []filePart{fileOf("a.png", png)}, 400, "文件格式有误"},
		{"field maxSize over the default 1M", "docs", []filePart{fileOf("a.pdf", filestest.Pad(pdf, 2<<20, ' '))}, 200, "上传成功"},
		{"over field maxSize", "docs", []filePart{fileOf("a.pdf", filestest.Pad(pdf, 3<<20+1, ' '))}, 400, "请上传3M以内的文件"},
		{"video field takes mp4 only", "clip", []filePart{fileOf("a.webm", filestest.WebM())}, 400, "文件格式有误"},
		{"video field mp4", "clip", []filePart{fileOf("a.mp4", filestest.MP4())}, 200, "上传成功"},
		{"unknown field", "nothing", []filePart{fileOf("a.png", png)}, 400, "不支持的上传字段"},
		{"field without files", "title", []filePart{fileOf("a.png", png)}, 400, "不支持的上传字段"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, a := ta.upload(t, ta.token, "/api/oos/uploadFile",
				[][2]string{{"businessType", "fieldDocs"}, {"field", tt.field}}, tt.parts...)
			if rec.Code != tt.code || a.Msg != tt.msg {
				t.Fatalf("upload = %d %s, want %d %s", rec.Code, rec.Body, tt.code, tt.msg)
			}
		})
	}
	// Without the field, the same business type keeps the default uploader (1M files).
	rec, a := ta.upload(t, ta.token, "/api/oos/uploadFile", [][2]string{{"businessType", "fieldDocs"}},
		fileOf("a.pdf", filestest.Pad(pdf, 2<<20, ' ')))
	if rec.Code != http.StatusBadRequest || a.Msg != "请上传1M以内的文件" {
		t.Fatalf("upload without field = %d %s", rec.Code, rec.Body)
	}
	// A field of an unknown module is refused too.
	rec, a = ta.upload(t, ta.token, "/api/oos/uploadFile", [][2]string{{"businessType", "nosuch"}, {"field", "cover"}},
		fileOf("a.png", png))
	if rec.Code != http.StatusBadRequest || a.Msg != "不支持的上传字段" {
		t.Fatalf("upload to unknown module = %d %s", rec.Code, rec.Body)
	}
}

// TestSaveChecksFileFields: a record's file fields must name files the
// file service handed out for the tenant, of a type the field takes.
func TestSaveChecksFileFields(t *testing.T) {
	ta := newTestApp(t, appOptions{schemas: map[string]string{"fieldDocs.yaml": fieldModule}})
	ta.changeAdminPassword(t)
	up := func(field, name string, content []byte) string {
		res := ta.mustUpload(t, [][2]string{{"businessType", "fieldDocs"}, {"field", field}}, fileOf(name, content))
		return res["pathUrl"].(string)
	}
	png := up("cover", "a.png", filestest.Sample("png"))
	gif := up("photos", "b.gif", filestest.Sample("gif"))
	otherTenant := "/api/oos/file/999/fielddocs/2024/05/01/0123456789abcdef0123456789abcdef.png"
	tests := []struct {
		name   string
		record map[string]any
		code   int
		msg    string
	}{
		{"uploaded files", map[string]any{"title": "好", "cover": png, "photos": []any{png, gif}}, 200, ""},
		{"a foreign address", map[string]any{"title": "外链", "cover": "https://evil.example/x.png"}, 400, "文件链接无效"},
		{"another tenant's file", map[string]any{"title": "跨租户", "cover": otherTenant}, 400, "文件链接无效"},
		{"a type outside accept", map[string]any{"title": "动图", "cover": gif}, 400, "文件格式有误"},
		{"an image in a pdf field", map[string]any{"title": "附件", "docs": []any{png}}, 400, "文件格式有误"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body, _ := json.Marshal(tt.record)
			rec := ta.do(t, ta.token, http.MethodPost, "/test/fieldDocs", bytes.NewReader(body), "application/json")
			if rec.Code != tt.code {
				t.Fatalf("create = %d %s", rec.Code, rec.Body)
			}
			if tt.msg != "" && !strings.Contains(rec.Body.String(), `"message":"`+tt.msg+`"`) {
				t.Errorf("create = %s, want the field message %s", rec.Body, tt.msg)
			}
		})
	}
}

package oos

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"xiangzhi/engine/files"
	"xiangzhi/engine/files/filestest"
)

func TestUploadAllowedTypes(t *testing.T) {
	ta := newTestApp(t, appOptions{})
	tests := []struct {
		kind, ext, name string
		mime            string
		inline          bool
	}{
		{"image", "png", "图.png", "image/png", true},
		{"image", "gif", "a.gif", "image/gif", true},
		{"image", "jpg", "a.jpg", "image/jpeg", true},
		{"image", "jpg", "a.JPEG", "image/jpeg", true},
		{"image2m", "bmp", "a.bmp", "image/bmp", true},
		{"image1m", "png", "a.png", "image/png", true},
		{"video", "mp4", "a.mp4", "video/mp4", true},
		{"editorVideo", "webm", "a.webm", "video/webm", true},
		{"editorVideo", "ogg", "a.ogg", "video/ogg", true},
		{"audio", "mp3", "a.mp3", "audio/mpeg", true},
		{"book", "pdf", "书.pdf", "application/pdf", true},
		{"book", "docx", "a.docx", files.TypeDOCX.MIME, false},
		{"book", "txt", "a.txt", "text/plain; charset=utf-8", false},
		{"", "xls", "表.xls", "application/vnd.ms-excel", false},
		{"", "xlsx", "a.xlsx", files.TypeXLSX.MIME, false},
		{"", "doc", "a.doc", "application/msword", false},
		{"", "ppt", "a.ppt", "application/vnd.ms-powerpoint", false},
		{"", "pptx", "a.pptx", files.TypePPTX.MIME, false},
		{"", "mp3", "a.mp3", "audio/mpeg", true},
		{"", "txt", "noext", "text/plain; charset=utf-8", false},
		{"attachment", "pdf", "a.pdf", "application/pdf", true},
	}
	for _, tt := range tests {
		t.Run(tt.kind+"/"+tt.name, func(t *testing.T) {
			content := filestest.Sample(tt.ext)
			fields := [][2]string{{"businessType", "test"}}
			if tt.kind != "" {
				fields = append(fields, [2]string{"kind", tt.kind})
			}
			rec, a := ta.upload(t, ta.token, "/api/oos/uploadFile", fields, fileOf(tt.name, content))
			if rec.Code != http.StatusOK || a.Code != 0 || a.Msg != "上传成功" {
				t.Fatalf("upload = %d %s", rec.Code, rec.Body)
			}
			res := a.Result
			data, _ := a.Data.(map[string]any)
			if fmt.Sprint(res) != fmt.Sprint(data) {
				t.Errorf("result %v and data %v differ", res, data)
			}
			key, _ := res["key"].(string)
			if !files.ValidKey(key) || files.KeyTenant(key) != ta.tenantID || !strings.HasPrefix(key, fmt.Sprintf("%d/test/", ta.tenantID)) {
				t.Errorf("key = %q", key)
			}
			if files.KeyExt(key) != tt.ext {
				t.Errorf("key %s has not the detected extension %s", key, tt.ext)
			}
			if res["name"] != tt.name || res["contentType"] != tt.mime || res["size"] != float64(len(content)) {
				t.Errorf("result = %v", res)
			}
			link, _ := res["pathUrl"].(string)
			got := ta.get(t, link)
			if got.Code != http.StatusOK || !bytes.Equal(got.Body.Bytes(), content) {
				t.Fatalf("GET pathUrl = %d, %d bytes", got.Code, got.Body.Len())
			}
			h := got.Header()
			if h.Get("Content-Type") != tt.mime || h.Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("headers = %v", h)
			}
			disp := h.Get("Content-Disposition")
			if tt.inline != strings.HasPrefix(disp, "inline;") || !strings.Contains(disp, "filename*=UTF-8''") {
				t.Errorf("Content-Disposition = %q, inline %v", disp, tt.inline)
			}
			if csp := h.Get("Content-Security-Policy"); (csp == "sandbox") == strings.HasPrefix(tt.mime, "image/") {
				t.Errorf("Content-Security-Policy = %q for %s", csp, tt.mime)
			}
		})
	}
}

func TestUploadRefused(t *testing.T) {
	ta := newTestApp(t, appOptions{})
	png := filestest.PNG()
	manyImages := make([]filePart, 30)
	for i := range manyImages {
		manyImages[i] = fileOf(fmt.Sprintf("%d.png", i), png)
	}
	kind := func(k string) [][2]string { return [][2]string{{"kind", k}} }
	tests := []struct {
		name    string
		fields  [][2]string
		parts   []filePart
		status  int
		wantMsg string
	}{
		{"pdf to an image uploader", kind("image"), []filePart{fileOf("a.pdf", filestest.PDF())}, 400, "文件格式有误"},
		{"png named gif", kind("image"), []filePart{fileOf("a.gif", png)}, 400, "文件格式有误"},
		{"docx named pdf", nil, []filePart{fileOf("a.pdf", filestest.Sample("docx"))}, 400, "文件格式有误"},
		{"xls named doc", nil, []filePart{fileOf("a.doc", filestest.Sample("xls"))}, 400, "文件格式有误"},
		{"elf named png", kind("image"), []filePart{fileOf("a.png", filestest.ELF())}, 400, "文件格式有误"},
		{"pe named jpg", nil, []filePart{fileOf("photo.jpg", filestest.PE())}, 400, "文件格式有误"},
		{"script named txt", nil, []filePart{fileOf("a.txt", filestest.Script())}, 400, "文件格式有误"},
		{"png with script", kind("image"), []filePart{fileOf("a.png", append(filestest.PNG(), "<script>alert(1)</script>"...))}, 400, "文件格式有误"},
		{"gif with php", kind("image"), []filePart{fileOf("a.gif", append(filestest.GIF(), "<?php echo 1; ?>"...))}, 400, "文件格式有误"},
		{"jpeg with zip", kind("image"), []filePart{fileOf("a.jpg", append(filestest.JPEG(), filestest.Zip(map[string]string{"x.php": "<?php"})...))}, 400, "文件格式有误"},
		{"html named txt", nil, []filePart{fileOf("a.txt", []byte("<html><script>alert(1)</script></html>"))}, 400, "文件格式有误"},
		{"plain zip", nil, []filePart{fileOf("a.zip", filestest.Zip(map[string]string{"a": "b"}))}, 400, "文件格式有误"},
		{"empty file", nil, []filePart{fileOf("a.txt", nil)}, 400, "文件格式有误"},
		{"webm to video", kind("video"), []filePart{fileOf("a.webm", filestest.WebM())}, 400, "文件格式有误"},
		{"mp3 to editor video", kind("editorVideo"), []filePart{fileOf("a.mp3", filestest.MP3())}, 400, "仅支持，mp4、webm、ogg 三种视频格式！"},
		{"xlsx to book", kind("book"), []filePart{fileOf("a.xlsx", filestest.Sample("xlsx"))}, 400, "文件格式有误"},
		{"webm by default", nil, []filePart{fileOf("a.webm", filestest.WebM())}, 400, "文件格式有误"},
		{"businessType video picks the video uploader", [][2]string{{"businessType", "video"}}, []filePart{fileOf("a.png", png)}, 400, "文件格式有误"},
		{"image1m over 1M", kind("image1m"), []filePart{fileOf("a.png", filestest.Pad(png, 1<<20+1, 0))}, 400, "请上传1M以内的文件"},
		{"image2m over 2M", kind("image2m"), []filePart{fileOf("a.png", filestest.Pad(png, 2<<20+1, 0))}, 400, "请上传2M以内的图片"},
		{"image over 5M", kind("image"), []filePart{fileOf("a.png", filestest.Pad(png, 5<<20+1, 0))}, 400, "请上传5M以内的图片"},
		{"default over 1M", nil, []filePart{fileOf("a.txt", filestest.Pad([]byte("a"), 1<<20+1, ' '))}, 400, "请上传1M以内的文件"},
		{"book over 10M", kind("book"), []filePart{fileOf("a.pdf", filestest.Pad(filestest.PDF(), 10<<20+1, '\n'))}, 400, "请上传10M以内的文件"},
		{"video over 50M", kind("video"), []filePart{fileOf("a.mp4", filestest.Pad(filestest.MP4(), 50<<20+1, 0))}, 400, "请上传50M以内的视频文件"},
		{"audio over 50M", kind("audio"), []filePart{fileOf("a.mp3", filestest.Pad(filestest.MP3(), 50<<20+1, 0))}, 400, "请上传50M以内的音频文件"},
		{"ten images", kind("image"), manyImages[:10], 400, "最多上传9张图片！"},
		{"thirty images", kind("image"), manyImages, 400, "最多上传9张图片！"},
		{"two videos", kind("video"), []filePart{fileOf("a.mp4", filestest.MP4()), fileOf("b.mp4", filestest.MP4())}, 400, "最多上传1个文件！"},
		{"one bad file of two", kind("image"), []filePart{fileOf("a.png", png), fileOf("b.png", filestest.ELF())}, 400, "文件格式有误"},
		{"no file", [][2]string{{"businessType", "x"}}, nil, 400, "请选择要上传的文件"},
		{"unknown field", [][2]string{{"owner", "1"}}, []filePart{fileOf("a.png", png)}, 400, "不支持的参数：owner"},
		{"unknown file field", nil, []filePart{{field: "upload", name: "a.png", content: png}}, 400, "不支持的参数：upload"},
		{"unknown kind", kind("exe"), []filePart{fileOf("a.png", png)}, 400, "不支持的上传类型"},
		{"deleteTime not a time", [][2]string{{"deleteTime", "tomorrow"}}, []filePart{fileOf("a.png", png)}, 400, "删除时间格式有误或早于当前时间"},
		{"deleteTime past", [][2]string{{"deleteTime", "2001-01-01 00:00:00"}}, []filePart{fileOf("a.png", png)}, 400, "删除时间格式有误或早于当前时间"},
		{"body over the limit", kind("video"), []filePart{fileOf("a.mp4", filestest.Pad(filestest.MP4(), 52<<20, 0))}, 413, "请求内容过大"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, a := ta.upload(t, ta.token, "/api/oos/uploadFile", tt.fields, tt.parts...)
			if rec.Code != tt.status || a.Code != tt.status || a.Msg != tt.wantMsg {
				t.Errorf("upload = %d %+v, want %d %q", rec.Code, a, tt.status, tt.wantMsg)
			}
		})
	}
	if n := ta.fileRows(t); n != 0 {
		t.Errorf("refused uploads recorded %d files", n)
	}
	if n := countFiles(t, ta.svc.settings.Dir); n != 0 {
		t.Errorf("refused uploads left %d files in storage", n)
	}
	t.Run("not multipart", func(t *testing.T) {
		rec := ta.do(t, ta.token, http.MethodPost, "/api/oos/uploadFile", strings.NewReader(`{"file":"x"}`), "application/json")
		if a := decode(t, rec); rec.Code != 400 || a.Msg != "请选择要上传的文件" {
			t.Errorf("JSON upload = %d %s", rec.Code, rec.Body)
		}
	})
	t.Run("query field that is not a form field", func(t *testing.T) {
		rec, a := ta.upload(t, ta.token, "/api/oos/uploadFile?path=/etc", nil, fileOf("a.png", png))
		if rec.Code != 400 || a.Msg != "不支持的参数：path" {
			t.Errorf("upload = %d %+v", rec.Code, a)
		}
	})
}

func TestMaxFilePartsCoversEveryKind(t *testing.T) {
	for _, name := range files.KindNames() {
		if k, _ := files.KindByName(name); k.MaxCount >= maxFileParts {
			t.Errorf("kind %s takes %d files; maxFileParts %d must be larger", name, k.MaxCount, maxFileParts)
		}
	}
}

func TestUploadSeveralFiles(t *testing.T) {
	ta := newTestApp(t, appOptions{})
	parts := []filePart{fileOf("a.png", filestest.PNG()), {field: "mfone", name: "b.gif", content: filestest.GIF()}, fileOf("c.jpg", filestest.JPEG())}
	rec, a := ta.upload(t, ta.token, "/api/oos/uploadFile", [][2]string{{"kind", "image"}}, parts...)
	if rec.Code != http.StatusOK {
		t.Fatalf("upload = %d %s", rec.Code, rec.Body)
	}
	list, _ := a.Result["files"].([]any)
	if len(list) != 3 || a.Result["name"] != "a.png" {
		t.Fatalf("result = %v", a.Result)
	}
	for i, f := range list {
		link := f.(map[string]any)["pathUrl"].(string)
		if got := ta.get(t, link); got.Code != http.StatusOK || !bytes.Equal(got.Body.Bytes(), parts[i].content) {
			t.Errorf("file %d: GET = %d", i, got.Code)
		}
	}
	if n := ta.fileRows(t); n != 3 {
		t.Errorf("recorded %d files, want 3", n)
	}
}

func TestUploadNeedsLogin(t *testing.T) {
	ta := newTestApp(t, appOptions{})
	rec, a := ta.upload(t, "", "/api/oos/uploadFile", nil, fileOf("a.png", filestest.PNG()))
	if rec.Code != http.StatusUnauthorized || a.Msg != "身份认证信息已失效，请重新登录。" {
		t.Errorf("anonymous upload = %d %+v", rec.Code, a)
	}
	for _, p := range []string{"/api/oos/sts", "/api/oos/presignedUrl?key=x", "/api/oos/presignedUrlNew?fullUrl=x"} {
		if rec := ta.get(t, p); rec.Code != http.StatusUnauthorized {
			t.Errorf("anonymous GET %s = %d", p, rec.Code)
		}
	}
	rec, _ = ta.upload(t, "", "/api/picReview/review", nil, fileOf("a.png", filestest.PNG()))
	if rec.Code != http.StatusUnauthorized {
		t.Errorf("anonymous review = %d", rec.Code)
	}
}

func TestDeleteTimeCleanup(t *testing.T) {
	for _, db := range testDBs() {
		t.Run(db.name, func(t *testing.T) {
			ta := newTestApp(t, appOptions{dbURL: db.open(t)})
			now := ta.clock.now()
			soon := ta.mustUpload(t, [][2]string{{"deleteTime", fmt.Sprint(now.Add(time.Hour).UnixMilli())}}, fileOf("soon.png", filestest.PNG()))
			later := ta.mustUpload(t, [][2]string{{"deleteTime", now.Add(3 * time.Hour).Format("2006-01-02 15:04:05")}}, fileOf("later.txt", filestest.Sample("txt")))
			kept := ta.mustUpload(t, nil, fileOf("kept.pdf", filestest.PDF()))
			check := func(res map[string]any, want bool) {
				t.Helper()
				key := res["key"].(string)
				rec := ta.do(t, ta.token, http.MethodGet, "/api/oos/presignedUrl?key="+key, nil, "")
				if (rec.Code == http.StatusOK) != want {
					t.Errorf("presignedUrl %s = %d, want present %v", res["name"], rec.Code, want)
				}
				_, err := ta.svc.storage.Stat(t.Context(), key)
				if (err == nil) != want {
					t.Errorf("stored %s: %v, want present %v", res["name"], err, want)
				}
			}
			if n, err := ta.svc.sweep(t.Context()); err != nil || n != 0 {
				t.Fatalf("first sweep = %d, %v", n, err)
			}
			ta.clock.advance(2 * time.Hour)
			// Past its deleteTime a file is gone for readers even before the sweep.
			if rec := ta.get(t, soon["pathUrl"].(string)); rec.Code == http.StatusOK {
				t.Errorf("file past deleteTime served: %d", rec.Code)
			}
			if n, err := ta.svc.sweep(t.Context()); err != nil || n != 1 {
				t.Fatalf("sweep after 2h = %d, %v; want 1", n, err)
			}
			check(soon, false)
			check(later, true)
			check(kept, true)
			ta.clock.advance(2 * time.Hour)
			if n, err := ta.svc.sweep(t.Context()); err != nil || n != 1 {
				t.Fatalf("sweep after 4h = %d, %v; want 1", n, err)
			}
			check(later, false)
			check(kept, true)
			if n := ta.fileRows(t); n != 1 {
				t.Errorf("%d rows left, want 1", n)
			}
		})
	}
}

package oos

import (
	"bytes"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"xiangzhi/engine/files"
	"xiangzhi/engine/files/filestest"
)

// TestUploadToMinIO runs uploads, links and cleanup against a real MinIO
// server (XZ_TEST_MINIO), the S3 backend handing out presigned URLs.
func TestUploadToMinIO(t *testing.T) {
	s3 := filestest.MinIO(t)
	ta := newTestApp(t, appOptions{env: map[string]string{
		"XZ_STORAGE": "s3", "XZ_S3_ENDPOINT": s3.Endpoint, "XZ_S3_BUCKET": s3.Bucket,
		"XZ_S3_ACCESS_KEY": s3.AccessKey, "XZ_S3_SECRET_KEY": s3.SecretKey,
	}})
	tests := []struct {
		name, ext, mime, disp string
	}{
		{"照片.png", "png", "image/png", "inline"},
		{"表.xlsx", "xlsx", files.TypeXLSX.MIME, "attachment"},
		{"a.mp4", "mp4", "video/mp4", "inline"},
	}
	var keys []string
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			content := filestest.Sample(tt.ext)
			res := ta.mustUpload(t, [][2]string{{"kind", "attachment"}, {"deleteTime", ta.clock.now().Add(time.Hour).Format(time.RFC3339)}}, fileOf(tt.name, content))
			link := res["pathUrl"].(string)
			if !strings.HasPrefix(link, s3.Endpoint+"/") {
				t.Fatalf("pathUrl %s is not a MinIO URL", link)
			}
			status, h, body := httpGet(t, link)
			if status != 200 || !bytes.Equal(body, content) || h.Get("Content-Type") != tt.mime ||
				!strings.HasPrefix(h.Get("Content-Disposition"), tt.disp+";") {
				t.Fatalf("GET pathUrl = %d %v (%d bytes)", status, h, len(body))
			}
			rec := ta.do(t, ta.token, http.MethodGet, "/api/oos/presignedUrlNew?fullUrl="+url.QueryEscape(link), nil, "")
			if a := decode(t, rec); rec.Code != 200 || a.Result["key"] != res["key"] {
				t.Fatalf("presignedUrlNew = %d %s", rec.Code, rec.Body)
			}
			keys = append(keys, res["key"].(string))
		})
	}
	ta.clock.advance(2 * time.Hour)
	if n, err := ta.svc.sweep(t.Context()); err != nil || n != len(keys) {
		t.Fatalf("sweep = %d, %v; want %d", n, err, len(keys))
	}
	for _, k := range keys {
		if _, err := ta.svc.storage.Stat(t.Context(), k); err == nil {
			t.Errorf("%s still in the bucket after its deleteTime", k)
		}
	}
}

func httpGet(t *testing.T, link string) (int, http.Header, []byte) {
	t.Helper()
	resp, err := http.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, b
}

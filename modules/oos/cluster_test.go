package oos

import (
	"bytes"
	"net/http"
	"net/url"
	"testing"

	"xiangzhi/engine/apitest"
	"xiangzhi/engine/files/filestest"
)

// TestClusterUploadMinIO runs two servers on one PostgreSQL database and
// one MinIO bucket, as two instances behind a proxy would: a file uploaded
// through A is found, linked and read through B (XZ_TEST_POSTGRES and
// XZ_TEST_MINIO).
func TestClusterUploadMinIO(t *testing.T) {
	s3 := filestest.MinIO(t)
	db := apitest.PostgresURL(t)
	env := map[string]string{
		"XZ_STORAGE": "s3", "XZ_S3_ENDPOINT": s3.Endpoint, "XZ_S3_BUCKET": s3.Bucket,
		"XZ_S3_ACCESS_KEY": s3.AccessKey, "XZ_S3_SECRET_KEY": s3.SecretKey,
	}
	a := newTestApp(t, appOptions{dbURL: db, env: env})
	b := newTestApp(t, appOptions{dbURL: db, env: env})

	content := filestest.Sample("png")
	res := a.mustUpload(t, [][2]string{{"kind", "attachment"}}, fileOf("村委会.png", content))
	link := res["pathUrl"].(string)

	// B knows the file A recorded and hands out its own link to it.
	rec := b.do(t, b.token, http.MethodGet, "/api/oos/presignedUrlNew?fullUrl="+url.QueryEscape(link), nil, "")
	got := decode(t, rec)
	if rec.Code != http.StatusOK || got.Result["key"] != res["key"] {
		t.Fatalf("presignedUrlNew on B = %d %s", rec.Code, rec.Body)
	}
	status, h, body := httpGet(t, got.Result["pathUrl"].(string))
	if status != http.StatusOK || !bytes.Equal(body, content) || h.Get("Content-Type") != "image/png" {
		t.Fatalf("reading B's link = %d %v (%d bytes, want %d)", status, h, len(body), len(content))
	}
	// A file B never recorded is not found there, whoever's bucket holds it.
	rec = b.do(t, b.token, http.MethodGet, "/api/oos/presignedUrlNew?fullUrl="+
		url.QueryEscape(s3.Endpoint+"/"+s3.Bucket+"/2026/01/01/none.png"), nil, "")
	if rec.Code < 400 || rec.Code >= 500 {
		t.Fatalf("an unknown key on B = %d %s", rec.Code, rec.Body)
	}
}

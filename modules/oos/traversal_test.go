package oos

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"xiangzhi/engine/files"
	"xiangzhi/engine/files/filestest"
)

// evilNames are path traversal attempts in name-like parameters.
var evilNames = []string{
	"../../../etc/passwd",
	"..%2f..%2fxiangzhi.db",
	"%2e%2e/%2e%2e/xiangzhi.db",
	"/etc/passwd",
	"/tmp/evil.png",
	"a\x00b.png",
	`..\..\windows\system32\evil.png`,
	"C:\\evil.png",
	"....//....//evil.png",
}

func TestUploadPathTraversal(t *testing.T) {
	ta := newTestApp(t, appOptions{})
	dataDir := ta.app.Config().DataDir
	filesDir := ta.svc.settings.Dir
	for _, field := range []string{"fileName", "part file name", "businessType", "remotePath", "bucket"} {
		for _, evil := range evilNames {
			t.Run(field+"/"+evil, func(t *testing.T) {
				name, fields := "ok.png", [][2]string{{"kind", "image"}}
				if field == "part file name" {
					name = evil
				} else {
					fields = append(fields, [2]string{field, evil})
				}
				rec, a := ta.upload(t, ta.token, "/api/oos/uploadFile", fields, fileOf(name, filestest.PNG()))
				if rec.Code != http.StatusOK {
					// A name whose extension disagrees with the content, or a
					// header the multipart reader refuses, is a 400; nothing else.
					if rec.Code != 400 || (a.Msg != "文件格式有误" && a.Msg != "请求参数有误") {
						t.Fatalf("upload = %d %s", rec.Code, rec.Body)
					}
					return
				}
				key := a.Result["key"].(string)
				if !files.ValidKey(key) || files.KeyTenant(key) != ta.tenantID {
					t.Errorf("key = %q", key)
				}
				if got := a.Result["name"].(string); strings.ContainsAny(got, "/\\\x00") || strings.HasPrefix(got, "..") {
					t.Errorf("stored name = %q", got)
				}
				if _, err := os.Stat(filepath.Join(filesDir, filepath.FromSlash(key))); err != nil {
					t.Errorf("file not under the storage dir: %v", err)
				}
			})
		}
	}
	// Every file written lies under <data>/files; nothing else appeared.
	err := filepath.Walk(dataDir, func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dataDir, p)
		if !strings.HasPrefix(rel, "files"+string(filepath.Separator)) && !strings.HasPrefix(rel, "xiangzhi.db") {
			t.Errorf("unexpected file %s", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/etc/passwd.png", "/tmp/evil.png", filepath.Join(dataDir, "evil.png")} {
		if fi, err := os.Stat(p); err == nil && time.Since(fi.ModTime()) < time.Minute {
			t.Errorf("%s was written", p)
		}
	}
}

func TestFileRouteTraversal(t *testing.T) {
	ta := newTestApp(t, appOptions{})
	exp := ta.clock.now().Add(time.Hour)
	for _, evil := range []string{"../../xiangzhi.db", "../xiangzhi.db", "files/../../xiangzhi.db", "/etc/passwd", `..\..\xiangzhi.db`} {
		// Even a correctly signed link to a key of the wrong shape is refused.
		signed := ta.svc.signer.URL(evil, exp)
		sig := signed[strings.LastIndex(signed, "sig=")+4:]
		expQ := fmt.Sprint(exp.Unix())
		for _, target := range []string{
			FileRoute + evil + "?exp=" + expQ + "&sig=" + sig,
			FileRoute + strings.ReplaceAll(evil, ".", "%2e") + "?exp=" + expQ + "&sig=" + sig,
			FileRoute + strings.ReplaceAll(evil, "/", "%2f") + "?exp=" + expQ + "&sig=" + sig,
			FileRoute + strings.ReplaceAll(evil, "/", "%5c") + "?exp=" + expQ + "&sig=" + sig,
			FileRoute + "1/x/2024/01/01/0123456789abcdef0123456789abcdef.png%00" + evil + "?exp=" + expQ + "&sig=" + sig,
		} {
			rec := ta.get(t, target)
			if rec.Code != http.StatusForbidden {
				t.Errorf("GET %q = %d %s, want 403", target, rec.Code, rec.Body)
			}
		}
	}
	for _, key := range []string{"../../xiangzhi.db", "%2e%2e/%2e%2e/xiangzhi.db", "/etc/passwd", "a\x00b"} {
		rec := ta.do(t, ta.token, http.MethodGet, "/api/oos/presignedUrl?key="+strings.ReplaceAll(key, "\x00", "%00"), nil, "")
		if rec.Code != http.StatusNotFound {
			t.Errorf("presignedUrl key %q = %d, want 404", key, rec.Code)
		}
	}
}

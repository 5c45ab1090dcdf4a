package oos

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"xiangzhi/engine/auth"
	"xiangzhi/engine/files/filestest"
	"xiangzhi/modules/system"
)

func TestSignedURLExpiryAndTampering(t *testing.T) {
	ta := newTestApp(t, appOptions{})
	a := ta.mustUpload(t, nil, fileOf("a.pdf", filestest.PDF()))
	b := ta.mustUpload(t, nil, fileOf("b.txt", filestest.Sample("txt")))
	link := a["pathUrl"].(string)
	u, _ := url.Parse(link)
	exp, sig := u.Query().Get("exp"), u.Query().Get("sig")
	flipped := []byte(sig)
	flipped[3] ^= 1
	tests := []struct {
		name    string
		target  string
		status  int
		wantMsg string
	}{
		{"valid", link, 200, ""},
		{"tampered signature", FileRoute + a["key"].(string) + "?exp=" + exp + "&sig=" + string(flipped), 403, "文件链接无效"},
		{"signature of another file", FileRoute + b["key"].(string) + "?exp=" + exp + "&sig=" + sig, 403, "文件链接无效"},
		{"longer expiry", FileRoute + a["key"].(string) + "?exp=99999999999&sig=" + sig, 403, "文件链接无效"},
		{"no signature", FileRoute + a["key"].(string), 403, "文件链接无效"},
		{"extra parameter", link + "&download=1", 400, "不支持的参数：download"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := ta.get(t, tt.target)
			if rec.Code != tt.status {
				t.Fatalf("GET = %d %s, want %d", rec.Code, rec.Body, tt.status)
			}
			if tt.wantMsg != "" {
				if a := decode(t, rec); a.Code != tt.status || a.Msg != tt.wantMsg {
					t.Errorf("answer = %+v, want %q", a, tt.wantMsg)
				}
			}
		})
	}
	ta.clock.advance(ta.svc.settings.URLTTL + time.Second)
	rec := ta.get(t, link)
	if got := decode(t, rec); rec.Code != 403 || got.Msg != "文件链接已过期，请刷新后重试" {
		t.Fatalf("expired link = %d %+v", rec.Code, got)
	}
	// An expired link is renewed by presignedUrlNew, a key by presignedUrl.
	for _, target := range []string{
		"/api/oos/presignedUrlNew?fullUrl=" + url.QueryEscape("https://console.example"+link),
		"/api/oos/presignedUrl?key=" + url.QueryEscape(a["key"].(string)),
	} {
		rec := ta.do(t, ta.token, http.MethodGet, target, nil, "")
		got := decode(t, rec)
		fresh, _ := got.Result["pathUrl"].(string)
		if rec.Code != 200 || got.Code != 0 || fresh == "" || fresh == link || got.Result["name"] != "a.pdf" {
			t.Fatalf("GET %s = %d %s", target, rec.Code, rec.Body)
		}
		if rec := ta.get(t, fresh); rec.Code != 200 {
			t.Errorf("renewed link = %d", rec.Code)
		}
	}
}

func TestFileRouteRange(t *testing.T) {
	ta := newTestApp(t, appOptions{})
	content := filestest.Pad(filestest.MP4(), 4096, 0)
	res := ta.mustUpload(t, [][2]string{{"kind", "video"}}, fileOf("clip.mp4", content))
	req := httptest.NewRequest(http.MethodGet, res["pathUrl"].(string), nil)
	req.Header.Set("Range", "bytes=100-199")
	rec := httptest.NewRecorder()
	ta.app.Handler().ServeHTTP(rec, req)
	if rec.Code != http.StatusPartialContent || !bytes.Equal(rec.Body.Bytes(), content[100:200]) {
		t.Fatalf("range GET = %d, %d bytes", rec.Code, rec.Body.Len())
	}
	if ct := rec.Header().Get("Content-Type"); ct != "video/mp4" {
		t.Errorf("Content-Type = %q", ct)
	}
}

func TestLinksStayInTenant(t *testing.T) {
	ta := newTestApp(t, appOptions{})
	res := ta.mustUpload(t, nil, fileOf("secret.pdf", filestest.PDF()))
	key, link := res["key"].(string), res["pathUrl"].(string)
	other := otherTenantToken(t, ta)
	ownRes := ta.mustUploadAs(t, other, fileOf("mine.png", filestest.PNG()))
	if k := ownRes["key"].(string); strings.HasPrefix(k, strings.SplitN(key, "/", 2)[0]+"/") {
		t.Fatalf("other tenant's key %s has the first tenant's prefix", k)
	}
	for _, target := range []string{
		"/api/oos/presignedUrl?key=" + url.QueryEscape(key),
		"/api/oos/presignedUrlNew?fullUrl=" + url.QueryEscape(link),
	} {
		rec := ta.do(t, other, http.MethodGet, target, nil, "")
		if a := decode(t, rec); rec.Code != 404 || a.Msg != "文件不存在或已被删除" {
			t.Errorf("other tenant GET %s = %d %s", target, rec.Code, rec.Body)
		}
	}
	for _, target := range []string{
		"/api/oos/presignedUrl?key=" + url.QueryEscape(ownRes["key"].(string)),
		"/api/oos/presignedUrl?key=" + url.QueryEscape(key),
	} {
		rec := ta.do(t, ta.token, http.MethodGet, target, nil, "")
		want := 200
		if strings.Contains(target, url.QueryEscape(ownRes["key"].(string))) {
			want = 404
		}
		if rec.Code != want {
			t.Errorf("first tenant GET %s = %d, want %d", target, rec.Code, want)
		}
	}
}

// otherTenantToken makes a second tenant with an organisation and a user,
// and signs the user in.
func otherTenantToken(t *testing.T, ta *testApp) string {
	t.Helper()
	ctx := context.Background()
	c := ta.svc.ent
	tn, err := c.Tenant.Create().SetCode("t2").SetName("租户二").Save(ctx)
	if err != nil {
		t.Fatal(err)
	}
	o, err := c.Org.Create().SetTenantID(tn.ID).SetOrgName("县二").SetParentID(0).SetLevel(1).Save(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := o.Update().SetPath(system.OrgPath("", o.ID)).Save(ctx); err != nil {
		t.Fatal(err)
	}
	const pass = "Other-tenant-2024"
	hash, err := auth.HashPassword(pass)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.User.Create().SetTenantID(tn.ID).SetUsername("other").SetFamilyName("李").SetName("四").
		SetPasswordHash(hash).SetOrgID(o.ID).AddOrgIDs(o.ID).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	return ta.login(t, "other", pass, "t2")
}

// mustUploadAs uploads one file with token.
func (ta *testApp) mustUploadAs(t *testing.T, token string, p filePart) map[string]any {
	t.Helper()
	rec, a := ta.upload(t, token, "/api/oos/uploadFile", nil, p)
	if rec.Code != http.StatusOK {
		t.Fatalf("upload = %d %s", rec.Code, rec.Body)
	}
	return a.Result
}

func TestUploadTicket(t *testing.T) {
	ta := newTestApp(t, appOptions{})
	rec := ta.do(t, ta.token, http.MethodGet, "/api/oos/sts?businessType=Avatar&kind=image", nil, "")
	a := decode(t, rec)
	uploadURL, _ := a.Result["uploadUrl"].(string)
	if rec.Code != 200 || a.Result["provider"] != "local" || uploadURL == "" || a.Result["maxSize"] != float64(5<<20) {
		t.Fatalf("sts = %d %s", rec.Code, rec.Body)
	}
	// The ticket works without a login, and its business type and kind win
	// over the form's.
	rec, a = ta.upload(t, "", uploadURL, [][2]string{{"businessType", "other"}, {"kind", "file"}}, fileOf("a.png", filestest.PNG()))
	if rec.Code != 200 || !strings.HasPrefix(a.Result["key"].(string), fmt.Sprintf("%d/avatar/", ta.tenantID)) {
		t.Fatalf("ticket upload = %d %s", rec.Code, rec.Body)
	}
	rec, a = ta.upload(t, "", uploadURL, nil, fileOf("a.pdf", filestest.PDF()))
	if rec.Code != 400 || a.Msg != "文件格式有误" {
		t.Errorf("ticket upload of a pdf to an image ticket = %d %+v", rec.Code, a)
	}
	u, _ := url.Parse(uploadURL)
	token := u.Query().Get("uploadToken")
	for name, target := range map[string]string{
		"tampered": "/api/oos/upload?uploadToken=" + url.QueryEscape("x"+token),
		"missing":  "/api/oos/upload",
	} {
		rec, a := ta.upload(t, "", target, nil, fileOf("a.png", filestest.PNG()))
		if rec.Code != 403 || a.Msg != "上传凭证无效或已过期" {
			t.Errorf("%s ticket = %d %+v", name, rec.Code, a)
		}
	}
	ta.clock.advance(16 * time.Minute)
	rec, a = ta.upload(t, "", uploadURL, nil, fileOf("a.png", filestest.PNG()))
	if rec.Code != 403 || a.Msg != "上传凭证无效或已过期" {
		t.Errorf("expired ticket = %d %+v", rec.Code, a)
	}
	for _, target := range []string{"/api/oos/sts?bucket=x", "/api/oos/sts?kind=exe"} {
		if rec := ta.do(t, ta.token, http.MethodGet, target, nil, ""); rec.Code != 400 {
			t.Errorf("GET %s = %d, want 400", target, rec.Code)
		}
	}
}

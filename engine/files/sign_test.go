package files_test

import (
	"bytes"
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	"xiangzhi/engine/files"
)

func testSigner(t *testing.T) *files.Signer {
	t.Helper()
	s, err := files.NewSigner(bytes.Repeat([]byte{7}, 32), "/api/oos/file/")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSignedURL(t *testing.T) {
	s := testSigner(t)
	key := "1/avatar/2024/01/02/0123456789abcdef0123456789abcdef.png"
	now := time.Unix(1_700_000_000, 0)
	u, err := url.Parse(s.URL(key, now.Add(time.Hour)))
	if err != nil {
		t.Fatal(err)
	}
	if u.Path != "/api/oos/file/"+key {
		t.Fatalf("path = %s", u.Path)
	}
	exp, sig := u.Query().Get("exp"), u.Query().Get("sig")
	other := strings.Replace(key, "0123", "3210", 1)
	flipped := []byte(sig)
	flipped[0] ^= 1
	tests := []struct {
		name          string
		key, exp, sig string
		at            time.Time
		want          error
	}{
		{"valid", key, exp, sig, now, nil},
		{"at expiry", key, exp, sig, now.Add(time.Hour), nil},
		{"expired", key, exp, sig, now.Add(time.Hour + time.Second), files.ErrLinkExpired},
		{"other key", other, exp, sig, now, files.ErrLinkInvalid},
		{"longer expiry", key, "9999999999", sig, now, files.ErrLinkInvalid},
		{"tampered sig", key, exp, string(flipped), now, files.ErrLinkInvalid},
		{"no sig", key, exp, "", now, files.ErrLinkInvalid},
		{"sig not hex", key, exp, "zz", now, files.ErrLinkInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := s.Verify(tt.key, tt.exp, tt.sig, tt.at); !errors.Is(err, tt.want) || (err == nil) != (tt.want == nil) {
				t.Errorf("Verify = %v, want %v", err, tt.want)
			}
		})
	}
	if msg := publicMessage(files.ErrLinkExpired); msg != "文件链接已过期，请刷新后重试" {
		t.Errorf("expired message = %q", msg)
	}
	other2, _ := files.NewSigner(bytes.Repeat([]byte{8}, 32), "/api/oos/file/")
	if err := other2.Verify(key, exp, sig, now); !errors.Is(err, files.ErrLinkInvalid) {
		t.Errorf("another installation's secret accepted the URL: %v", err)
	}
	if _, err := files.NewSigner([]byte("short"), "/x/"); err == nil {
		t.Error("NewSigner took a short secret")
	}
}

func TestUploadTicket(t *testing.T) {
	s := testSigner(t)
	now := time.Unix(1_700_000_000, 0)
	want := files.Ticket{TenantID: 2, UserID: 9, BusinessType: "avatar", Kind: "image", Expires: now.Add(15 * time.Minute).UTC()}
	tok := s.IssueTicket(want)
	got, err := s.VerifyTicket(tok, now)
	if err != nil || got != want {
		t.Fatalf("VerifyTicket = %+v, %v; want %+v", got, err, want)
	}
	if _, err := s.VerifyTicket(tok, now.Add(16*time.Minute)); !errors.Is(err, files.ErrTicketInvalid) {
		t.Errorf("expired ticket: %v", err)
	}
	payload, sig, _ := strings.Cut(tok, ".")
	fb := []byte(payload)
	fb[5] ^= 1 // still base64url, another payload
	forged := string(fb) + "." + sig
	for _, bad := range []string{"", "abc", forged, payload + ".", tok + "x"} {
		if _, err := s.VerifyTicket(bad, now); !errors.Is(err, files.ErrTicketInvalid) {
			t.Errorf("VerifyTicket(%q) = %v, want ErrTicketInvalid", bad, err)
		}
	}
}

func TestContentDisposition(t *testing.T) {
	tests := []struct {
		t    files.Type
		name string
		want string
	}{
		{files.TypePNG, "a.png", `inline; filename="a.png"; filename*=UTF-8''a.png`},
		{files.TypePDF, "报告 1.pdf", `inline; filename="__ 1.pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%201.pdf`},
		{files.TypeDOCX, `a"b\c.docx`, `attachment; filename="a_b_c.docx"; filename*=UTF-8''a%22b%5Cc.docx`},
		{files.TypeTXT, "", "attachment"},
	}
	for _, tt := range tests {
		if got := files.ContentDisposition(tt.t, tt.name); got != tt.want {
			t.Errorf("ContentDisposition(%s, %q) = %s, want %s", tt.t.Ext, tt.name, got, tt.want)
		}
	}
}

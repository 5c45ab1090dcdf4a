package files_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"xiangzhi/engine/files"
	"xiangzhi/engine/files/filestest"
)

// backend is one Storage under test, with how to fetch what its signed
// URLs point at.
type backend struct {
	name  string
	open  func(t *testing.T) files.Storage
	fetch func(t *testing.T, link string) (int, http.Header, []byte)
}

func backends() []backend {
	return []backend{
		{name: "local", open: func(t *testing.T) files.Storage {
			l, err := files.NewLocal(filepath.Join(t.TempDir(), "files"), testSigner(t), nil)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { l.Close() })
			return l
		}, fetch: fetchLocal},
		{name: "minio", open: func(t *testing.T) files.Storage {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			s, err := files.NewS3(ctx, filestest.MinIO(t))
			if err != nil {
				t.Fatal(err)
			}
			return s
		}, fetch: fetchHTTP},
	}
}

// fetchLocal checks a local signed URL with the signer that made it (the
// app's file route is tested in modules/oos).
func fetchLocal(t *testing.T, link string) (int, http.Header, []byte) {
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	key := strings.TrimPrefix(u.Path, "/api/oos/file/")
	if err := testSigner(t).Verify(key, u.Query().Get("exp"), u.Query().Get("sig"), time.Now()); err != nil {
		return http.StatusForbidden, nil, nil
	}
	return http.StatusOK, nil, nil
}

func fetchHTTP(t *testing.T, link string) (int, http.Header, []byte) {
	resp, err := http.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, b
}

func TestStorage(t *testing.T) {
	for _, be := range backends() {
		t.Run(be.name, func(t *testing.T) {
			st := be.open(t)
			ctx := context.Background()
			content := filestest.PDF()
			key, err := files.NewKey(1, "book", time.Now(), "pdf")
			if err != nil {
				t.Fatal(err)
			}
			if err := st.Put(ctx, key, bytes.NewReader(content), int64(len(content)), files.TypePDF.MIME); err != nil {
				t.Fatalf("Put: %v", err)
			}
			info, err := st.Stat(ctx, key)
			if err != nil || info.Size != int64(len(content)) || info.ContentType != "application/pdf" {
				t.Fatalf("Stat = %+v, %v; want size %d, application/pdf", info, err, len(content))
			}
			rc, info, err := st.Get(ctx, key)
			if err != nil {
				t.Fatalf("Get: %v", err)
			}
			got, _ := io.ReadAll(rc)
			rc.Close()
			if !bytes.Equal(got, content) || info.Size != int64(len(content)) {
				t.Fatalf("Get = %q (%d), want %q", got, info.Size, content)
			}
			link, err := st.SignedURL(ctx, key, time.Minute, files.URLOptions{Name: "报告.pdf", ContentType: files.TypePDF.MIME})
			if err != nil {
				t.Fatalf("SignedURL: %v", err)
			}
			status, h, body := be.fetch(t, link)
			if status != http.StatusOK {
				t.Fatalf("fetch signed URL = %d", status)
			}
			if h != nil {
				if !bytes.Equal(body, content) {
					t.Errorf("signed URL served %q", body)
				}
				if ct := h.Get("Content-Type"); ct != "application/pdf" {
					t.Errorf("signed URL Content-Type = %q", ct)
				}
				if cd := h.Get("Content-Disposition"); !strings.Contains(cd, "filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf") {
					t.Errorf("signed URL Content-Disposition = %q", cd)
				}
				if status, _, _ := be.fetch(t, strings.Replace(link, "Signature=", "Signature=0", 1)); status == http.StatusOK {
					t.Error("tampered presigned URL served the file")
				}
			}
			if err := st.Delete(ctx, key); err != nil {
				t.Fatalf("Delete: %v", err)
			}
			if _, err := st.Stat(ctx, key); !errors.Is(err, files.ErrNotFound) {
				t.Errorf("Stat after Delete = %v, want ErrNotFound", err)
			}
			if _, _, err := st.Get(ctx, key); !errors.Is(err, files.ErrNotFound) {
				t.Errorf("Get after Delete = %v, want ErrNotFound", err)
			}
			if err := st.Delete(ctx, key); err != nil {
				t.Errorf("second Delete = %v, want nil", err)
			}
			for _, bad := range []string{"../../etc/passwd", "/etc/passwd", "1/x/2024/01/01/../../../../a.pdf", `1\x`, "a\x00b"} {
				if err := st.Put(ctx, bad, strings.NewReader("x"), 1, "text/plain"); !errors.Is(err, files.ErrBadKey) {
					t.Errorf("Put(%q) = %v, want ErrBadKey", bad, err)
				}
				if _, _, err := st.Get(ctx, bad); !errors.Is(err, files.ErrBadKey) {
					t.Errorf("Get(%q) = %v, want ErrBadKey", bad, err)
				}
				if err := st.Delete(ctx, bad); !errors.Is(err, files.ErrBadKey) {
					t.Errorf("Delete(%q) = %v, want ErrBadKey", bad, err)
				}
			}
		})
	}
}

func TestLocalPutIsAtomicAndStaysInside(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "files")
	l, err := files.NewLocal(dir, testSigner(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	key, _ := files.NewKey(1, "x", time.Now(), "txt")
	// A short body fails and leaves nothing behind.
	if err := l.Put(context.Background(), key, strings.NewReader("abc"), 10, "text/plain"); err == nil {
		t.Fatal("Put of a short body = nil")
	}
	var left []string
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			left = append(left, p)
		}
		return nil
	})
	if len(left) > 0 {
		t.Errorf("failed Put left files: %v", left)
	}
}

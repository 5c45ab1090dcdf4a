package httpx

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	kgzip "github.com/klauspost/compress/gzip"
	"github.com/labstack/echo/v4"
)

// compressServer is an echo server with Compress in the chain and routes
// answering JSON, bytes, a body in small pieces, and nothing.
func compressServer(t *testing.T) *echo.Echo {
	t.Helper()
	e, _, _ := newServer(t)
	e.Use(Compress())
	big := map[string]any{"code": 0, "msg": "成功", "data": strings.Repeat("乡治村民档案", 400)}
	e.GET("/big", func(c echo.Context) error { return c.JSON(http.StatusOK, big) })
	e.GET("/small", func(c echo.Context) error { return c.JSON(http.StatusOK, map[string]int{"code": 0}) })
	e.GET("/xlsx", func(c echo.Context) error {
		return c.Blob(http.StatusOK, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
			bytes.Repeat([]byte("PK"), 4000))
	})
	e.GET("/pieces", func(c echo.Context) error {
		c.Response().Header().Set(echo.HeaderContentType, "text/plain; charset=utf-8")
		c.Response().WriteHeader(http.StatusCreated)
		for i := 0; i < 300; i++ {
			if _, err := io.WriteString(c.Response(), "一行文字 line\n"); err != nil {
				return err
			}
		}
		return nil
	})
	// A record by id (≈ 1.1 KB), exactly the compressed minimum, a list page
	// in one write, many pieces beyond the minimum, and an answer flushed
	// before its end.
	blob := func(n int) []byte {
		b := bytes.Repeat([]byte(`{"名":"村民","id":12345},`), n/20+1)
		return b[:n]
	}
	for path, n := range map[string]int{"/get": 1150, "/page": 21000, "/min": CompressMinBytes,
		"/huffman-max": HuffmanMaxBytes, "/over-huffman": HuffmanMaxBytes + 1} {
		e.GET(path, func(c echo.Context) error { return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, blob(n)) })
	}
	e.GET("/pieces-small", func(c echo.Context) error { // 1,200 B in three writes
		c.Response().Header().Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
		for i := 0; i < 3; i++ {
			if _, err := c.Response().Write(blob(400)); err != nil {
				return err
			}
		}
		return nil
	})
	e.GET("/flushed-small", func(c echo.Context) error { // flushed at 1,100 B, then 100 B more
		c.Response().Header().Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
		c.Response().Write(blob(1100))
		c.Response().Flush()
		_, err := c.Response().Write(blob(100))
		return err
	})
	e.GET("/pieces-over", func(c echo.Context) error {
		c.Response().Header().Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
		for i := 0; i < 30; i++ {
			if _, err := c.Response().Write(blob(500)); err != nil {
				return err
			}
		}
		return nil
	})
	e.GET("/flushed", func(c echo.Context) error {
		c.Response().Header().Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
		c.Response().Write(blob(2000))
		c.Response().Flush()
		_, err := c.Response().Write(blob(3000))
		return err
	})
	e.GET("/empty", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })
	e.GET("/fail", func(c echo.Context) error { return ErrRouteNotFound })
	return e
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	r, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("gunzip: %v", err)
	}
	return out
}

// huffmanOnly is b gzipped Huffman-only, as the server sends a small answer.
func huffmanOnly(t *testing.T, b []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	w, err := kgzip.NewWriterLevel(&out, kgzip.HuffmanOnly)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// How an answer is sent: as it is, gzipped Huffman-only whole, or streamed
// through gzip at BestSpeed.
const (
	plainly = iota
	huffmanWhole
	streamed
)

func TestCompressAnswers(t *testing.T) {
	e := compressServer(t)
	tests := []struct {
		name, path, accept string
		status             int
		how                int
		vary               bool
	}{
		{"big JSON", "/big", "gzip, deflate, br", 200, streamed, true},
		{"big JSON without gzip", "/big", "", 200, plainly, true},
		{"gzip refused by quality", "/big", "br, gzip;q=0", 200, plainly, true},
		{"any encoding", "/big", "*", 200, streamed, true},
		{"small JSON", "/small", "gzip", 200, plainly, true},
		{"binary type", "/xlsx", "gzip", 200, plainly, false},
		{"text written in pieces", "/pieces", "gzip", 201, streamed, true},
		{"a record by id", "/get", "gzip", 200, huffmanWhole, true},
		{"a record by id without gzip", "/get", "identity", 200, plainly, true},
		{"at the compressed minimum", "/min", "gzip", 200, huffmanWhole, true},
		{"at the Huffman-only maximum", "/huffman-max", "gzip", 200, huffmanWhole, true},
		{"a byte over the Huffman-only maximum", "/over-huffman", "gzip", 200, streamed, true},
		{"small pieces", "/pieces-small", "gzip", 200, huffmanWhole, true},
		{"small, flushed before its end", "/flushed-small", "gzip", 200, streamed, true},
		{"a list page in one write", "/page", "gzip", 200, streamed, true},
		{"many pieces", "/pieces-over", "gzip", 200, streamed, true},
		{"flushed before its end", "/flushed", "gzip", 200, streamed, true},
		{"no content", "/empty", "gzip", 204, plainly, false},
		{"error envelope", "/fail", "gzip", 404, plainly, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			plain := do(e, "GET", tt.path, "")
			rec := do(e, "GET", tt.path, "", "Accept-Encoding", tt.accept)
			if rec.Code != tt.status || plain.Code != tt.status {
				t.Fatalf("status = %d (plain %d), want %d", rec.Code, plain.Code, tt.status)
			}
			gotEnc := rec.Header().Get("Content-Encoding")
			if (gotEnc == "gzip") != (tt.how != plainly) {
				t.Fatalf("Content-Encoding = %q, want gzipped=%v", gotEnc, tt.how != plainly)
			}
			if vary := strings.Contains(rec.Header().Get("Vary"), "Accept-Encoding"); vary != tt.vary {
				t.Errorf("Vary = %q, want Accept-Encoding=%v", rec.Header().Get("Vary"), tt.vary)
			}
			body := rec.Body.Bytes()
			switch tt.how {
			case huffmanWhole:
				// Exactly the Huffman-only stream of the plain answer, sent
				// with its own length.
				if !bytes.Equal(body, huffmanOnly(t, plain.Body.Bytes())) {
					t.Errorf("%d bytes: not the Huffman-only gzip of the plain answer", len(body))
				}
				if got, want := rec.Header().Get("Content-Length"), strconv.Itoa(len(body)); got != want {
					t.Errorf("Content-Length = %q, want %s", got, want)
				}
			case streamed:
				if rec.Header().Get("Content-Length") != "" {
					t.Errorf("a streamed answer keeps Content-Length %q", rec.Header().Get("Content-Length"))
				}
				if len(body) < 10 || body[8] != 4 { // XFL 4: gzip.BestSpeed
					t.Errorf("gzip header % x: not written at BestSpeed", body[:min(len(body), 10)])
				}
			}
			if tt.how != plainly {
				if len(body) >= plain.Body.Len() {
					t.Errorf("gzipped %d bytes, plain %d: nothing saved", len(body), plain.Body.Len())
				}
				body = gunzip(t, body)
			}
			if !bytes.Equal(body, plain.Body.Bytes()) {
				t.Errorf("decoded answer differs from the plain one (%d vs %d bytes)", len(body), plain.Body.Len())
			}
		})
	}
}

func TestCompressLeavesHeadAndUpgradesAlone(t *testing.T) {
	e := compressServer(t)
	for _, hdr := range [][]string{{"Accept-Encoding", "gzip", "Upgrade", "websocket"}} {
		rec := do(e, "GET", "/big", "", hdr...)
		if rec.Header().Get("Content-Encoding") != "" {
			t.Errorf("upgrade request answered with Content-Encoding %q", rec.Header().Get("Content-Encoding"))
		}
	}
	req := httptest.NewRequest("HEAD", "/big", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	if rec.Header().Get("Content-Encoding") != "" {
		t.Errorf("HEAD answered with Content-Encoding %q", rec.Header().Get("Content-Encoding"))
	}
}

func TestConsolePrecompressed(t *testing.T) {
	js := []byte(strings.Repeat("console.log('乡治');\n", 200))
	fsys := fstest.MapFS{
		"index.html":            {Data: []byte("<html>console</html>")},
		"index.html.br":         {Data: []byte("index-br")},
		"index.html.gz":         {Data: []byte("index-gz")},
		"assets/app-1a2b.js":    {Data: js},
		"assets/app-1a2b.js.br": {Data: []byte("js-br")},
		"assets/app-1a2b.js.gz": {Data: []byte("js-gz")},
		"assets/plain-9.js":     {Data: js},
	}
	tests := []struct {
		name, path, accept string
		encoding, body     string
		contentType        string
	}{
		{"asset brotli", "/assets/app-1a2b.js", "gzip, deflate, br, zstd", "br", "js-br", "text/javascript"},
		{"asset gzip", "/assets/app-1a2b.js", "gzip, deflate", "gzip", "js-gz", "text/javascript"},
		{"asset brotli refused", "/assets/app-1a2b.js", "br;q=0, gzip", "gzip", "js-gz", "text/javascript"},
		{"asset plain", "/assets/app-1a2b.js", "", "", string(js), "text/javascript"},
		{"spa page brotli", "/workbench", "br", "br", "index-br", "text/html"},
		{"spa page plain", "/workbench", "identity", "", "<html>console</html>", "text/html"},
		{"index brotli", "/index.html", "br", "br", "index-br", "text/html"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, _, _ := newServer(t)
			e.Use(Compress())
			e.Any("/*", NewConsole(fsys).Serve)
			rec := do(e, "GET", tt.path, "", "Accept", "text/html,*/*;q=0.8", "Accept-Encoding", tt.accept)
			if rec.Code != http.StatusOK {
				t.Fatalf("status = %d", rec.Code)
			}
			if got := rec.Header().Get("Content-Encoding"); got != tt.encoding {
				t.Errorf("Content-Encoding = %q, want %q", got, tt.encoding)
			}
			if got := rec.Body.String(); got != tt.body {
				t.Errorf("body = %.40q, want %.40q", got, tt.body)
			}
			if got := rec.Header().Get("Content-Type"); !strings.HasPrefix(got, tt.contentType) {
				t.Errorf("Content-Type = %q, want %s", got, tt.contentType)
			}
			if !strings.Contains(rec.Header().Get("Vary"), "Accept-Encoding") {
				t.Errorf("Vary = %q, want Accept-Encoding", rec.Header().Get("Vary"))
			}
		})
	}
	t.Run("asset without a stored variant is gzipped on the fly", func(t *testing.T) {
		e, _, _ := newServer(t)
		e.Use(Compress())
		e.Any("/*", NewConsole(fsys).Serve)
		rec := do(e, "GET", "/assets/plain-9.js", "", "Accept-Encoding", "gzip")
		if rec.Header().Get("Content-Encoding") != "gzip" || !bytes.Equal(gunzip(t, rec.Body.Bytes()), js) {
			t.Errorf("Content-Encoding = %q, want gzip of the file", rec.Header().Get("Content-Encoding"))
		}
	})
}

package httpx

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/klauspost/compress/gzip"
	"github.com/labstack/echo/v4"
)

// CompressMinBytes is the size from which an answer is worth compressing:
// below it the gzip header and a round of CPU cost more than they save.
const CompressMinBytes = 1024

// HuffmanMaxBytes is the largest answer compressed Huffman-only (each byte
// coded by its frequency, no search for repeated strings, no dynamic tables
// for them): an answer from CompressMinBytes to HuffmanMaxBytes is held back
// whole and sent in one write with its Content-Length. Huffman-only writes
// more bytes than gzip.BestSpeed (a villager by id, 1.1 KB of JSON: ≈ 850
// against ≈ 690 B) at less CPU (≈ 9 against ≈ 12 µs in a loop, a quarter of
// a get's server time went to gzip at BestSpeed), and both fit one TCP
// segment with the answer's status line and headers (≈ 220 B; MSS ≈ 1,400
// B), so a slow village link carries them in the same time. The cut-off is
// measured (docs/performance.md, "Authenticated get (session 9)"): over the
// gets and small list pages of every shipped module, answers up to 1,400 B
// came out at most 1,134 B Huffman-only.
const HuffmanMaxBytes = 1400

// gzipPool keeps gzip writers between answers. They compress at
// gzip.BestSpeed: on a county list page (20 villagers, 21 KB of JSON) it
// writes 3.1 KB where the default level wrote 2.8 KB, at about a third of the
// CPU (≈ 36 against ≈ 120 µs; the default level was 8–9% of the page's
// server time). The console's files, the bulk of the bytes, are compressed
// at build time at the highest levels and never here.
var gzipPool = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed) // the level is valid, so no error
	return w
}}

// huffman is a Huffman-only gzip writer with the buffer it writes to, kept
// between small answers (huffmanPool).
type huffman struct {
	w   *gzip.Writer
	out bytes.Buffer
}

var huffmanPool = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(nil, gzip.HuffmanOnly) // the level is valid, so no error
	h := &huffman{w: w}
	h.out.Grow(HuffmanMaxBytes + 64)
	return h
}}

// writerPool keeps compressWriters, with their hold-back buffers of
// HuffmanMaxBytes, between answers.
var writerPool = sync.Pool{New: func() any {
	return &compressWriter{held: make([]byte, 0, HuffmanMaxBytes)}
}}

// Compress gzips answers of a textual type (JSON, text, JavaScript, CSS,
// SVG, XML) from CompressMinBytes on, when the client accepts gzip. An answer
// that already has a Content-Encoding (the console's precompressed files,
// /metrics) passes through untouched, as do small answers, binary types
// (xlsx exports, images), HEAD requests and websocket upgrades. Every
// textual answer says Vary: Accept-Encoding, so caches keep the variants apart.
func Compress() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			req := c.Request()
			if req.Method == http.MethodHead || req.Header.Get("Upgrade") != "" {
				return next(c)
			}
			res := c.Response()
			cw := writerPool.Get().(*compressWriter)
			cw.ResponseWriter, cw.gzipOK = res.Writer, AcceptsEncoding(req, "gzip")
			res.Writer = cw
			defer func() {
				cw.finish()
				res.Writer = cw.ResponseWriter
				*cw = compressWriter{held: cw.held[:0]}
				writerPool.Put(cw)
			}()
			return next(c)
		}
	}
}

// AcceptsEncoding reports whether the request's Accept-Encoding takes enc
// (named, or by "*", with a quality above zero).
func AcceptsEncoding(req *http.Request, enc string) bool {
	star := false
	for rest := req.Header.Get(echo.HeaderAcceptEncoding); rest != ""; {
		var part string
		part, rest, _ = strings.Cut(rest, ",")
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.TrimSpace(name)
		isEnc := strings.EqualFold(name, enc)
		if !isEnc && name != "*" {
			continue
		}
		ok := qualityAboveZero(params)
		if isEnc {
			return ok
		}
		star = ok
	}
	return star
}

func qualityAboveZero(params string) bool {
	for rest := params; rest != ""; {
		var p string
		p, rest, _ = strings.Cut(rest, ";")
		k, v, found := strings.Cut(strings.TrimSpace(p), "=")
		if found && strings.EqualFold(strings.TrimSpace(k), "q") {
			q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return err == nil && q > 0
		}
	}
	return true
}

// compressibleType reports whether a Content-Type is text that compresses.
func compressibleType(ct string) bool {
	ct = strings.ToLower(ct)
	if i := strings.IndexByte(ct, ';'); i >= 0 {
		ct = ct[:i]
	}
	ct = strings.TrimSpace(ct)
	switch {
	case strings.HasPrefix(ct, "text/"):
		return true
	case ct == "application/json", ct == "application/javascript", ct == "application/xml",
		ct == "image/svg+xml", ct == "application/problem+json", strings.HasSuffix(ct, "+json"):
		return true
	}
	return false
}

// compressWriter holds the first HuffmanMaxBytes of an answer back until it
// knows whether the answer is worth compressing and how: an answer that
// ends within them is sent whole (Huffman-only from CompressMinBytes on,
// as it is below), a longer one is streamed through gzip at BestSpeed.
type compressWriter struct {
	http.ResponseWriter
	gzipOK  bool
	status  int
	buf     []byte // what is held back; nil once sent
	held    []byte // buf's backing array, kept with the writer in writerPool
	decided bool
	gz      *gzip.Writer
}

// WriteHeader keeps the status until the body decides the encoding.
func (w *compressWriter) WriteHeader(code int) {
	if w.decided || w.status != 0 {
		return
	}
	w.status = code
}

// Write buffers up to HuffmanMaxBytes, then decides and streams.
func (w *compressWriter) Write(b []byte) (int, error) {
	if !w.decided {
		if len(w.buf)+len(b) <= HuffmanMaxBytes {
			if w.buf == nil {
				w.buf = w.held[:0]
			}
			w.buf = append(w.buf, b...)
			return len(b), nil
		}
		if err := w.decide(true, false, b); err != nil {
			return 0, err
		}
		return len(b), nil
	}
	if w.gz != nil {
		return w.gz.Write(b)
	}
	return w.ResponseWriter.Write(b)
}

// decide sends the header, compressing when big (enough body was seen), the
// type is textual, nothing encoded it already and the client takes gzip,
// then what was held back and next, the bytes of the Write deciding (not
// copied behind the held ones: a list page comes in one Write of ≈ 20 KB).
// whole says the held bytes are the whole answer (it has ended): then they
// are compressed Huffman-only and sent with their length.
func (w *compressWriter) decide(big, whole bool, next []byte) error {
	w.decided = true
	h := w.Header()
	status := w.status
	if status == 0 {
		status = http.StatusOK
	}
	textual := compressibleType(h.Get(echo.HeaderContentType))
	encoded := h.Get(echo.HeaderContentEncoding) != ""
	if textual && !encoded {
		h.Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
	}
	bodyAllowed := status != http.StatusNoContent && status != http.StatusNotModified && status >= 200
	if big && textual && !encoded && w.gzipOK && bodyAllowed && h.Get("Content-Range") == "" {
		h.Set(echo.HeaderContentEncoding, "gzip")
		h.Del(echo.HeaderContentLength)
		if whole && len(next) == 0 && len(w.buf) <= HuffmanMaxBytes {
			return w.sendHuffman(status)
		}
		w.ResponseWriter.WriteHeader(status)
		w.gz = gzipPool.Get().(*gzip.Writer)
		w.gz.Reset(w.ResponseWriter)
		return w.flushHeld(w.gz, next)
	}
	w.ResponseWriter.WriteHeader(status)
	return w.flushHeld(w.ResponseWriter, next)
}

// sendHuffman sends the held answer, compressed Huffman-only, with its
// length, in one write.
func (w *compressWriter) sendHuffman(status int) error {
	z := huffmanPool.Get().(*huffman)
	defer huffmanPool.Put(z)
	z.out.Reset()
	z.w.Reset(&z.out)
	_, err := z.w.Write(w.buf)
	if err == nil {
		err = z.w.Close()
	}
	z.w.Reset(nil)
	w.buf = nil
	if err != nil { // writing to memory does not fail; kept for the contract
		return err
	}
	w.Header().Set(echo.HeaderContentLength, strconv.Itoa(z.out.Len()))
	w.ResponseWriter.WriteHeader(status)
	_, err = w.ResponseWriter.Write(z.out.Bytes())
	return err
}

// flushHeld writes the held-back bytes, then next, to out.
func (w *compressWriter) flushHeld(out io.Writer, next []byte) error {
	held := w.buf
	w.buf = nil
	for _, b := range [][]byte{held, next} {
		if len(b) == 0 {
			continue
		}
		if _, err := out.Write(b); err != nil {
			return err
		}
	}
	return nil
}

// Flush sends what is held back (deciding on what has been seen so far).
func (w *compressWriter) Flush() {
	if !w.decided {
		_ = w.decide(len(w.buf) >= CompressMinBytes, false, nil)
	}
	if w.gz != nil {
		_ = w.gz.Flush()
	}
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// finish ends the answer: a body never written in full is sent as it is,
// and the gzip stream is closed and its writer returned to the pool.
func (w *compressWriter) finish() {
	if !w.decided {
		if w.status == 0 && len(w.buf) == 0 {
			w.decided = true // nothing was answered: leave it to the error handler
			return
		}
		_ = w.decide(len(w.buf) >= CompressMinBytes, true, nil)
	}
	if w.gz != nil {
		_ = w.gz.Close()
		w.gz.Reset(nil)
		gzipPool.Put(w.gz)
		w.gz = nil
	}
}

// Hijack hands the connection over (only upgrades do this, and they skip
// compression, but an intermediate writer must not hide the capability).
func (w *compressWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	if h, ok := w.ResponseWriter.(http.Hijacker); ok {
		return h.Hijack()
	}
	return nil, nil, errors.New("compress: the response writer cannot be hijacked")
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *compressWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

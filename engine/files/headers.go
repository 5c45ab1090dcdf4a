package files

import (
	"net/http"
	"strings"
)

// ContentDisposition is the Content-Disposition of a file of type t called
// name: inline for images, audio, video and pdf, attachment otherwise,
// with the name as an ASCII fallback and as RFC 5987 UTF-8
// (filename*=UTF-8”…). A file without name is called by its key's last
// element by the caller.
func ContentDisposition(t Type, name string) string {
	disp := "attachment"
	if t.Inline() {
		disp = "inline"
	}
	if name == "" {
		return disp
	}
	return disp + `; filename="` + asciiFallback(name) + `"; filename*=UTF-8''` + rfc5987(name)
}

// asciiFallback keeps the printable ASCII of name, replacing the rest (and
// quotes and backslashes) with '_'.
func asciiFallback(name string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' {
			return '_'
		}
		return r
	}, name)
}

// rfc5987 percent-encodes name as an RFC 5987 ext-value (attr-char left
// as is).
func rfc5987(name string) string {
	var b strings.Builder
	for _, c := range []byte(name) {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			strings.IndexByte("!#$&+-.^_`|~", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hexDigits[c>>4])
		b.WriteByte(hexDigits[c&15])
	}
	return b.String()
}

// SetServeHeaders sets the headers of a served file of type t: its
// Content-Type, the Content-Disposition, nosniff, and a sandbox CSP for
// everything that is not an image (so a pdf or a video page can run no
// script in our origin).
func SetServeHeaders(h http.Header, t Type, name string) {
	h.Set("Content-Type", t.MIME)
	h.Set("Content-Disposition", ContentDisposition(t, name))
	h.Set("X-Content-Type-Options", "nosniff")
	if t.Media != MediaImage {
		h.Set("Content-Security-Policy", "sandbox")
	}
}

const hexDigits = "0123456789ABCDEF"

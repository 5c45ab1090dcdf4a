package httpx

import (
	"bytes"
	"errors"
	"html/template"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/msg"
)

// Cache policies of the console files.
const (
	cacheImmutable = "public, max-age=31536000, immutable"
	cacheNone      = "no-cache"
)

// Console serves the embedded single-page console: files as they are, with
// year-long immutable caching for the content-hashed files under assets/,
// and index.html (never cached) for every other GET path a browser
// navigates to, so the browser router can take over. Without an index.html it serves a short page
// saying the console was not built.
type Console struct {
	fsys     fs.FS
	index    []byte
	notBuilt []byte
	csp      string
}

// NewConsole serves fsys (the console's dist folder, index.html at its
// root). A nil fsys serves only the not-built page.
func NewConsole(fsys fs.FS) *Console {
	c := &Console{fsys: fsys, notBuilt: notBuiltPage(), csp: ContentSecurityPolicy(Origins{})}
	if fsys != nil {
		if b, err := fs.ReadFile(fsys, "index.html"); err == nil {
			c.index = b
		}
	}
	return c
}

// Allow widens the pages' Content-Security-Policy to the given origins.
func (cs *Console) Allow(o Origins) { cs.csp = ContentSecurityPolicy(o) }

// Built reports whether the console has an index.html.
func (cs *Console) Built() bool { return cs.index != nil }

// Serve answers a GET or HEAD for a console path; anything else is a 404.
func (cs *Console) Serve(c echo.Context) error {
	req := c.Request()
	if req.Method != http.MethodGet && req.Method != http.MethodHead {
		return ErrRouteNotFound
	}
	SetRoute(c, "console")
	h := c.Response().Header()
	h.Set("Content-Security-Policy", cs.csp)
	h.Set("Referrer-Policy", referrerPolicy)
	h.Set("Permissions-Policy", permissionsPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	name := strings.TrimPrefix(path.Clean("/"+req.URL.Path), "/")
	if name != "" && name != "index.html" && cs.fsys != nil && cs.serveFile(c, name) {
		return nil
	}
	// A missing asset or file with an extension is a real 404: answering
	// index.html for a script would only confuse the browser. So is a
	// request that does not take HTML (an API client on a wrong path).
	if strings.HasPrefix(name, "assets/") || path.Ext(name) != "" && name != "index.html" || !acceptsHTML(req) {
		return ErrRouteNotFound
	}
	c.Response().Header().Set(echo.HeaderCacheControl, cacheNone)
	if cs.index != nil && cs.serveFile(c, "index.html") {
		return nil
	}
	page := cs.index
	if page == nil {
		page = cs.notBuilt
	}
	return c.HTMLBlob(http.StatusOK, page)
}

// precompressed are the encodings the build stores beside a file (name.br,
// name.gz), best first.
var precompressed = []struct{ encoding, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// serveFile answers the file name (a regular file of the console), from
// its precompressed variant when the client takes that encoding, with the
// caching policy of its place. It reports false when there is no such file.
func (cs *Console) serveFile(c echo.Context, name string) bool {
	st, err := fs.Stat(cs.fsys, name)
	if err != nil || st.IsDir() {
		return false
	}
	req, h := c.Request(), c.Response().Header()
	cache := cacheNone
	if strings.HasPrefix(name, "assets/") {
		cache = cacheImmutable
	}
	h.Set(echo.HeaderCacheControl, cache)
	h.Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
	if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
		h.Set(echo.HeaderContentType, ct)
	}
	open := name
	for _, p := range precompressed {
		if AcceptsEncoding(req, p.encoding) {
			if vst, err := fs.Stat(cs.fsys, name+p.suffix); err == nil && !vst.IsDir() {
				open = name + p.suffix
				h.Set(echo.HeaderContentEncoding, p.encoding)
				break
			}
		}
	}
	f, err := cs.fsys.Open(open)
	if err != nil {
		return false
	}
	defer f.Close()
	rs, ok := f.(io.ReadSeeker)
	if !ok {
		return false
	}
	http.ServeContent(c.Response(), req, name, time.Time{}, rs)
	return true
}

// acceptsHTML reports whether the client takes an HTML page: a browser
// navigating sends text/html in Accept, fetch and axios calls do not.
func acceptsHTML(req *http.Request) bool {
	accept := req.Header.Get(echo.HeaderAccept)
	return strings.Contains(accept, echo.MIMETextHTML) || strings.Contains(accept, "application/xhtml+xml")
}

var notBuiltTmpl = template.Must(template.New("notBuilt").Parse(`<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>{{.Title}}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.6">
<h1>{{.Title}}</h1><p>{{.Body}}</p></body></html>
`))

func notBuiltPage() []byte {
	var b bytes.Buffer
	if err := notBuiltTmpl.Execute(&b, struct{ Title, Body string }{msg.ConsoleNotBuiltTitle, msg.ConsoleNotBuiltBody}); err != nil {
		panic(errors.New("render the not-built page: " + err.Error()))
	}
	return b.Bytes()
}

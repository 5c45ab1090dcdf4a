package httpx

import (
	"net/url"
	"slices"
	"strings"
)

// Origins are the other places the console's pages may load from or talk
// to, each a scheme://host[:port]: map tiles (images), the place search
// (fetch) and an object store whose signed links show pictures and play
// video. The console's own origin is always allowed.
type Origins struct {
	Images, Media, Connect []string
}

// OriginOf is the scheme://host of a URL or URL template ("" when it has
// none, such as a relative path).
func OriginOf(raw string) string {
	u, err := url.Parse(strings.NewReplacer("{z}", "0", "{x}", "0", "{y}", "0", "{s}", "a", "{q}", "q").Replace(raw))
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

// ContentSecurityPolicy is the policy of the console's pages: scripts only
// from the console's own origin and never inline; eval stays allowed only
// because the form library's validator (AJV) compiles each module's record
// schema into a function at run time (docs/architecture.md); styles also
// inline (the component library writes its styles at run time), images,
// media and connections from its origin plus the given ones, no plugins,
// never framed, forms and the base URL only to itself.
func ContentSecurityPolicy(o Origins) string {
	list := func(base []string, extra []string) string {
		out := slices.Clone(base)
		for _, e := range extra {
			if e != "" && !slices.Contains(out, e) {
				out = append(out, e)
			}
		}
		return strings.Join(out, " ")
	}
	return strings.Join([]string{
		"default-src 'self'",
		"script-src 'self' 'unsafe-eval'",
		"style-src 'self' 'unsafe-inline'",
		"img-src " + list([]string{"'self'", "data:", "blob:"}, o.Images),
		"media-src " + list([]string{"'self'", "blob:"}, o.Media),
		"connect-src " + list([]string{"'self'"}, o.Connect),
		"font-src 'self' data:",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
}

// Headers every console page carries besides its policy.
const (
	referrerPolicy    = "strict-origin-when-cross-origin"
	permissionsPolicy = "camera=(), microphone=(), payment=(), usb=(), geolocation=(self)"
)

package files

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// MaxBusinessTypeLen bounds the business-type segment of a key.
const MaxBusinessTypeLen = 64

// DefaultBusinessType is the segment of files uploaded without one (or with
// one that has no allowed character left).
const DefaultBusinessType = "default"

// keyPattern is the only shape of key a backend accepts:
// <tenant>/<businessType>/<yyyy>/<mm>/<dd>/<32 hex><.ext>.
var keyPattern = regexp.MustCompile(`^[1-9][0-9]{0,18}/[a-z0-9_-]{1,64}/[0-9]{4}/[0-9]{2}/[0-9]{2}/[0-9a-f]{32}\.[a-z0-9]{2,5}$`)

// ValidKey reports whether key has the shape NewKey gives. It contains no
// "..", no backslash, no NUL, no leading slash and no percent sign, so it
// is safe as a relative path and as a URL path.
func ValidKey(key string) bool { return keyPattern.MatchString(key) }

// SanitizeBusinessType lower-cases s and keeps only a-z, 0-9, '_' and '-'
// (at most MaxBusinessTypeLen of them); nothing left gives
// DefaultBusinessType. Slashes, dots, backslashes, percent signs and NULs
// therefore never reach a key.
func SanitizeBusinessType(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if b.Len() == MaxBusinessTypeLen {
			break
		}
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-' {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return DefaultBusinessType
	}
	return b.String()
}

// NewKey makes the key of a new object of tenant: the sanitised business
// type, the date (UTC) and 128 random bits, with ext (the extension of the
// detected type, without dot).
func NewKey(tenantID int64, businessType string, now time.Time, ext string) (string, error) {
	if tenantID <= 0 {
		return "", fmt.Errorf("new key: tenant %d", tenantID)
	}
	var rnd [16]byte
	if _, err := rand.Read(rnd[:]); err != nil {
		return "", fmt.Errorf("new key: %w", err)
	}
	key := strconv.FormatInt(tenantID, 10) + "/" + SanitizeBusinessType(businessType) + "/" +
		now.UTC().Format("2006/01/02") + "/" + hex.EncodeToString(rnd[:]) + "." + ext
	if !ValidKey(key) {
		return "", fmt.Errorf("new key %q: %w", key, ErrBadKey)
	}
	return key, nil
}

// KeyTenant is the tenant id a valid key starts with (0 for an invalid
// key).
func KeyTenant(key string) int64 {
	if !ValidKey(key) {
		return 0
	}
	id, _ := strconv.ParseInt(key[:strings.IndexByte(key, '/')], 10, 64)
	return id
}

// KeyExt is the extension of a valid key, without dot.
func KeyExt(key string) string { return key[strings.LastIndexByte(key, '.')+1:] }

// KeyFromURL finds the key in a file link handed out earlier: the app's
// signed URL (absolute or relative), an S3 presigned URL (path-style or
// virtual-host), or a bare key; its query is ignored. false when the last
// six path elements are not a valid key.
func KeyFromURL(raw string) (string, bool) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", false
	}
	segs := strings.Split(u.Path, "/")
	if len(segs) < 6 {
		return "", false
	}
	key := strings.Join(segs[len(segs)-6:], "/")
	return key, ValidKey(key)
}

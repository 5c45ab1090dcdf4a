package files

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"xiangzhi/engine/msg"
)

// Errors of signed URLs and upload tickets. Both answer 403.
var (
	// ErrLinkExpired means the signed URL or ticket is past its expiry.
	ErrLinkExpired = &linkError{msg.FileURLExpired, "signed link expired"}
	// ErrLinkInvalid means the signature does not match what was signed.
	ErrLinkInvalid = &linkError{msg.FileURLInvalid, "signed link invalid"}
	// ErrTicketInvalid means an upload ticket is malformed, forged or
	// expired.
	ErrTicketInvalid = &linkError{msg.FileTicketInvalid, "upload ticket invalid"}
)

// linkError is a 403 with a Chinese message.
type linkError struct{ text, desc string }

func (e *linkError) Error() string         { return e.desc }
func (e *linkError) HTTPStatus() int       { return http.StatusForbidden }
func (e *linkError) PublicMessage() string { return e.text }

// MinSecretLen is the shortest secret a Signer takes.
const MinSecretLen = 32

// Signer signs file URLs (HMAC-SHA256 over the key and the expiry) and
// upload tickets with one per-installation secret.
type Signer struct {
	secret []byte
	// base is the path signed URLs start with, ending in a slash.
	base string
}

// NewSigner makes a Signer over secret whose URLs start with base (the
// file route, e.g. /api/oos/file/).
func NewSigner(secret []byte, base string) (*Signer, error) {
	if len(secret) < MinSecretLen {
		return nil, fmt.Errorf("signing secret of %d bytes, want at least %d", len(secret), MinSecretLen)
	}
	if !strings.HasSuffix(base, "/") {
		base += "/"
	}
	return &Signer{secret: secret, base: base}, nil
}

func (s *Signer) mac(parts ...string) []byte {
	h := hmac.New(sha256.New, s.secret)
	h.Write([]byte(strings.Join(parts, "\n")))
	return h.Sum(nil)
}

// URL is the signed URL of key, valid until exp.
func (s *Signer) URL(key string, exp time.Time) string {
	e := strconv.FormatInt(exp.Unix(), 10)
	return s.base + key + "?exp=" + e + "&sig=" + hex.EncodeToString(s.mac("file", key, e))
}

// Verify checks a signed URL's key, exp and sig (as the query carried
// them) at now: ErrLinkInvalid when they were not signed together,
// ErrLinkExpired when exp is past.
func (s *Signer) Verify(key, exp, sig string, now time.Time) error {
	got, err := hex.DecodeString(sig)
	if err != nil || !hmac.Equal(got, s.mac("file", key, exp)) {
		return ErrLinkInvalid
	}
	e, err := strconv.ParseInt(exp, 10, 64)
	if err != nil {
		return ErrLinkInvalid
	}
	if now.Unix() > e {
		return ErrLinkExpired
	}
	return nil
}

// Ticket is what an upload ticket allows: an upload into a tenant, as a
// user, with a business type and an uploader kind, until Expires.
type Ticket struct {
	TenantID     int64     `json:"t"`
	UserID       int64     `json:"u"`
	BusinessType string    `json:"b,omitempty"`
	Kind         string    `json:"k,omitempty"`
	Expires      time.Time `json:"e"`
}

// IssueTicket signs t into an opaque string.
func (s *Signer) IssueTicket(t Ticket) string {
	t.Expires = t.Expires.UTC().Truncate(time.Second)
	body, _ := json.Marshal(t) // a struct of plain fields always marshals
	payload := base64.RawURLEncoding.EncodeToString(body)
	return payload + "." + base64.RawURLEncoding.EncodeToString(s.mac("ticket", payload))
}

// VerifyTicket checks a ticket at now and returns what it allows.
func (s *Signer) VerifyTicket(tok string, now time.Time) (Ticket, error) {
	payload, sig, ok := strings.Cut(tok, ".")
	if !ok {
		return Ticket{}, ErrTicketInvalid
	}
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || !hmac.Equal(got, s.mac("ticket", payload)) {
		return Ticket{}, ErrTicketInvalid
	}
	body, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		return Ticket{}, ErrTicketInvalid
	}
	var t Ticket
	if err := json.Unmarshal(body, &t); err != nil || t.TenantID <= 0 || t.UserID <= 0 {
		return Ticket{}, ErrTicketInvalid
	}
	if now.After(t.Expires) {
		return Ticket{}, ErrTicketInvalid
	}
	return t, nil
}

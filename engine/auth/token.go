package auth

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// DefaultTokenTTL is how long a token (and its session) lives: one day, the
// console's cookie lifetime.
const DefaultTokenTTL = 24 * time.Hour

// Claims are the claims of a login token: sub (the user id, decimal), tid
// (the tenant), auth (the comma-separated visit codes the console reads to
// open the statistics and form-designer routes), jti (the session), iat and
// exp.
type Claims struct {
	TenantID int64  `json:"tid"`
	Auth     string `json:"auth"`
	jwt.RegisteredClaims
}

// UserID is the sub claim as a number (0 when it is not one).
func (c *Claims) UserID() int64 {
	id, err := strconv.ParseInt(c.Subject, 10, 64)
	if err != nil {
		return 0
	}
	return id
}

// Tokens signs and checks login tokens with HS256 and the installation's
// signing key.
type Tokens struct {
	key []byte
	ttl time.Duration
	now func() time.Time
	// parsed keeps the claims of tokens already verified, by the whole
	// token text (signature included, so a forged token never matches):
	// every request of a session carries the same token, and verifying
	// and decoding it cost an authenticated request about a tenth of its
	// time. Expiry is checked on every use.
	parsed  sync.Map // token → *Claims
	nParsed atomic.Int64
}

// parsedMax bounds the kept claims; a full map starts afresh.
const parsedMax = 20_000

// NewTokens returns a signer with key, tokens living ttl (DefaultTokenTTL
// when zero), and now as the clock (time.Now when nil).
func NewTokens(key []byte, ttl time.Duration, now func() time.Time) *Tokens {
	if ttl <= 0 {
		ttl = DefaultTokenTTL
	}
	if now == nil {
		now = time.Now
	}
	return &Tokens{key: key, ttl: ttl, now: now}
}

// TTL is how long an issued token lives.
func (t *Tokens) TTL() time.Duration { return t.ttl }

// Issue signs a token for the user of a tenant with the session id jti,
// the visit codes, issued now and expiring at expires.
func (t *Tokens) Issue(userID, tenantID int64, jti string, visitCodes []string, expires time.Time) (string, error) {
	now := t.now()
	claims := Claims{
		TenantID: tenantID,
		Auth:     strings.Join(visitCodes, ","),
		RegisteredClaims: jwt.RegisteredClaims{
			Subject:   strconv.FormatInt(userID, 10),
			ID:        jti,
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(expires),
		},
	}
	s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(t.key)
	if err != nil {
		return "", fmt.Errorf("sign token: %w", err)
	}
	return s, nil
}

// Parse checks a token's signature (HS256 with the installation's key
// only: "none" and every other algorithm are refused), its expiry and its
// required claims, and returns its claims. It does not look at the
// session; Service.Authenticate does both. Failures wrap ErrInvalidToken
// and answer 401.
func (t *Tokens) Parse(token string) (*Claims, error) {
	if v, ok := t.parsed.Load(token); ok {
		c := v.(*Claims)
		if exp := c.ExpiresAt; exp != nil && t.now().Before(exp.Time) {
			out := *c
			return &out, nil
		}
		t.parsed.Delete(token)
	}
	claims, err := t.parse(token)
	if err != nil {
		return nil, err
	}
	if t.nParsed.Add(1) > parsedMax {
		t.parsed.Clear()
		t.nParsed.Store(1)
	}
	kept := *claims
	t.parsed.Store(token, &kept)
	return claims, nil
}

// parse verifies token's signature, algorithm and times and decodes it.
func (t *Tokens) parse(token string) (*Claims, error) {
	claims := &Claims{}
	parsed, err := jwt.ParseWithClaims(token, claims, func(*jwt.Token) (any, error) { return t.key, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithTimeFunc(t.now),
	)
	if err != nil {
		return nil, invalidToken(err)
	}
	if !parsed.Valid || claims.ID == "" || claims.UserID() <= 0 || claims.TenantID <= 0 {
		return nil, invalidToken(errors.New("missing sub, tid or jti"))
	}
	return claims, nil
}

// newJTI returns a random 128-bit session id in hex.
func newJTI() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("session id: %w", err)
	}
	return hex.EncodeToString(b), nil
}

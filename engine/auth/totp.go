package auth

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"
)

// Parameters of two-factor codes (RFC 6238 with the defaults every
// authenticator app reads from an otpauth:// URI): HMAC-SHA1, 30-second
// steps, six digits, one step of drift either way.
const (
	TOTPPeriod      = 30
	TOTPDigits      = 6
	totpSkew        = 1
	totpSecretBytes = 20
	// RecoveryCodeCount is how many single-use recovery codes an enrolment
	// gives.
	RecoveryCodeCount = 10
)

var b32 = base32.StdEncoding.WithPadding(base32.NoPadding)

// TOTP is the RFC 6238 code of secret at t with digits digits
// (HMAC-SHA1, 30-second steps).
func TOTP(secret []byte, t time.Time, digits int) string {
	return hotp(secret, uint64(t.Unix()/TOTPPeriod), digits)
}

// hotp is RFC 4226's HOTP: dynamic truncation of HMAC-SHA1(key, counter).
func hotp(key []byte, counter uint64, digits int) string {
	var msg [8]byte
	binary.BigEndian.PutUint64(msg[:], counter)
	mac := hmac.New(sha1.New, key)
	mac.Write(msg[:])
	sum := mac.Sum(nil)
	off := sum[len(sum)-1] & 0x0f
	bin := binary.BigEndian.Uint32(sum[off:off+4]) & 0x7fffffff
	mod := uint32(1)
	for i := 0; i < digits; i++ {
		mod *= 10
	}
	return fmt.Sprintf("%0*d", digits, bin%mod)
}

// matchTOTP returns the time step at which code is secret's code, within
// one step of now, or false.
func matchTOTP(secret []byte, code string, now time.Time) (int64, bool) {
	if len(code) != TOTPDigits {
		return 0, false
	}
	cur := now.Unix() / TOTPPeriod
	for step := cur - totpSkew; step <= cur+totpSkew; step++ {
		want := hotp(secret, uint64(step), TOTPDigits)
		if subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return step, true
		}
	}
	return 0, false
}

// TOTPSetup is what an enrolment shows once: the secret in base32 (typed
// into an app by hand) and the otpauth:// URI (shown as a QR code).
type TOTPSetup struct {
	Secret string `json:"secret"`
	URI    string `json:"otpauthUri"`
}

func newTOTPSetup(issuer, account string, secret []byte) *TOTPSetup {
	enc := b32.EncodeToString(secret)
	q := url.Values{}
	q.Set("secret", enc)
	q.Set("issuer", issuer)
	q.Set("algorithm", "SHA1")
	q.Set("digits", fmt.Sprint(TOTPDigits))
	q.Set("period", fmt.Sprint(TOTPPeriod))
	label := url.PathEscape(issuer + ":" + account)
	return &TOTPSetup{Secret: enc, URI: "otpauth://totp/" + label + "?" + q.Encode()}
}

// secretBox seals two-factor secrets at rest with AES-256-GCM under a key
// derived from the installation's signing key.
type secretBox struct{ aead cipher.AEAD }

func newSecretBox(signingKey []byte) (*secretBox, error) {
	mac := hmac.New(sha256.New, signingKey)
	mac.Write([]byte("xiangzhi totp secret"))
	block, err := aes.NewCipher(mac.Sum(nil))
	if err != nil {
		return nil, fmt.Errorf("totp secret box: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("totp secret box: %w", err)
	}
	return &secretBox{aead: aead}, nil
}

func (b *secretBox) seal(secret []byte) (string, error) {
	nonce := make([]byte, b.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", fmt.Errorf("seal totp secret: %w", err)
	}
	return base64.StdEncoding.EncodeToString(b.aead.Seal(nonce, nonce, secret, nil)), nil
}

func (b *secretBox) open(sealed string) ([]byte, error) {
	raw, err := base64.StdEncoding.DecodeString(sealed)
	if err != nil || len(raw) < b.aead.NonceSize() {
		return nil, errors.New("open totp secret: malformed")
	}
	n := b.aead.NonceSize()
	secret, err := b.aead.Open(nil, raw[:n], raw[n:], nil)
	if err != nil {
		return nil, fmt.Errorf("open totp secret: %w", err)
	}
	return secret, nil
}

// newRecoveryCodes returns RecoveryCodeCount codes (xxxxx-xxxxx, base32
// lower case, 50 bits each) and their stored form: the comma-joined
// SHA-256 hashes of their normalised text.
func newRecoveryCodes() ([]string, string, error) {
	codes := make([]string, RecoveryCodeCount)
	hashes := make([]string, RecoveryCodeCount)
	for i := range codes {
		raw := make([]byte, 7)
		if _, err := rand.Read(raw); err != nil {
			return nil, "", fmt.Errorf("recovery codes: %w", err)
		}
		s := strings.ToLower(b32.EncodeToString(raw))[:10]
		codes[i] = s[:5] + "-" + s[5:]
		hashes[i] = recoveryHash(codes[i])
	}
	return codes, strings.Join(hashes, ","), nil
}

// recoveryHash is the stored form of one recovery code, blind to case,
// spaces and dashes.
func recoveryHash(code string) string {
	norm := strings.ToLower(strings.NewReplacer("-", "", " ", "").Replace(code))
	sum := sha256.Sum256([]byte(norm))
	return hex.EncodeToString(sum[:])
}

// spendRecovery returns stored without the hash of code, or false when
// code is not among them.
func spendRecovery(stored, code string) (string, bool) {
	if stored == "" {
		return "", false
	}
	want := recoveryHash(code)
	hashes := strings.Split(stored, ",")
	for i, h := range hashes {
		if subtle.ConstantTimeCompare([]byte(h), []byte(want)) == 1 {
			rest := append(hashes[:i:i], hashes[i+1:]...)
			return strings.Join(rest, ","), true
		}
	}
	return "", false
}

// recoveryLeft counts the unused recovery codes in stored.
func recoveryLeft(stored string) int {
	if stored == "" {
		return 0
	}
	return strings.Count(stored, ",") + 1
}

package auth

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/setting"
)

// Keys of the installation's secrets in the setting table.
const (
	// SettingLoginKey holds the RSA-2048 login key pair as a PKCS#8 PEM.
	SettingLoginKey = "auth.login_rsa_key"
	// SettingSigningKey holds the HMAC-SHA256 token signing key, base64.
	SettingSigningKey = "auth.jwt_signing_key"
)

const (
	rsaBits        = 2048
	signingKeySize = 32
	// maxCiphertext bounds the base64 text Decrypt accepts (a 2048-bit
	// ciphertext is 344 base64 characters).
	maxCiphertext = 1024
)

// Keys are the installation's login and token secrets. They are generated
// on first use, kept in the setting table (never shipped with the binary)
// and the same on every instance and across restarts.
type Keys struct {
	private   *rsa.PrivateKey
	publicPEM string
	signing   []byte
}

// LoadKeys reads the installation's keys from the setting table, creating
// each one that is missing. Two instances starting at once both try to
// insert; the loser's insert fails on the unique key and both then use the
// row that won.
func LoadKeys(ctx context.Context, client *ent.Client) (*Keys, error) {
	privPEM, err := ensureSetting(ctx, client, SettingLoginKey, newLoginKeyPEM)
	if err != nil {
		return nil, err
	}
	signB64, err := ensureSetting(ctx, client, SettingSigningKey, newSigningKey)
	if err != nil {
		return nil, err
	}
	k := &Keys{}
	if k.private, err = parsePrivateKey(privPEM); err != nil {
		return nil, fmt.Errorf("setting %s: %w", SettingLoginKey, err)
	}
	if k.signing, err = base64.StdEncoding.DecodeString(signB64); err != nil || len(k.signing) < signingKeySize {
		return nil, fmt.Errorf("setting %s: not a base64 key of %d bytes", SettingSigningKey, signingKeySize)
	}
	der, err := x509.MarshalPKIXPublicKey(&k.private.PublicKey)
	if err != nil {
		return nil, fmt.Errorf("marshal login public key: %w", err)
	}
	k.publicPEM = string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))
	return k, nil
}

// ensureSetting returns the value of key, inserting generate()'s value first
// when the row does not exist yet.
func ensureSetting(ctx context.Context, client *ent.Client, key string, generate func() (string, error)) (string, error) {
	s, err := client.Setting.Query().Where(setting.Key(key)).Only(ctx)
	if err == nil {
		return s.Value, nil
	}
	if !ent.IsNotFound(err) {
		return "", fmt.Errorf("read setting %s: %w", key, err)
	}
	value, err := generate()
	if err != nil {
		return "", fmt.Errorf("generate %s: %w", key, err)
	}
	if err := client.Setting.Create().SetKey(key).SetValue(value).Exec(ctx); err != nil && !ent.IsConstraintError(err) {
		return "", fmt.Errorf("insert setting %s: %w", key, err)
	}
	// Re-read: another instance may have inserted its own value first.
	s, err = client.Setting.Query().Where(setting.Key(key)).Only(ctx)
	if err != nil {
		return "", fmt.Errorf("read setting %s: %w", key, err)
	}
	return s.Value, nil
}

func newLoginKeyPEM() (string, error) {
	key, err := rsa.GenerateKey(rand.Reader, rsaBits)
	if err != nil {
		return "", err
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return "", err
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})), nil
}

func newSigningKey() (string, error) {
	b := make([]byte, signingKeySize)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(b), nil
}

func parsePrivateKey(text string) (*rsa.PrivateKey, error) {
	block, _ := pem.Decode([]byte(text))
	if block == nil {
		return nil, errors.New("no PEM block")
	}
	parsed, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("parse PKCS#8 key: %w", err)
	}
	key, ok := parsed.(*rsa.PrivateKey)
	if !ok {
		return nil, errors.New("not an RSA key")
	}
	return key, nil
}

// PublicKeyPEM is the login public key as an SPKI ("PUBLIC KEY") PEM, which
// the browser imports with crypto.subtle.importKey("spki", …, RSA-OAEP,
// SHA-256) to encrypt the password.
func (k *Keys) PublicKeyPEM() string { return k.publicPEM }

// Decrypt turns a base64 RSA-OAEP ciphertext (SHA-256 for both the hash and
// MGF1, no label: what WebCrypto produces) into the password text. Any
// failure is a 400 with a Chinese message; the cause is kept for the log.
func (k *Keys) Decrypt(b64 string) (string, error) {
	b64 = strings.TrimSpace(b64)
	if b64 == "" || len(b64) > maxCiphertext {
		return "", badCiphertext(errors.New("empty or oversized ciphertext"))
	}
	ct, err := decodeBase64(b64)
	if err != nil {
		return "", badCiphertext(err)
	}
	pt, err := rsa.DecryptOAEP(sha256.New(), nil, k.private, ct, nil)
	if err != nil {
		return "", badCiphertext(err)
	}
	if !utf8.Valid(pt) {
		return "", badCiphertext(errors.New("plaintext is not UTF-8"))
	}
	return string(pt), nil
}

// decodeBase64 accepts standard and URL-safe base64, padded or not.
func decodeBase64(s string) ([]byte, error) {
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding,
		base64.URLEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(s); err == nil {
			return b, nil
		}
	}
	return nil, errors.New("ciphertext is not base64")
}

// SigningKey is the HMAC-SHA256 key tokens are signed with.
func (k *Keys) SigningKey() []byte { return k.signing }

package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
	"golang.org/x/crypto/bcrypt"

	"xiangzhi/engine/msg"
)

// Argon2id parameters of new hashes (OWASP's first recommended set: 19 MiB,
// two passes, one lane). Hashes keep their own parameters in the PHC
// string, so changing these never breaks stored hashes; NeedsRehash tells
// when a stored hash should be upgraded after a successful login.
const (
	argonMemory  = 19 * 1024
	argonTime    = 2
	argonThreads = 1
	argonKeyLen  = 32
	argonSaltLen = 16
)

// Password policy bounds, in characters.
const (
	PasswordMinLen = 8
	PasswordMaxLen = 20
)

// maxPasswordBytes bounds what is hashed, so a huge input cannot make
// argon2 or bcrypt work on megabytes.
const maxPasswordBytes = 256

// HashPassword returns the argon2id hash of password in PHC string format:
// $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash> (unpadded standard base64).
func HashPassword(password string) (string, error) {
	if len(password) > maxPasswordBytes {
		return "", fmt.Errorf("hash password: longer than %d bytes", maxPasswordBytes)
	}
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("hash password: %w", err)
	}
	key := argon2.IDKey([]byte(password), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version,
		argonMemory, argonTime, argonThreads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// VerifyPassword reports whether password matches hash, an argon2id PHC
// string or a bcrypt hash ($2a$, $2b$, $2y$) of a migrated user. Any other
// or malformed hash never matches. The comparison is constant-time.
func VerifyPassword(hash, password string) bool {
	if len(password) > maxPasswordBytes {
		return false
	}
	switch {
	case strings.HasPrefix(hash, "$argon2id$"):
		p, err := parseArgon2id(hash)
		if err != nil {
			return false
		}
		got := argon2.IDKey([]byte(password), p.salt, p.time, p.memory, p.threads, uint32(len(p.key)))
		return subtle.ConstantTimeCompare(got, p.key) == 1
	case strings.HasPrefix(hash, "$2a$"), strings.HasPrefix(hash, "$2b$"), strings.HasPrefix(hash, "$2y$"):
		return bcrypt.CompareHashAndPassword([]byte(hash), []byte(password)) == nil
	}
	return false
}

// NeedsRehash reports whether hash is not an argon2id hash with the current
// parameters (a bcrypt hash, or argon2id with older parameters).
func NeedsRehash(hash string) bool {
	p, err := parseArgon2id(hash)
	if err != nil {
		return true
	}
	return p.memory != argonMemory || p.time != argonTime || p.threads != argonThreads ||
		len(p.key) != argonKeyLen
}

type argonParams struct {
	memory, time uint32
	threads      uint8
	salt, key    []byte
}

func parseArgon2id(hash string) (*argonParams, error) {
	parts := strings.Split(hash, "$")
	// "", "argon2id", "v=19", "m=…,t=…,p=…", salt, key
	if len(parts) != 6 || parts[1] != "argon2id" {
		return nil, errors.New("not an argon2id PHC string")
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return nil, errors.New("unsupported argon2 version")
	}
	p := &argonParams{}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.memory, &p.time, &p.threads); err != nil {
		return nil, fmt.Errorf("argon2id parameters: %w", err)
	}
	// Bounds keep a forged hash from making verification allocate gigabytes.
	if p.memory == 0 || p.memory > 1<<20 || p.time == 0 || p.time > 16 || p.threads == 0 {
		return nil, errors.New("argon2id parameters out of range")
	}
	var err error
	if p.salt, err = base64.RawStdEncoding.DecodeString(parts[4]); err != nil {
		return nil, fmt.Errorf("argon2id salt: %w", err)
	}
	if p.key, err = base64.RawStdEncoding.DecodeString(parts[5]); err != nil || len(p.key) < 16 || len(p.key) > 64 {
		return nil, errors.New("argon2id key is malformed")
	}
	return p, nil
}

// CheckPasswordPolicy returns nil when password follows the policy of the
// specification — 8 to 20 characters with at least three of the four kinds
// lowercase letter, uppercase letter, digit and special character — and
// otherwise PolicyError() (400, 密码长度大于8小于20…). Whitespace and
// control characters are not allowed.
func CheckPasswordPolicy(password string) error {
	n := utf8.RuneCountInString(password)
	if n < PasswordMinLen || n > PasswordMaxLen || !utf8.ValidString(password) {
		return PolicyError()
	}
	var lower, upper, digit, special bool
	for _, r := range password {
		switch {
		case unicode.IsSpace(r) || unicode.IsControl(r):
			return PolicyError()
		case r >= 'a' && r <= 'z':
			lower = true
		case r >= 'A' && r <= 'Z':
			upper = true
		case r >= '0' && r <= '9':
			digit = true
		default:
			special = true
		}
	}
	kinds := 0
	for _, ok := range []bool{lower, upper, digit, special} {
		if ok {
			kinds++
		}
	}
	if kinds < 3 {
		return PolicyError()
	}
	return nil
}

// PasswordRule is the policy as text, served by
// GET /api/system/cscpUserPasswordRule for the console's tooltip.
func PasswordRule() string { return msg.PasswordRule }

// Alphabets of generated passwords; look-alike characters (0/O, 1/l/I) are
// left out because a person copies the initial password by hand.
const (
	genLower   = "abcdefghijkmnopqrstuvwxyz"
	genUpper   = "ABCDEFGHJKLMNPQRSTUVWXYZ"
	genDigit   = "23456789"
	genSpecial = "!@#$%^&*-_=+?"
	genLength  = 16
)

// GeneratePassword returns a random 16-character password that follows the
// policy: at least one character of each of the four kinds, the rest drawn
// from all of them, in random order.
func GeneratePassword() (string, error) {
	all := genLower + genUpper + genDigit + genSpecial
	out := make([]byte, 0, genLength)
	for _, set := range []string{genLower, genUpper, genDigit, genSpecial} {
		c, err := randomChar(set)
		if err != nil {
			return "", err
		}
		out = append(out, c)
	}
	for len(out) < genLength {
		c, err := randomChar(all)
		if err != nil {
			return "", err
		}
		out = append(out, c)
	}
	// Fisher–Yates, so the guaranteed kinds are not always first.
	for i := len(out) - 1; i > 0; i-- {
		j, err := rand.Int(rand.Reader, big.NewInt(int64(i+1)))
		if err != nil {
			return "", fmt.Errorf("generate password: %w", err)
		}
		out[i], out[j.Int64()] = out[j.Int64()], out[i]
	}
	return string(out), nil
}

func randomChar(set string) (byte, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(int64(len(set))))
	if err != nil {
		return 0, fmt.Errorf("generate password: %w", err)
	}
	return set[n.Int64()], nil
}

package auth

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// ChallengeTTL is how long a sign-in challenge (the password step passed,
// the two-factor step pending) stays valid.
const ChallengeTTL = 5 * time.Minute

// challenge is the state carried between the password step and the
// two-factor step: whose sign-in it is, until when, and whether it
// confirms an enrolment the sign-in demanded.
type challenge struct {
	UserID   int64 `json:"u"`
	TenantID int64 `json:"t"`
	Expires  int64 `json:"e"`
	Enrol    bool  `json:"n,omitempty"`
}

// challenges signs and checks sign-in challenges with a key derived from
// the signing key, so a challenge is never mistaken for a token.
type challenges struct {
	key []byte
	now func() time.Time
}

func newChallenges(signingKey []byte, now func() time.Time) *challenges {
	mac := hmac.New(sha256.New, signingKey)
	mac.Write([]byte("xiangzhi sign-in challenge"))
	return &challenges{key: mac.Sum(nil), now: now}
}

func (c *challenges) issue(userID, tenantID int64, enrol bool) (string, error) {
	body, err := json.Marshal(challenge{UserID: userID, TenantID: tenantID,
		Expires: c.now().Add(ChallengeTTL).Unix(), Enrol: enrol})
	if err != nil {
		return "", fmt.Errorf("issue challenge: %w", err)
	}
	payload := base64.RawURLEncoding.EncodeToString(body)
	return payload + "." + base64.RawURLEncoding.EncodeToString(c.sign(payload)), nil
}

func (c *challenges) parse(text string) (*challenge, error) {
	payload, sig, ok := strings.Cut(text, ".")
	if !ok {
		return nil, errors.New("malformed")
	}
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || !hmac.Equal(got, c.sign(payload)) {
		return nil, errors.New("bad signature")
	}
	body, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		return nil, errors.New("malformed payload")
	}
	var ch challenge
	if err := json.Unmarshal(body, &ch); err != nil {
		return nil, fmt.Errorf("payload: %w", err)
	}
	if c.now().Unix() >= ch.Expires {
		return nil, errors.New("expired")
	}
	return &ch, nil
}

func (c *challenges) sign(payload string) []byte {
	mac := hmac.New(sha256.New, c.key)
	mac.Write([]byte(payload))
	return mac.Sum(nil)
}

package drive

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"net/http"
)

type envelope struct {
	Code int             `json:"code"`
	Msg  string          `json:"msg"`
	Data json.RawMessage `json:"data"`
}

// Encrypt encrypts a password the way the console does: RSA-OAEP with
// SHA-256 under the server's public key (SPKI PEM), base64-encoded.
func Encrypt(pemKey, password string) (string, error) {
	block, _ := pem.Decode([]byte(pemKey))
	if block == nil {
		return "", errors.New("public key is not PEM")
	}
	pub, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		return "", fmt.Errorf("parse public key: %w", err)
	}
	rsaPub, ok := pub.(*rsa.PublicKey)
	if !ok {
		return "", errors.New("public key is not RSA")
	}
	ct, err := rsa.EncryptOAEP(sha256.New(), rand.Reader, rsaPub, []byte(password), nil)
	if err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(ct), nil
}

// Login signs in as username and returns a bearer token. When the server
// demands a password change first, it changes the password to newPassword
// and returns the token of the new session.
func Login(ctx context.Context, c *http.Client, base, username, password, newPassword string) (string, error) {
	var key string
	if err := call(ctx, c, http.MethodGet, base+"/api/system/publicKey", "", nil, &key); err != nil {
		return "", fmt.Errorf("public key: %w", err)
	}
	enc, err := Encrypt(key, password)
	if err != nil {
		return "", err
	}
	var res struct {
		Token              string `json:"token"`
		MustChangePassword bool   `json:"mustChangePassword"`
	}
	body := map[string]string{"username": username, "password": enc}
	if err := call(ctx, c, http.MethodPost, base+"/api/system/login", "", body, &res); err != nil {
		return "", fmt.Errorf("login: %w", err)
	}
	if !res.MustChangePassword {
		return res.Token, nil
	}
	oldEnc, err := Encrypt(key, password)
	if err != nil {
		return "", err
	}
	newEnc, err := Encrypt(key, newPassword)
	if err != nil {
		return "", err
	}
	var changed struct {
		Token string `json:"token"`
	}
	change := map[string]string{"userName": username, "oldPassword": oldEnc, "newPassword": newEnc}
	if err := call(ctx, c, http.MethodPut, base+"/api/system/cscpUserPassword", res.Token, change, &changed); err != nil {
		return "", fmt.Errorf("change password: %w", err)
	}
	if changed.Token == "" {
		return Login(ctx, c, base, username, newPassword, newPassword)
	}
	return changed.Token, nil
}

// Call sends body as JSON with the bearer token (when not empty) and
// decodes the envelope's data into out; a code other than 0 is an error.
func Call(ctx context.Context, c *http.Client, method, url, token string, body, out any) error {
	return call(ctx, c, method, url, token, body, out)
}

func call(ctx context.Context, c *http.Client, method, url, token string, body, out any) error {
	if token != "" {
		token = "Bearer " + token
	}
	resp, err := Send(ctx, c, method, url, token, body)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var env envelope
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil {
		return fmt.Errorf("%s %s: status %d, body is not an envelope: %w", method, url, resp.StatusCode, err)
	}
	if env.Code != 0 {
		return fmt.Errorf("%s %s: %d %s", method, url, env.Code, env.Msg)
	}
	if out != nil && len(env.Data) > 0 {
		return json.Unmarshal(env.Data, out)
	}
	return nil
}

// Send sends body (nil: none) as JSON with the Authorization header (when
// not empty) and answers the response, whose body the caller closes.
func Send(ctx context.Context, c *http.Client, method, url, authorization string, body any) (*http.Response, error) {
	var rd *bytes.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		rd = bytes.NewReader(b)
	} else {
		rd = bytes.NewReader(nil)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if authorization != "" {
		req.Header.Set("Authorization", authorization)
	}
	return c.Do(req)
}

package drive

import (
	"context"
	crand "crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"
)

func TestPercentile(t *testing.T) {
	var lat []time.Duration
	for i := 1; i <= 100; i++ {
		lat = append(lat, time.Duration(i)*time.Millisecond)
	}
	tests := []struct {
		name string
		p    float64
		want time.Duration
	}{
		{"median", 50, 50 * time.Millisecond},
		{"p99", 99, 99 * time.Millisecond},
		{"max", 100, 100 * time.Millisecond},
		{"min", 0, 1 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Percentile(lat, tt.p); got != tt.want {
				t.Errorf("Percentile(%v) = %v, want %v", tt.p, got, tt.want)
			}
		})
	}
	if got := Percentile(nil, 50); got != 0 {
		t.Errorf("Percentile(nil) = %v, want 0", got)
	}
}

func TestRunCountsRequestsAndErrors(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := hits.Add(1)
		if n%2 == 0 {
			http.Error(w, "bad", http.StatusBadRequest)
			return
		}
		w.Write([]byte(`{"code":0}`))
	}))
	defer srv.Close()
	s := Scenario{Name: "half fail", Request: func(int) (*http.Request, error) {
		return http.NewRequest(http.MethodGet, srv.URL, nil)
	}}
	r := Run(context.Background(), NewClient(4), s, 4, 200*time.Millisecond)
	if r.Requests == 0 {
		t.Fatal("no requests were made")
	}
	if int64(r.Requests) > hits.Load() {
		t.Errorf("counted %d requests, server saw %d", r.Requests, hits.Load())
	}
	if r.Errors == 0 || r.Errors == r.Requests {
		t.Errorf("errors = %d of %d, want about half", r.Errors, r.Requests)
	}
	if r.FirstErr == "" {
		t.Error("FirstErr is empty although requests failed")
	}
}

func TestEncryptProducesOAEPCiphertext(t *testing.T) {
	key, err := rsa.GenerateKey(crand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	pemKey := string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))
	enc, err := Encrypt(pemKey, "Secret#123")
	if err != nil {
		t.Fatal(err)
	}
	ct, err := base64.StdEncoding.DecodeString(enc)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := rsa.DecryptOAEP(sha256.New(), nil, key, ct, nil)
	if err != nil || string(plain) != "Secret#123" {
		t.Errorf("decrypt = %q, %v; want Secret#123", plain, err)
	}
	if _, err := Encrypt("not pem", "x"); err == nil {
		t.Error("Encrypt accepted a key that is not PEM")
	}
}

package auth_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha1"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"xiangzhi/engine/auth"
	"xiangzhi/engine/auth/authtest"
	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent/setting"
)

func TestKeysStableAcrossReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "core.db")
	first, err := auth.LoadKeys(ctx, authtest.SQLiteAt(t, path))
	if err != nil {
		t.Fatal(err)
	}
	// A second "start" of the server on the same database.
	second, err := auth.LoadKeys(ctx, authtest.SQLiteAt(t, path))
	if err != nil {
		t.Fatal(err)
	}
	if first.PublicKeyPEM() != second.PublicKeyPEM() {
		t.Error("login public key changed across restarts")
	}
	if string(first.SigningKey()) != string(second.SigningKey()) {
		t.Error("signing key changed across restarts")
	}
	if n := len(first.SigningKey()); n != 32 {
		t.Errorf("signing key has %d bytes, want 32", n)
	}
}

// Two instances starting at once on a fresh database must end up with the
// same keys: whoever inserts first wins and the other re-reads.
func TestKeysConcurrentFirstStart(t *testing.T) {
	for _, db := range authtest.All(t) {
		t.Run(db.Name, func(t *testing.T) {
			ctx := context.Background()
			var wg sync.WaitGroup
			keys := make([]*auth.Keys, 4)
			errs := make([]error, len(keys))
			for i := range keys {
				wg.Add(1)
				go func() {
					defer wg.Done()
					keys[i], errs[i] = auth.LoadKeys(ctx, db.Client)
				}()
			}
			wg.Wait()
			for i := range keys {
				if errs[i] != nil {
					t.Fatalf("LoadKeys %d: %v", i, errs[i])
				}
				if keys[i].PublicKeyPEM() != keys[0].PublicKeyPEM() ||
					string(keys[i].SigningKey()) != string(keys[0].SigningKey()) {
					t.Errorf("instance %d got different keys", i)
				}
			}
			n, err := db.Client.Setting.Query().Where(setting.KeyIn(auth.SettingLoginKey, auth.SettingSigningKey)).Count(ctx)
			if err != nil || n != 2 {
				t.Errorf("setting rows = %d, %v; want 2", n, err)
			}
		})
	}
}

func TestDecryptRoundTrip(t *testing.T) {
	keys, err := auth.LoadKeys(context.Background(), authtest.SQLite(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, plain := range []string{"Abc12345!", "中文密码Ab1", "x"} {
		got, err := keys.Decrypt(encrypt(t, keys.PublicKeyPEM(), plain))
		if err != nil || got != plain {
			t.Errorf("Decrypt(encrypt(%q)) = %q, %v", plain, got, err)
		}
	}
}

// The vector was made by WebCrypto in node (testdata/webcrypto-vector.mjs):
// RSA-OAEP with SHA-256 for the hash and MGF1.
func TestDecryptWebCryptoVector(t *testing.T) {
	raw, err := os.ReadFile("testdata/webcrypto-vector.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct{ PrivateKeyPem, Plaintext, Ciphertext string }
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	client := authtest.SQLite(t)
	if err := client.Setting.Create().SetKey(auth.SettingLoginKey).SetValue(v.PrivateKeyPem).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	keys, err := auth.LoadKeys(ctx, client)
	if err != nil {
		t.Fatal(err)
	}
	got, err := keys.Decrypt(v.Ciphertext)
	if err != nil || got != v.Plaintext {
		t.Errorf("Decrypt(webcrypto vector) = %q, %v; want %q", got, err, v.Plaintext)
	}
}

// The served PEM imported by WebCrypto itself, as the console imports it.
func TestDecryptFromNodeWebCrypto(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed")
	}
	keys, err := auth.LoadKeys(context.Background(), authtest.SQLite(t))
	if err != nil {
		t.Fatal(err)
	}
	pemFile := filepath.Join(t.TempDir(), "public.pem")
	if err := os.WriteFile(pemFile, []byte(keys.PublicKeyPEM()), 0o600); err != nil {
		t.Fatal(err)
	}
	const plain = "Web@Crypto2024密"
	out, err := exec.Command(node, "testdata/encrypt.mjs", pemFile, plain).Output()
	if err != nil {
		t.Fatalf("node encrypt: %v", err)
	}
	got, err := keys.Decrypt(string(out))
	if err != nil || got != plain {
		t.Errorf("Decrypt(node ciphertext) = %q, %v; want %q", got, err, plain)
	}
}

func TestDecryptRefusesBadInput(t *testing.T) {
	keys, err := auth.LoadKeys(context.Background(), authtest.SQLite(t))
	if err != nil {
		t.Fatal(err)
	}
	good := encrypt(t, keys.PublicKeyPEM(), "Abc12345!")
	raw, _ := base64.StdEncoding.DecodeString(good)
	raw[10] ^= 0xff
	pub := parsePublic(t, keys.PublicKeyPEM())
	sha1CT, err := rsa.EncryptOAEP(sha1.New(), rand.Reader, pub, []byte("Abc12345!"), nil)
	if err != nil {
		t.Fatal(err)
	}
	pkcs1CT, err := rsa.EncryptPKCS1v15(rand.Reader, pub, []byte("Abc12345!"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, in string }{
		{"empty", ""},
		{"not base64", "%%%not base64%%%"},
		{"too short", base64.StdEncoding.EncodeToString([]byte("hello"))},
		{"tampered", base64.StdEncoding.EncodeToString(raw)},
		{"OAEP with SHA-1", base64.StdEncoding.EncodeToString(sha1CT)},
		{"PKCS#1 v1.5", base64.StdEncoding.EncodeToString(pkcs1CT)},
		{"plain text password", "Abc12345!"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := keys.Decrypt(tt.in)
			publicError(t, err, http.StatusBadRequest, msg.PasswordDecryptFailed, auth.ErrBadCiphertext)
		})
	}
}

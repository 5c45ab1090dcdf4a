package auth_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"strconv"
	"sync"
	"testing"
	"time"

	"xiangzhi/engine/auth"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/role"
	"xiangzhi/generated/ent/user"
)

// clock is a settable test clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2030, 3, 1, 8, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// fixture is a tenant with an organisation, ready for users.
type fixture struct {
	client   *ent.Client
	svc      *auth.Service
	clock    *clock
	tenantID int64
	orgID    int64
}

func newFixture(t *testing.T, client *ent.Client, opts auth.Options) *fixture {
	t.Helper()
	ctx := context.Background()
	f := &fixture{client: client, clock: newClock()}
	if opts.Now == nil {
		opts.Now = f.clock.Now
	}
	svc, err := auth.New(ctx, client, opts)
	if err != nil {
		t.Fatalf("auth.New: %v", err)
	}
	f.svc = svc
	tn, err := client.Tenant.Create().SetName("测试县").SetCode("t" + randomHex(t)).Save(ctx)
	if err != nil {
		t.Fatalf("create tenant: %v", err)
	}
	f.tenantID = tn.ID
	o, err := client.Org.Create().SetTenantID(tn.ID).SetOrgName("测试镇").Save(ctx)
	if err != nil {
		t.Fatalf("create org: %v", err)
	}
	if o, err = o.Update().SetPath(rootPath(o.ID)).Save(ctx); err != nil {
		t.Fatalf("set org path: %v", err)
	}
	f.orgID = o.ID
	return f
}

// user creates a user with password in the fixture's tenant and org.
func (f *fixture) user(t *testing.T, username, password string, must bool) *ent.User {
	t.Helper()
	hash, err := auth.HashPassword(password)
	if err != nil {
		t.Fatal(err)
	}
	u, err := f.client.User.Create().SetTenantID(f.tenantID).SetUsername(username).
		SetPasswordHash(hash).SetMustChangePassword(must).SetOrgID(f.orgID).
		Save(context.Background())
	if err != nil {
		t.Fatalf("create user %s: %v", username, err)
	}
	return u
}

// encrypt does what the browser does with the served public key.
func encrypt(t *testing.T, publicPEM, plain string) string {
	t.Helper()
	ct, err := rsa.EncryptOAEP(sha256.New(), rand.Reader, parsePublic(t, publicPEM), []byte(plain), nil)
	if err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(ct)
}

// parsePublic reads an SPKI PEM public key.
func parsePublic(t *testing.T, publicPEM string) *rsa.PublicKey {
	t.Helper()
	block, _ := pem.Decode([]byte(publicPEM))
	if block == nil || block.Type != "PUBLIC KEY" {
		t.Fatalf("public key is not an SPKI PEM: %q", publicPEM)
	}
	pub, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	return pub.(*rsa.PublicKey)
}

func (f *fixture) login(t *testing.T, username, password string) (*auth.LoginResult, error) {
	t.Helper()
	return f.svc.Login(context.Background(), f.tenantID, username,
		encrypt(t, f.svc.PublicKeyPEM(), password), "127.0.0.1", "go-test")
}

func randomHex(t testing.TB) string {
	b := make([]byte, 4)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// publicError asserts err is an *auth.Error with status and message
// wrapping sentinel.
func publicError(t *testing.T, err error, status int, message string, sentinel error) {
	t.Helper()
	var pe *auth.Error
	if !errors.As(err, &pe) {
		t.Fatalf("error %v (%T) is not an *auth.Error", err, err)
	}
	if pe.HTTPStatus() != status || pe.PublicMessage() != message {
		t.Errorf("error = %d %q, want %d %q", pe.HTTPStatus(), pe.PublicMessage(), status, message)
	}
	if !errors.Is(err, sentinel) {
		t.Errorf("error %v does not wrap %v", err, sentinel)
	}
}

func roleScope(s string) role.DataScope { return role.DataScope(s) }
func userScope(s string) user.DataScope { return user.DataScope(s) }

// Permission codes the tests grant and refuse (any non-empty strings do).
const (
	codeList = "test.record.list"
	codeDel  = "test.record.del"
)

// rootPath is the materialised path of a first-level organisation.
func rootPath(id int64) string { return "/" + strconv.FormatInt(id, 10) + "/" }

func asAuthError(err error, target **auth.Error) bool { return errors.As(err, target) }

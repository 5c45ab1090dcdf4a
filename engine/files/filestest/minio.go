package filestest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"xiangzhi/engine/files"
)

// MinIOEnv is the variable that points the tests at a real MinIO server,
// as http://<user>:<password>@<host>:<port>.
const MinIOEnv = "XZ_TEST_MINIO"

// MinIO is the S3 configuration of a fresh bucket on the XZ_TEST_MINIO
// server, removed with its objects when the test ends; it skips the test
// when the variable is not set.
func MinIO(t testing.TB) files.S3Config {
	t.Helper()
	raw := os.Getenv(MinIOEnv)
	if raw == "" {
		t.Skip(MinIOEnv + " not set")
	}
	u, err := url.Parse(raw)
	if err != nil || u.User == nil || u.Host == "" {
		t.Fatalf("%s=%q: want http://user:password@host:port", MinIOEnv, raw)
	}
	pass, _ := u.User.Password()
	var rnd [6]byte
	_, _ = rand.Read(rnd[:])
	cfg := files.S3Config{
		Endpoint:  u.Scheme + "://" + u.Host,
		Bucket:    "xz-test-" + hex.EncodeToString(rnd[:]),
		AccessKey: u.User.Username(),
		SecretKey: pass,
		UseSSL:    u.Scheme == "https",
	}
	t.Cleanup(func() { removeBucket(t, u.Host, cfg) })
	return cfg
}

// removeBucket empties and removes the test bucket.
func removeBucket(t testing.TB, host string, cfg files.S3Config) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := minio.New(host, &minio.Options{Creds: credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""), Secure: cfg.UseSSL})
	if err != nil {
		t.Logf("minio client: %v", err)
		return
	}
	if ok, err := c.BucketExists(ctx, cfg.Bucket); err != nil || !ok {
		return
	}
	for obj := range c.ListObjects(ctx, cfg.Bucket, minio.ListObjectsOptions{Recursive: true}) {
		if obj.Err == nil {
			_ = c.RemoveObject(ctx, cfg.Bucket, obj.Key, minio.RemoveObjectOptions{})
		}
	}
	if err := c.RemoveBucket(ctx, cfg.Bucket); err != nil {
		t.Logf("remove bucket %s: %v", cfg.Bucket, err)
	}
}

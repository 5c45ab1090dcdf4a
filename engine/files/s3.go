package files

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3Config is where an S3 backend stores: an endpoint (host:port, or a URL
// whose scheme decides TLS), a bucket, static credentials and whether to
// use TLS.
type S3Config struct {
	Endpoint  string
	Bucket    string
	AccessKey string
	SecretKey string
	UseSSL    bool
	Region    string
}

// S3 keeps objects in a bucket of MinIO or any S3 service; signed URLs are
// the service's own presigned GET URLs, which also carry the file's
// Content-Type and Content-Disposition.
type S3 struct {
	client *minio.Client
	bucket string
}

// NewS3 connects to the service and creates the bucket when it is missing.
func NewS3(ctx context.Context, cfg S3Config) (*S3, error) {
	endpoint, secure := cfg.Endpoint, cfg.UseSSL
	if u, err := url.Parse(endpoint); err == nil && (u.Scheme == "http" || u.Scheme == "https") {
		endpoint, secure = u.Host, u.Scheme == "https"
	}
	if endpoint == "" || cfg.Bucket == "" {
		return nil, errors.New("s3 storage: endpoint and bucket are required")
	}
	client, err := minio.New(endpoint, &minio.Options{
		Creds:  credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""),
		Secure: secure,
		Region: cfg.Region,
	})
	if err != nil {
		return nil, fmt.Errorf("s3 storage %s: %w", endpoint, err)
	}
	s := &S3{client: client, bucket: cfg.Bucket}
	if err := s.ensureBucket(ctx, cfg.Region); err != nil {
		return nil, err
	}
	return s, nil
}

// ensureBucket creates the bucket unless it exists (another instance may
// create it at the same moment).
func (s *S3) ensureBucket(ctx context.Context, region string) error {
	ok, err := s.client.BucketExists(ctx, s.bucket)
	if err != nil {
		return fmt.Errorf("s3 bucket %s: %w", s.bucket, err)
	}
	if ok {
		return nil
	}
	err = s.client.MakeBucket(ctx, s.bucket, minio.MakeBucketOptions{Region: region})
	if err != nil && minio.ToErrorResponse(err).Code != minio.BucketAlreadyOwnedByYou {
		return fmt.Errorf("create s3 bucket %s: %w", s.bucket, err)
	}
	return nil
}

// Put uploads the object.
func (s *S3) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if !ValidKey(key) {
		return fmt.Errorf("put %q: %w", key, ErrBadKey)
	}
	_, err := s.client.PutObject(ctx, s.bucket, key, r, size, minio.PutObjectOptions{ContentType: contentType})
	if err != nil {
		return fmt.Errorf("put %s: %w", key, err)
	}
	return nil
}

// Get opens the object.
func (s *S3) Get(ctx context.Context, key string) (io.ReadCloser, ObjectInfo, error) {
	if !ValidKey(key) {
		return nil, ObjectInfo{}, fmt.Errorf("get %q: %w", key, ErrBadKey)
	}
	obj, err := s.client.GetObject(ctx, s.bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, ObjectInfo{}, s.wrap("get", key, err)
	}
	st, err := obj.Stat()
	if err != nil {
		obj.Close()
		return nil, ObjectInfo{}, s.wrap("get", key, err)
	}
	return obj, info(st), nil
}

// Stat describes the object.
func (s *S3) Stat(ctx context.Context, key string) (ObjectInfo, error) {
	if !ValidKey(key) {
		return ObjectInfo{}, fmt.Errorf("stat %q: %w", key, ErrBadKey)
	}
	st, err := s.client.StatObject(ctx, s.bucket, key, minio.StatObjectOptions{})
	if err != nil {
		return ObjectInfo{}, s.wrap("stat", key, err)
	}
	return info(st), nil
}

// Delete removes the object; S3 treats a missing one as removed.
func (s *S3) Delete(ctx context.Context, key string) error {
	if !ValidKey(key) {
		return fmt.Errorf("delete %q: %w", key, ErrBadKey)
	}
	if err := s.client.RemoveObject(ctx, s.bucket, key, minio.RemoveObjectOptions{}); err != nil {
		return fmt.Errorf("delete %s: %w", key, err)
	}
	return nil
}

// SignedURL is a presigned GET URL valid for ttl that makes the service
// answer with the file's type and disposition.
func (s *S3) SignedURL(ctx context.Context, key string, ttl time.Duration, opts URLOptions) (string, error) {
	if !ValidKey(key) {
		return "", fmt.Errorf("signed url %q: %w", key, ErrBadKey)
	}
	params := url.Values{}
	if t, ok := TypeByExt(KeyExt(key)); ok {
		params.Set("response-content-type", t.MIME)
		params.Set("response-content-disposition", ContentDisposition(t, opts.Name))
	}
	u, err := s.client.PresignedGetObject(ctx, s.bucket, key, ttl, params)
	if err != nil {
		return "", fmt.Errorf("presign %s: %w", key, err)
	}
	return u.String(), nil
}

func info(st minio.ObjectInfo) ObjectInfo {
	return ObjectInfo{Key: st.Key, Size: st.Size, ContentType: st.ContentType, ModTime: st.LastModified}
}

func (s *S3) wrap(op, key string, err error) error {
	if minio.ToErrorResponse(err).Code == minio.NoSuchKey {
		return fmt.Errorf("%s %s: %w", op, key, ErrNotFound)
	}
	return fmt.Errorf("%s %s: %w", op, key, err)
}

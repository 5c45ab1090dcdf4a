// Package files keeps uploaded files and decides which uploads are allowed.
//
// Storage is the one small interface every backend implements: Local (a
// directory under <data>/files, the default) and S3 (MinIO or any S3
// service through minio-go). Keys are made by the server (NewKey), never
// from names a client sends, and every backend refuses a key that does not
// have the server's shape (ValidKey), so no client text can reach a path.
//
// The upload rules of the specification are checked on the content, not on
// the name: Detect reads the magic bytes (and the zip or OLE2 directory of
// office documents), Kind.Check applies an uploader's types and size limit,
// CheckField applies a module field's accept/maxSize/maxCount narrowing,
// and Reviewer is the pluggable picture review. Signer makes and checks
// the short-lived signed URLs and upload tickets.
package files

import (
	"context"
	"errors"
	"io"
	"time"
)

// ObjectInfo describes one stored object.
type ObjectInfo struct {
	Key         string
	Size        int64
	ContentType string
	ModTime     time.Time
}

// URLOptions are what a signed URL should make the answer say about the
// file: its original name (Content-Disposition) and its content type.
type URLOptions struct {
	Name        string
	ContentType string
}

// Storage keeps objects under server-made keys. Every method refuses a key
// that ValidKey refuses (ErrBadKey); Get and Stat answer ErrNotFound for a
// key that holds nothing, and Delete of such a key succeeds.
type Storage interface {
	// Put stores size bytes read from r under key.
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error
	// Get opens the object; the caller closes the reader.
	Get(ctx context.Context, key string) (io.ReadCloser, ObjectInfo, error)
	// Stat describes the object without reading it.
	Stat(ctx context.Context, key string) (ObjectInfo, error)
	// Delete removes the object.
	Delete(ctx context.Context, key string) error
	// SignedURL is a URL that serves the object for ttl without a login.
	SignedURL(ctx context.Context, key string, ttl time.Duration, opts URLOptions) (string, error)
}

// Sentinel errors of the storage backends.
var (
	// ErrNotFound means no object is stored under the key.
	ErrNotFound = errors.New("file not found")
	// ErrBadKey means the key does not have the shape NewKey gives.
	ErrBadKey = errors.New("invalid object key")
)

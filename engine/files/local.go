package files

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"time"
)

// Local keeps objects as files in a directory (by default <data>/files).
// All access goes through an os.Root, so no key can reach outside the
// directory even if ValidKey were wrong; signed URLs point at the app's
// own file route.
type Local struct {
	root   *os.Root
	dir    string
	signer *Signer
	now    func() time.Time
}

// NewLocal opens (creating it when missing) the directory dir; signer
// makes the URLs of SignedURL, whose expiry counts from now (nil:
// time.Now).
func NewLocal(dir string, signer *Signer, now func() time.Time) (*Local, error) {
	if now == nil {
		now = time.Now
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("local storage %s: %w", dir, err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("local storage %s: %w", dir, err)
	}
	return &Local{root: root, dir: dir, signer: signer, now: now}, nil
}

// Dir is the directory the objects live in.
func (l *Local) Dir() string { return l.dir }

// Close releases the directory.
func (l *Local) Close() error { return l.root.Close() }

// Put writes the object to a temporary file beside its place and renames
// it there, so a reader never sees half a file.
func (l *Local) Put(_ context.Context, key string, r io.Reader, size int64, _ string) error {
	if !ValidKey(key) {
		return fmt.Errorf("put %q: %w", key, ErrBadKey)
	}
	if err := l.root.MkdirAll(path.Dir(key), 0o750); err != nil {
		return fmt.Errorf("put %s: %w", key, err)
	}
	var rnd [8]byte
	if _, err := rand.Read(rnd[:]); err != nil {
		return fmt.Errorf("put %s: %w", key, err)
	}
	tmp := key + ".tmp-" + hex.EncodeToString(rnd[:])
	f, err := l.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
	if err != nil {
		return fmt.Errorf("put %s: %w", key, err)
	}
	n, err := io.Copy(f, r)
	if err == nil && size >= 0 && n != size {
		err = fmt.Errorf("wrote %d bytes, want %d", n, size)
	}
	if err == nil {
		err = f.Sync()
	}
	err = errors.Join(err, f.Close())
	if err == nil {
		err = l.root.Rename(tmp, key)
	}
	if err != nil {
		_ = l.root.Remove(tmp)
		return fmt.Errorf("put %s: %w", key, err)
	}
	return nil
}

// Get opens the object.
func (l *Local) Get(_ context.Context, key string) (io.ReadCloser, ObjectInfo, error) {
	if !ValidKey(key) {
		return nil, ObjectInfo{}, fmt.Errorf("get %q: %w", key, ErrBadKey)
	}
	f, err := l.root.Open(key)
	if err != nil {
		return nil, ObjectInfo{}, l.wrap("get", key, err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, ObjectInfo{}, l.wrap("get", key, err)
	}
	return f, l.info(key, st), nil
}

// Stat describes the object.
func (l *Local) Stat(_ context.Context, key string) (ObjectInfo, error) {
	if !ValidKey(key) {
		return ObjectInfo{}, fmt.Errorf("stat %q: %w", key, ErrBadKey)
	}
	st, err := l.root.Stat(key)
	if err != nil {
		return ObjectInfo{}, l.wrap("stat", key, err)
	}
	return l.info(key, st), nil
}

// Delete removes the object; a missing one is not an error.
func (l *Local) Delete(_ context.Context, key string) error {
	if !ValidKey(key) {
		return fmt.Errorf("delete %q: %w", key, ErrBadKey)
	}
	if err := l.root.Remove(key); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("delete %s: %w", key, err)
	}
	return nil
}

// SignedURL is the app's file route for key, signed until now+ttl. The
// route itself sets the name and type headers, so opts is not needed.
func (l *Local) SignedURL(_ context.Context, key string, ttl time.Duration, _ URLOptions) (string, error) {
	if !ValidKey(key) {
		return "", fmt.Errorf("signed url %q: %w", key, ErrBadKey)
	}
	return l.signer.URL(key, l.now().Add(ttl)), nil
}

func (l *Local) info(key string, st fs.FileInfo) ObjectInfo {
	ct := "application/octet-stream"
	if t, ok := TypeByExt(KeyExt(key)); ok {
		ct = t.MIME
	}
	return ObjectInfo{Key: key, Size: st.Size(), ContentType: ct, ModTime: st.ModTime()}
}

func (l *Local) wrap(op, key string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s %s: %w", op, key, ErrNotFound)
	}
	return fmt.Errorf("%s %s: %w", op, key, err)
}

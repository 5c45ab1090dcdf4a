package files

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
)

// Spooled is an upload written to a temporary file while its size and
// SHA-256 were counted, so its content can be checked before it is stored.
type Spooled struct {
	f      *os.File
	Size   int64
	SHA256 string
}

// Spool copies r into a temporary file in dir ("" for the system's),
// stopping with ErrTooLarge as soon as more than limit bytes arrive; the
// caller closes the result, which removes the file.
func Spool(r io.Reader, limit int64, dir string) (*Spooled, error) {
	f, err := os.CreateTemp(dir, "xz-upload-*")
	if err != nil {
		return nil, fmt.Errorf("spool: %w", err)
	}
	s := &Spooled{f: f}
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(f, h), io.LimitReader(r, limit+1))
	if err == nil && n > limit {
		err = fmt.Errorf("%w: more than %d bytes", ErrTooLarge, limit)
	}
	if err != nil {
		s.Close()
		return nil, err
	}
	s.Size, s.SHA256 = n, hex.EncodeToString(h.Sum(nil))
	return s, nil
}

// ReadAt reads the spooled content.
func (s *Spooled) ReadAt(p []byte, off int64) (int, error) { return s.f.ReadAt(p, off) }

// Reader reads the spooled content from its start.
func (s *Spooled) Reader() io.Reader { return io.NewSectionReader(s.f, 0, s.Size) }

// Close removes the temporary file.
func (s *Spooled) Close() error {
	return errors.Join(s.f.Close(), os.Remove(s.f.Name()))
}

package oos

// Store keeps a file that comes from inside the server (not an HTTP
// upload) exactly the way an upload does: the same content detection, the
// same rules of the default uploader, the picture review, the key, the
// storage and the FileObject row. `xiangzhi demo` stores its demo files
// with it.

import (
	"bytes"
	"context"
	"errors"

	"xiangzhi/engine/files"
)

// Stored describes a file Store kept, as an upload answers it: PathURL is
// a signed link (result.pathUrl), Key the stable key.
type Stored = fileResult

// Store checks content as an upload of the default uploader (kind
// "file") named name would be checked, stores it for tenantID under
// businessType and records it as a file object owned by ownerID. A file
// the upload would refuse is refused with the same error.
func (s *Service) Store(ctx context.Context, tenantID, ownerID int64, businessType, name string,
	content []byte) (Stored, error) {
	kind, err := chooseKind("", "")
	if err != nil {
		return Stored{}, err
	}
	sp, err := files.Spool(bytes.NewReader(content), kind.MaxBytes, "")
	if errors.Is(err, files.ErrTooLarge) {
		return Stored{}, kind.TooLarge()
	}
	if err != nil {
		return Stored{}, err
	}
	defer sp.Close()
	p := &part{name: files.CleanName(name), spooled: sp}
	info, err := s.inspect(ctx, uploadRule{kind: kind}, p)
	if err != nil {
		return Stored{}, err
	}
	res, err := s.store(ctx, newFile{tenantID: tenantID, ownerID: ownerID,
		businessType: files.SanitizeBusinessType(businessType)}, []*part{p}, []files.FileInfo{info})
	if err != nil {
		return Stored{}, err
	}
	return res[0], nil
}

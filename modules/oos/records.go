package oos

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"time"

	"xiangzhi/engine/files"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/fileobject"
	"xiangzhi/generated/ent/setting"
)

// SigningKeySetting is the setting row holding the per-installation secret
// that signs file URLs and upload tickets.
const SigningKeySetting = "files.url_signing_key"

// signingKey reads the URL signing secret, creating it on the first start.
// When two instances start at once, the one whose insert loses reads the
// winner's.
func signingKey(ctx context.Context, client *ent.Client) ([]byte, error) {
	read := func() ([]byte, error) {
		row, err := client.Setting.Query().Where(setting.Key(SigningKeySetting)).Only(ctx)
		if err != nil {
			return nil, err
		}
		b, err := hex.DecodeString(row.Value)
		if err != nil || len(b) < files.MinSecretLen {
			return nil, fmt.Errorf("setting %s is not a hex secret of %d bytes", SigningKeySetting, files.MinSecretLen)
		}
		return b, nil
	}
	b, err := read()
	if !ent.IsNotFound(err) {
		return b, wrapKeyErr(err)
	}
	secret := make([]byte, files.MinSecretLen)
	if _, err := rand.Read(secret); err != nil {
		return nil, wrapKeyErr(err)
	}
	err = client.Setting.Create().SetKey(SigningKeySetting).SetValue(hex.EncodeToString(secret)).Exec(ctx)
	if ent.IsConstraintError(err) {
		b, err = read()
		return b, wrapKeyErr(err)
	}
	return secret, wrapKeyErr(err)
}

func wrapKeyErr(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("file signing key: %w", err)
}

// errFileGone is the 404 of a file that is not (or no longer) there.
var errFileGone = httpx.NewError(http.StatusNotFound, msg.FileNotFound)

// liveFile is the file object stored under key in tenant (any tenant when
// tenantID is 0) that is not past its deleteTime; errFileGone otherwise.
func (s *Service) liveFile(ctx context.Context, tenantID int64, key string) (*ent.FileObject, error) {
	if !files.ValidKey(key) || (tenantID != 0 && files.KeyTenant(key) != tenantID) {
		return nil, errFileGone
	}
	q := s.ent.FileObject.Query().Where(fileobject.Key(key),
		fileobject.Or(fileobject.DeleteAtIsNil(), fileobject.DeleteAtGT(s.now())))
	if tenantID != 0 {
		q = q.Where(fileobject.TenantID(tenantID))
	}
	row, err := q.Only(ctx)
	switch {
	case ent.IsNotFound(err):
		return nil, errFileGone
	case err != nil:
		return nil, fmt.Errorf("find file %s: %w", key, err)
	}
	return row, nil
}

// newFile describes a file object to record.
type newFile struct {
	tenantID, ownerID int64
	businessType, key string
	info              files.FileInfo
	deleteAt          *time.Time
}

// record inserts the file object row.
func (s *Service) record(ctx context.Context, f newFile) (*ent.FileObject, error) {
	row, err := s.ent.FileObject.Create().
		SetTenantID(f.tenantID).SetOwnerID(f.ownerID).SetBusinessType(f.businessType).
		SetOriginalName(f.info.Name).SetKey(f.key).SetSize(f.info.Size).SetSha256(f.info.SHA256).
		SetContentType(f.info.Type.MIME).SetNillableDeleteAt(f.deleteAt).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("record file %s: %w", f.key, err)
	}
	return row, nil
}

// forget removes stored objects and their rows after a failed upload; its
// own failures are only logged (the cleanup of orphans is best effort).
func (s *Service) forget(keys []string) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for _, key := range keys {
		err := errors.Join(s.storage.Delete(ctx, key),
			func() error { _, err := s.ent.FileObject.Delete().Where(fileobject.Key(key)).Exec(ctx); return err }())
		if err != nil {
			s.log.Warn("failed upload left a file behind", "key", key, "err", err.Error())
		}
	}
}

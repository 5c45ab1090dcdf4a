package oos

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/files"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
)

// uploadFile is POST /api/oos/uploadFile for the signed-in user.
func (s *Service) uploadFile(c echo.Context) error {
	sc := engine.ScopeOf(c)
	return s.handleUpload(c, sc.TenantID, sc.UserID, nil)
}

// uploadWithTicket is POST /api/oos/upload?uploadToken=…: the same upload,
// by whoever holds a ticket /api/oos/sts issued.
func (s *Service) uploadWithTicket(c echo.Context) error {
	t, err := s.signer.VerifyTicket(c.QueryParam(ticketParam), s.now())
	if err != nil {
		return err
	}
	return s.handleUpload(c, t.TenantID, t.UserID, &t)
}

// handleUpload parses, checks, reviews, stores and records the files of
// the request, all or none, and answers the first one's link (and the
// list when there are several).
func (s *Service) handleUpload(c echo.Context, tenantID, userID int64, t *files.Ticket) error {
	u, err := s.parseUpload(c)
	if u != nil {
		defer u.close()
	}
	if err != nil {
		return err
	}
	if t != nil {
		u.fields[fieldBusinessType], u.fields[fieldKind] = t.BusinessType, t.Kind
	}
	kind, err := chooseKind(u.fields[fieldKind], u.fields[fieldBusinessType])
	if err != nil {
		return err
	}
	rule, err := s.fieldRule(u.fields[fieldBusinessType], u.fields[fieldField], u.fields[fieldKind], kind)
	if err != nil {
		return err
	}
	deleteAt, err := parseDeleteTime(u.fields[fieldDeleteTime], s.now())
	if err != nil {
		return err
	}
	if len(u.parts) == 0 {
		return httpx.BadRequest(msg.FileMissing)
	}
	if err := rule.checkCount(len(u.parts)); err != nil {
		return err
	}
	if name := files.CleanName(u.fields[fieldFileName]); name != "" && len(u.parts) == 1 {
		u.parts[0].name = name
	}
	infos := make([]files.FileInfo, len(u.parts))
	for i, p := range u.parts {
		if infos[i], err = s.inspect(c.Request().Context(), rule, p); err != nil {
			return err
		}
	}
	results, err := s.store(c.Request().Context(), newFile{tenantID: tenantID, ownerID: userID,
		businessType: files.SanitizeBusinessType(u.fields[fieldBusinessType]), deleteAt: deleteAt}, u.parts, infos)
	if err != nil {
		return err
	}
	first := results[0]
	if len(results) > 1 {
		first.Files = results
	}
	return c.JSON(http.StatusOK, resultEnvelope{Code: 0, Msg: msg.FileUploaded, Result: first, Data: first})
}

// chooseKind is the uploader the request names with kind, else the one its
// business type names, else the default.
func chooseKind(kind, businessType string) (files.Kind, error) {
	if kind != "" {
		k, ok := files.KindByName(kind)
		if !ok {
			return files.Kind{}, httpx.BadRequest(msg.FileUnknownKind)
		}
		return k, nil
	}
	if k, ok := files.KindByName(businessType); ok {
		return k, nil
	}
	k, _ := files.KindByName(files.DefaultKind)
	return k, nil
}

// inspect detects a part's type and applies the upload's rules and, for
// png, gif and jpeg, the picture review.
func (s *Service) inspect(ctx context.Context, rule uploadRule, p *part) (files.FileInfo, error) {
	if p.oversize {
		return files.FileInfo{}, rule.kind.TooLarge()
	}
	t, err := files.Detect(p.spooled, p.spooled.Size)
	if err != nil {
		return files.FileInfo{}, rule.kind.Refuse(err)
	}
	fi := files.FileInfo{Name: p.name, Type: t, Size: p.spooled.Size, SHA256: p.spooled.SHA256}
	if err := rule.check(fi); err != nil {
		return fi, err
	}
	if !files.Reviewed(t) {
		return fi, nil
	}
	v, err := s.reviewer.Review(ctx, files.Subject{Name: fi.Name, Type: t, Size: fi.Size, Content: p.spooled})
	if err != nil {
		return fi, reviewFailure(err)
	}
	if !v.Pass {
		return fi, files.Reject(files.ErrReviewRejected, msg.FileReviewRejected+v.Reason)
	}
	return fi, nil
}

// reviewFailure answers 503 for a review that could not be done.
func reviewFailure(err error) error {
	var pe httpx.PublicError
	if errors.As(err, &pe) {
		return err
	}
	return fmt.Errorf("%w: %w", files.ErrReviewUnavailable, err)
}

// store puts every checked file into the storage and records it; when one
// fails, the ones already stored are removed again.
func (s *Service) store(ctx context.Context, base newFile, parts []*part, infos []files.FileInfo) ([]fileResult, error) {
	var done []string
	results := make([]fileResult, 0, len(parts))
	for i, p := range parts {
		f := base
		f.info = infos[i]
		key, err := files.NewKey(f.tenantID, f.businessType, s.now(), f.info.Type.Ext)
		if err == nil {
			err = s.storage.Put(ctx, key, p.spooled.Reader(), f.info.Size, f.info.Type.MIME)
		}
		if err != nil {
			s.forget(done)
			return nil, fmt.Errorf("store upload: %w", err)
		}
		done = append(done, key)
		f.key = key
		row, err := s.record(ctx, f)
		if err != nil {
			s.forget(done)
			return nil, err
		}
		res, err := s.result(ctx, row.ID, key, f.info.Name, f.info.Size, f.info.Type.MIME)
		if err != nil {
			s.forget(done)
			return nil, err
		}
		results = append(results, res)
	}
	return results, nil
}

// fileResult is what an upload answers per file.
type fileResult struct {
	PathURL     string       `json:"pathUrl"`
	FileID      int64        `json:"fileId"`
	Key         string       `json:"key"`
	Name        string       `json:"name"`
	Size        int64        `json:"size"`
	ContentType string       `json:"contentType"`
	Files       []fileResult `json:"files,omitempty"`
}

// result makes the answer for a stored file, with a fresh signed URL.
func (s *Service) result(ctx context.Context, id int64, key, name string, size int64, ctype string) (fileResult, error) {
	link, err := s.storage.SignedURL(ctx, key, s.settings.URLTTL, files.URLOptions{Name: name, ContentType: ctype})
	if err != nil {
		return fileResult{}, fmt.Errorf("sign url: %w", err)
	}
	return fileResult{PathURL: link, FileID: id, Key: key, Name: name, Size: size, ContentType: ctype}, nil
}

// resultEnvelope is the answer shape the specification states for uploads
// and file links: the payload under result (result.pathUrl), and under
// data as every other answer has it.
type resultEnvelope struct {
	Code   int    `json:"code"`
	Msg    string `json:"msg"`
	Result any    `json:"result"`
	Data   any    `json:"data"`
}

package oos

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/files"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
)

// Form fields of an upload. file and mfone carry the file (repeatable up
// to the kind's count); the others are text. remotePath and bucket are
// taken for compatibility and never used: keys are made by the server.
const (
	fieldFile         = "file"
	fieldMfone        = "mfone"
	fieldFileName     = "fileName"
	fieldBusinessType = "businessType"
	fieldRemotePath   = "remotePath"
	fieldBucket       = "bucket"
	fieldDeleteTime   = "deleteTime"
	fieldKind         = "kind"
	// maxFieldLen bounds a text field's value.
	maxFieldLen = 1024
	// formOverhead is what multipart framing and text fields may add to
	// the largest total of file bytes a request may carry.
	formOverhead = 1 << 20
)

// textFields are the text fields an upload takes (in the form or the
// query).
var textFields = map[string]bool{
	fieldFileName: true, fieldBusinessType: true, fieldRemotePath: true, fieldBucket: true,
	fieldDeleteTime: true, fieldKind: true,
}

// upload is one parsed upload request: its text fields and its files,
// spooled to temporary files.
type upload struct {
	fields map[string]string
	parts  []*part
}

// part is one file of an upload.
type part struct {
	name     string // the part's file name, cleaned
	spooled  *files.Spooled
	oversize bool // more bytes than any uploader takes
}

func (u *upload) close() {
	for _, p := range u.parts {
		if p.spooled != nil {
			p.spooled.Close()
		}
	}
}

// uploadFile is POST /api/oos/uploadFile for the signed-in user.
func (s *Service) uploadFile(c echo.Context) error {
	sc := engine.ScopeOf(c)
	return s.handleUpload(c, sc.TenantID, sc.UserID, nil)
}

// uploadWithTicket is POST /api/oos/upload?uploadToken=…: the same upload,
// by whoever holds a ticket /api/oos/sts issued.
func (s *Service) uploadWithTicket(c echo.Context) error {
	q := c.QueryParams()
	tok := q.Get("uploadToken")
	q.Del("uploadToken")
	t, err := s.signer.VerifyTicket(tok, s.now())
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
	deleteAt, err := parseDeleteTime(u.fields[fieldDeleteTime], s.now())
	if err != nil {
		return err
	}
	if len(u.parts) == 0 {
		return httpx.BadRequest(msg.FileMissing)
	}
	if err := kind.CheckCount(len(u.parts)); err != nil {
		return err
	}
	if name := files.CleanName(u.fields[fieldFileName]); name != "" && len(u.parts) == 1 {
		u.parts[0].name = name
	}
	infos := make([]files.FileInfo, len(u.parts))
	for i, p := range u.parts {
		if infos[i], err = s.inspect(c.Request().Context(), kind, p); err != nil {
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

// parseUpload reads the multipart body as a stream under a total size
// limit, spooling each file part (never more than the largest per-file
// limit of any uploader) and reading the text fields; query parameters
// with the names of text fields count as fields too. Any other field is a
// 400.
func (s *Service) parseUpload(c echo.Context) (*upload, error) {
	req := c.Request()
	req.Body = http.MaxBytesReader(c.Response(), req.Body, files.MaxUploadBytes()+formOverhead)
	u := &upload{fields: map[string]string{}}
	if err := takeFields(u.fields, c.QueryParams()); err != nil {
		return nil, err
	}
	mr, err := req.MultipartReader()
	if err != nil {
		return nil, httpx.BadRequest(msg.FileMissing).Wrap(err)
	}
	perFile := maxPerFile()
	for {
		p, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return u, nil
		}
		if err != nil {
			return u, badForm(err)
		}
		if err := u.take(p, perFile); err != nil {
			return u, err
		}
	}
}

// take reads one part into u.
func (u *upload) take(p *multipart.Part, perFile int64) error {
	defer p.Close()
	name := p.FormName()
	if name == fieldFile || name == fieldMfone {
		sp, err := files.Spool(p, perFile, "")
		switch {
		case errors.Is(err, files.ErrTooLarge):
			u.parts = append(u.parts, &part{oversize: true})
			return nil
		case err != nil:
			return badForm(err)
		}
		u.parts = append(u.parts, &part{name: files.CleanName(p.FileName()), spooled: sp})
		return nil
	}
	if !textFields[name] {
		return httpx.BadRequest(fmt.Sprintf(msg.FileUnexpectedField, name))
	}
	b, err := io.ReadAll(io.LimitReader(p, maxFieldLen+1))
	if err != nil {
		return badForm(err)
	}
	if len(b) > maxFieldLen {
		return httpx.BadRequest(msg.BadRequest)
	}
	u.fields[name] = strings.TrimSpace(string(b))
	return nil
}

// takeFields copies the query's text fields into fields; any other
// parameter is a 400.
func takeFields(fields map[string]string, q url.Values) error {
	for k, v := range q {
		if !textFields[k] {
			return httpx.BadRequest(fmt.Sprintf(msg.FileUnexpectedField, k))
		}
		if len(v) > 0 {
			fields[k] = strings.TrimSpace(v[0])
		}
	}
	return nil
}

// badForm is the answer to a body that is not a readable multipart form;
// a body over the limit stays a MaxBytesError (413).
func badForm(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return err
	}
	return httpx.BadRequest(msg.BadRequest).Wrap(err)
}

// maxPerFile is the largest file any uploader takes.
func maxPerFile() int64 {
	var m int64
	for _, n := range files.KindNames() {
		k, _ := files.KindByName(n)
		m = max(m, k.MaxBytes)
	}
	return m
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

// inspect detects a part's type and applies the kind's rules and, for
// png, gif and jpeg, the picture review.
func (s *Service) inspect(ctx context.Context, kind files.Kind, p *part) (files.FileInfo, error) {
	if p.oversize {
		return files.FileInfo{}, kind.TooLarge()
	}
	t, err := files.Detect(p.spooled, p.spooled.Size)
	if err != nil {
		return files.FileInfo{}, kind.Refuse(err)
	}
	fi := files.FileInfo{Name: p.name, Type: t, Size: p.spooled.Size, SHA256: p.spooled.SHA256}
	if err := kind.Check(fi); err != nil {
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

// deleteTimeLayouts are the textual forms deleteTime may take (local time
// unless it carries a zone).
var deleteTimeLayouts = []string{time.RFC3339, "2006-01-02 15:04:05", "2006-01-02T15:04:05", "2006-01-02 15:04", "2006-01-02"}

// parseDeleteTime reads deleteTime: empty (keep for ever), Unix seconds or
// milliseconds, or a date-time; it must lie in the future.
func parseDeleteTime(v string, now time.Time) (*time.Time, error) {
	if v == "" {
		return nil, nil
	}
	bad := httpx.BadRequest(msg.FileBadDeleteTime)
	var t time.Time
	if n, ok := digits(v); ok {
		switch {
		case len(v) <= 10:
			t = time.Unix(n, 0)
		case len(v) <= 13:
			t = time.UnixMilli(n)
		default:
			return nil, bad
		}
	} else {
		var err error
		for _, layout := range deleteTimeLayouts {
			if t, err = time.ParseInLocation(layout, v, time.Local); err == nil {
				break
			}
		}
		if err != nil {
			return nil, bad
		}
	}
	if !t.After(now) {
		return nil, bad
	}
	return &t, nil
}

// digits parses v when it is only decimal digits.
func digits(v string) (int64, bool) {
	var n int64
	for _, r := range v {
		if r < '0' || r > '9' {
			return 0, false
		}
		n = n*10 + int64(r-'0')
	}
	return n, v != ""
}

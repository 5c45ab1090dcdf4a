package oos

import (
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

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
	// fieldField names the module field (of the module businessType
	// names) the file is for: its accept, maxSize and maxCount apply.
	fieldField = "field"
	// ticketParam is the query parameter of /api/oos/upload that carries
	// the upload ticket (its name makes the operation log mask it).
	ticketParam = "uploadToken"
	// maxFieldLen bounds a text field's value.
	maxFieldLen = 1024
	// maxFileParts is more than any uploader's count: file parts beyond
	// it are counted (the request is refused) but not spooled.
	maxFileParts = 10
	// formOverhead is what multipart framing and text fields may add to
	// the largest total of file bytes a request may carry.
	formOverhead = 1 << 20
)

// textFields are the text fields an upload takes (in the form or the
// query).
var textFields = map[string]bool{
	fieldFileName: true, fieldBusinessType: true, fieldRemotePath: true, fieldBucket: true,
	fieldDeleteTime: true, fieldKind: true, fieldField: true,
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

// parseUpload reads the multipart body as a stream under a total size
// limit, spooling each file part (never more than the largest per-file
// limit of any uploader) and reading the text fields; query parameters
// with the names of text fields count as fields too. Any other field is a
// 400.
func (s *Service) parseUpload(c echo.Context) (*upload, error) {
	req := c.Request()
	req.Body = http.MaxBytesReader(c.Response(), req.Body, files.MaxUploadBytes()+formOverhead)
	u := &upload{fields: map[string]string{}}
	if err := takeFields(u.fields, c.QueryParams(), c.Path() == ticketUploadPath); err != nil {
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
	if (name == fieldFile || name == fieldMfone) && len(u.parts) >= maxFileParts {
		// Already more than any uploader takes: count it, keep nothing.
		u.parts = append(u.parts, &part{oversize: true})
		return nil
	}
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
// parameter (but the ticket, when ticket is set) is a 400.
func takeFields(fields map[string]string, q url.Values, ticket bool) error {
	for k, v := range q {
		if ticket && k == ticketParam {
			continue
		}
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

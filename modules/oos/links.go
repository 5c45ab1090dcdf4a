package oos

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"time"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/files"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
)

// onlyParams refuses query parameters other than allowed.
func onlyParams(q url.Values, allowed ...string) error {
	for k := range q {
		if !slices.Contains(allowed, k) {
			return httpx.BadRequest(fmt.Sprintf(msg.FileUnexpectedField, k))
		}
	}
	return nil
}

// stsAnswer is the upload ticket /api/oos/sts hands out: where to POST the
// multipart form (the uploadToken is in the URL), until when, and what
// the uploader takes. Both backends answer it: the bytes always pass the
// server's content checks before they reach the storage.
type stsAnswer struct {
	Provider    string   `json:"provider"`
	Method      string   `json:"method"`
	UploadURL   string   `json:"uploadUrl"`
	FileField   string   `json:"fileField"`
	UploadToken string   `json:"uploadToken"`
	Expiration  string   `json:"expiration"`
	Kind        string   `json:"kind"`
	MaxSize     int64    `json:"maxSize"`
	MaxCount    int      `json:"maxCount"`
	Accept      []string `json:"accept"`
}

// sts is GET /api/oos/sts?businessType=&kind=: a signed upload ticket of
// the viewer, valid for the ticket TTL.
func (s *Service) sts(c echo.Context) error {
	q := c.QueryParams()
	if err := onlyParams(q, fieldBusinessType, fieldKind); err != nil {
		return err
	}
	kind, err := chooseKind(q.Get(fieldKind), q.Get(fieldBusinessType))
	if err != nil {
		return err
	}
	sc := engine.ScopeOf(c)
	exp := s.now().Add(s.settings.TicketTTL).UTC().Truncate(time.Second)
	tok := s.signer.IssueTicket(files.Ticket{TenantID: sc.TenantID, UserID: sc.UserID,
		BusinessType: files.SanitizeBusinessType(q.Get(fieldBusinessType)), Kind: kind.Name, Expires: exp})
	accept := make([]string, 0, len(kind.Types))
	for _, t := range kind.Types {
		accept = append(accept, t.Ext)
		accept = append(accept, t.Aliases...)
	}
	ans := stsAnswer{Provider: s.settings.Backend, Method: http.MethodPost,
		UploadURL: ticketUploadPath + "?" + ticketParam + "=" + url.QueryEscape(tok), FileField: fieldFile,
		UploadToken: tok, Expiration: exp.Format(time.RFC3339), Kind: kind.Name,
		MaxSize: kind.MaxBytes, MaxCount: kind.MaxCount, Accept: accept}
	return c.JSON(http.StatusOK, resultEnvelope{Code: 0, Msg: httpx.OKMessage(c), Result: ans, Data: ans})
}

// presignedURL is GET /api/oos/presignedUrl?key=…: a fresh signed URL of
// a file of the viewer's tenant.
func (s *Service) presignedURL(c echo.Context) error {
	q := c.QueryParams()
	if err := onlyParams(q, "key"); err != nil {
		return err
	}
	return s.answerLink(c, q.Get("key"))
}

// presignedURLNew is GET /api/oos/presignedUrlNew?fullUrl=…: a fresh
// signed URL for a link handed out earlier (expired or not, of either
// backend), of a file of the viewer's tenant.
func (s *Service) presignedURLNew(c echo.Context) error {
	q := c.QueryParams()
	if err := onlyParams(q, "fullUrl"); err != nil {
		return err
	}
	key, ok := files.KeyFromURL(q.Get("fullUrl"))
	if !ok {
		return errFileGone
	}
	return s.answerLink(c, key)
}

// answerLink answers result.pathUrl for key when it names a live file of
// the viewer's tenant.
func (s *Service) answerLink(c echo.Context, key string) error {
	ctx := c.Request().Context()
	row, err := s.liveFile(ctx, engine.ScopeOf(c).TenantID, key)
	if err != nil {
		return err
	}
	res, err := s.result(ctx, row.ID, row.Key, row.OriginalName, row.Size, row.ContentType)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, resultEnvelope{Code: 0, Msg: httpx.OKMessage(c), Result: res, Data: res})
}

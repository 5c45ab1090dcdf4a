package oos

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/files"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
)

// reviewAnswer is the specification's review answer: code 0 passes, code
// 1 refuses with the reason as msg.
type reviewAnswer struct {
	Code int    `json:"code"`
	Msg  string `json:"msg"`
}

// review is POST /api/picReview/review with one picture as multipart
// file (or mfone): the configured reviewer's verdict, {"code":0} or
// {"code":1,"msg":"<reason>"} (HTTP 200 either way). A file that is not
// an allowed type is refused before review, as an upload would be.
func (s *Service) review(c echo.Context) error {
	u, err := s.parseUpload(c)
	if u != nil {
		defer u.close()
	}
	if err != nil {
		return err
	}
	if len(u.parts) == 0 {
		return httpx.BadRequest(msg.FileMissing)
	}
	if len(u.parts) > 1 {
		return files.Reject(files.ErrTooMany, fmt.Sprintf(msg.FileTooManyFiles, 1))
	}
	p := u.parts[0]
	if p.oversize {
		return files.Reject(files.ErrTooLarge, fmt.Sprintf(msg.UploadTooLarge, files.HumanSize(maxPerFile())))
	}
	t, err := files.Detect(p.spooled, p.spooled.Size)
	if err != nil {
		return files.Reject(err, msg.FileBadFormat)
	}
	name := p.name
	if n := files.CleanName(u.fields[fieldFileName]); n != "" {
		name = n
	}
	v, err := s.reviewer.Review(c.Request().Context(), files.Subject{Name: name, Type: t, Size: p.spooled.Size, Content: p.spooled})
	if err != nil {
		return reviewFailure(err)
	}
	if !v.Pass {
		return c.JSON(http.StatusOK, reviewAnswer{Code: 1, Msg: v.Reason})
	}
	return c.JSON(http.StatusOK, reviewAnswer{Code: 0, Msg: msg.ReviewPassed})
}

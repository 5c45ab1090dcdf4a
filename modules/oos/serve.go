package oos

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path"
	"strconv"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/files"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
)

// serveFile is GET /api/oos/file/<key>?exp=…&sig=…: the file, when the
// link is signed and not expired (403 otherwise) and the file still
// exists (404), with its stored type, its disposition and name, nosniff
// and, unless it is an image, a sandbox CSP. Range requests work (video).
func (s *Service) serveFile(c echo.Context) error {
	q := c.QueryParams()
	if err := onlyParams(q, "exp", "sig"); err != nil {
		return err
	}
	key, err := url.PathUnescape(c.Param("*"))
	if err != nil || !files.ValidKey(key) {
		return files.ErrLinkInvalid
	}
	if err := s.signer.Verify(key, q.Get("exp"), q.Get("sig"), s.now()); err != nil {
		return err
	}
	ctx := c.Request().Context()
	row, err := s.liveFile(ctx, 0, key)
	if err != nil {
		return err
	}
	rc, info, err := s.storage.Get(ctx, key)
	if errors.Is(err, files.ErrNotFound) {
		return httpx.NewError(http.StatusNotFound, msg.FileNotFound).Wrap(err)
	}
	if err != nil {
		return fmt.Errorf("serve %s: %w", key, err)
	}
	defer rc.Close()
	t, ok := files.TypeByExt(files.KeyExt(key))
	if !ok {
		return fmt.Errorf("serve %s: unknown extension", key)
	}
	name := row.OriginalName
	if name == "" {
		name = path.Base(key)
	}
	w := c.Response()
	files.SetServeHeaders(w.Header(), t, name)
	w.Header().Set("Cache-Control", "private, max-age="+strconv.Itoa(int(s.settings.URLTTL.Seconds())))
	if rs, ok := rc.(io.ReadSeeker); ok {
		http.ServeContent(w, c.Request(), "", info.ModTime, rs)
		return nil
	}
	w.Header().Set("Content-Length", strconv.FormatInt(info.Size, 10))
	w.WriteHeader(http.StatusOK)
	_, err = io.Copy(w, rc)
	return err
}

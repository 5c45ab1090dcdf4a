package message

import (
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
	"xiangzhi/generated/ent/message"
	"xiangzhi/modules/hook"
)

// listFilter is what the message list accepts.
type listFilter struct {
	page, size int
	kind, read string
}

// viewer is the signed-in caller (the route's code made sure there is one).
func viewer(c echo.Context) *auth.Viewer { return auth.ViewerFrom(c.Request().Context()) }

// getUserID answers the caller's socket key, {tenantId}_{userId}: the
// console opens /message/websocket/{that} after fetching it.
func (s *Service) getUserID(c echo.Context) error {
	v := viewer(c)
	return httpx.OK(c, key(v.TenantID, v.UserID))
}

// list answers a page of the caller's messages, newest first:
// page (zero-based), size (default 10, at most 100), kind (notice, status,
// assign, task, direct) and read (read or unread).
func (s *Service) list(c echo.Context) error {
	f := listFilter{size: 10, kind: c.QueryParam("kind"), read: c.QueryParam("read")}
	var ok bool
	if f.page, ok = intParam(c, "page", 0, 0, 1<<20); !ok {
		return hook.BadParam("page")
	}
	if f.size, ok = intParam(c, "size", 10, 1, 100); !ok {
		return hook.BadParam("size")
	}
	if f.kind != "" && message.KindValidator(message.Kind(f.kind)) != nil {
		return hook.BadParam("kind")
	}
	if f.read != "" && f.read != "read" && f.read != "unread" {
		return hook.BadParam("read")
	}
	v := viewer(c)
	rows, total, err := s.page(c.Request().Context(), v.TenantID, v.UserID, f)
	if err != nil {
		return err
	}
	return httpx.OKPage(c, rows, total)
}

// unreadCount answers how many of the caller's messages are unread.
func (s *Service) unreadCount(c echo.Context) error {
	v := viewer(c)
	n, err := s.unread(c.Request().Context(), v.TenantID, v.UserID)
	if err != nil {
		return err
	}
	return httpx.OK(c, n)
}

// read marks one of the caller's messages read (again is no error); an id
// of another user's message answers 404.
func (s *Service) read(c echo.Context) error {
	id, err := hook.PathID(c)
	if err != nil {
		return err
	}
	v, ctx := viewer(c), c.Request().Context()
	exists, err := s.ent.Message.Query().
		Where(message.ID(id), message.TenantID(v.TenantID), message.RecipientID(v.UserID)).Exist(ctx)
	if err != nil {
		return err
	}
	if !exists {
		return httpx.NewError(http.StatusNotFound, MessageNotFound)
	}
	if _, err := s.markRead(ctx, v.TenantID, v.UserID, []int64{id}); err != nil {
		return err
	}
	s.publish(ctx, v.TenantID, v.UserID, frame{Type: frameRead, IDs: []int64{id}})
	return httpx.OK(c, nil)
}

// readAll marks every message of the caller read and answers how many.
func (s *Service) readAll(c echo.Context) error {
	v, ctx := viewer(c), c.Request().Context()
	n, err := s.markRead(ctx, v.TenantID, v.UserID, nil)
	if err != nil {
		return err
	}
	s.publish(ctx, v.TenantID, v.UserID, frame{Type: frameRead, All: true})
	return httpx.OK(c, n)
}

// delete deletes one of the caller's messages; another's answers 404.
func (s *Service) delete(c echo.Context) error {
	id, err := hook.PathID(c)
	if err != nil {
		return err
	}
	v, ctx := viewer(c), c.Request().Context()
	n, err := s.remove(ctx, v.TenantID, v.UserID, []int64{id})
	if err != nil {
		return err
	}
	if n == 0 {
		return httpx.NewError(http.StatusNotFound, MessageNotFound)
	}
	s.publish(ctx, v.TenantID, v.UserID, frame{Type: frameDeleted, IDs: []int64{id}})
	return httpx.OK(c, nil)
}

// intParam reads an integer query parameter within [lo, hi], def when absent.
func intParam(c echo.Context, name string, def, lo, hi int) (int, bool) {
	s := c.QueryParam(name)
	if s == "" {
		return def, true
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= lo && n <= hi
}

// checkText checks an announcement's title and body.
func checkText(title, body string) error {
	switch {
	case strings.TrimSpace(title) == "":
		return hook.Required("title", MessageTitleRequired)
	case utf8.RuneCountInString(title) > 100:
		return hook.Required("title", MessageTitleTooLong)
	case utf8.RuneCountInString(body) > 2000:
		return hook.Required("body", MessageBodyTooLong)
	}
	return nil
}

package message

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/store"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/message"
	"xiangzhi/generated/ent/org"
	"xiangzhi/generated/ent/predicate"
	"xiangzhi/generated/ent/role"
	"xiangzhi/generated/ent/user"
	"xiangzhi/modules/hook"
)

// announce sends an announcement {title, body?, orgId?, roleId?} to every
// enabled user of the caller's tenant in the organisation's subtree and/or
// holding the role, within the caller's data scope (an organisation outside
// it answers 404). It answers {recipients: n}.
func (s *Service) announce(c echo.Context) error {
	b, err := hook.Body(c, "title", "body", "orgId", "roleId")
	if err != nil {
		return err
	}
	title, _ := b["title"].(string)
	body, _ := b["body"].(string)
	if err := checkText(title, body); err != nil {
		return err
	}
	var orgID, roleID int64
	var ok bool
	if v, set := b["orgId"]; set && v != nil {
		if orgID, ok = hook.ID(v); !ok {
			return hook.BadParam("orgId")
		}
	}
	if v, set := b["roleId"]; set && v != nil {
		if roleID, ok = hook.ID(v); !ok {
			return hook.BadParam("roleId")
		}
	}
	if orgID == 0 && roleID == 0 {
		return hook.Required("orgId", MessageAudienceRequired)
	}
	v, ctx := viewer(c), c.Request().Context()
	path, users, err := s.audience(ctx, v, orgID, roleID)
	if err != nil {
		return err
	}
	if len(users) == 0 {
		return httpx.BadRequest(MessageNoRecipients)
	}
	drafts := make([]Draft, len(users))
	for i, u := range users {
		drafts[i] = Draft{TenantID: v.TenantID, RecipientID: u, SenderID: v.UserID, Kind: message.KindNotice,
			Title: title, Body: body, Audience: path}
	}
	if _, err := s.Send(ctx, drafts); err != nil {
		return err
	}
	return httpx.OK(c, map[string]int{"recipients": len(users)})
}

// audience finds the enabled users an announcement reaches and the
// organisation path it is bounded by ("" for the whole tenant).
func (s *Service) audience(ctx context.Context, v *auth.Viewer, orgID, roleID int64) (string, []int64, error) {
	path := ""
	if v.ScopeMode != store.ScopeAll {
		path = v.OrgPath
		if path == "" {
			return "", nil, nil
		}
	}
	where := []predicate.User{user.TenantID(v.TenantID), user.Disabled(false)}
	if orgID != 0 {
		o, err := s.ent.Org.Query().Where(org.ID(orgID), org.TenantID(v.TenantID)).Only(ctx)
		if ent.IsNotFound(err) || err == nil && !strings.HasPrefix(o.Path, path) {
			return "", nil, httpx.NewError(http.StatusNotFound, msg.RouteNotFound)
		}
		if err != nil {
			return "", nil, err
		}
		path = o.Path
	}
	if path != "" {
		where = append(where, user.HasOrgWith(org.PathHasPrefix(path)))
	}
	if roleID != 0 {
		where = append(where, user.HasRolesWith(role.ID(roleID), role.TenantID(v.TenantID)))
	}
	ids, err := s.ent.User.Query().Where(where...).IDs(ctx)
	return path, ids, err
}

// setUserMessage sends one user a direct message:
// ?userId=&title=&content= (userId may also be the socket key
// {tenantId}_{userId}). The user must be in the caller's tenant and data
// scope; otherwise 404.
func (s *Service) setUserMessage(c echo.Context) error {
	title, body := c.QueryParam("title"), c.QueryParam("content")
	if err := checkText(title, body); err != nil {
		return err
	}
	raw := c.QueryParam("userId")
	if _, after, found := strings.Cut(raw, "_"); found {
		raw = after
	}
	uid, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || uid <= 0 {
		return hook.BadParam("userId")
	}
	v, ctx := viewer(c), c.Request().Context()
	where := []predicate.User{user.ID(uid), user.TenantID(v.TenantID), user.Disabled(false)}
	if v.ScopeMode != store.ScopeAll {
		where = append(where, user.HasOrgWith(org.PathHasPrefix(v.OrgPath)))
	}
	ok, err := s.ent.User.Query().Where(where...).Exist(ctx)
	if err != nil {
		return err
	}
	if !ok || v.ScopeMode != store.ScopeAll && v.OrgPath == "" {
		return httpx.NewError(http.StatusNotFound, MessageUserNotFound)
	}
	msgs, err := s.Send(ctx, []Draft{{TenantID: v.TenantID, RecipientID: uid, SenderID: v.UserID,
		Kind: message.KindDirect, Title: title, Body: body}})
	if err != nil {
		return err
	}
	return httpx.OK(c, msgs[0])
}

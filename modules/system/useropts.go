package system

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/org"
	"xiangzhi/generated/ent/predicate"
	"xiangzhi/generated/ent/role"
	"xiangzhi/generated/ent/user"
)

// The person pickers of every screen ("Also:" calls of the specification):
// any signed-in user may call them, and they answer only users within the
// caller's reach, as options (no avatar, no contact details beyond the
// mobile the specification's user option names).
func (s *Service) userOptionRoutes() []engine.Route {
	get, post := http.MethodGet, http.MethodPost
	return []engine.Route{
		{Method: get, Path: "/api/userDetails/getUserDetailsByUserName", Code: auth.SignedIn, Name: routeUserByName, Handler: s.userByName},
		{Method: post, Path: "/api/userDetails/getUserDetailsByRoles", Code: auth.SignedIn, Name: routeUsersByRoles, Handler: s.usersByRoles},
		{Method: get, Path: "/api/userDetails/cscpUserDetailsOrLike", Code: auth.SignedIn, Name: routeUserOptionsLike, Handler: s.userOptionsLike},
		{Method: get, Path: "/api/getTenantUserList", Code: auth.SignedIn, Name: routeTenantUsers, Handler: s.tenantUsers},
		{Method: get, Path: "/api/getTenantRoleList", Code: auth.SignedIn, Name: routeTenantRoles, Handler: s.tenantRoles},
		{Method: get, Path: "/api/userDetails/getUsers", Code: auth.SignedIn, Name: routeGetUsers, Handler: s.tenantUsers},
		{Method: get, Path: "/api/userDetails/getUserDetailsForCsgmReporting", Code: auth.SignedIn, Name: routeReportingUsers, Handler: s.tenantUsers},
	}
}

// maxOptions bounds an unpaged option list.
const maxOptions = 1000

// userOption is the specification's user option.
type userOption struct {
	ID         int64  `json:"id"`
	UserID     int64  `json:"userId"`
	Username   string `json:"username"`
	FamilyName string `json:"familyName"`
	Name       string `json:"name"`
	Mobile     string `json:"mobile"`
	OrgID      int64  `json:"orgId"`
	OrgName    string `json:"orgName"`
}

func toUserOption(u *ent.User) any {
	o := userOption{ID: u.ID, UserID: u.ID, Username: u.Username, FamilyName: u.FamilyName, Name: u.Name,
		Mobile: u.Mobile}
	if u.OrgID != nil {
		o.OrgID = *u.OrgID
	}
	if u.Edges.Org != nil {
		o.OrgName = u.Edges.Org.OrgName
	}
	return o
}

// userByName is GET /api/userDetails/getUserDetailsByUserName?username=.
func (s *Service) userByName(c echo.Context) error {
	v := viewer(c)
	name := strings.TrimSpace(c.QueryParam("username"))
	if name == "" {
		name = strings.TrimSpace(c.QueryParam("userName"))
	}
	if name == "" {
		return httpx.BadRequest(fmt.Sprintf(msg.MissingParam, "username"))
	}
	u, err := s.ent.User.Query().Where(user.Username(name), userReach(v)).WithOrg().Only(c.Request().Context())
	if ent.IsNotFound(err) {
		return notFound(UserNotFound)
	}
	if err != nil {
		return fmt.Errorf("find user by name: %w", err)
	}
	return httpx.OK(c, toUserOption(u))
}

// rolesBody is the body of getUserDetailsByRoles: role ids as a list or
// a comma string, under roleIds or roles.
type rolesBody struct {
	RoleIDs idList `json:"roleIds"`
	Roles   idList `json:"roles"`
}

// usersByRoles is POST /api/userDetails/getUserDetailsByRoles: the users
// within reach holding any of the roles.
func (s *Service) usersByRoles(c echo.Context) error {
	v := viewer(c)
	var b rolesBody
	if err := httpx.BindInto(c, s.maxBody, &b); err != nil {
		return err
	}
	ids := uniqueIDs(append(b.RoleIDs, b.Roles...))
	out := []any{}
	if len(ids) > 0 {
		rows, err := s.ent.User.Query().
			Where(userReach(v), user.HasRolesWith(role.IDIn(ids...), role.TenantID(v.TenantID))).
			WithOrg().Order(ent.Asc(user.FieldID)).Limit(maxOptions).All(c.Request().Context())
		if err != nil {
			return fmt.Errorf("users by roles: %w", err)
		}
		for _, u := range rows {
			out = append(out, toUserOption(u))
		}
	}
	return httpx.OK(c, out)
}

// userOptionsLike is GET /api/userDetails/cscpUserDetailsOrLike: a page
// of user options filtered like the user screen (usernameLike, …).
func (s *Service) userOptionsLike(c echo.Context) error { return s.listUsers(c, "Like", toUserOption) }

// tenantUsers answers the users within reach as options, at most 1000,
// optionally of one organisation's subtree (orgId) and matching name
// (username or name contains it).
func (s *Service) tenantUsers(c echo.Context) error {
	v := viewer(c)
	ps := []predicate.User{userReach(v)}
	orgID, err := httpx.QueryID(c, "orgId", false)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	if orgID != 0 {
		o, err := s.reachableOrg(ctx, v, orgID)
		if err != nil {
			return err
		}
		ps = append(ps, user.HasOrgWith(org.PathHasPrefix(o.Path)))
	}
	name, err := likeParam(c, "name", 50)
	if err != nil {
		return err
	}
	if name != "" {
		ps = append(ps, user.Or(user.UsernameContainsFold(name), user.NameContainsFold(name),
			user.FamilyNameContainsFold(name)))
	}
	rows, err := s.ent.User.Query().Where(ps...).WithOrg().Order(ent.Asc(user.FieldID)).Limit(maxOptions).All(ctx)
	if err != nil {
		return fmt.Errorf("list user options: %w", err)
	}
	out := make([]any, len(rows))
	for i, u := range rows {
		out[i] = toUserOption(u)
	}
	return httpx.OK(c, out)
}

// roleOption is a role as the role pickers show it.
type roleOption struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Icon string `json:"icon"`
}

// tenantRoles is GET /api/getTenantRoleList: the roles of the viewer's
// tenant.
func (s *Service) tenantRoles(c echo.Context) error {
	v := viewer(c)
	rows, err := s.ent.Role.Query().Where(role.TenantID(v.TenantID)).Order(ent.Asc(role.FieldID)).
		Limit(maxOptions).All(c.Request().Context())
	if err != nil {
		return fmt.Errorf("list roles: %w", err)
	}
	out := make([]roleOption, len(rows))
	for i, r := range rows {
		out[i] = roleOption{ID: r.ID, Name: r.Name, Icon: r.Icon}
	}
	return httpx.OK(c, out)
}

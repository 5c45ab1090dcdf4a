package system

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/predicate"
	"xiangzhi/generated/ent/user"
)

func (s *Service) userRoutes() []engine.Route {
	get, put, post, del := http.MethodGet, http.MethodPut, http.MethodPost, http.MethodDelete
	rs := []engine.Route{
		{Method: get, Path: "/api/system/cscpUserDetailsOr", Code: CodeUserList, Name: routeListUsersOr, Handler: s.listUsersOr},
		{Method: get, Path: "/api/userDetails/userDetailsOr", Code: CodeUserList, Name: routeListUsersLike, Handler: s.listUsersLike},
		{Method: get, Path: "/api/system/cscpCurrentUserDetails", Code: auth.SignedIn, Name: routeCurrentUser, Handler: s.currentUser},
		{Method: put, Path: "/api/user/cscpUserDetails", Code: auth.SignedIn, Name: routeUpdateProfile, Handler: s.updateProfile},
		{Method: get, Path: "/api/system/cscpUserExistByUsername", Code: CodeUserList, Name: routeUsernameExists, Handler: s.usernameExists},
		{Method: get, Path: "/api/userDetails/checkMobileExist", Code: CodeUserList, Name: routeMobileExists, Handler: s.mobileExists},
		{Method: get, Path: "/api/system/cscpUserDetailsByUserId", Code: CodeUserView, Name: routeUserByID, Handler: s.userByID},
		{Method: get, Path: "/api/system/cscpUserOrgs", Code: CodeUserView, Name: routeUserOrgs, Handler: s.userOrgs},
		{Method: post, Path: "/api/system/cscpUserDetails", Code: CodeUserAdd, Name: routeCreateUser, Handler: s.createUser},
		{Method: put, Path: "/api/system/cscpUserDetails", Code: CodeUserEdit, Name: routeUpdateUser, Handler: s.updateUser},
		{Method: del, Path: "/api/system/cscpUsers/:userId", Code: CodeUserDel, Name: routeDeleteUser, Handler: s.deleteUser},
	}
	return append(rs, s.userOptionRoutes()...)
}

// userDTO is the specification's UserDetail: id, did and userId are all
// the user's id; roleIds is a comma list; times read
// "2006-01-02 15:04:05".
type userDTO struct {
	ID           int64   `json:"id"`
	Did          int64   `json:"did"`
	UserID       int64   `json:"userId"`
	TenantID     int64   `json:"tenantId"`
	Username     string  `json:"username"`
	FamilyName   string  `json:"familyName"`
	Name         string  `json:"name"`
	Mobile       string  `json:"mobile"`
	Email        string  `json:"email"`
	ImgPath      string  `json:"imgPath"`
	LastLogin    string  `json:"lastLogin"`
	DiscTitle    string  `json:"discTitle"`
	DiscDetail   string  `json:"discDetail"`
	RegisterTime string  `json:"registerTime"`
	RoleIDs      string  `json:"roleIds"`
	RoleNames    string  `json:"roleNames"`
	OrgID        int64   `json:"orgId"`
	OrgName      string  `json:"orgName"`
	OrgIDs       []int64 `json:"orgIds"`
	// Locked and TotpEnabled show an administrator's lock and whether the
	// user signs in with a two-factor code.
	Locked      bool `json:"locked"`
	TotpEnabled bool `json:"totpEnabled"`
	// PlatformAdmin says the user may use the platform administration
	// (tenants.go); no API writes it.
	PlatformAdmin bool `json:"platformAdmin"`
}

// toUserDTO converts a user loaded with its roles, organisation and
// organisations. Lists leave the avatar out (it may be 250K per row).
func toUserDTO(u *ent.User, withAvatar bool) *userDTO {
	d := &userDTO{ID: u.ID, Did: u.ID, UserID: u.ID, TenantID: u.TenantID, Username: u.Username,
		FamilyName: u.FamilyName, Name: u.Name, Mobile: u.Mobile, Email: u.Email,
		LastLogin: formatTime(u.LastLogin), DiscTitle: u.DiscTitle, DiscDetail: u.DiscDetail,
		RegisterTime: formatTime(&u.RegisterTime), OrgIDs: []int64{}, Locked: u.Locked, TotpEnabled: u.TotpEnabled,
		PlatformAdmin: u.PlatformAdmin}
	if withAvatar {
		d.ImgPath = u.ImgPath
	}
	ids, names := make([]string, 0, len(u.Edges.Roles)), make([]string, 0, len(u.Edges.Roles))
	for _, r := range u.Edges.Roles {
		ids, names = append(ids, strconv.FormatInt(r.ID, 10)), append(names, r.Name)
	}
	d.RoleIDs, d.RoleNames = strings.Join(ids, ","), strings.Join(names, ",")
	if u.OrgID != nil {
		d.OrgID = *u.OrgID
	}
	if o := u.Edges.Org; o != nil {
		d.OrgName = o.OrgName
	}
	for _, o := range u.Edges.Orgs {
		d.OrgIDs = append(d.OrgIDs, o.ID)
	}
	return d
}

// userQuery starts a query of users with what a DTO shows.
func (s *Service) userQuery(ps ...predicate.User) *ent.UserQuery {
	return s.ent.User.Query().Where(ps...).WithRoles().WithOrg().WithOrgs()
}

// userDTOByID is the DTO of a user of a tenant, with the avatar.
func (s *Service) userDTOByID(ctx context.Context, tenantID, id int64) (*userDTO, error) {
	u, err := s.userQuery(user.ID(id), user.TenantID(tenantID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, notFound(UserNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("load user %d: %w", id, err)
	}
	return toUserDTO(u, true), nil
}

// reachableUser loads user id if v reaches it (404 otherwise).
func (s *Service) reachableUser(ctx context.Context, v *auth.Viewer, id int64) (*ent.User, error) {
	u, err := s.userQuery(user.ID(id), userReach(v)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, notFound(UserNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("load user %d: %w", id, err)
	}
	return u, nil
}

// userFilters are the text filters of the user lists: the parameter, its
// limit and the predicate it builds.
var userFilters = []struct {
	param string
	max   int
	pred  func(string) predicate.User
}{
	{"username", 20, user.UsernameContainsFold},
	{"familyName", 20, user.FamilyNameContainsFold},
	{"name", 20, user.NameContainsFold},
	{"mobile", 11, user.MobileContains},
	{"email", 40, user.EmailContainsFold},
	{"discTitle", 30, user.DiscTitleContainsFold},
	{"discDetail", 350, user.DiscDetailContainsFold},
}

// orFilters reads the filters (each parameter name plus suffix) and
// combines those given with OR: the console's one search box fills them
// all with the same text. nil when none is given.
func orFilters(c echo.Context, suffix string) (predicate.User, error) {
	var ps []predicate.User
	for _, f := range userFilters {
		v, err := likeParam(c, f.param+suffix, max(f.max, 50))
		if err != nil {
			return nil, err
		}
		if v != "" {
			ps = append(ps, f.pred(v))
		}
	}
	if len(ps) == 0 {
		return nil, nil
	}
	return user.Or(ps...), nil
}

// userSorts are the sort keys the user lists accept.
var userSorts = map[string]string{
	"register_time": user.FieldRegisterTime, "registerTime": user.FieldRegisterTime,
	"last_login": user.FieldLastLogin, "lastLogin": user.FieldLastLogin,
	"username": user.FieldUsername, "id": user.FieldID,
}

// userOrder reads sort=field,dir (default register_time,desc); ties break
// on id so pages are stable.
func userOrder(c echo.Context) ([]user.OrderOption, error) {
	var out []user.OrderOption
	for _, sp := range c.QueryParams()["sort"] {
		field, dir, _ := strings.Cut(sp, ",")
		col, ok := userSorts[strings.TrimSpace(field)]
		if !ok {
			return nil, httpx.BadRequest(fmt.Sprintf(msg.QueryBadSort, field))
		}
		switch strings.ToLower(strings.TrimSpace(dir)) {
		case "", "asc":
			out = append(out, ent.Asc(col))
		case "desc":
			out = append(out, ent.Desc(col))
		default:
			return nil, httpx.BadRequest(fmt.Sprintf(msg.QueryBadSort, sp))
		}
	}
	if len(out) == 0 {
		out = append(out, ent.Desc(user.FieldRegisterTime))
	}
	return append(out, ent.Desc(user.FieldID)), nil
}

// listUsersOr is GET /api/system/cscpUserDetailsOr: the user pick list
// (page 0, size up to 1000) filtered by username, familyName, name,
// mobile, email, discTitle and discDetail.
func (s *Service) listUsersOr(c echo.Context) error { return s.listUsers(c, "", toUserDTOList) }

// listUsersLike is GET /api/userDetails/userDetailsOr: the user screen's
// list, filtered by usernameLike, familyNameLike, … and sorted.
func (s *Service) listUsersLike(c echo.Context) error { return s.listUsers(c, "Like", toUserDTOList) }

func toUserDTOList(u *ent.User) any { return toUserDTO(u, false) }

// listUsers answers one page of the users v reaches that match the
// filters named with suffix, each row converted by conv.
func (s *Service) listUsers(c echo.Context, suffix string, conv func(*ent.User) any) error {
	v := viewer(c)
	page, size, err := pageParams(c)
	if err != nil {
		return err
	}
	ps := []predicate.User{userReach(v)}
	filter, err := orFilters(c, suffix)
	if err != nil {
		return err
	}
	if filter != nil {
		ps = append(ps, filter)
	}
	order, err := userOrder(c)
	if err != nil {
		return err
	}
	return answerPage(c, s.userQuery(ps...).Order(order...), page, size, "users", conv)
}

// currentUser is the signed-in user's own profile.
func (s *Service) currentUser(c echo.Context) error {
	v := viewer(c)
	d, err := s.userDTOByID(c.Request().Context(), v.TenantID, v.UserID)
	if err != nil {
		return err
	}
	return httpx.OK(c, d)
}

// userByID is GET /api/system/cscpUserDetailsByUserId?userId=.
func (s *Service) userByID(c echo.Context) error {
	v := viewer(c)
	id, err := httpx.QueryID(c, "userId", true)
	if err != nil {
		return err
	}
	u, err := s.reachableUser(c.Request().Context(), v, id)
	if err != nil {
		return err
	}
	return httpx.OK(c, toUserDTO(u, true))
}

// userOrgDTO is one user-organisation link (cscpUserOrgDTOs).
type userOrgDTO struct {
	UserID   int64  `json:"userId"`
	OrgID    int64  `json:"orgId"`
	OrgName  string `json:"orgName"`
	Username string `json:"username,omitempty"`
	Name     string `json:"name,omitempty"`
	Primary  bool   `json:"primary"`
}

// userOrgs is GET /api/system/cscpUserOrgs?userId=: the organisations the
// user belongs to, the primary one flagged.
func (s *Service) userOrgs(c echo.Context) error {
	v := viewer(c)
	id, err := httpx.QueryID(c, "userId", true)
	if err != nil {
		return err
	}
	u, err := s.reachableUser(c.Request().Context(), v, id)
	if err != nil {
		return err
	}
	out := make([]userOrgDTO, 0, len(u.Edges.Orgs))
	for _, o := range u.Edges.Orgs {
		out = append(out, userOrgDTO{UserID: u.ID, OrgID: o.ID, OrgName: o.OrgName,
			Primary: u.OrgID != nil && *u.OrgID == o.ID})
	}
	return httpx.OK(c, out)
}

// existsAnswer is the shape of the existence checks: success and data
// both say whether the value is taken.
type existsAnswer struct {
	Code    int    `json:"code"`
	Msg     string `json:"msg"`
	Success bool   `json:"success"`
	Data    bool   `json:"data"`
}

// usernameExists is GET /api/system/cscpUserExistByUsername?username=:
// success (and data) true when the tenant already has the username.
func (s *Service) usernameExists(c echo.Context) error {
	v := viewer(c)
	name := strings.TrimSpace(c.QueryParam("username"))
	if name == "" {
		return httpx.BadRequest(fmt.Sprintf(msg.MissingParam, "username"))
	}
	n, err := s.ent.User.Query().Where(user.TenantID(v.TenantID), user.Username(name)).Exist(c.Request().Context())
	if err != nil {
		return fmt.Errorf("check username: %w", err)
	}
	return c.JSON(http.StatusOK, existsAnswer{Msg: httpx.OKMessage(c), Success: n, Data: n})
}

// mobileExists is GET /api/userDetails/checkMobileExist?mobile&id&userId:
// data true when another user of the tenant (not id/userId) has the
// mobile.
func (s *Service) mobileExists(c echo.Context) error {
	v := viewer(c)
	mobile := strings.TrimSpace(c.QueryParam("mobile"))
	if mobile == "" {
		return httpx.BadRequest(fmt.Sprintf(msg.MissingParam, "mobile"))
	}
	self, err := httpx.QueryID(c, "userId", false)
	if err != nil {
		return err
	}
	if self == 0 {
		if self, err = httpx.QueryID(c, "id", false); err != nil {
			return err
		}
	}
	taken, err := s.mobileTaken(c.Request().Context(), v.TenantID, mobile, self)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, existsAnswer{Msg: httpx.OKMessage(c), Success: taken, Data: taken})
}

// mobileTaken reports whether a user of the tenant other than self has
// the mobile.
func (s *Service) mobileTaken(ctx context.Context, tenantID int64, mobile string, self int64) (bool, error) {
	ps := []predicate.User{user.TenantID(tenantID), user.Mobile(mobile)}
	if self != 0 {
		ps = append(ps, user.IDNEQ(self))
	}
	ok, err := s.ent.User.Query().Where(ps...).Exist(ctx)
	if err != nil {
		return false, fmt.Errorf("check mobile: %w", err)
	}
	return ok, nil
}

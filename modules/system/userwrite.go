package system

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"unicode"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/org"
	"xiangzhi/generated/ent/role"
	"xiangzhi/generated/ent/user"
)

// Limits of the user form (specification §5 and §9).
const (
	maxUsername   = 20
	maxPersonName = 20
	maxEmail      = 40
	maxDiscTitle  = 30
	maxDiscDetail = 350
	maxAvatar     = 256000
)

var (
	mobilePattern  = regexp.MustCompile(`^1[3-9][0-9]{9}$`)
	profileMobile  = regexp.MustCompile(`^[0-9]{11}$`)
	emailPattern   = regexp.MustCompile(`^[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}$`)
	avatarPrefixes = []string{"data:image/", "/", "http://", "https://"}
)

// userInput is the user form (cscpUserDetailDTO) as the console sends it,
// flat or wrapped in cscpUserDetailDTO. Read-only fields of the DTO are
// accepted and ignored, so the form can send back what it loaded.
type userInput struct {
	ID             flexID  `json:"id"`
	Did            flexID  `json:"did"`
	UserID         flexID  `json:"userId"`
	Username       *string `json:"username"`
	FamilyName     string  `json:"familyName"`
	Name           string  `json:"name"`
	Mobile         string  `json:"mobile"`
	Email          string  `json:"email"`
	ImgPath        string  `json:"imgPath"`
	DiscTitle      string  `json:"discTitle"`
	DiscDetail     string  `json:"discDetail"`
	RoleIDs        idList  `json:"roleIds"`
	OrgID          flexID  `json:"orgId"`
	OrgIDs         idList  `json:"orgIds"`
	Password       string  `json:"password"`
	CurrentUserPwd string  `json:"currentUserPwd"`
	NewPassword    string  `json:"newPassword"`

	Nested *userInput `json:"cscpUserDetailDTO"`

	// Read-only: ignored.
	TenantID     any `json:"tenantId"`
	LastLogin    any `json:"lastLogin"`
	RegisterTime any `json:"registerTime"`
	RoleNames    any `json:"roleNames"`
	OrgName      any `json:"orgName"`
}

// flat merges a wrapped DTO into the outer body (the passwords may sit
// on either level).
func (in *userInput) flat() *userInput {
	if in.Nested == nil {
		return in
	}
	out := *in.Nested
	out.Nested = nil
	for _, p := range []struct {
		dst *string
		src string
	}{
		{&out.CurrentUserPwd, in.CurrentUserPwd}, {&out.NewPassword, in.NewPassword}, {&out.Password, in.Password},
	} {
		if *p.dst == "" {
			*p.dst = p.src
		}
	}
	return &out
}

// targetID is the id the form edits (id, userId or did).
func (in *userInput) targetID() int64 {
	for _, id := range []flexID{in.ID, in.UserID, in.Did} {
		if id > 0 {
			return int64(id)
		}
	}
	return 0
}

func (in *userInput) trim() {
	if in.Username != nil {
		t := strings.TrimSpace(*in.Username)
		in.Username = &t
	}
	for _, p := range []*string{&in.FamilyName, &in.Name, &in.Mobile, &in.Email, &in.DiscTitle} {
		*p = strings.TrimSpace(*p)
	}
}

// checkPerson adds the errors of the fields the admin form and the
// profile share; admin says which mobile rule applies.
func checkPerson(cs *checks, in *userInput, admin bool) {
	if in.FamilyName == "" {
		cs.add("familyName", FamilyNameRequired)
	}
	cs.maxLen("familyName", in.FamilyName, maxPersonName, FamilyNameTooLong)
	if in.Name == "" {
		cs.add("name", NameRequired)
	}
	cs.maxLen("name", in.Name, maxPersonName, NameTooLong)
	switch {
	case admin && in.Mobile == "":
		cs.add("mobile", MobileRequired)
	case admin && !mobilePattern.MatchString(in.Mobile):
		cs.add("mobile", MobileInvalid)
	case !admin && in.Mobile != "" && !profileMobile.MatchString(in.Mobile):
		cs.add("mobile", MobileInvalid)
	}
	switch {
	case len([]rune(in.Email)) > maxEmail:
		cs.add("email", EmailTooLong)
	case in.Email != "" && !emailPattern.MatchString(in.Email):
		cs.add("email", EmailInvalid)
	}
	cs.maxLen("discTitle", in.DiscTitle, maxDiscTitle, DiscTitleTooLong)
	cs.maxLen("discDetail", in.DiscDetail, maxDiscDetail, DiscDetailTooLong)
	if len(in.ImgPath) > maxAvatar {
		cs.add("imgPath", AvatarTooLarge)
	} else if in.ImgPath != "" && !hasAnyPrefix(in.ImgPath, avatarPrefixes) {
		cs.add("imgPath", AvatarInvalid)
	}
}

func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// checkUsername adds the errors of a new username.
func checkUsername(cs *checks, name string) {
	switch {
	case name == "":
		cs.add("username", UsernameRequired)
	case len([]rune(name)) > maxUsername:
		cs.add("username", UsernameTooLong)
	case strings.IndexFunc(name, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0:
		cs.add("username", UsernameBadChars)
	}
}

// decryptPassword decrypts an encrypted password of the form; a failure
// is a field error of that field.
func (s *Service) decryptPassword(field, cipher string) (string, error) {
	plain, err := s.auth.Decrypt(cipher)
	if err != nil {
		var pe *auth.Error
		if errors.As(err, &pe) {
			return "", invalid(fieldError(field, pe.Message))
		}
		return "", err
	}
	return plain, nil
}

func fieldError(field, message string) schema.FieldError {
	return schema.FieldError{Field: field, Message: message}
}

// grantable loads the roles of ids in v's tenant and checks that v may
// hand them out: a role is refused unless it exists in the tenant and,
// for a viewer who is not a super administrator, is not the system role,
// holds only codes v holds and gives no wider data scope than v's.
func (s *Service) grantable(ctx context.Context, v *auth.Viewer, ids []int64) ([]*ent.Role, error) {
	roles, err := s.ent.Role.Query().Where(role.TenantID(v.TenantID), role.IDIn(ids...)).WithMenus().All(ctx)
	if err != nil {
		return nil, fmt.Errorf("load roles: %w", err)
	}
	if len(roles) != len(uniqueIDs(ids)) {
		return nil, invalid(fieldError("roleIds", RoleUnknown))
	}
	if v.SuperAdmin() {
		return roles, nil
	}
	for _, r := range roles {
		if r.System || scopeModes[string(r.DataScope)] < v.ScopeMode {
			return nil, httpx.NewError(http.StatusForbidden, msg.Forbidden)
		}
		for _, m := range r.Edges.Menus {
			if m.PermissionCode != "" && !v.Can(m.PermissionCode) {
				return nil, httpx.NewError(http.StatusForbidden, msg.Forbidden)
			}
		}
	}
	return roles, nil
}

// placeable loads organisation id if v reaches it; otherwise the form's
// orgId is refused as unknown (so nothing outside the reach is revealed).
func (s *Service) placeable(ctx context.Context, v *auth.Viewer, field string, id int64) (*ent.Org, error) {
	o, err := s.ent.Org.Query().Where(org.ID(id), orgReach(v)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, invalid(fieldError(field, OrgUnknown))
	}
	return o, err
}

func uniqueIDs(ids []int64) []int64 {
	seen := map[int64]bool{}
	var out []int64
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// checkAdminForm validates the admin user form (create when isNew) and
// checks uniqueness of username and mobile within the tenant.
func (s *Service) checkAdminForm(ctx context.Context, v *auth.Viewer, in *userInput, self int64, isNew bool) error {
	var cs checks
	if isNew {
		name := ""
		if in.Username != nil {
			name = *in.Username
		}
		checkUsername(&cs, name)
	}
	checkPerson(&cs, in, true)
	if len(in.RoleIDs) == 0 {
		cs.add("roleIds", RolesRequired)
	}
	if in.OrgID == 0 {
		cs.add("orgId", OrgRequired)
	}
	if !isNew && in.CurrentUserPwd == "" {
		cs.add("currentUserPwd", CurrentPwdRequired)
	}
	if isNew && !cs.has("username") {
		taken, err := s.ent.User.Query().Where(user.TenantID(v.TenantID), user.Username(*in.Username)).Exist(ctx)
		if err != nil {
			return fmt.Errorf("check username: %w", err)
		}
		if taken {
			cs.add("username", UsernameTaken)
		}
	}
	if !cs.has("mobile") {
		taken, err := s.mobileTaken(ctx, v.TenantID, in.Mobile, self)
		if err != nil {
			return err
		}
		if taken {
			cs.add("mobile", MobileTaken)
		}
	}
	return cs.err()
}

// okUser answers a saved user.
func okUser(c echo.Context, d any) error { return okMsg(c, UserSaved, d) }

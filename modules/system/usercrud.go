package system

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/user"
)

// createdUser is the answer of a created user: the DTO and, when the
// administrator gave no password, the generated initial one (to hand
// over; it must be changed at the first login).
type createdUser struct {
	*userDTO
	InitialPassword string `json:"initialPassword,omitempty"`
}

// createUser is POST /api/system/cscpUserDetails.
func (s *Service) createUser(c echo.Context) error {
	v := viewer(c)
	in, err := s.userForm(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	if err := s.checkAdminForm(ctx, v, in, 0, true); err != nil {
		return err
	}
	roles, primary, members, err := s.userLinks(ctx, v, in)
	if err != nil {
		return err
	}
	password, generated, err := s.initialPassword(in)
	if err != nil {
		return err
	}
	hash, err := auth.HashPassword(password)
	if err != nil {
		return err
	}
	u, err := s.ent.User.Create().SetTenantID(v.TenantID).SetUsername(*in.Username).
		SetFamilyName(in.FamilyName).SetName(in.Name).SetMobile(in.Mobile).SetEmail(in.Email).
		SetImgPath(in.ImgPath).SetDiscTitle(in.DiscTitle).SetDiscDetail(in.DiscDetail).
		SetRegisterTime(s.now()).SetPasswordHash(hash).SetMustChangePassword(true).
		SetOrgID(primary).AddOrgIDs(members...).AddRoleIDs(roles...).
		Save(ctx)
	if ent.IsConstraintError(err) {
		return invalid(fieldError("username", UsernameTaken))
	}
	if err != nil {
		return fmt.Errorf("create user: %w", err)
	}
	if err := s.authz.Reload(ctx); err != nil {
		return err
	}
	d, err := s.userDTOByID(ctx, v.TenantID, u.ID)
	if err != nil {
		return err
	}
	out := createdUser{userDTO: d}
	if generated {
		out.InitialPassword = password
	}
	return okUser(c, out)
}

// userForm binds and normalises the admin user form.
func (s *Service) userForm(c echo.Context) (*userInput, error) {
	var raw userInput
	if err := httpx.BindInto(c, s.maxBody, &raw); err != nil {
		return nil, err
	}
	in := raw.flat()
	in.trim()
	return in, nil
}

// initialPassword is the password a new user starts with: the form's
// (encrypted, policy checked) or a generated one.
func (s *Service) initialPassword(in *userInput) (string, bool, error) {
	field, cipher := "password", in.Password
	if cipher == "" {
		field, cipher = "newPassword", in.NewPassword
	}
	if cipher == "" {
		p, err := auth.GeneratePassword()
		return p, true, err
	}
	p, err := s.decryptPassword(field, cipher)
	if err != nil {
		return "", false, err
	}
	if auth.CheckPasswordPolicy(p) != nil {
		return "", false, invalid(fieldError(field, msg.PasswordPolicy))
	}
	return p, false, nil
}

// userLinks checks the form's roles and organisations against what v may
// hand out and returns the role ids, the primary organisation and every
// organisation the user belongs to (the primary one included).
func (s *Service) userLinks(ctx context.Context, v *auth.Viewer, in *userInput) (roles []int64, primary int64, members []int64, err error) {
	rs, err := s.grantable(ctx, v, in.RoleIDs)
	if err != nil {
		return nil, 0, nil, err
	}
	for _, r := range rs {
		roles = append(roles, r.ID)
	}
	if _, err := s.placeable(ctx, v, "orgId", int64(in.OrgID)); err != nil {
		return nil, 0, nil, err
	}
	members = uniqueIDs(append([]int64{int64(in.OrgID)}, in.OrgIDs...))
	for _, id := range members[1:] {
		if _, err := s.placeable(ctx, v, "orgIds", id); err != nil {
			return nil, 0, nil, err
		}
	}
	return roles, int64(in.OrgID), members, nil
}

// updateUser is PUT /api/system/cscpUserDetails: an administrator edits a
// user they reach, confirming with their own password (currentUserPwd);
// newPassword, when given, resets the user's password (an initial one the
// user must change, unless the administrator edits themselves) and ends
// the user's sessions. An administrator resetting their own password gets
// a new token in the answer, as after a profile change, so the console's
// session goes on.
func (s *Service) updateUser(c echo.Context) error {
	v := viewer(c)
	in, err := s.userForm(c)
	if err != nil {
		return err
	}
	id := in.targetID()
	if id == 0 {
		return httpx.BadRequest(msg.IDRequired)
	}
	ctx := c.Request().Context()
	target, err := s.reachableUser(ctx, v, id)
	if err != nil {
		return err
	}
	if in.Username != nil && *in.Username != "" && *in.Username != target.Username {
		return invalid(fieldError("username", UsernameLocked))
	}
	if err := s.checkAdminForm(ctx, v, in, id, false); err != nil {
		return err
	}
	current, err := s.decryptPassword("currentUserPwd", in.CurrentUserPwd)
	if err != nil {
		return err
	}
	if err := s.auth.ConfirmPassword(ctx, v.UserID, current); err != nil {
		if errors.Is(err, auth.ErrWrongPassword) {
			return invalid(fieldError("currentUserPwd", msg.AdminPasswordWrong))
		}
		return err
	}
	newPassword := ""
	if in.NewPassword != "" {
		if newPassword, err = s.decryptPassword("newPassword", in.NewPassword); err != nil {
			return err
		}
		if auth.CheckPasswordPolicy(newPassword) != nil {
			return invalid(fieldError("newPassword", msg.PasswordPolicy))
		}
	}
	if err := s.guardPrivileged(v, target); err != nil {
		return err
	}
	roles, primary, members, err := s.userLinks(ctx, v, in)
	if err != nil {
		return err
	}
	upd := s.ent.User.UpdateOneID(id).
		SetFamilyName(in.FamilyName).SetName(in.Name).SetMobile(in.Mobile).SetEmail(in.Email).
		SetImgPath(in.ImgPath).SetDiscTitle(in.DiscTitle).SetDiscDetail(in.DiscDetail).
		SetOrgID(primary).ClearRoles().AddRoleIDs(roles...)
	if len(in.OrgIDs) > 0 {
		upd.ClearOrgs().AddOrgIDs(members...)
	} else if !hasOrg(target, primary) {
		upd.AddOrgIDs(primary)
	}
	if err := upd.Exec(ctx); err != nil {
		return fmt.Errorf("update user %d: %w", id, err)
	}
	out := profileAnswer{}
	if newPassword != "" {
		if err := s.auth.SetPassword(ctx, id, newPassword, id != v.UserID); err != nil {
			return err
		}
		if id == v.UserID {
			if out.Token, err = s.auth.StartSession(ctx, target, c.RealIP(), c.Request().UserAgent()); err != nil {
				return err
			}
		}
	}
	if err := s.authz.Reload(ctx); err != nil {
		return err
	}
	if out.userDTO, err = s.userDTOByID(ctx, v.TenantID, id); err != nil {
		return err
	}
	return okUser(c, out)
}

func hasOrg(u *ent.User, id int64) bool {
	for _, o := range u.Edges.Orgs {
		if o.ID == id {
			return true
		}
	}
	return false
}

// guardPrivileged refuses a viewer who is not a super administrator
// editing or deleting one who is (a user holding a system role).
func (s *Service) guardPrivileged(v *auth.Viewer, target *ent.User) error {
	if v.SuperAdmin() {
		return nil
	}
	for _, r := range target.Edges.Roles {
		if r.System {
			return httpx.NewError(http.StatusForbidden, msg.Forbidden)
		}
	}
	return nil
}

// deleteUser is DELETE /api/system/cscpUsers/{userId}. Its sessions,
// roles, memberships and work-group places go with it; its log rows stay.
func (s *Service) deleteUser(c echo.Context) error {
	v := viewer(c)
	id, err := httpx.PathID(c, "userId")
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	target, err := s.reachableUser(ctx, v, id)
	if err != nil {
		return err
	}
	if id == v.UserID {
		return httpx.BadRequest(CannotDeleteSelf)
	}
	if err := s.guardPrivileged(v, target); err != nil {
		return err
	}
	if _, err := s.auth.Sessions().RevokeUser(ctx, id); err != nil {
		return err
	}
	n, err := s.ent.User.Delete().Where(user.ID(id), user.TenantID(v.TenantID)).Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete user %d: %w", id, err)
	}
	if n == 0 {
		return notFound(UserNotFound)
	}
	if err := s.authz.Reload(ctx); err != nil {
		return err
	}
	return okMsg(c, UserDeleted, nil)
}

// profileAnswer is a user after a save of the profile or the user form,
// with a new token when the signed-in user's own password changed (every
// older session ended).
type profileAnswer struct {
	*userDTO
	Token string `json:"token,omitempty"`
}

// updateProfile is PUT /api/user/cscpUserDetails: the signed-in user edits
// their own profile (not their username, roles or organisation). A
// newPassword needs currentUserPwd, follows the policy, and ends every
// session; the answer then carries a new token.
func (s *Service) updateProfile(c echo.Context) error {
	v := viewer(c)
	in, err := s.userForm(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	me, err := s.reachableUser(ctx, v, v.UserID)
	if err != nil {
		return err
	}
	if in.Username != nil && *in.Username != "" && *in.Username != me.Username {
		return invalid(fieldError("username", UsernameLocked))
	}
	var cs checks
	checkPerson(&cs, in, false)
	if in.NewPassword != "" && in.CurrentUserPwd == "" {
		cs.add("currentUserPwd", CurrentPwdRequired)
	}
	if in.Mobile != "" && !cs.has("mobile") {
		taken, err := s.mobileTaken(ctx, v.TenantID, in.Mobile, v.UserID)
		if err != nil {
			return err
		}
		if taken {
			cs.add("mobile", MobileTaken)
		}
	}
	if err := cs.err(); err != nil {
		return err
	}
	var oldPassword, newPassword string
	if in.NewPassword != "" {
		if oldPassword, err = s.decryptPassword("currentUserPwd", in.CurrentUserPwd); err != nil {
			return err
		}
		if newPassword, err = s.decryptPassword("newPassword", in.NewPassword); err != nil {
			return err
		}
		if auth.CheckPasswordPolicy(newPassword) != nil {
			return invalid(fieldError("newPassword", msg.PasswordPolicy))
		}
		if newPassword == oldPassword {
			return invalid(fieldError("newPassword", NewPasswordSame))
		}
	}
	err = s.ent.User.UpdateOneID(v.UserID).
		SetFamilyName(in.FamilyName).SetName(in.Name).SetMobile(in.Mobile).SetEmail(in.Email).
		SetImgPath(in.ImgPath).SetDiscTitle(in.DiscTitle).SetDiscDetail(in.DiscDetail).
		Exec(ctx)
	if err != nil {
		return fmt.Errorf("update profile of user %d: %w", v.UserID, err)
	}
	out := profileAnswer{}
	if newPassword != "" {
		if err := s.auth.ChangePassword(ctx, v.UserID, oldPassword, newPassword); err != nil {
			return err
		}
		if out.Token, err = s.auth.StartSession(ctx, me, c.RealIP(), c.Request().UserAgent()); err != nil {
			return err
		}
	}
	if out.userDTO, err = s.userDTOByID(ctx, v.TenantID, v.UserID); err != nil {
		return err
	}
	return okUser(c, out)
}

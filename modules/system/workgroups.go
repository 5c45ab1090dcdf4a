package system

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/org"
	"xiangzhi/generated/ent/predicate"
	"xiangzhi/generated/ent/user"
	"xiangzhi/generated/ent/workgroup"
	"xiangzhi/generated/ent/workgrouporg"
	"xiangzhi/generated/ent/workgroupuser"
)

// Work groups (specification §2 work-group list and editor, §3 WorkGroup,
// §5 Work group): named groups of users, each owned by an organisation and
// reached like organisations — within the viewer's subtree, or the whole
// tenant for a viewer whose data scope is all.
func (s *Service) workGroupRoutes() []engine.Route {
	return []engine.Route{
		{Method: http.MethodGet, Path: "/api/system/cscpWorkGroupsOr", Code: CodeWorkGroupList,
			Name: routeListWorkGroups, Handler: s.listWorkGroups},
		{Method: http.MethodGet, Path: "/api/system/cscpWorkGroups/:id", Code: CodeWorkGroupList,
			Name: routeGetWorkGroup, Handler: s.getWorkGroup},
		{Method: http.MethodPost, Path: "/api/system/cscpWorkGroups", Code: CodeWorkGroupAdd,
			Name: routeCreateWorkGroup, Handler: s.createWorkGroup},
		{Method: http.MethodPut, Path: "/api/system/cscpWorkGroups", Code: CodeWorkGroupEdit,
			Name: routeUpdateWorkGroup, Handler: s.updateWorkGroup},
		{Method: http.MethodDelete, Path: "/api/system/cscpWorkGroups/:id", Code: CodeWorkGroupDel,
			Name: routeDeleteWorkGroup, Handler: s.deleteWorkGroup},
	}
}

// workGroupReach is the predicate of the work groups v may see and edit:
// those of the tenant whose organisation v reaches (all of the tenant's,
// with or without an organisation, for a viewer who reaches everything).
func workGroupReach(v *auth.Viewer) predicate.WorkGroup {
	if reachAll(v) {
		return workgroup.TenantID(v.TenantID)
	}
	return workgroup.And(workgroup.TenantID(v.TenantID), workgroup.HasOrgWith(orgReach(v)))
}

// workGroupDTO is a work group as the console reads it; userDetail (the
// members, with what the member picker shows) is in the detail only.
type workGroupDTO struct {
	ID          int64             `json:"id"`
	GroupName   string            `json:"groupName"`
	Description string            `json:"description"`
	OrgID       *int64            `json:"orgId"`
	UserDetail  []workGroupMember `json:"userDetail,omitempty"`
}

// workGroupMember is one member (specification §3 user option).
type workGroupMember struct {
	UserID     flexID `json:"userId"`
	Username   string `json:"username,omitempty"`
	FamilyName string `json:"familyName,omitempty"`
	Name       string `json:"name,omitempty"`
	Mobile     string `json:"mobile,omitempty"`
}

func toWorkGroupDTO(g *ent.WorkGroup) workGroupDTO {
	d := workGroupDTO{ID: g.ID, GroupName: g.GroupName, Description: g.Description, OrgID: g.OrgID}
	for _, u := range g.Edges.Users {
		d.UserDetail = append(d.UserDetail, workGroupMember{UserID: flexID(u.ID), Username: u.Username,
			FamilyName: u.FamilyName, Name: u.Name, Mobile: u.Mobile})
	}
	return d
}

// listWorkGroups answers a page of the work groups the viewer reaches. The
// console's one search box sends its text as both groupName and
// description; a group matches when either matches.
func (s *Service) listWorkGroups(c echo.Context) error {
	if err := onlyParams(c, "groupName", "description", "page", "size"); err != nil {
		return err
	}
	page, size, err := pageParams(c)
	if err != nil {
		return err
	}
	name, err := likeParam(c, "groupName", 100)
	if err != nil {
		return err
	}
	desc, err := likeParam(c, "description", 500)
	if err != nil {
		return err
	}
	q := s.ent.WorkGroup.Query().Where(workGroupReach(viewer(c)))
	var or []predicate.WorkGroup
	if name != "" {
		or = append(or, workgroup.GroupNameContainsFold(name))
	}
	if desc != "" {
		or = append(or, workgroup.DescriptionContainsFold(desc))
	}
	if len(or) > 0 {
		q = q.Where(workgroup.Or(or...))
	}
	return answerPage(c, q.Order(ent.Asc(workgroup.FieldID)), page, size, "work groups", toWorkGroupDTO)
}

// reachableWorkGroup loads a work group v reaches, with its members (404
// otherwise).
func (s *Service) reachableWorkGroup(ctx context.Context, v *auth.Viewer, id int64) (*ent.WorkGroup, error) {
	g, err := s.ent.WorkGroup.Query().Where(workgroup.ID(id), workGroupReach(v)).
		WithUsers(func(q *ent.UserQuery) { q.Order(ent.Asc(user.FieldID)) }).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, notFound(WorkGroupNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("load work group %d: %w", id, err)
	}
	return g, nil
}

// getWorkGroup answers one work group with its members.
func (s *Service) getWorkGroup(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	g, err := s.reachableWorkGroup(c.Request().Context(), viewer(c), id)
	if err != nil {
		return err
	}
	return httpx.OK(c, toWorkGroupDTO(g))
}

// workGroupBody is the work-group form. The members may come as
// userDetail (what the detail answered), users (ids) or usersObj (the
// picker's options); they are merged.
type workGroupBody struct {
	ID          flexID            `json:"id"`
	GroupName   string            `json:"groupName"`
	Description string            `json:"description"`
	OrgID       flexID            `json:"orgId"`
	UserDetail  []workGroupMember `json:"userDetail"`
	Users       idList            `json:"users"`
	UsersObj    []workGroupMember `json:"usersObj"`
}

// members are the distinct member ids in the order given.
func (b *workGroupBody) members() []int64 {
	var ids []int64
	add := func(id int64) {
		if id > 0 && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	for _, m := range b.UserDetail {
		add(int64(m.UserID))
	}
	for _, id := range b.Users {
		add(id)
	}
	for _, m := range b.UsersObj {
		add(int64(m.UserID))
	}
	return ids
}

// check trims the form and applies the rules of specification §5.
func (b *workGroupBody) check() error {
	b.GroupName, b.Description = strings.TrimSpace(b.GroupName), strings.TrimSpace(b.Description)
	var cs checks
	if b.GroupName == "" {
		cs.add("groupName", WorkGroupNameRequired)
	}
	cs.maxLen("groupName", b.GroupName, 100, fmt.Sprintf(msg.FieldTooLong, WorkGroupName, 100))
	if b.Description == "" {
		cs.add("description", WorkGroupDescRequired)
	}
	cs.maxLen("description", b.Description, 500, fmt.Sprintf(msg.FieldTooLong, WorkGroupDesc, 500))
	if len(b.members()) == 0 {
		cs.add("userDetail", WorkGroupUsersRequired)
	}
	return cs.err()
}

// checkReach makes sure the group's organisation (the viewer's own when
// none is given) and every member lie within v's reach, and returns the
// organisation's id.
func (s *Service) checkReach(ctx context.Context, v *auth.Viewer, b *workGroupBody) (int64, error) {
	orgID := int64(b.OrgID)
	if orgID == 0 {
		orgID = v.OrgID
	}
	ok := orgID != 0
	if ok {
		var err error
		if ok, err = s.ent.Org.Query().Where(org.ID(orgID), orgReach(v)).Exist(ctx); err != nil {
			return 0, fmt.Errorf("check organisation %d: %w", orgID, err)
		}
	}
	if !ok {
		return 0, invalid(schema.FieldError{Field: "orgId", Message: WorkGroupOrgOutOfScope})
	}
	ids := b.members()
	found, err := s.ent.User.Query().Where(user.IDIn(ids...), userReach(v)).IDs(ctx)
	if err != nil {
		return 0, fmt.Errorf("check members: %w", err)
	}
	for _, id := range ids {
		if !slices.Contains(found, id) {
			return 0, invalid(schema.FieldError{Field: "userDetail",
				Message: fmt.Sprintf(WorkGroupUserOutOfScope, id)})
		}
	}
	return orgID, nil
}

// createWorkGroup adds a work group: the form without an id (the console
// POSTs when it has none, specification §4).
func (s *Service) createWorkGroup(c echo.Context) error {
	var b workGroupBody
	if err := httpx.BindInto(c, s.maxBody, &b); err != nil {
		return err
	}
	if b.ID != 0 {
		return httpx.BadRequest(CreateWithID)
	}
	return s.saveWorkGroup(c, &b)
}

// updateWorkGroup changes a work group the viewer reaches: the form with
// its id (PUT).
func (s *Service) updateWorkGroup(c echo.Context) error {
	var b workGroupBody
	if err := httpx.BindInto(c, s.maxBody, &b); err != nil {
		return err
	}
	if b.ID == 0 {
		return httpx.BadRequest(msg.IDRequired)
	}
	return s.saveWorkGroup(c, &b)
}

// saveWorkGroup creates (no id) or replaces (id) a work group and its
// members, and answers it.
func (s *Service) saveWorkGroup(c echo.Context, b *workGroupBody) error {
	if err := b.check(); err != nil {
		return err
	}
	v, ctx := viewer(c), c.Request().Context()
	id := int64(b.ID)
	if id != 0 {
		cur, err := s.reachableWorkGroup(ctx, v, id)
		if err != nil {
			return err
		}
		if b.OrgID == 0 && cur.OrgID != nil {
			// An update that does not name the organisation keeps the group's own
			// (not the viewer's, which would move it).
			b.OrgID = flexID(*cur.OrgID)
		}
	}
	orgID, err := s.checkReach(ctx, v, b)
	if err != nil {
		return err
	}
	err = withTx(ctx, s.ent, func(tx *ent.Tx) error {
		if id == 0 {
			g, err := tx.WorkGroup.Create().SetTenantID(v.TenantID).SetGroupName(b.GroupName).
				SetDescription(b.Description).SetOrgID(orgID).Save(ctx)
			if err != nil {
				return fmt.Errorf("create work group: %w", err)
			}
			id = g.ID
		} else {
			err := tx.WorkGroup.UpdateOneID(id).SetGroupName(b.GroupName).SetDescription(b.Description).
				SetOrgID(orgID).Exec(ctx)
			if err != nil {
				return fmt.Errorf("update work group %d: %w", id, err)
			}
			if _, err := tx.WorkGroupUser.Delete().Where(workgroupuser.WorkGroupID(id)).Exec(ctx); err != nil {
				return fmt.Errorf("clear members of work group %d: %w", id, err)
			}
		}
		members := b.members()
		add := make([]*ent.WorkGroupUserCreate, len(members))
		for i, u := range members {
			add[i] = tx.WorkGroupUser.Create().SetWorkGroupID(id).SetUserID(u)
		}
		if err := tx.WorkGroupUser.CreateBulk(add...).Exec(ctx); err != nil {
			return fmt.Errorf("add members to work group %d: %w", id, err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	g, err := s.reachableWorkGroup(ctx, v, id)
	if err != nil {
		return err
	}
	return httpx.OK(c, toWorkGroupDTO(g))
}

// deleteWorkGroup removes a work group the viewer reaches with its member
// and organisation links.
func (s *Service) deleteWorkGroup(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	v, ctx := viewer(c), c.Request().Context()
	if _, err := s.reachableWorkGroup(ctx, v, id); err != nil {
		return err
	}
	err = withTx(ctx, s.ent, func(tx *ent.Tx) error {
		if _, err := tx.WorkGroupUser.Delete().Where(workgroupuser.WorkGroupID(id)).Exec(ctx); err != nil {
			return fmt.Errorf("delete members of work group %d: %w", id, err)
		}
		if _, err := tx.WorkGroupOrg.Delete().Where(workgrouporg.WorkGroupID(id)).Exec(ctx); err != nil {
			return fmt.Errorf("delete organisations of work group %d: %w", id, err)
		}
		if err := tx.WorkGroup.DeleteOneID(id).Exec(ctx); err != nil {
			return fmt.Errorf("delete work group %d: %w", id, err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return httpx.OK(c, nil)
}

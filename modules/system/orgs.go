package system

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/org"
	"xiangzhi/generated/ent/predicate"
	"xiangzhi/generated/ent/userorg"
	"xiangzhi/generated/ent/workgrouporg"
)

func (s *Service) orgRoutes() []engine.Route {
	get, post, del := http.MethodGet, http.MethodPost, http.MethodDelete
	return []engine.Route{
		{Method: get, Path: "/api/system/cscpOrgs/all", Code: CodeOrgList, Name: routeOrgChildren, Handler: s.orgChildren},
		{Method: get, Path: "/api/system/cscpOrgs/:id", Code: CodeOrgList, Name: routeOrgByID, Handler: s.orgByID},
		{Method: post, Path: "/api/system/cscpOrgs/save", Code: CodeOrgEdit, Name: routeSaveOrgs, Handler: s.saveOrgs},
		{Method: post, Path: "/api/system/cscpOrgs/updateOrg", Code: CodeOrgEdit, Name: routeMoveOrgs, Handler: s.moveOrgs},
		{Method: del, Path: "/api/system/cscpOrgs/delCscpOrg", Code: CodeOrgDel, Name: routeDeleteOrgs, Handler: s.deleteOrgs},
		// The organisation pickers of every screen: any signed-in user,
		// within their reach.
		{Method: get, Path: "/api/villager/getOrgTreeList", Code: auth.SignedIn, Name: routeOrgTreeList, Handler: s.orgTreeList},
		{Method: get, Path: "/api/villager/getOrgByUserId", Code: auth.SignedIn, Name: routeOrgOfUser, Handler: s.orgOfUser},
		{Method: get, Path: "/api/system/getCscpOrgTree/:typeOrId", Code: auth.SignedIn, Name: routeOrgTreeUnder, Handler: s.orgTreeUnder},
		{Method: get, Path: "/api/organ/cscpOrgs", Code: auth.SignedIn, Name: routeOrgList, Handler: s.orgList},
	}
}

// orgDTO is an organisation as the tree and the pickers show it. leaf is
// true when it has no sub-organisations; a village (description 村) is
// always one.
type orgDTO struct {
	ID          int64     `json:"id"`
	OrgName     string    `json:"orgName"`
	Description string    `json:"description"`
	ParentID    int64     `json:"parentId"`
	Orderby     int       `json:"orderby"`
	Level       int       `json:"level"`
	Path        string    `json:"path"`
	Leaf        bool      `json:"leaf"`
	Children    []*orgDTO `json:"children,omitempty"`
}

func toOrgDTO(o *ent.Org, leaf bool) *orgDTO {
	return &orgDTO{ID: o.ID, OrgName: o.OrgName, Description: o.Description, ParentID: o.ParentID,
		Orderby: o.Orderby, Level: o.Level, Path: o.Path, Leaf: leaf}
}

// workGroupOrgDTO is one work-group link (cscpWorkGroupOrgDTOs).
type workGroupOrgDTO struct {
	GroupID   int64  `json:"groupId"`
	OrgID     int64  `json:"orgId"`
	GroupName string `json:"groupName,omitempty"`
}

// orgTree is the answer of the lazy tree.
type orgTree struct {
	Orgs       []*orgDTO         `json:"cscpOrgDTOs"`
	Users      []userOrgDTO      `json:"cscpUserOrgDTOs"`
	WorkGroups []workGroupOrgDTO `json:"cscpWorkGroupOrgDTOs"`
}

// topOrgs is what the virtual root (parentId 0) shows v: the first-level
// organisations when v reaches the whole tenant, else v's own.
func topOrgs(v *auth.Viewer) predicate.Org {
	if reachAll(v) {
		return org.And(org.TenantID(v.TenantID), org.ParentID(0))
	}
	return org.And(org.TenantID(v.TenantID), org.ID(v.OrgID), orgReach(v))
}

// orgChildren is GET /api/system/cscpOrgs/all?parentId=: one level of the
// tree with the members and work groups of each organisation.
func (s *Service) orgChildren(c echo.Context) error {
	v := viewer(c)
	parent, err := queryParentID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	where := topOrgs(v)
	if parent != 0 {
		if _, err := s.reachableOrg(ctx, v, parent); err != nil {
			return err
		}
		where = org.And(org.TenantID(v.TenantID), org.ParentID(parent))
	}
	orgs, err := s.orgDTOs(ctx, where)
	if err != nil {
		return err
	}
	ids := make([]int64, len(orgs))
	for i, o := range orgs {
		ids[i] = o.ID
	}
	out := orgTree{Orgs: orgs}
	if out.Users, err = s.orgMembers(ctx, ids); err != nil {
		return err
	}
	if out.WorkGroups, err = s.orgWorkGroups(ctx, ids); err != nil {
		return err
	}
	return httpx.OK(c, out)
}

// queryParentID reads parentId (0, the virtual root, when absent).
func queryParentID(c echo.Context) (int64, error) {
	if strings.TrimSpace(c.QueryParam("parentId")) == "0" {
		return 0, nil
	}
	return httpx.QueryID(c, "parentId", false)
}

// orgDTOs lists the organisations matching where, in tree order, each
// flagged leaf when it has no children.
func (s *Service) orgDTOs(ctx context.Context, where predicate.Org) ([]*orgDTO, error) {
	rows, err := s.ent.Org.Query().Where(where).Order(ent.Asc(org.FieldOrderby), ent.Asc(org.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("list organisations: %w", err)
	}
	ids := make([]int64, len(rows))
	for i, o := range rows {
		ids[i] = o.ID
	}
	parents := map[int64]bool{}
	if len(ids) > 0 {
		var ps []struct {
			ParentID int64 `json:"parent_id"`
		}
		err := s.ent.Org.Query().Where(org.ParentIDIn(ids...)).Unique(true).
			Select(org.FieldParentID).Scan(ctx, &ps)
		if err != nil {
			return nil, fmt.Errorf("find sub-organisations: %w", err)
		}
		for _, p := range ps {
			parents[p.ParentID] = true
		}
	}
	out := make([]*orgDTO, len(rows))
	for i, o := range rows {
		out[i] = toOrgDTO(o, !parents[o.ID])
	}
	return out, nil
}

// orgMembers lists the user links of the organisations ids.
func (s *Service) orgMembers(ctx context.Context, ids []int64) ([]userOrgDTO, error) {
	out := []userOrgDTO{}
	if len(ids) == 0 {
		return out, nil
	}
	links, err := s.ent.UserOrg.Query().Where(userorg.OrgIDIn(ids...)).WithUser().WithOrg().All(ctx)
	if err != nil {
		return nil, fmt.Errorf("list organisation members: %w", err)
	}
	for _, l := range links {
		d := userOrgDTO{UserID: l.UserID, OrgID: l.OrgID}
		if u := l.Edges.User; u != nil {
			d.Username, d.Name = u.Username, u.FamilyName+u.Name
			d.Primary = u.OrgID != nil && *u.OrgID == l.OrgID
		}
		if o := l.Edges.Org; o != nil {
			d.OrgName = o.OrgName
		}
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].OrgID != out[j].OrgID {
			return out[i].OrgID < out[j].OrgID
		}
		return out[i].UserID < out[j].UserID
	})
	return out, nil
}

// orgWorkGroups lists the work-group links of the organisations ids.
func (s *Service) orgWorkGroups(ctx context.Context, ids []int64) ([]workGroupOrgDTO, error) {
	out := []workGroupOrgDTO{}
	if len(ids) == 0 {
		return out, nil
	}
	links, err := s.ent.WorkGroupOrg.Query().Where(workgrouporg.OrgIDIn(ids...)).WithWorkGroup().All(ctx)
	if err != nil {
		return nil, fmt.Errorf("list organisation work groups: %w", err)
	}
	for _, l := range links {
		d := workGroupOrgDTO{GroupID: l.WorkGroupID, OrgID: l.OrgID}
		if g := l.Edges.WorkGroup; g != nil {
			d.GroupName = g.GroupName
		}
		out = append(out, d)
	}
	return out, nil
}

// orgDetail is one organisation with its members and work groups.
type orgDetail struct {
	*orgDTO
	Users  []userOrgDTO      `json:"users"`
	Groups []workGroupOrgDTO `json:"groups"`
}

// orgByID is GET /api/system/cscpOrgs/{id}.
func (s *Service) orgByID(c echo.Context) error {
	v := viewer(c)
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	if _, err := s.reachableOrg(ctx, v, id); err != nil {
		return err
	}
	orgs, err := s.orgDTOs(ctx, org.ID(id))
	if err != nil {
		return err
	}
	d := orgDetail{orgDTO: orgs[0]}
	if d.Users, err = s.orgMembers(ctx, []int64{id}); err != nil {
		return err
	}
	if d.Groups, err = s.orgWorkGroups(ctx, []int64{id}); err != nil {
		return err
	}
	return httpx.OK(c, d)
}

// orgForest builds the nested tree of the organisations v reaches under
// root (0: v's top organisations).
func (s *Service) orgForest(ctx context.Context, v *auth.Viewer, root int64) ([]*orgDTO, error) {
	where := orgReach(v)
	if root != 0 {
		top, err := s.reachableOrg(ctx, v, root)
		if err != nil {
			return nil, err
		}
		where = org.And(where, org.PathHasPrefix(top.Path), org.IDNEQ(top.ID))
	}
	all, err := s.orgDTOs(ctx, where)
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]*orgDTO, len(all))
	for _, o := range all {
		byID[o.ID] = o
	}
	roots := []*orgDTO{}
	for _, o := range all {
		if p, ok := byID[o.ParentID]; ok {
			p.Children = append(p.Children, o)
		} else if root == 0 || o.ParentID == root {
			roots = append(roots, o)
		}
	}
	return roots, nil
}

// orgTreeList is GET /api/villager/getOrgTreeList: the whole tree the
// viewer reaches, nested (a village user sees a single leaf).
func (s *Service) orgTreeList(c echo.Context) error {
	tree, err := s.orgForest(c.Request().Context(), viewer(c), 0)
	if err != nil {
		return err
	}
	return httpx.OK(c, tree)
}

// orgTreeUnder is GET /api/system/getCscpOrgTree/{typeOrId}: the nested
// tree under an organisation id (0: the viewer's whole reach).
func (s *Service) orgTreeUnder(c echo.Context) error {
	root, err := strconv.ParseInt(c.Param("typeOrId"), 10, 64)
	if err != nil || root < 0 {
		return httpx.BadRequest(fmt.Sprintf(msg.BadParam, "typeOrId"))
	}
	tree, err := s.orgForest(c.Request().Context(), viewer(c), root)
	if err != nil {
		return err
	}
	return httpx.OK(c, tree)
}

// orgOfUser is GET /api/villager/getOrgByUserId?userId=: the primary
// organisation of a user the viewer reaches (the viewer's own without
// userId).
func (s *Service) orgOfUser(c echo.Context) error {
	v := viewer(c)
	id, err := httpx.QueryID(c, "userId", false)
	if err != nil {
		return err
	}
	if id == 0 {
		id = v.UserID
	}
	ctx := c.Request().Context()
	u, err := s.reachableUser(ctx, v, id)
	if err != nil {
		return err
	}
	if u.OrgID == nil {
		return httpx.OK(c, nil)
	}
	orgs, err := s.orgDTOs(ctx, org.And(org.ID(*u.OrgID), org.TenantID(v.TenantID)))
	if err != nil || len(orgs) == 0 {
		return err
	}
	return httpx.OK(c, orgs[0])
}

// orgList is GET /api/organ/cscpOrgs: the organisations the viewer
// reaches, flat, optionally only the children of parentId and those whose
// name contains orgName.
func (s *Service) orgList(c echo.Context) error {
	v := viewer(c)
	ps := []predicate.Org{orgReach(v)}
	if c.QueryParam("parentId") != "" {
		parent, err := queryParentID(c)
		if err != nil {
			return err
		}
		ps = append(ps, org.ParentID(parent))
	}
	name, err := likeParam(c, "orgName", 100)
	if err != nil {
		return err
	}
	if name != "" {
		ps = append(ps, org.OrgNameContains(name))
	}
	orgs, err := s.orgDTOs(c.Request().Context(), org.And(ps...))
	if err != nil {
		return err
	}
	return httpx.OK(c, orgs)
}

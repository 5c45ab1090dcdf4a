package system

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/org"
	"xiangzhi/generated/ent/user"
	"xiangzhi/generated/ent/userorg"
	"xiangzhi/generated/ent/workgroup"
	"xiangzhi/generated/ent/workgrouporg"
)

// OrgKindVillage is the description that marks a village: a leaf of the
// tree, under which no organisation is placed (specification §3).
const OrgKindVillage = "村"

// Limits of an organisation.
const (
	maxOrgName = 100
	maxOrgDesc = 255
	maxOrgPath = 255
)

// orgInput is one organisation of a save or a drag.
type orgInput struct {
	ID          flexID `json:"id"`
	OrgName     string `json:"orgName"`
	Description string `json:"description"`
	ParentID    flexID `json:"parentId"`
	Orderby     *int   `json:"orderby"`
}

// linkInput is one user or work-group link of a save.
type linkInput struct {
	UserID  flexID `json:"userId"`
	GroupID flexID `json:"groupId"`
	OrgID   flexID `json:"orgId"`
}

// orgSave is POST /api/system/cscpOrgs/save. A list that is absent
// leaves those links alone; a list that is present (even empty) replaces
// the links of the organisations it is about (those saved).
type orgSave struct {
	Orgs       []orgInput   `json:"cscpOrgDTOs"`
	Users      *[]linkInput `json:"cscpUserOrgDTOs"`
	WorkGroups *[]linkInput `json:"cscpWorkGroupOrgDTOs"`
}

// saveOrgs creates (no id) or renames organisations and replaces their
// members and work groups. The answer carries the first organisation's id
// beside code and msg, as the console reads it.
func (s *Service) saveOrgs(c echo.Context) error {
	v := viewer(c)
	var b orgSave
	if err := httpx.BindInto(c, s.maxBody, &b); err != nil {
		return err
	}
	if len(b.Orgs) == 0 {
		return invalid(fieldError("orgName", OrgNameRequired))
	}
	var cs checks
	for i := range b.Orgs {
		o := &b.Orgs[i]
		o.OrgName, o.Description = strings.TrimSpace(o.OrgName), strings.TrimSpace(o.Description)
		if o.OrgName == "" {
			cs.add("orgName", OrgNameRequired)
		}
		cs.maxLen("orgName", o.OrgName, maxOrgName, OrgNameTooLong)
		cs.maxLen("description", o.Description, maxOrgDesc, OrgDescTooLong)
		if o.ID == 0 && !v.Can(CodeOrgAdd) {
			return httpx.NewError(http.StatusForbidden, msg.Forbidden)
		}
	}
	if err := cs.err(); err != nil {
		return err
	}
	ctx := c.Request().Context()
	var ids []int64
	err := s.inTx(ctx, func(tx *ent.Client) error {
		var err error
		if ids, err = s.saveOrgRows(ctx, tx, v, b.Orgs); err != nil {
			return err
		}
		if b.Users != nil {
			if err := s.replaceMembers(ctx, tx, v, ids, *b.Users); err != nil {
				return err
			}
		}
		if b.WorkGroups != nil {
			return s.replaceWorkGroups(ctx, tx, v, ids, *b.WorkGroups)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"code": 0, "msg": OrgSaved, "id": ids[0],
		"data": map[string]any{"id": ids[0], "ids": ids}})
}

// inTx runs fn on an ent client inside one transaction of the engine's
// database, committing when fn succeeds.
func (s *Service) inTx(ctx context.Context, fn func(tx *ent.Client) error) error {
	tx, err := s.ent.Tx(ctx)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	if err := fn(tx.Client()); err != nil {
		return errors.Join(err, rollbackErr(tx.Rollback()))
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// rollbackErr keeps a failed rollback in the log chain without hiding the
// public error it accompanies (errors.Join keeps both for errors.As).
func rollbackErr(err error) error {
	if err == nil || errors.Is(err, sql.ErrTxDone) {
		return nil
	}
	return fmt.Errorf("rollback: %w", err)
}

// saveOrgRows writes the organisations and returns their ids in order.
func (s *Service) saveOrgRows(ctx context.Context, tx *ent.Client, v *auth.Viewer, in []orgInput) ([]int64, error) {
	ids := make([]int64, 0, len(in))
	for _, o := range in {
		if o.ID > 0 {
			cur, err := tx.Org.Query().Where(org.ID(int64(o.ID)), orgReach(v)).Only(ctx)
			if ent.IsNotFound(err) {
				return nil, notFound(OrgNotFound)
			}
			if err != nil {
				return nil, err
			}
			if o.Description == OrgKindVillage && cur.Description != OrgKindVillage {
				kids, err := tx.Org.Query().Where(org.ParentID(cur.ID), org.TenantID(cur.TenantID)).Exist(ctx)
				if err != nil {
					return nil, err
				}
				if kids {
					return nil, httpx.BadRequest(fmt.Sprintf(OrgVillageHasChildren, cur.OrgName))
				}
			}
			upd := tx.Org.UpdateOne(cur).SetOrgName(o.OrgName).SetDescription(o.Description)
			if o.Orderby != nil {
				upd.SetOrderby(*o.Orderby)
			}
			if err := upd.Exec(ctx); err != nil {
				return nil, fmt.Errorf("update organisation %d: %w", cur.ID, err)
			}
			ids = append(ids, cur.ID)
			continue
		}
		parentPath, level, err := s.parentOf(ctx, tx, v, int64(o.ParentID))
		if err != nil {
			return nil, err
		}
		order := 0
		if o.Orderby != nil {
			order = *o.Orderby
		}
		created, err := tx.Org.Create().SetTenantID(v.TenantID).SetOrgName(o.OrgName).
			SetDescription(o.Description).SetParentID(int64(o.ParentID)).SetOrderby(order).
			SetLevel(level).Save(ctx)
		if err != nil {
			return nil, fmt.Errorf("create organisation: %w", err)
		}
		path := OrgPath(parentPath, created.ID)
		if len(path) > maxOrgPath {
			return nil, httpx.BadRequest(OrgTooDeep)
		}
		if err := tx.Org.UpdateOne(created).SetPath(path).Exec(ctx); err != nil {
			return nil, fmt.Errorf("set organisation path: %w", err)
		}
		ids = append(ids, created.ID)
	}
	return ids, nil
}

// parentOf checks that v may put an organisation under parent (0: first
// level, only for a viewer reaching the whole tenant; never a village) and
// returns the parent's path and the child's level.
func (s *Service) parentOf(ctx context.Context, tx *ent.Client, v *auth.Viewer, parent int64) (string, int, error) {
	if parent < 0 {
		return "", 0, httpx.BadRequest(OrgRootFixed)
	}
	if parent == 0 {
		if !reachAll(v) {
			return "", 0, httpx.NewError(http.StatusForbidden, OrgOutOfScope)
		}
		return "", 1, nil
	}
	p, err := tx.Org.Query().Where(org.ID(parent), orgReach(v)).Only(ctx)
	if ent.IsNotFound(err) {
		return "", 0, notFound(OrgNotFound)
	}
	if err != nil {
		return "", 0, err
	}
	if p.Description == OrgKindVillage {
		return "", 0, httpx.BadRequest(OrgUnderVillage)
	}
	return p.Path, p.Level + 1, nil
}

// linkTarget is the organisation a link is about: its orgId, or the only
// saved organisation when orgId is empty (a new one has no id yet).
func linkTarget(l linkInput, saved []int64) (int64, bool) {
	id := int64(l.OrgID)
	if id == 0 && len(saved) == 1 {
		id = saved[0]
	}
	for _, s := range saved {
		if s == id {
			return id, true
		}
	}
	return 0, false
}

// replaceMembers makes the members of the saved organisations those the
// links name. Users must be within v's reach; a user whose primary
// organisation is one of them stays a member.
func (s *Service) replaceMembers(ctx context.Context, tx *ent.Client, v *auth.Viewer, saved []int64, links []linkInput) error {
	want := map[int64][]int64{}
	for _, l := range links {
		o, ok := linkTarget(l, saved)
		if !ok || l.UserID <= 0 {
			return invalid(fieldError("cscpUserOrgDTOs", OrgUnknown))
		}
		want[o] = append(want[o], int64(l.UserID))
	}
	for _, o := range saved {
		users := uniqueIDs(want[o])
		if len(users) > 0 {
			n, err := tx.User.Query().Where(user.IDIn(users...), userReach(v)).Count(ctx)
			if err != nil {
				return err
			}
			if n != len(users) {
				return invalid(fieldError("cscpUserOrgDTOs", UserNotFound))
			}
		}
		primaries, err := tx.User.Query().Where(user.OrgID(o)).IDs(ctx)
		if err != nil {
			return err
		}
		if _, err := tx.UserOrg.Delete().Where(userorg.OrgID(o)).Exec(ctx); err != nil {
			return fmt.Errorf("clear members of organisation %d: %w", o, err)
		}
		for _, u := range uniqueIDs(append(users, primaries...)) {
			if err := tx.UserOrg.Create().SetUserID(u).SetOrgID(o).Exec(ctx); err != nil {
				return fmt.Errorf("add member %d to organisation %d: %w", u, o, err)
			}
		}
	}
	return nil
}

// replaceWorkGroups makes the work groups linked to the saved
// organisations those the links name (work groups within v's reach).
func (s *Service) replaceWorkGroups(ctx context.Context, tx *ent.Client, v *auth.Viewer, saved []int64, links []linkInput) error {
	want := map[int64][]int64{}
	for _, l := range links {
		o, ok := linkTarget(l, saved)
		if !ok || l.GroupID <= 0 {
			return invalid(fieldError("cscpWorkGroupOrgDTOs", OrgUnknown))
		}
		want[o] = append(want[o], int64(l.GroupID))
	}
	for _, o := range saved {
		groups := uniqueIDs(want[o])
		if len(groups) > 0 {
			n, err := tx.WorkGroup.Query().Where(workgroup.IDIn(groups...), workGroupReach(v)).Count(ctx)
			if err != nil {
				return err
			}
			if n != len(groups) {
				return notFound(msg.NotFound)
			}
		}
		if _, err := tx.WorkGroupOrg.Delete().Where(workgrouporg.OrgID(o)).Exec(ctx); err != nil {
			return fmt.Errorf("clear work groups of organisation %d: %w", o, err)
		}
		for _, g := range groups {
			if err := tx.WorkGroupOrg.Create().SetWorkGroupID(g).SetOrgID(o).Exec(ctx); err != nil {
				return fmt.Errorf("link work group %d to organisation %d: %w", g, o, err)
			}
		}
	}
	return nil
}

// decodeOrgList reads a body that is a list of organisations — a JSON
// array of objects or of ids, or an object holding it under cscpOrgDTOs.
// Other keys of the nodes (tree widget state) are ignored.
func (s *Service) decodeOrgList(c echo.Context) ([]orgInput, error) {
	limit := s.app.Config().MaxBodyBytes
	if limit <= 0 {
		limit = httpx.DefaultMaxBody
	}
	var raw json.RawMessage
	dec := json.NewDecoder(http.MaxBytesReader(c.Response(), c.Request().Body, limit))
	if err := dec.Decode(&raw); err != nil {
		return nil, bodyError(err)
	}
	trimmed := strings.TrimSpace(string(raw))
	if strings.HasPrefix(trimmed, "{") {
		var wrap struct {
			Orgs json.RawMessage `json:"cscpOrgDTOs"`
		}
		if err := json.Unmarshal(raw, &wrap); err != nil {
			return nil, bodyError(err)
		}
		raw = wrap.Orgs
	}
	var nodes []orgInput
	if err := json.Unmarshal(raw, &nodes); err == nil {
		return nodes, nil
	}
	nodes = nil
	var ids []flexID
	if err := json.Unmarshal(raw, &ids); err != nil {
		return nil, httpx.ErrBadJSON.Wrap(err)
	}
	for _, id := range ids {
		nodes = append(nodes, orgInput{ID: id})
	}
	return nodes, nil
}

package system

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	entsql "entgo.io/ent/dialect/sql"
	"github.com/labstack/echo/v4"

	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/org"
	"xiangzhi/generated/ent/user"
	"xiangzhi/generated/ent/userorg"
	"xiangzhi/generated/ent/workgroup"
)

// Common columns of module tables that a move of organisations rewrites
// (they are engine/store's; see docs/store.md).
const (
	moduleTenantColumn  = "tenant_id"
	moduleOrgColumn     = "org_id"
	moduleOrgPathColumn = "org_path"
)

// moveOrgs is POST /api/system/cscpOrgs/updateOrg: the siblings a drag
// reordered, each with its (possibly new) parentId and orderby. A node
// whose parent changed moves with its whole subtree: the materialised
// paths and levels of the subtree are recomputed, and so is the org_path
// of every module record placed in it, so data scope follows the tree.
// The virtual root (id 0) never moves and nothing lands beside it (a
// negative parentId); a node cannot move into its own subtree; both the
// node and its new parent must lie within the viewer's reach.
func (s *Service) moveOrgs(c echo.Context) error {
	v := viewer(c)
	nodes, err := s.decodeOrgList(c)
	if err != nil {
		return err
	}
	for _, n := range nodes {
		if n.ID <= 0 || n.ParentID < 0 {
			return httpx.BadRequest(OrgRootFixed)
		}
	}
	ctx := c.Request().Context()
	err = s.inSQLTx(ctx, func(tx *ent.Client, exec execer) error {
		for i, n := range nodes {
			if err := s.moveOrg(ctx, tx, exec, v, n, i+1); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return okMsg(c, OrgMoved, nil)
}

// moveOrg applies one node of a drag: its order (the given orderby, else
// its position in the list) and, when the parent changed, the move.
func (s *Service) moveOrg(ctx context.Context, tx *ent.Client, exec execer, v *auth.Viewer, n orgInput, pos int) error {
	cur, err := tx.Org.Query().Where(org.ID(int64(n.ID)), orgReach(v)).Only(ctx)
	if ent.IsNotFound(err) {
		return notFound(OrgNotFound)
	}
	if err != nil {
		return err
	}
	order := pos
	if n.Orderby != nil {
		order = *n.Orderby
	}
	parent := int64(n.ParentID)
	if parent == cur.ParentID {
		return tx.Org.UpdateOne(cur).SetOrderby(order).Exec(ctx)
	}
	if !reachAll(v) && cur.ID == v.OrgID {
		// The top of a viewer's reach cannot leave it.
		return httpx.NewError(http.StatusForbidden, OrgOutOfScope)
	}
	parentPath, level, err := s.parentOf(ctx, tx, v, parent)
	if err != nil {
		return err
	}
	if strings.HasPrefix(parentPath, cur.Path) {
		return httpx.BadRequest(OrgIntoOwnSubtree)
	}
	newPath := OrgPath(parentPath, cur.ID)
	subtree, err := tx.Org.Query().Where(org.TenantID(cur.TenantID), org.PathHasPrefix(cur.Path)).All(ctx)
	if err != nil {
		return fmt.Errorf("load subtree of organisation %d: %w", cur.ID, err)
	}
	moved := make(map[int64]string, len(subtree))
	for _, o := range subtree {
		p := newPath + strings.TrimPrefix(o.Path, cur.Path)
		if len(p) > maxOrgPath {
			return httpx.BadRequest(OrgTooDeep)
		}
		upd := tx.Org.UpdateOne(o).SetPath(p).SetLevel(o.Level + level - cur.Level)
		if o.ID == cur.ID {
			upd.SetParentID(parent).SetOrderby(order)
		}
		if err := upd.Exec(ctx); err != nil {
			return fmt.Errorf("move organisation %d: %w", o.ID, err)
		}
		moved[o.ID] = p
	}
	return s.repathRecords(ctx, exec, cur.TenantID, moved)
}

// execer runs a statement inside the move's transaction.
type execer func(ctx context.Context, query string, args ...any) error

// repathRecords rewrites org_path of the module records placed in the
// moved organisations (id → new path), in every served module's table,
// bumping each table's write sequences so cached list totals and kept
// statistics are counted anew (their rows changed organisation).
func (s *Service) repathRecords(ctx context.Context, exec execer, tenantID int64, moved map[int64]string) error {
	b := entsql.Dialect(s.app.Store().Dialect())
	for _, m := range s.app.Modules().Modules {
		table := m.TableName()
		for _, st := range s.app.Store().UnplacedWriteSQL(table) {
			if err := exec(ctx, st.SQL, st.Args...); err != nil {
				return fmt.Errorf("bump write sequence of %s: %w", table, err)
			}
		}
		for id, path := range moved {
			qs, args := b.Update(table).Set(moduleOrgPathColumn, path).
				Where(entsql.And(entsql.EQ(moduleTenantColumn, tenantID), entsql.EQ(moduleOrgColumn, id))).Query()
			if err := exec(ctx, qs, args...); err != nil {
				return fmt.Errorf("re-path records of %s: %w", table, err)
			}
		}
	}
	return nil
}

// inSQLTx runs fn in one database transaction with both an ent client and
// a raw statement runner on it (a move touches core and module tables).
func (s *Service) inSQLTx(ctx context.Context, fn func(tx *ent.Client, exec execer) error) error {
	tx, err := s.drv.Tx(ctx)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	client := ent.NewClient(ent.Driver(txOnly{tx: tx, name: s.drv.Dialect()}))
	exec := func(ctx context.Context, query string, args ...any) error {
		return tx.Exec(ctx, query, args, nil)
	}
	if err := fn(client, exec); err != nil {
		return errors.Join(err, rollbackErr(tx.Rollback()))
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// deleteOrgs is DELETE /api/system/cscpOrgs/delCscpOrg with the
// organisations to delete (cscpOrgDTOs of ids). An organisation with
// sub-organisations or users is refused, naming it; so is the top of the
// viewer's own reach.
func (s *Service) deleteOrgs(c echo.Context) error {
	v := viewer(c)
	nodes, err := s.decodeOrgList(c)
	if err != nil {
		return err
	}
	if len(nodes) == 0 {
		return httpx.BadRequest(OrgNoneSelected)
	}
	ctx := c.Request().Context()
	err = s.inTx(ctx, func(tx *ent.Client) error {
		for _, n := range nodes {
			if err := s.deleteOrg(ctx, tx, v, int64(n.ID)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return okMsg(c, OrgDeleted, nil)
}

func (s *Service) deleteOrg(ctx context.Context, tx *ent.Client, v *auth.Viewer, id int64) error {
	if id <= 0 {
		return httpx.BadRequest(OrgRootFixed)
	}
	o, err := tx.Org.Query().Where(org.ID(id), orgReach(v)).Only(ctx)
	if ent.IsNotFound(err) {
		return notFound(OrgNotFound)
	}
	if err != nil {
		return err
	}
	if !reachAll(v) && o.ID == v.OrgID {
		return httpx.NewError(http.StatusForbidden, OrgOutOfScope)
	}
	kids, err := tx.Org.Query().Where(org.ParentID(id), org.TenantID(o.TenantID)).Exist(ctx)
	if err != nil {
		return err
	}
	if kids {
		return httpx.BadRequest(fmt.Sprintf(OrgHasChildren, o.OrgName))
	}
	users, err := tx.User.Query().Where(user.Or(user.OrgID(id), user.HasUserOrgsWith(userorg.OrgID(id)))).Exist(ctx)
	if err != nil {
		return err
	}
	if users {
		return httpx.BadRequest(fmt.Sprintf(OrgHasUsers, o.OrgName))
	}
	groups, err := tx.WorkGroup.Query().Where(workgroup.OrgID(id)).Exist(ctx)
	if err != nil {
		return err
	}
	if groups {
		return httpx.BadRequest(fmt.Sprintf(OrgHasWorkGroups, o.OrgName))
	}
	if err := tx.Org.DeleteOne(o).Exec(ctx); err != nil {
		return fmt.Errorf("delete organisation %d: %w", id, err)
	}
	return nil
}

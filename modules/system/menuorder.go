package system

// Dragging menus: a reorder moves nodes among their siblings or under a new
// parent, within the rules of the tree.

import (
	"context"
	"fmt"
	"slices"

	"xiangzhi/engine/httpx"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/menu"
)

// menuMove is one node of a reorder: its id and its parent after the drop
// (nil when the console sent none: beside the root).
type menuMove struct {
	id     int64
	parent *int64
}

// reorderMenus applies a drop (specification §5 menu dragging): the root
// (id 0) cannot move and nothing goes beside it; a first-level menu stays
// first-level (it moves only among its siblings); a lower menu never
// becomes first-level; nothing moves below itself. The nodes of each
// parent named are numbered from 1 in the order sent, followed by that
// parent's other children in their old order; the parents the moved nodes
// left are renumbered too.
func (s *Service) reorderMenus(ctx context.Context, moves []menuMove, terms []menu.Terminal) error {
	if len(moves) == 0 {
		return httpx.BadRequest(MenuNodesRequired)
	}
	all, err := s.terminalMenus(ctx, terms...)
	if err != nil {
		return err
	}
	byID := make(map[int64]*ent.Menu, len(all))
	parentOf := make(map[int64]int64, len(all))
	for _, m := range all {
		byID[m.ID], parentOf[m.ID] = m, m.ParentID
	}
	moved := map[int64]bool{}
	for _, mv := range moves {
		if err := checkMove(mv, byID, moved); err != nil {
			return err
		}
		moved[mv.id], parentOf[mv.id] = true, *mv.parent
	}
	for _, mv := range moves {
		for p, steps := parentOf[mv.id], 0; p != 0; p, steps = parentOf[p], steps+1 {
			if p == mv.id || steps > len(all) {
				return httpx.BadRequest(MenuIntoOwnChild)
			}
		}
	}
	var parents []int64
	for _, mv := range moves {
		for _, p := range []int64{*mv.parent, byID[mv.id].ParentID} {
			if !slices.Contains(parents, p) {
				parents = append(parents, p)
			}
		}
	}
	order := map[int64]int{}
	for _, p := range parents {
		n := 0
		for _, mv := range moves {
			if *mv.parent == p {
				n++
				order[mv.id] = n
			}
		}
		for _, m := range all {
			if parentOf[m.ID] == p && !moved[m.ID] {
				n++
				order[m.ID] = n
			}
		}
	}
	err = withTx(ctx, s.ent, func(tx *ent.Tx) error {
		for id, o := range order {
			if m := byID[id]; m.ParentID != parentOf[id] || m.Orderby != o {
				if err := tx.Menu.UpdateOneID(id).SetParentID(parentOf[id]).SetOrderby(o).Exec(ctx); err != nil {
					return fmt.Errorf("move menu %d: %w", id, err)
				}
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := s.authz.Reload(ctx); err != nil {
		return fmt.Errorf("reload permissions: %w", err)
	}
	return nil
}

// checkMove applies the drag rules that concern one node on its own.
func checkMove(mv menuMove, byID map[int64]*ent.Menu, moved map[int64]bool) error {
	if mv.id == 0 {
		return httpx.BadRequest(MenuRootNotMovable)
	}
	if moved[mv.id] {
		return httpx.BadRequest(fmt.Sprintf(MenuNodeRepeated, mv.id))
	}
	m := byID[mv.id]
	if m == nil {
		return notFound(MenuNotFound)
	}
	if mv.parent == nil || *mv.parent < 0 {
		return httpx.BadRequest(MenuRootNoSiblings)
	}
	p := *mv.parent
	switch {
	case m.ParentID == 0 && p != 0:
		return httpx.BadRequest(MenuTopLevelFixed)
	case m.ParentID != 0 && p == 0:
		return httpx.BadRequest(MenuNotTopLevel)
	}
	if pm := byID[p]; p != 0 && (pm == nil || pm.Terminal != m.Terminal) {
		return httpx.BadRequest(MenuParentNotFound)
	}
	return nil
}

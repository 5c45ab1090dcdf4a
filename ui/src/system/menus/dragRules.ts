// The menu tree's drag rules (spec §5 "Menu dragging") and the sibling renumbering a drop sends (spec §9:
// sibling order from 1). Levels count from the fixed root: the root is 0, first-level menus 1.

/** DropPosition is where a node lands relative to the node it is dropped on. */
export type DropPosition = "before" | "inside" | "after";

/** LevelledNode is what the rules need of a tree node: its depth below the root. */
export interface LevelledNode {
  level: number;
}

/** positionOf turns antd Tree's relative drop position (-1, 0, 1) into a DropPosition. */
export function positionOf(relative: number): DropPosition {
  if (relative < 0) return "before";
  return relative === 0 ? "inside" : "after";
}

/**
 * canDrop answers whether dragNode may land at position of dropNode: the root is never dragged and takes
 * no siblings; a first-level menu moves only among first-level menus (never inside another node but the
 * root); any other menu never becomes first-level (nor goes inside the root).
 */
export function canDrop(dragNode: LevelledNode, dropNode: LevelledNode, position: DropPosition): boolean {
  if (dragNode.level <= 0) return false;
  if (dropNode.level === 0) return position === "inside" && dragNode.level === 1;
  const landsAtFirstLevel = dropNode.level === 1 && position !== "inside";
  return dragNode.level === 1 ? landsAtFirstLevel : !landsAtFirstLevel;
}

/** canDrag answers whether a node may be picked up at all: everything but the root. */
export function canDrag(node: LevelledNode): boolean {
  return node.level > 0;
}

/**
 * placeAmong answers the sibling ids of the destination after dragId lands: before or after anchorId
 * (one of siblings), or first when anchorId is null (dropped inside the parent). dragId is taken out of
 * siblings first when it was already among them.
 */
export function placeAmong(
  siblings: readonly number[],
  dragId: number,
  anchorId: number | null,
  where: "before" | "after" = "before",
): number[] {
  const rest = siblings.filter((id) => id !== dragId);
  if (anchorId === null) return [dragId, ...rest];
  const at = rest.indexOf(anchorId);
  if (at < 0) return [...rest, dragId];
  rest.splice(where === "before" ? at : at + 1, 0, dragId);
  return rest;
}

/** MenuOrder is one node of the reorder call: id, its parent after the drop and its place from 1. */
export interface MenuOrder {
  id: number;
  parentId: number;
  orderby: number;
}

/** renumber numbers the siblings of parentId from 1 in the order given. */
export function renumber(ids: readonly number[], parentId: number): MenuOrder[] {
  return ids.map((id, i) => ({ id, parentId, orderby: i + 1 }));
}

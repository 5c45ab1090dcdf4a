// The keyboard alternative to dragging a node of a tree (organisations, menus; issue 19): a node moves up
// (before the sibling above), down (after the sibling below), into the sibling above (first among its
// children) or out (after its parent). Each screen checks a move against its own drag rules and saves it as
// the drop it stands for.

/** TreeMove names one keyboard move. */
export type TreeMove = "up" | "down" | "into" | "out";

/** TREE_MOVES is the order the moves are offered in. */
export const TREE_MOVES: readonly TreeMove[] = ["up", "down", "into", "out"];

/** MoveTarget is the drop a move stands for: the node it lands at and where. */
export interface MoveTarget<T> {
  target: T;
  place: "before" | "inside" | "after";
}

/**
 * moveTargets answers the drop each possible move of siblings[at] stands for; parent is the node the
 * siblings are listed under, null for the top of the tree (nothing to move out of).
 */
export function moveTargets<T>(siblings: readonly T[], at: number, parent: T | null): Partial<Record<TreeMove, MoveTarget<T>>> {
  const out: Partial<Record<TreeMove, MoveTarget<T>>> = {};
  if (at < 0 || at >= siblings.length) return out;
  if (at > 0) {
    out.up = { target: siblings[at - 1], place: "before" };
    out.into = { target: siblings[at - 1], place: "inside" };
  }
  if (at + 1 < siblings.length) out.down = { target: siblings[at + 1], place: "after" };
  if (parent !== null) out.out = { target: parent, place: "after" };
  return out;
}

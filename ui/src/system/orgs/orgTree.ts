// The organisation tree's rules as plain functions (spec §4 "Organisation tree", §6): which node may be
// dragged, where a node may be dropped, and which nodes a drop renumbers. They mirror the server
// (modules/system/orgmove.go): the virtual root (id 0) never moves and takes drops only inside; a viewer
// whose reach is one subtree sees that subtree's top organisation under the root, and that node can
// neither leave its place nor take siblings (their parent would lie outside the viewer's reach). A village
// (its description is VILLAGE, spec §3) is a leaf: nothing is dropped inside it.

import { VILLAGE } from "../../locales/serverTexts";

/** ROOT_ID is the fixed virtual root of the tree (spec §9). */
export const ROOT_ID = 0;

/** OrgNode is one organisation as GET /api/system/cscpOrgs/all answers it (cscpOrgDTOs). */
export interface OrgNode {
  id: number;
  orgName: string;
  description: string;
  parentId: number;
  orderby: number;
  level?: number;
  leaf: boolean;
}

/** Where a node lands relative to the node it is dropped on. */
export type DropPlace = "before" | "inside" | "after";

/** MovedOrg is one node of a reorder, as POST /api/system/cscpOrgs/updateOrg takes it. */
export interface MovedOrg {
  id: number;
  parentId: number;
  orderby: number;
}

/**
 * isLockedTop reports whether node is the top of a viewer's reach: shown under the virtual root while its
 * real parent is another organisation (the server shows only a whole-tenant viewer the first level).
 */
export function isLockedTop(node: OrgNode, shownUnder: number): boolean {
  return shownUnder === ROOT_ID && node.parentId !== ROOT_ID;
}

/** canDrag reports whether a node may be dragged: never the root, never the top of the viewer's reach. */
export function canDrag(node: OrgNode | null, shownUnder: number): boolean {
  if (!node) return false;
  return !isLockedTop(node, shownUnder);
}

/**
 * canDrop reports whether dragged may land at place relative to target (null: the virtual root, shown
 * under nothing). Beside the root nothing lands; beside the locked top neither; inside a village neither.
 */
export function canDrop(dragged: OrgNode, target: OrgNode | null, targetShownUnder: number, place: DropPlace): boolean {
  if (target === null) return place === "inside";
  if (dragged.id === target.id) return false;
  if (place === "inside") return target.description !== VILLAGE;
  return !isLockedTop(target, targetShownUnder);
}

/** parentAfterDrop is the parent id the dragged node gets. */
export function parentAfterDrop(target: OrgNode | null, place: DropPlace): number {
  if (target === null) return ROOT_ID;
  return place === "inside" ? target.id : target.parentId;
}

/**
 * reorder places dragged among the new siblings (the new parent's children, in their order, with or
 * without dragged) and numbers them from 1 (spec §9). Inside a node, dragged goes first; beside target,
 * just before or after it.
 */
export function reorder(siblings: readonly OrgNode[], dragged: OrgNode, target: OrgNode | null, place: DropPlace): MovedOrg[] {
  const parentId = parentAfterDrop(target, place);
  const rest = siblings.filter((n) => n.id !== dragged.id);
  let at = 0;
  if (place !== "inside" && target) {
    const index = rest.findIndex((n) => n.id === target.id);
    at = index < 0 ? rest.length : index + (place === "after" ? 1 : 0);
  }
  const ordered = [...rest.slice(0, at), dragged, ...rest.slice(at)];
  return ordered.map((n, i) => ({ id: n.id, parentId, orderby: i + 1 }));
}

/** placeOf reads antd Tree's drop info: dropToGap false is inside, else the gap before or after the node. */
export function placeOf(dropToGap: boolean, dropPosition: number, nodePos: string): DropPlace {
  if (!dropToGap) return "inside";
  const parts = nodePos.split("-");
  const relative = dropPosition - Number(parts[parts.length - 1]);
  return relative < 0 ? "before" : "after";
}

// The role editor's rules (spec §5 "Role") and its menu trees' shape: the server's nodes (id, title,
// checked, items) to antd Tree data and back to the checked ids each terminal saves.

import { ROLE_LABELS, ROLE_MESSAGES as M, tooLong } from "./messages";

export interface RoleValues {
  name?: string;
  roleExtent?: string;
  icon?: string;
}

export type RoleField = keyof RoleValues;

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/** checkRole answers the first problem of each field: name and icon required, all three at most 20. */
export function checkRole(values: RoleValues): Partial<Record<RoleField, string>> {
  const out: Partial<Record<RoleField, string>> = {};
  for (const field of ["name", "roleExtent", "icon"] as const) {
    const v = text(values[field]);
    if (v === "" && field === "name") out.name = M.nameRequired;
    else if (v === "" && field === "icon") out.icon = M.iconRequired;
    else if ([...v].length > 20) out[field] = tooLong(ROLE_LABELS[field], 20);
  }
  return out;
}

/** MenuCheckNode is a node of the role's menu tree as the server answers it (spec §3). */
export interface MenuCheckNode {
  id: number;
  title: string;
  checked: boolean;
  disabled?: boolean;
  items?: MenuCheckNode[];
}

/** CheckTreeNode is the antd Tree node the editor renders. */
export interface CheckTreeNode {
  key: string;
  title: string;
  disableCheckbox?: boolean;
  children: CheckTreeNode[];
}

/** toTreeData turns the server's nodes into antd Tree data; the workbench (disabled) cannot be unchecked. */
export function toTreeData(nodes: readonly MenuCheckNode[]): CheckTreeNode[] {
  return nodes.map((n) => ({
    key: String(n.id),
    title: n.title,
    disableCheckbox: n.disabled || undefined,
    children: toTreeData(n.items ?? []),
  }));
}

/**
 * checkedKeysOf answers the keys to show checked. antd's Tree checks a parent when all its children are
 * checked, so only checked leaves and checked nodes without children are listed; the forced ones (the
 * workbench) always are.
 */
export function checkedKeysOf(nodes: readonly MenuCheckNode[]): string[] {
  return nodes.flatMap((n) => {
    const kids = n.items ?? [];
    if (kids.length === 0) return n.checked || n.disabled ? [String(n.id)] : [];
    return checkedKeysOf(kids);
  });
}

/** expandedKeysOf answers the keys of the nodes that hold a checked menu below them (shown open at first). */
export function expandedKeysOf(nodes: readonly MenuCheckNode[]): string[] {
  return nodes.flatMap((n) => {
    const below = expandedKeysOf(n.items ?? []);
    const holds = (n.items ?? []).some((k) => k.checked);
    return holds ? [String(n.id), ...below] : below;
  });
}

/** forcedKeysOf answers the keys that stay checked whatever the user does (the workbench). */
export function forcedKeysOf(nodes: readonly MenuCheckNode[]): string[] {
  return nodes.flatMap((n) => [...(n.disabled ? [String(n.id)] : []), ...forcedKeysOf(n.items ?? [])]);
}

/**
 * menusToSave answers the comma list of ids a terminal saves: the forced ones and the checked ones, each
 * once (the server adds every chosen menu's ancestors, so a half-checked parent is granted too).
 */
export function menusToSave(checked: readonly string[], forced: readonly string[]): string {
  return [...new Set([...forced, ...checked])].join(",");
}

/**
 * hasChosenMenu answers whether the user chose at least one menu in any tree (the forced workbench does
 * not count: spec §5 asks for at least one menu to be selected).
 */
export function hasChosenMenu(checkedPerTree: readonly (readonly string[])[], forced: readonly string[]): boolean {
  return checkedPerTree.some((keys) => keys.some((k) => !forced.includes(k)));
}

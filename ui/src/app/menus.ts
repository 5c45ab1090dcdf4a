// Server menus → what the shell shows (spec §2 "Dynamic routes", §6): the sider tree, the routes, and
// the button codes. Pure functions over the flat list GET /api/system/cscpMenus answers.

import type { ServerMenu } from "../api/authApi";

/** The menu types the server sends. */
export type MenuType = "menu1" | "menu2" | "menu2-sp" | "menu3-sp" | "menu3" | "page" | "button";

/** MenuNode is one entry of the sider. */
export interface MenuNode {
  key: string;
  title: string;
  icon?: string;
  /** The route it opens, when it is a leaf. */
  path?: string;
  /** An external address it opens in a new window. */
  external?: string;
  children: MenuNode[];
}

/** MenuRoute is a page the server menus make reachable. */
export interface MenuRoute {
  path: string;
  component: string;
  title: string;
  name?: string;
}

/** The component name of generic module screens (DESIGN.md §7). */
export const SCHEMA_MODULE_COMPONENT = "SchemaModule";

/** Paths that open in a new window rather than in the shell (spec §2: /wblogin). */
export const NEW_WINDOW_PATHS: readonly string[] = ["/wblogin"];

const isButton = (m: ServerMenu) => m.type === "button";
const isPageOnly = (m: ServerMenu) => m.type === "page";

function byOrder(a: ServerMenu, b: ServerMenu): number {
  return (a.orderby ?? 0) - (b.orderby ?? 0) || String(a.id).localeCompare(String(b.id), undefined, { numeric: true });
}

/** normalisePath gives every route a leading slash and no trailing one. */
export function normalisePath(url: string): string {
  const trimmed = url.trim();
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  const withSlash = trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, "") : withSlash;
}

function isExternalUrl(url: string | undefined): url is string {
  return typeof url === "string" && /^https?:\/\//i.test(url.trim());
}

/** buildMenuTree nests the visible items (not buttons, not page-only routes) by parentId, ordered by orderby. */
export function buildMenuTree(items: readonly ServerMenu[]): MenuNode[] {
  const visible = items.filter((m) => !isButton(m) && !isPageOnly(m));
  const ids = new Set(visible.map((m) => String(m.id)));
  const childrenOf = new Map<string, ServerMenu[]>();
  for (const m of visible) {
    const parent = m.parentId === null || !ids.has(String(m.parentId)) ? "" : String(m.parentId);
    const list = childrenOf.get(parent) ?? [];
    list.push(m);
    childrenOf.set(parent, list);
  }
  const build = (parent: string, seen: Set<string>): MenuNode[] =>
    (childrenOf.get(parent) ?? [])
      .slice()
      .sort(byOrder)
      .filter((m) => !seen.has(String(m.id)))
      .map((m) => {
        const key = String(m.id);
        const children = build(key, new Set([...seen, key]));
        const external = m.address?.trim() || (isExternalUrl(m.url) ? m.url.trim() : undefined);
        const path = !external && m.url ? normalisePath(m.url) : undefined;
        return { key, title: m.title, icon: m.icon, path: children.length ? undefined : path, external, children };
      })
      .filter((n) => n.children.length > 0 || n.path !== undefined || n.external !== undefined);
  return build("", new Set());
}

/** buttonCodesOf lists the permission codes of the button items (the user's button codes). */
export function buttonCodesOf(items: readonly ServerMenu[]): string[] {
  const codes = new Set<string>();
  for (const m of items) {
    if (!isButton(m)) continue;
    for (const code of (m.permissionCode ?? "").split(",")) {
      if (code.trim()) codes.add(code.trim());
    }
  }
  return [...codes];
}

/** menuRoutesOf lists the routes the menus open: every non-button item with an internal url and a component. */
export function menuRoutesOf(items: readonly ServerMenu[]): MenuRoute[] {
  const routes = new Map<string, MenuRoute>();
  for (const m of items) {
    if (isButton(m) || !m.url || !m.component || isExternalUrl(m.url) || m.address?.trim()) continue;
    const path = normalisePath(m.url);
    if (!routes.has(path)) routes.set(path, { path, component: m.component, title: m.title, name: m.name });
  }
  return [...routes.values()];
}

/** trailTo finds the chain of menu nodes from the root to the node opening path (for breadcrumbs). */
export function trailTo(tree: readonly MenuNode[], path: string): MenuNode[] {
  for (const node of tree) {
    if (node.path === path) return [node];
    const below = trailTo(node.children, path);
    if (below.length) return [node, ...below];
  }
  return [];
}

/** menuTitleOf finds the server title of an item whose url is path. */
export function menuTitleOf(items: readonly ServerMenu[], path: string): string | undefined {
  return items.find((m) => !isButton(m) && m.url && normalisePath(m.url) === path)?.title;
}

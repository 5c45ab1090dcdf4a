// Screen visits (docs/dashboards.md §4): every screen the router opens reports its opening once per
// navigation, here and nowhere else — a module's screen as its module, any other menu's screen (workflow,
// system, party, designer, large screens) as its route, whose title the server takes from the menu. The
// workbench's most-used card counts them.

import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import type { ServerMenu } from "../api/authApi";
import { firstRowsShown } from "../api/schemaPrefetch";
import { dashboardApi, type ScreenVisit } from "../dashboards/api";
import { useSessionStore } from "../stores/useSessionStore";
import { HOME_PATH } from "../stores/useTabsStore";
import { menuRoutesOf, normalisePath, SCHEMA_MODULE_COMPONENT } from "./menus";
import { MODULE_PREFIX, moduleRouteOf, VISIT_CODE_ROUTES } from "./routes";

/** Paths that are no screen of their own: the login family, the root, the not-found page, the workbench. */
const NOT_COUNTED = new Set(["/", "/404", "/login", "/loginH5", "/update-password-precheck", "/update-password", HOME_PATH]);

/**
 * visitOf answers what opening pathname reports, or null: a module's list (or one of its own pages, such as
 * taking an exam) reports the module, unless a menu of its own opens that page (the marking and statistics
 * screens), which reports the route; its create, edit and detail pages are part of the list's visit; a menu's
 * route reports the module it names or the route; a large screen or the designer its route.
 */
export function visitOf(pathname: string, menus: readonly ServerMenu[]): ScreenVisit | null {
  const path = normalisePath(pathname);
  if (NOT_COUNTED.has(path)) return null;
  if (VISIT_CODE_ROUTES.includes(path)) return { route: path };
  if (path.startsWith(MODULE_PREFIX)) {
    const crud = moduleRouteOf(path);
    if (crud) return crud.page === "list" ? { module: crud.module } : null;
    // A module's own screen with a menu of its own (marking, statistics) counts as that menu.
    const own = menuRoutesOf(menus).find((r) => r.path === path && r.component !== SCHEMA_MODULE_COMPONENT);
    if (own) return { route: path };
    const name = path.slice(MODULE_PREFIX.length).split("/")[0];
    return name ? { module: decodeURIComponent(name) } : null;
  }
  const menu = menuRoutesOf(menus).find((r) => r.path === path);
  if (!menu) return null;
  if (menu.component === SCHEMA_MODULE_COMPONENT && menu.name) return { module: menu.name };
  return { route: path };
}

/**
 * waitsForMenus tells whether what pathname reports waits for the menus: a module's own page may have one; a
 * module's list reports after its first rows, which the shell asks for while it loads the menus.
 */
function waitsForMenus(pathname: string): boolean {
  const path = normalisePath(pathname);
  return path.startsWith(MODULE_PREFIX) && (!moduleRouteOf(path) || moduleRouteOf(path)?.page === "list");
}

/** ScreenVisits reports each navigation's screen (see visitOf) for a signed-in user; it renders nothing. */
export function ScreenVisits() {
  const { pathname } = useLocation();
  const token = useSessionStore((s) => s.token);
  const loaded = useSessionStore((s) => s.loaded);
  const menus = useSessionStore((s) => s.menus);
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!token || reported.current === pathname) return;
    const visit = visitOf(pathname, menus);
    // Whether a path is a menu's is known once the menus are: until then only what needs none reports.
    if (!loaded && (!visit || waitsForMenus(pathname))) return;
    reported.current = pathname;
    // not needed to show the screen: after the first list's rows (api/schemaPrefetch.ts)
    if (visit) void firstRowsShown().then(() => dashboardApi.visit(visit));
  }, [pathname, token, loaded, menus]);
  return null;
}

// What a signed-in first load needs, asked as soon as the entry runs (issue 19, the first module list on a
// phone's link): the signed-in part of the console, the code of the page the address opens, the session's menus
// and modules, and on a module's page its schema (on a list with its first page of rows). Before, each waited
// for the previous wave — the console's code had to run (and refine's login check to pass) before the shell
// asked for the page's code and the menus, which then queued on the link behind that code. Everything started
// here is taken once by the code that would otherwise ask for it (App's lazy console, the shell's routes,
// useSessionBootstrap, useModuleSchema and the list's first getList), which asks itself when nothing was started
// or the early answer failed, and reports failures then.

import { prefetchSession } from "../api/authApi";
import { addressCriteria } from "../api/criteria";
import { isExpired } from "../api/jwt";
import { prefetchSchema } from "../api/schemaPrefetch";
import { getToken, useSessionStore } from "../stores/useSessionStore";
import { loadConsole, preloadPage } from "./pageLoaders";
import { moduleRouteOf, PUBLIC_PLACEHOLDER_ROUTES, VISIT_CODE_ROUTES } from "./routes";

/** The routes App serves without the console's signed-in part (App.tsx). */
const SIGNED_OUT = ["/login", "/loginH5", "/update-password-precheck", "/update-password", "/404", ...PUBLIC_PLACEHOLDER_ROUTES];

/**
 * startEarly starts, for a signed-in address (a session whose token has not expired and
 * whose password need not change first, a route of the console),
 * the downloads its first screen waits for; it does nothing anywhere else (the login family, the visit-code
 * screens, the H5 redirect, no session). It answers whether it started them.
 */
export function startEarly(pathname: string, search: string): boolean {
  const token = getToken();
  if (!token || isExpired(token) || useSessionStore.getState().mustChangePassword) return false;
  if (SIGNED_OUT.includes(pathname) || new URLSearchParams(search).get("type") === "h5") return false;
  const shell = !VISIT_CODE_ROUTES.includes(pathname);
  // the small API answers first: on HTTP/1.1 a request asked later waits for a free connection
  if (shell) prefetchSession(token);
  const mod = shell ? moduleRouteOf(pathname) : null;
  if (mod) prefetchSchema(mod.module, token, mod.page === "list" ? addressCriteria(search) : undefined);
  loadConsole().catch(() => undefined);
  if (shell) void preloadPage(pathname);
  return true;
}

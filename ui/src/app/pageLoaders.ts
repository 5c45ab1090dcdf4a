// The code of the signed-in pages a first load can open on, as functions that start its download. They live in
// the entry (a few lines) so that the entry can start them itself, together with the signed-in part of the
// console, instead of after it has run (earlyStart.ts; issue 19, the first module list on a phone's link).
// Each import() is the one the routes use: a second call answers the same download.

import { HOME_PATH } from "../stores/useTabsStore";
import { moduleRouteOf } from "./routes";

export const loadConsole = () => import("./RefineRoot");
export const loadWorkbench = () => import("../pages/workbench/WorkbenchPage");
export const loadModuleList = () => import("../schema-ui/ModuleListPage");
export const loadModuleForm = () => import("../schema-ui/ModuleFormPage");
export const loadModuleDetail = () => import("../schema-ui/ModuleDetailPage");

/** isWorkbenchPath says whether a path opens the workbench. */
export const isWorkbenchPath = (pathname: string): boolean => pathname === "/" || pathname === HOME_PATH;

/**
 * preloadPage starts downloading the code of the page a path opens (the workbench and the generic module
 * screens) while the session's menus and modules load, instead of after them (issue 19: the first module list
 * on a phone's link). A failed download is left to the page's own load to report.
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const route = moduleRouteOf(pathname);
  const load =
    route?.page === "list"
      ? loadModuleList
      : route?.page === "show"
        ? loadModuleDetail
        : route
          ? loadModuleForm
          : isWorkbenchPath(pathname)
            ? loadWorkbench
            : null;
  return load ? load().catch(() => undefined) : Promise.resolve();
}

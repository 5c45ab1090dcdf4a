// The static and named routes of spec §2, as data: the router (App.tsx, ShellRoutes.tsx) renders them and
// the tab bar and breadcrumbs read their titles (i18n keys under routes.*).

/** Pages outside the shell that need no login (H5 pages, agreements, the login family). */
export const PUBLIC_PLACEHOLDER_ROUTES: readonly string[] = [
  "/zidianbiao",
  "/register/RegistrationAgreement",
  "/register/PrivacyAgreement",
  "/ybly",
  "/radio-test",
  "/historyList",
  "/activityDetail",
  "/worksDetail",
  "/addWork",
  "/failWork",
  "/successWork",
  "/rePhone",
  "/bookCatalogue",
  "/bookDetail",
  "/bookText",
  "/home",
  "/wblogin",
];

/** Full-screen pages that need login and a visit code (see visitCodes.ts). */
export const VISIT_CODE_ROUTES: readonly string[] = ["/dataStatistics", "/dataStatisticsForSix", "/form-design"];

/** Children of the shell besides the workbench and the menus' routes. */
export const SHELL_PLACEHOLDER_ROUTES: readonly string[] = ["/digital/griddingDetail", "/works", "/CommonImport"];

/**
 * NAMED_ROUTES are the built-in named routes (spec §2) and where they live. The system screens are another
 * issue's work; until then each resolves to a placeholder. A server menu may name one as its component.
 */
export const NAMED_ROUTES: Readonly<Record<string, string>> = {
  "user-management": "/user-management",
  "user-add": "/user-add",
  "user-edit": "/user-edit",
  "role-management": "/role-management",
  "role-add": "/role-add",
  "role-edit": "/role-edit",
  "workgroup-management": "/workgroup-management",
  "workgroup-add": "/workgroup-add",
  "workgroup-edit": "/workgroup-edit",
  "organization-management": "/organization-management",
  "logging-login": "/logging-login",
  "logging-operation": "/logging-operation",
  "self-edit": "/self-edit",
  "async-routes-config": "/async-routes-config",
  UserWorkbench: "/workbench",
  login: "/login",
  MessageCenter: "/messages",
};

/** titleKeyOf answers the i18n key of a static or named route's title. */
export function titleKeyOf(path: string): string | undefined {
  if (path === "/workbench") return "routes.workbench";
  const named = Object.entries(NAMED_ROUTES).find(([, p]) => p === path);
  if (named) return `routes.${named[0]}`;
  if ([...PUBLIC_PLACEHOLDER_ROUTES, ...VISIT_CODE_ROUTES, ...SHELL_PLACEHOLDER_ROUTES].includes(path)) {
    return `routes.${path.slice(1).replace(/\//g, ".")}`;
  }
  return undefined;
}

/** MODULE_PREFIX is where generic module screens live: /m/<module>[/create|/edit/:id|/show/:id]. */
export const MODULE_PREFIX = "/m/";

export type ModulePage = "list" | "create" | "edit" | "show";

/** moduleRouteOf reads a module path, or answers null for other paths. */
export function moduleRouteOf(path: string): { module: string; page: ModulePage; id?: string } | null {
  const m = /^\/m\/([^/]+)(?:\/(create|edit|show)(?:\/([^/]+))?)?\/?$/.exec(path);
  if (!m) return null;
  const module = decodeURIComponent(m[1]);
  const page = (m[2] as ModulePage | undefined) ?? "list";
  return { module, page, id: m[3] ? decodeURIComponent(m[3]) : undefined };
}

export const modulePath = {
  list: (module: string) => `${MODULE_PREFIX}${encodeURIComponent(module)}`,
  create: (module: string) => `${MODULE_PREFIX}${encodeURIComponent(module)}/create`,
  edit: (module: string, id: string | number) =>
    `${MODULE_PREFIX}${encodeURIComponent(module)}/edit/${encodeURIComponent(String(id))}`,
  show: (module: string, id: string | number) =>
    `${MODULE_PREFIX}${encodeURIComponent(module)}/show/${encodeURIComponent(String(id))}`,
};

// The role screens' calls (spec §7 system administration): the role records, their account count, and the
// menus each role holds per terminal (web, mini program terminalType 0, app terminalType 1). They are made
// through refine's "system" provider.

/** Role is a role record (spec §3). */
export interface Role {
  id: number;
  name: string;
  roleExtent?: string;
  parentId?: number;
  icon: string;
  system?: boolean;
  /** requireTotp makes the role's holders sign in with a two-factor code. */
  requireTotp?: boolean;
}

/** MenuTerminal names one of the editor's three trees. */
export type MenuTerminal = "web" | "mini" | "app";

export const MENU_TERMINALS: readonly MenuTerminal[] = ["web", "mini", "app"];

const terminalCall: Record<MenuTerminal, { base: string; terminalType?: string }> = {
  web: { base: "/api/system/menu" },
  mini: { base: "/api/appMenu", terminalType: "0" },
  app: { base: "/api/appMenu", terminalType: "1" },
};

function roleForm(terminal: MenuTerminal, roleId: number, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append("roles", String(roleId));
  const { terminalType } = terminalCall[terminal];
  if (terminalType !== undefined) form.append("terminalType", terminalType);
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  return form;
}

/** ROLE_PATHS are the role calls: the list (page, size), the records (GET/DELETE /{id}, POST/PUT without
 * id in the path) and the account count of a role (GET /{id}). */
export const ROLE_PATHS = {
  list: "/api/system/cscpRolessByCriteria",
  records: "/api/system/cscpRoless",
  users: "/api/system/cscpRoleUsers",
} as const;

/** ROLE_LIST_SIZE: the card grid shows up to 1000 roles. */
export const ROLE_LIST_SIZE = 1000;

/** menusCall is the call that answers the terminal's menu tree with the role's menus checked (roleId 0: a new role). */
export const menusCall = (terminal: MenuTerminal, roleId: number) => ({
  url: `${terminalCall[terminal].base}/queryByRoleId`,
  payload: roleForm(terminal, roleId),
});

/** saveMenusCall is the call that replaces the role's menus of the terminal with the comma list given. */
export const saveMenusCall = (terminal: MenuTerminal, roleId: number, menus: string) => ({
  url: `${terminalCall[terminal].base}/save`,
  payload: roleForm(terminal, roleId, { menus, permissions: "" }),
});

// The role screens' calls (spec §7 system administration): the role records, their account count, and the
// menus each role holds per terminal (web, mini program terminalType 0, app terminalType 1).

import { request } from "../../app/http";
import type { MenuCheckNode } from "./roleRules";

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

export const roleApi = {
  /** list answers up to 1000 roles of the tenant (the card grid). */
  list: async (): Promise<Role[]> =>
    (await request<{ data: Role[] }>("/api/system/cscpRolessByCriteria", { query: { page: 0, size: 1000 }, silent: true }))
      .data,
  get: (id: number) => request<Role>(`/api/system/cscpRoless/${id}`, { silent: true }),
  /** userCount answers how many accounts use the role. */
  userCount: (id: number) => request<number>(`/api/system/cscpRoleUsers/${id}`, { silent: true }),
  remove: (id: number) => request<null>(`/api/system/cscpRoless/${id}`, { method: "DELETE", silent: true }),
  /** save creates the role (POST) when it has no id, else updates it (PUT); spec §4. */
  save: (role: Omit<Role, "id"> & { id?: number }) =>
    request<Role>("/api/system/cscpRoless", { method: role.id ? "PUT" : "POST", body: role, silent: true }),
  /** menus answers the terminal's whole menu tree with the role's menus checked (roleId 0: a new role). */
  menus: (terminal: MenuTerminal, roleId: number) =>
    request<MenuCheckNode[]>(`${terminalCall[terminal].base}/queryByRoleId`, {
      method: "POST",
      body: roleForm(terminal, roleId),
      silent: true,
    }),
  /** saveMenus replaces the role's menus of the terminal with the comma list given. */
  saveMenus: (terminal: MenuTerminal, roleId: number, menus: string) =>
    request<number[]>(`${terminalCall[terminal].base}/save`, {
      method: "POST",
      body: roleForm(terminal, roleId, { menus, permissions: "" }),
      silent: true,
    }),
};

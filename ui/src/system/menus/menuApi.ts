// The menu configuration's calls (spec §7): children of a node (lazy trees), add, edit, reorder and delete,
// for the web tree and for the mini-program (terminalType 0) and app (terminalType 1) trees.

import { request } from "../../api/http";
import type { AppMenuValues, WebMenuValues } from "./menuRules";
import type { MenuOrder } from "./dragRules";

/** MenuTerminal names one of the three trees. */
export type MenuTerminal = "web" | "mini" | "app";

/** MenuNode is a menu as the tree calls answer it (spec §3 web and app menu nodes). */
export interface MenuNode {
  id: number;
  parentId: number;
  orderby: number;
  type: string;
  title: string;
  icon: string;
  name: string;
  url?: string;
  path?: string;
  component: string;
  permissionCode: string;
  address?: string;
  choose?: boolean;
  terminalType?: number;
  hasChildren: boolean;
  /** A menu the server owns: it cannot be deleted; only its title and icon change. */
  system: boolean;
}

const terminalType: Record<MenuTerminal, number | undefined> = { web: undefined, mini: 0, app: 1 };

const paths = (terminal: MenuTerminal) =>
  terminal === "web"
    ? { children: "/api/system/menu/getMenu", add: "/api/system/menu/addMenu", update: "/api/system/menu/updateMenu", remove: "/api/system/menu/deleteMenu" }
    : { children: "/api/menu/getAppMenu", add: "/api/menu/addAppMenu", update: "/api/menu/updateAppMenu", remove: "/api/appMenu/deleteMenu" };

/** menuBody is what the add and edit calls take: the form's fields of the terminal, nothing else. */
export function menuBody(terminal: MenuTerminal, values: WebMenuValues & AppMenuValues, place: { id?: number; parentId: number }) {
  const common = {
    ...place,
    type: values.type ?? "",
    title: values.title ?? "",
    icon: values.icon ?? "",
    name: values.name ?? "",
    component: values.component ?? "",
    permissionCode: values.permissionCode ?? "",
  };
  if (terminal === "web") return { ...common, url: values.url ?? "", address: values.address ?? "", choose: !!values.choose };
  return { ...common, path: values.path ?? "", terminalType: terminalType[terminal] };
}

export const menuApi = {
  children: (terminal: MenuTerminal, parentId: number) =>
    request<MenuNode[]>(paths(terminal).children, { query: { parentId, terminalType: terminalType[terminal] }, silent: true }),
  /** add creates a node and answers its id. */
  add: (terminal: MenuTerminal, body: ReturnType<typeof menuBody>) =>
    request<number>(paths(terminal).add, { method: "PUT", body, silent: true }),
  update: (terminal: MenuTerminal, body: ReturnType<typeof menuBody>) =>
    request<number>(paths(terminal).update, { method: "PUT", body, silent: true }),
  /** reorder saves a drop: the destination's siblings numbered from 1. */
  reorder: (terminal: MenuTerminal, orders: MenuOrder[]) =>
    request<null>(paths(terminal).update, { method: "PUT", body: orders, silent: true }),
  remove: (terminal: MenuTerminal, id: number) => request<null>(`${paths(terminal).remove}/${id}`, { method: "DELETE", silent: true }),
};

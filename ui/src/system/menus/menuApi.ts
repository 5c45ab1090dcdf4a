// The menu configuration's calls (spec §7): children of a node (lazy trees), add, edit, reorder and delete,
// for the web tree and for the mini-program (terminalType 0) and app (terminalType 1) trees, made through
// refine's "system" provider.

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

/** menuCalls are the terminal's calls as refine's "system" provider makes them (custom calls, all silent). */
export function menuCalls(terminal: MenuTerminal) {
  const p = paths(terminal);
  return {
    /** children: GET ?parentId=(&terminalType=) */
    children: (parentId: number) => ({ url: p.children, method: "get" as const, query: { parentId, terminalType: terminalType[terminal] } }),
    /** add creates a node and answers its id. */
    add: (body: ReturnType<typeof menuBody>) => ({ url: p.add, method: "put" as const, values: body }),
    update: (body: ReturnType<typeof menuBody>) => ({ url: p.update, method: "put" as const, values: body }),
    /** reorder saves a drop: the destination's siblings numbered from 1. */
    reorder: (orders: MenuOrder[]) => ({ url: p.update, method: "put" as const, values: orders }),
    /** removed: DELETE {removed}/{id}, through refine's useDelete. */
    removed: p.remove,
  };
}

// The web and app menu forms' rules (spec §4 menu types, §5 "Web menu form" and "App menu form"), as plain
// functions of the form's values: each answers the first problem of every field, so the forms and the tests
// judge the same way.

import { FIELD_LABELS as L, MENU_MESSAGES as M, noChineseMessage, tooLong } from "./messages";

/** WEB_MENU_TYPES are the web menu types in the order the form lists them (spec §4). */
export const WEB_MENU_TYPES = ["menu1", "menu2", "menu2-sp", "menu3-sp", "menu3", "page", "button"] as const;
/** APP_MENU_TYPES are the mini-program and app menu types. */
export const APP_MENU_TYPES = ["menu1", "menu2"] as const;

/** EXTERNAL_TYPES are the types an external jump allows: the last four show only without one. */
export const EXTERNAL_TYPES: readonly string[] = ["menu1", "menu2", "menu2-sp"];

/** The address-process page an external jump opens (the server's engine/auth bootstrap and menus.go). */
export const ADDRESS_PROCESS = { name: "addressProcess", url: "/addressProcess", component: "AddressProcess" } as const;

/** typesFor answers the web types the form offers for the external-jump choice. */
export function typesFor(choose: boolean): readonly string[] {
  return choose ? EXTERNAL_TYPES : WEB_MENU_TYPES;
}

/** withChoice applies the external-jump choice: yes fixes name, url and component; no clears them. */
export function withChoice<T extends { name?: string; url?: string; component?: string }>(values: T, choose: boolean): T {
  if (choose) return { ...values, ...ADDRESS_PROCESS };
  return { ...values, name: "", url: "", component: "" };
}

const hasChinese = (s: string) => /[\u4e00-\u9fff\u3400-\u4dbf]/.test(s);
const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

export type Problems<K extends string> = Partial<Record<K, string>>;

/** Rule is one check of a text: it answers a message or undefined. */
type Rule = (value: string) => string | undefined;

const required = (message: string): Rule => (v) => (v === "" ? message : undefined);
const maxLen = (label: string, max: number): Rule => (v) => ([...v].length > max ? tooLong(label, max) : undefined);
const noChinese = (label: string): Rule => (v) => (hasChinese(v) ? noChineseMessage(label) : undefined);
const slash = (message: string): Rule => (v) => (v !== "" && !v.startsWith("/") ? message : undefined);

function firstProblems<K extends string>(values: Partial<Record<K, unknown>>, rules: Record<K, Rule[]>): Problems<K> {
  const out: Problems<K> = {};
  for (const field of Object.keys(rules) as K[]) {
    const v = text(values[field]);
    for (const rule of rules[field]) {
      const problem = rule(v);
      if (problem) {
        out[field] = problem;
        break;
      }
    }
  }
  return out;
}

export interface WebMenuValues {
  type?: string;
  title?: string;
  name?: string;
  url?: string;
  component?: string;
  permissionCode?: string;
  icon?: string;
  choose?: boolean;
  address?: string;
}

export type WebMenuField = "type" | "title" | "name" | "url" | "component" | "permissionCode" | "address";

/**
 * checkWebMenu applies spec §5 "Web menu form": type required (and one the jump choice allows); title
 * required, at most 20; name, url and component required without Chinese (url starting with a slash;
 * a button is no route, so it needs no url or component); address required with an external jump;
 * permissionCode at most 50.
 */
export function checkWebMenu(values: WebMenuValues): Problems<WebMenuField> {
  const route = values.type !== "button";
  const typeAllowed: Rule = (v) => (v !== "" && !typesFor(!!values.choose).includes(v) ? M.typeRequired : undefined);
  return firstProblems<WebMenuField>(values as Record<WebMenuField, unknown>, {
    type: [required(M.typeRequired), typeAllowed],
    title: [required(M.titleRequired), maxLen(L.title, 20)],
    name: [required(M.nameRequired), noChinese(L.name), maxLen(L.name, 100)],
    url: route ? [required(M.urlRequired), noChinese(L.url), slash(M.urlSlash), maxLen(L.url, 255)] : [noChinese(L.url)],
    component: route
      ? [required(M.componentRequired), noChinese(L.component), maxLen(L.component, 100)]
      : [noChinese(L.component)],
    permissionCode: [maxLen(L.permissionCode, 50)],
    address: values.choose ? [required(M.addressRequired), maxLen(L.address, 500)] : [maxLen(L.address, 500)],
  });
}

export interface AppMenuValues {
  type?: string;
  title?: string;
  name?: string;
  path?: string;
  component?: string;
  permissionCode?: string;
  icon?: string;
}

export type AppMenuField = "type" | "title" | "name" | "path" | "component" | "permissionCode" | "icon";

/**
 * checkAppMenu applies spec §5 "App menu form": title required, at most 20; name required, at most 100,
 * no Chinese; path required, at most 100, starting with a slash; component required only for menu2, no
 * Chinese; menu2 requires an image; type required.
 */
export function checkAppMenu(values: AppMenuValues): Problems<AppMenuField> {
  const second = values.type === "menu2";
  return firstProblems<AppMenuField>(values as Record<AppMenuField, unknown>, {
    type: [required(M.typeRequired)],
    title: [required(M.titleRequired), maxLen(L.title, 20)],
    name: [required(M.nameRequired), maxLen(L.name, 100), noChinese(L.name)],
    path: [required(M.pathRequired), slash(M.pathSlash), maxLen(L.path, 100)],
    component: second
      ? [required(M.componentRequired), noChinese(L.component), maxLen(L.component, 100)]
      : [noChinese(L.component), maxLen(L.component, 100)],
    permissionCode: [maxLen(L.permissionCode, 50)],
    icon: second ? [required(M.imageRequired)] : [],
  });
}

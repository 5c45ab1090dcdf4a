// Texts read outside React render (rule functions, validators, notifications) come from the locale bundles
// through the i18n instance at the moment they are read, so switching the locale changes them too.
// A catalogue is a section of the bundle (keys and types from zh_CN) whose members are getters.

import i18next, { type TOptions } from "i18next";
import type { Messages } from "./types";
import zhCN from "./zh_CN";

/** At is the bundle's node at a dotted path. */
type At<T, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? At<T[Head], Rest>
    : never
  : P extends keyof T
    ? T[P]
    : never;

/** Leaves are the dotted paths of every text of a bundle node. */
type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** TextKey is the key of one text of the bundles. */
export type TextKey = Leaves<Messages>;

/** Catalogue is a section's texts, each read in the current locale when accessed. */
export type Catalogue<S> = { readonly [K in keyof S as S[K] extends string ? K : never]: string };

/** text answers one text of the bundles in the current locale. */
export function text(key: TextKey, options?: TOptions): string {
  return i18next.t(key, options);
}

/** catalogue answers the texts of a bundle section (for example "system.users.messages") as getters. */
export function catalogue<P extends string>(path: P & (At<Messages, P> extends Record<string, unknown> ? P : never)): Catalogue<At<Messages, P>> {
  let node: unknown = zhCN;
  for (const part of path.split(".")) node = (node as Record<string, unknown>)[part];
  const out = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (typeof value === "string") Object.defineProperty(out, key, { enumerable: true, get: () => i18next.t(`${path}.${key}`) });
  }
  return out as Catalogue<At<Messages, P>>;
}

// The designer's texts: the `designer` section of src/locales/designer/<locale>.ts, added to i18next when
// the designer's chunk loads (zh_CN at once, another locale when it is or becomes the current one), so the
// login page's bundle does not carry them (the wire budget, e2e/specs/wire-budget.spec.mjs).

import i18next, { type TOptions } from "i18next";
import { text as appText, type TextKey } from "../locales/catalogue";
import zhCN from "../locales/designer/zh_CN";

type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** DesignerKey is the key of one designer text. */
export type DesignerKey = `designer.${Leaves<typeof zhCN>}`;

const loaders: Record<string, () => Promise<{ default: typeof zhCN }>> = {
  en: () => import("../locales/designer/en"),
  ja: () => import("../locales/designer/ja"),
  ko: () => import("../locales/designer/ko"),
  "zh-TW": () => import("../locales/designer/zh_TW"),
};

const added = new Set<string>();

function add(tag: string, section: typeof zhCN) {
  i18next.addResourceBundle(tag, "translation", { designer: section }, true, true);
  added.add(tag);
}

/** ensureDesignerTexts adds the zh_CN texts, and the current locale's once loaded (resolves then). */
export async function ensureDesignerTexts(): Promise<void> {
  if (!added.has("zh-CN")) {
    add("zh-CN", zhCN);
    i18next.on("languageChanged", () => {
      ensureDesignerTexts().catch(() => undefined);
    });
  }
  const tag = i18next.language;
  const load = loaders[tag];
  if (load && !added.has(tag) && i18next.hasResourceBundle(tag, "translation")) add(tag, (await load()).default);
}

/** text answers a designer text (or any console text) in the current locale. */
export function text(key: DesignerKey | TextKey, options?: TOptions): string {
  if (!added.has("zh-CN")) void ensureDesignerTexts();
  return key.startsWith("designer.") ? i18next.t(key, options) : appText(key as TextKey, options);
}

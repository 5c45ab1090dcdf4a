// Text helpers for the tests: the console's texts come from the locale bundles (zh_CN in the tests).

import { text, type TextKey } from "../locales/catalogue";

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** spaced matches a button's name as antd renders it: it puts a space between two Chinese characters. */
export function spaced(name: string, ...alternatives: string[]): RegExp {
  return new RegExp([[...name].map(escape).join("\\s*"), ...alternatives.map(escape)].join("|"));
}

/** btn matches the button named by a text of the bundles (see spaced). */
export function btn(key: TextKey, ...alternatives: string[]): RegExp {
  return spaced(text(key), ...alternatives);
}

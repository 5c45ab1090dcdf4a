// The texts a module shows (engine/schema/i18n.go Module.Texts, by wording): what the module's own
// translations (its i18n: block) may translate, for the translations editor of the module settings.

import { setModuleKey, type FieldDoc, type ModuleDoc, type StepDoc } from "./model";

/** TRANSLATION_LOCALES are the locales a module's i18n: block may name. */
export const TRANSLATION_LOCALES = ["en", "ja", "ko", "zh_TW"] as const;

const han = /\p{Script=Han}/u;

/** moduleTexts lists the distinct texts holding a Chinese character, in the order the module shows them. */
export function moduleTexts(m: ModuleDoc): string[] {
  const out: string[] = [];
  const add = (s: string | undefined) => {
    if (s && han.test(s) && !out.includes(s)) out.push(s);
  };
  add(m.title);
  for (const s of m.sections ?? []) add(s.title);
  const fields = (fs: FieldDoc[] | undefined) => {
    for (const f of fs ?? []) {
      add(f.label);
      for (const o of f.options ?? []) add(o.label);
      add(f.patternMessage);
      add(f.help);
      add(f.placeholder);
      fields(f.fields);
    }
  };
  fields(m.fields);
  if (m.status) {
    add(m.status.label);
    for (const [, label] of m.status.values) add(label);
    for (const a of m.status.actions ?? []) add(a.label);
  }
  const steps = (ss: StepDoc[] | undefined) => {
    for (const s of ss ?? []) {
      add(s.title);
      for (const b of [...(s.branches ?? []), ...(s.parallel ?? [])]) {
        add(b.title);
        steps(b.steps);
      }
    }
  };
  steps(m.workflow?.steps);
  return out;
}

/**
 * withTranslation answers the module with one translation set (an empty value removes it); a locale left
 * without texts, and a block left without locales, are removed.
 */
export function withTranslation(m: ModuleDoc, locale: string, zh: string, value: string): ModuleDoc {
  const all = { ...(m.i18n ?? {}) };
  const texts = { ...(all[locale] ?? {}) };
  if (value.trim()) texts[zh] = value;
  else delete texts[zh];
  if (Object.keys(texts).length) all[locale] = texts;
  else delete all[locale];
  return setModuleKey(m, "i18n", Object.keys(all).length ? all : undefined);
}

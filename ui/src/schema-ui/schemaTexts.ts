// Translations of the texts module files, _dicts.yaml and _menus.yaml show (titles, labels, options,
// sections, menu groups, dictionary items; docs/schema.md "Translations"). The server answers one
// locale's catalogue at GET /api/i18n/{locale}; it is fetched the first time a screen needs it in that
// locale (never for zh_CN, the language the files are written in) and kept for the session. Every string
// falls back to its Chinese text on its own: a catalogue that lacks one text leaves only that text Chinese.

import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { request } from "../api/http";
import { currentLocale, isLocale, type Locale } from "../app/i18n";

/** SchemaCatalogue is one locale's translations: by Chinese text, and by place where a text needs another. */
export interface SchemaCatalogue {
  texts: Record<string, string>;
  places: Record<string, string>;
}

/**
 * Translate answers the text at a place in the current locale. Places name where a text stands
 * (engine/schema/i18n.go): `<module>`, `<module>.<field>`, `<module>.<field>=<value>`, `<module>#<section>`,
 * `<module>!<action>`, `<module>.<field>~pattern`, `@menu.<group>`, `@dict.<type>=<value>`; "" looks the
 * text up by its wording only.
 */
export type Translate = (place: string, text: string) => string;

/** identity is zh_CN's translator: the texts as written. */
export const identity: Translate = (_place, text) => text;

/** translatorOf looks a text up in a catalogue: its place first, then its wording, else the text itself. */
export function translatorOf(catalogue: SchemaCatalogue | undefined): Translate {
  if (!catalogue) return identity;
  return (place, text) => (place && catalogue.places[place]) || catalogue.texts[text] || text;
}

const loaded = new Map<Locale, Translate>();
const pending = new Map<Locale, Promise<void>>();
const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version++;
  for (const l of listeners) l();
}

/** parseCatalogue reads the server's answer; anything unusable is an empty catalogue (every text Chinese). */
export function parseCatalogue(raw: unknown): SchemaCatalogue {
  const obj = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  const map = (v: unknown): Record<string, string> =>
    typeof v === "object" && v !== null
      ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === "string"))
      : {};
  return { texts: map(obj.texts), places: map(obj.places) };
}

/** loadSchemaCatalogue fetches a locale's catalogue once; a failure leaves the texts Chinese and is retried later. */
export function loadSchemaCatalogue(locale: Locale): Promise<void> {
  if (locale === "zh_CN" || loaded.has(locale)) return Promise.resolve();
  let p = pending.get(locale);
  if (!p) {
    p = request<unknown>(`/api/i18n/${locale}`, { silent: true })
      .then((raw) => {
        loaded.set(locale, translatorOf(parseCatalogue(raw)));
        changed();
      })
      .catch(() => undefined)
      .finally(() => pending.delete(locale));
    pending.set(locale, p);
  }
  return p;
}

/** setSchemaCatalogue installs a catalogue directly (tests, and a server answer already at hand). */
export function setSchemaCatalogue(locale: Locale, catalogue: SchemaCatalogue | undefined): void {
  if (catalogue) loaded.set(locale, translatorOf(catalogue));
  else loaded.delete(locale);
  changed();
}

/** schemaTranslator answers the translator of a locale now (identity until its catalogue arrives). */
export function schemaTranslator(locale: Locale = currentLocale()): Translate {
  return loaded.get(locale) ?? identity;
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/**
 * useSchemaTranslator is the translator of the console's locale; the component renders again when the
 * locale changes and when its catalogue arrives.
 */
export function useSchemaTranslator(): Translate {
  const { i18n } = useTranslation();
  const tag = i18n.language.replace("-", "_");
  const locale: Locale = isLocale(tag) ? tag : "zh_CN";
  useSyncExternalStore(subscribe, () => version);
  useEffect(() => {
    void loadSchemaCatalogue(locale);
  }, [locale]);
  return schemaTranslator(locale);
}

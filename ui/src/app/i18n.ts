// i18n: zh_CN is bundled (default and fallback); the other locales load on demand so the login page does
// not carry five bundles. Keys are English; values per locale live in src/locales/.

import i18next, { type TOptions } from "i18next";
import { initReactI18next } from "react-i18next";
import type { I18nProvider } from "@refinedev/core";
import zhCN from "../locales/zh_CN";
import type { Messages } from "../locales/types";

/** The console's locales, in the order the switcher lists them. */
export const LOCALES = ["zh_CN", "en", "ja", "ko", "zh_TW"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "zh_CN";

/** i18next (and Intl) want BCP 47 tags. */
const tagOf = (locale: Locale): string => locale.replace("_", "-");

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

const loaders: Record<Locale, () => Promise<Messages>> = {
  zh_CN: () => Promise.resolve(zhCN),
  en: () => import("../locales/en").then((m) => m.default),
  ja: () => import("../locales/ja").then((m) => m.default),
  ko: () => import("../locales/ko").then((m) => m.default),
  zh_TW: () => import("../locales/zh_TW").then((m) => m.default),
};

void i18next.use(initReactI18next).init({
  lng: tagOf(DEFAULT_LOCALE),
  fallbackLng: tagOf(DEFAULT_LOCALE),
  resources: { [tagOf(DEFAULT_LOCALE)]: { translation: zhCN } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** t translates a key outside React (the HTTP client, providers). */
export function t(key: string, options?: TOptions): string {
  return i18next.t(key, options);
}

/** loadLocale fetches a locale's bundle if needed and switches to it. */
export async function loadLocale(locale: Locale): Promise<void> {
  const tag = tagOf(locale);
  if (!i18next.hasResourceBundle(tag, "translation")) {
    i18next.addResourceBundle(tag, "translation", await loaders[locale]());
  }
  await i18next.changeLanguage(tag);
}

/** currentLocale answers the locale i18next is on. */
export function currentLocale(): Locale {
  const found = LOCALES.find((l) => tagOf(l) === i18next.language);
  return found ?? DEFAULT_LOCALE;
}

/** i18nProvider lets refine's own texts (notifications, buttons) go through the same bundles. */
export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: TOptions, defaultMessage?: string) =>
    i18next.t(key, { defaultValue: defaultMessage ?? key, ...options }),
  changeLocale: (lang: string) => (isLocale(lang) ? loadLocale(lang) : Promise.resolve()),
  getLocale: () => currentLocale(),
};

export { i18next };

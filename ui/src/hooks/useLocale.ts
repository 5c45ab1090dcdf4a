import { useCallback, useEffect, useState } from "react";
import type { Locale as AntdLocale } from "antd/es/locale";
import antdZhCN from "antd/es/locale/zh_CN";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import { DEFAULT_LOCALE, loadLocale, type Locale } from "../app/i18n";
import { useUiStore } from "../stores/useUiStore";

interface LocaleParts {
  antd: AntdLocale;
  dayjs: string;
}

// zh_CN ships in the main bundle; the others are fetched when chosen.
const loaded: Partial<Record<Locale, LocaleParts>> = { zh_CN: { antd: antdZhCN, dayjs: "zh-cn" } };

const loaders: Record<Exclude<Locale, "zh_CN">, () => Promise<LocaleParts>> = {
  en: async () => ({ antd: (await import("antd/es/locale/en_US")).default, dayjs: "en" }),
  ja: async () => {
    await import("dayjs/locale/ja");
    return { antd: (await import("antd/es/locale/ja_JP")).default, dayjs: "ja" };
  },
  ko: async () => {
    await import("dayjs/locale/ko");
    return { antd: (await import("antd/es/locale/ko_KR")).default, dayjs: "ko" };
  },
  zh_TW: async () => {
    await import("dayjs/locale/zh-tw");
    return { antd: (await import("antd/es/locale/zh_TW")).default, dayjs: "zh-tw" };
  },
};

async function ensure(locale: Locale): Promise<LocaleParts> {
  const have = loaded[locale];
  if (have) return have;
  const parts = locale === "zh_CN" ? { antd: antdZhCN, dayjs: "zh-cn" } : await loaders[locale]();
  loaded[locale] = parts;
  return parts;
}

async function apply(locale: Locale): Promise<LocaleParts> {
  const [parts] = await Promise.all([ensure(locale), loadLocale(locale)]);
  dayjs.locale(parts.dayjs);
  document.documentElement.lang = locale.replace("_", "-");
  return parts;
}

dayjs.locale("zh-cn");

/** useLocale gives the active locale, antd's bundle for it, and a way to switch (loading what it needs first). */
export function useLocale(): { locale: Locale; antdLocale: AntdLocale; changeLocale: (l: Locale) => Promise<void> } {
  const chosen = useUiStore((s) => s.locale);
  const localeChosen = useUiStore((s) => s.localeChosen);
  const [active, setActive] = useState<Locale>(loaded[chosen] ? chosen : DEFAULT_LOCALE);

  useEffect(() => {
    let live = true;
    void apply(chosen).then(() => {
      if (live) setActive(chosen);
    });
    return () => {
      live = false;
    };
  }, [chosen]);

  const changeLocale = useCallback(
    async (l: Locale) => {
      await apply(l);
      localeChosen(l);
    },
    [localeChosen],
  );

  return { locale: active, antdLocale: (loaded[active] ?? loaded.zh_CN ?? { antd: antdZhCN, dayjs: "zh-cn" }).antd, changeLocale };
}

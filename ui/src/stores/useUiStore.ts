// Cross-page UI preferences: the sider's collapsed state and the locale (both kept in localStorage).

import { create } from "zustand";
import { persist, createJSONStorage } from "zustand/middleware";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../app/i18n";

export interface UiState {
  collapsed: boolean;
  locale: Locale;
  siderToggled: () => void;
  localeChosen: (locale: Locale) => void;
}

export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      collapsed: false,
      locale: DEFAULT_LOCALE,
      siderToggled: () => set((s) => ({ collapsed: !s.collapsed })),
      localeChosen: (locale) => set({ locale }),
    }),
    {
      name: "xz.ui",
      storage: createJSONStorage(() => localStorage),
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<UiState>;
        return {
          ...current,
          collapsed: typeof p.collapsed === "boolean" ? p.collapsed : current.collapsed,
          locale: isLocale(p.locale) ? p.locale : current.locale,
        };
      },
    },
  ),
);

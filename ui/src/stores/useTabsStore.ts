// Open tabs (spec §2): kept in session storage, so they survive a reload but not a new window; the home
// tab is always there and cannot be closed.

import { create } from "zustand";
import { persist, createJSONStorage } from "zustand/middleware";

/** HOME_PATH is the always-present home tab. */
export const HOME_PATH = "/workbench";

/** Tab is one open page: key is its pathname, to is where clicking it goes (pathname + search). */
export interface Tab {
  key: string;
  to: string;
}

const home: Tab = { key: HOME_PATH, to: HOME_PATH };

export interface TabsState {
  tabs: Tab[];
  tabOpened: (key: string, to: string) => void;
  tabClosed: (key: string) => void;
  othersClosed: (key: string) => void;
  allClosed: () => void;
}

/** withHome makes sure the home tab leads the list. */
export function withHome(tabs: readonly Tab[]): Tab[] {
  const rest = tabs.filter((t) => t.key !== HOME_PATH);
  const existing = tabs.find((t) => t.key === HOME_PATH);
  return [existing ?? home, ...rest];
}

/** nextAfterClose answers where to go when the tab key closes while it is active: its right, else left neighbour. */
export function nextAfterClose(tabs: readonly Tab[], key: string): string {
  const index = tabs.findIndex((t) => t.key === key);
  if (index < 0) return HOME_PATH;
  const neighbour = tabs[index + 1] ?? tabs[index - 1];
  return neighbour && neighbour.key !== key ? neighbour.to : HOME_PATH;
}

export const useTabsStore = create<TabsState>()(
  persist(
    (set) => ({
      tabs: [home],
      tabOpened: (key, to) =>
        set((s) => {
          const found = s.tabs.some((t) => t.key === key);
          const tabs = found ? s.tabs.map((t) => (t.key === key ? { key, to } : t)) : [...s.tabs, { key, to }];
          return { tabs: withHome(tabs) };
        }),
      tabClosed: (key) =>
        set((s) => (key === HOME_PATH ? s : { tabs: withHome(s.tabs.filter((t) => t.key !== key)) })),
      othersClosed: (key) => set((s) => ({ tabs: withHome(s.tabs.filter((t) => t.key === key)) })),
      allClosed: () => set({ tabs: [home] }),
    }),
    {
      name: "xz.tabs",
      storage: createJSONStorage(() => sessionStorage),
      merge: (persisted, current) => {
        const tabs = (persisted as Partial<TabsState> | undefined)?.tabs;
        return { ...current, tabs: withHome(Array.isArray(tabs) ? tabs : []) };
      },
    },
  ),
);

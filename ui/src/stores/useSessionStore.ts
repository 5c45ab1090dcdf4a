// Session state shared by every page (DESIGN.md §7): token and user (kept in localStorage, so a reload
// stays signed in), and what the server said after login — menus, button codes, modules (memory only,
// fetched again on reload).

import { create } from "zustand";
import { persist, createJSONStorage } from "zustand/middleware";
import type { ServerMenu, SessionUser } from "../api/authApi";
import type { ModuleInfo } from "../api/modules";
import { buttonCodesOf } from "../app/menus";

export interface SessionState {
  token: string | null;
  user: SessionUser | null;
  mustChangePassword: boolean;
  /** True once menus and modules have been fetched for this token. */
  loaded: boolean;
  menus: ServerMenu[];
  buttonCodes: string[];
  modules: ModuleInfo[];

  loggedIn: (token: string, user: SessionUser | null, mustChangePassword: boolean) => void;
  passwordChanged: (token: string) => void;
  sessionLoaded: (menus: ServerMenu[], modules: ModuleInfo[]) => void;
  /** Opening the login path resets the routes (spec §2). */
  routesReset: () => void;
  /** Logout: menus, routes, button codes, user and token go. */
  loggedOut: () => void;
}

/** SESSION_STORAGE_KEY is the localStorage key of the persisted part. */
export const SESSION_STORAGE_KEY = "xz.session";

const emptyRoutes = { loaded: false, menus: [], buttonCodes: [], modules: [] };

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      mustChangePassword: false,
      ...emptyRoutes,

      loggedIn: (token, user, mustChangePassword) => set({ token, user, mustChangePassword, ...emptyRoutes }),
      passwordChanged: (token) => set({ token, mustChangePassword: false, ...emptyRoutes }),
      sessionLoaded: (menus, modules) => set({ loaded: true, menus, modules, buttonCodes: buttonCodesOf(menus) }),
      routesReset: () => set(emptyRoutes),
      loggedOut: () => set({ token: null, user: null, mustChangePassword: false, ...emptyRoutes }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ token: s.token, user: s.user, mustChangePassword: s.mustChangePassword }),
    },
  ),
);

/** getToken reads the token outside React (the HTTP client). */
export const getToken = (): string | null => useSessionStore.getState().token;

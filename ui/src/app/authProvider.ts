// refine's auth provider: login with the encrypted password, the forced password change, logout that
// clears everything the session left behind (spec §4), and the route check.

import type { AuthProvider } from "@refinedev/core";
import * as api from "../api/authApi";
import { ApiError } from "../api/errors";
import { t } from "./i18n";
import { notify } from "./notify";
import { isExpired } from "../api/jwt";
import { useSessionStore } from "../stores/useSessionStore";
import { useSignInStore } from "../stores/useSignInStore";
import { useTabsStore } from "../stores/useTabsStore";

export const PATHS = {
  login: "/login",
  home: "/",
  precheck: "/update-password-precheck",
  updatePassword: "/update-password",
} as const;

/** clearSession forgets menus, routes, button codes, user, token and session storage (spec §4 logout). */
export function clearSession(): void {
  useSessionStore.getState().loggedOut();
  useTabsStore.getState().allClosed();
  // Last, so nothing the stores just wrote stays behind.
  sessionStorage.clear();
}

export interface LoginParams {
  username: string;
  password: string;
  /** The tenant to sign in to (docs/tenants.md); empty means the default tenant. */
  tenantCode?: string;
}

export interface UpdatePasswordParams {
  oldPassword: string;
  newPassword: string;
}

/** signedIn starts the session a sign-in step answered and says where to go. */
export function signedIn(answer: api.LoginAnswer) {
  useSignInStore.getState().challengeCleared();
  useTabsStore.getState().allClosed();
  sessionStorage.clear();
  useSessionStore.getState().loggedIn(answer.token, answer.user, answer.mustChangePassword);
  return { success: true, redirectTo: answer.mustChangePassword ? PATHS.precheck : PATHS.home };
}

function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

export const authProvider: AuthProvider = {
  login: async ({ username, password, tenantCode }: LoginParams) => {
    try {
      const answer = await api.login(username.trim(), password, tenantCode ?? "");
      if (answer.totp) {
        // The login page shows the code step; nothing is signed in yet.
        useSignInStore.getState().challenged(answer.totp);
        return { success: false };
      }
      return signedIn(answer);
    } catch (err) {
      // ApiErrors were already shown by the HTTP client; anything else (e.g. no WebCrypto) is shown here.
      if (!(err instanceof ApiError)) notify.error(t("login.failed"));
      return { success: false, error: asError(err) };
    }
  },

  logout: async () => {
    if (useSessionStore.getState().token) await api.logout();
    clearSession();
    return { success: true, redirectTo: PATHS.login };
  },

  check: async () => {
    const { token, mustChangePassword } = useSessionStore.getState();
    if (!token || isExpired(token)) {
      if (token) clearSession();
      return { authenticated: false, redirectTo: PATHS.login };
    }
    if (mustChangePassword) return { authenticated: false, redirectTo: PATHS.precheck };
    return { authenticated: true };
  },

  // The HTTP client already handles 401 (warning, then login after 2 s); refine must not do it twice.
  onError: async () => ({}),

  getIdentity: async () => useSessionStore.getState().user,

  getPermissions: async () => useSessionStore.getState().buttonCodes,

  updatePassword: async ({ oldPassword, newPassword }: UpdatePasswordParams) => {
    const user = useSessionStore.getState().user;
    try {
      const token = await api.changePassword(user?.username ?? "", oldPassword, newPassword);
      useSessionStore.getState().passwordChanged(token);
      return { success: true, redirectTo: PATHS.home };
    } catch (err) {
      return { success: false, error: asError(err) };
    }
  },
};

// The auth and session calls of the server contract (DESIGN.md §4–5), typed in one place.

import { encryptWithPem } from "./crypto";
import { reportError } from "./errors";
import { ApiError } from "./errors";
import { request, requestUnreported } from "./http";
import { parseModules, type ModuleInfo } from "./modules";
import { challengeOf, recoveryCodesOf, type TotpChallenge } from "./totpAnswer";

export const AUTH_PATHS = {
  publicKey: "/api/system/publicKey",
  login: "/api/system/login",
  logout: "/api/system/logout",
  password: "/api/system/cscpUserPassword",
  passwordRule: "/api/system/cscpUserPasswordRule",
  menus: "/api/system/cscpMenus",
  modules: "/api/modules",
  currentUser: "/api/system/cscpCurrentUserDetails",
} as const;

/** SessionUser is the user part of the login answer. */
export interface SessionUser {
  userId: number | string;
  username: string;
  familyName?: string;
  name?: string;
  /** A platform administrator (docs/tenants.md) reaches the tenants screen. */
  platformAdmin?: boolean;
}

/** ServerMenu is one item of GET /api/system/cscpMenus. */
export interface ServerMenu {
  id: number | string;
  parentId: number | string | null;
  type: string;
  name?: string;
  title: string;
  icon?: string;
  orderby?: number;
  url?: string;
  component?: string;
  /** External address: the item opens it in a new window. */
  address?: string;
  permissionCode?: string;
}

/** LoginAnswer is data of POST /api/system/login (and of its two-factor step). */
export interface LoginAnswer {
  token: string;
  mustChangePassword: boolean;
  user: SessionUser | null;
  /** Set instead of a token when a two-factor code must follow. */
  totp?: TotpChallenge;
  /** Set once, after a sign-in that confirmed an enrolment. */
  recoveryCodes?: string[];
}

/** encryptPassword fetches the server's public key and encrypts one password under it. */
export async function encryptPasswords(...passwords: string[]): Promise<string[]> {
  const pem = await request<string>(AUTH_PATHS.publicKey, { skipAuthRedirect: true });
  return Promise.all(passwords.map((p) => encryptWithPem(pem, p)));
}

function userOf(raw: unknown): SessionUser | null {
  if (typeof raw !== "object" || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const userId = typeof r.userId === "number" || typeof r.userId === "string" ? r.userId : undefined;
  const username = typeof r.username === "string" ? r.username : undefined;
  if (userId === undefined || username === undefined) return null;
  return {
    userId,
    username,
    familyName: typeof r.familyName === "string" ? r.familyName : undefined,
    name: typeof r.name === "string" ? r.name : undefined,
    ...(r.platformAdmin === true ? { platformAdmin: true } : {}),
  };
}

/** login sends the username and the encrypted password. A 401 here means bad credentials, not expiry. */
export async function login(username: string, password: string, tenantCode = ""): Promise<LoginAnswer> {
  const [encrypted] = await encryptPasswords(password);
  const data = await request<Record<string, unknown>>(AUTH_PATHS.login, {
    method: "POST",
    body: { username, password: encrypted, ...(tenantCode.trim() ? { tenantCode: tenantCode.trim() } : {}) },
    skipAuthRedirect: true,
  });
  return loginAnswerOf(data);
}

/** loginAnswerOf reads the answer of either sign-in step. */
export function loginAnswerOf(data: Record<string, unknown> | null): LoginAnswer {
  const totp = challengeOf(data);
  if (totp) return { token: "", mustChangePassword: totp.mustChangePassword, user: null, totp };
  if (typeof data?.token !== "string" || !data.token) throw new Error("login answer has no token");
  const recoveryCodes = recoveryCodesOf(data);
  return {
    token: data.token,
    mustChangePassword: data.mustChangePassword === true,
    user: userOf(data.user),
    ...(recoveryCodes.length ? { recoveryCodes } : {}),
  };
}

/** logout tells the server to revoke the session; failures do not keep the user signed in. */
export async function logout(): Promise<void> {
  try {
    await request<unknown>(AUTH_PATHS.logout, { method: "POST", silent: true, skipAuthRedirect: true });
  } catch {
    // The local session is cleared whatever the server says.
  }
}

/** changePassword sends both passwords encrypted and returns the new token. Its failure message is the caller's. */
export async function changePassword(userName: string, oldPassword: string, newPassword: string): Promise<string> {
  const [oldEnc, newEnc] = await encryptPasswords(oldPassword, newPassword);
  const data = await request<unknown>(AUTH_PATHS.password, {
    method: "PUT",
    body: { userName, oldPassword: oldEnc, newPassword: newEnc },
    silent: true,
  });
  if (typeof data === "string" && data) return data;
  if (typeof data === "object" && data !== null && "token" in data && typeof data.token === "string") return data.token;
  throw new Error("password change answer has no token");
}

/** fetchPasswordRule reads the password policy text, or "" when the server has none. */
export async function fetchPasswordRule(): Promise<string> {
  try {
    const data = await request<unknown>(AUTH_PATHS.passwordRule, { silent: true });
    return typeof data === "string" ? data : "";
  } catch {
    return "";
  }
}

/** SessionData is what the shell needs after login. */
export interface SessionData {
  menus: ServerMenu[];
  modules: ModuleInfo[];
}

/** fetchModules reads the module list; a server without the endpoint (404) has no generic modules yet. */
async function fetchModules(): Promise<unknown> {
  try {
    return await request<unknown>(AUTH_PATHS.modules, { silent: true });
  } catch (err) {
    if (err instanceof ApiError && err.statusCode === 404) return [];
    if (err instanceof ApiError) reportError(err);
    throw err;
  }
}

/** fetchSession loads the menus and the module list in parallel. */
export async function fetchSession(): Promise<SessionData> {
  const [menus, modules] = await Promise.all([request<unknown>(AUTH_PATHS.menus), fetchModules()]);
  return { menus: Array.isArray(menus) ? (menus as ServerMenu[]) : [], modules: parseModules(modules) };
}

let early: { token: string; session: Promise<SessionData> } | null = null;

/**
 * prefetchSession starts loading the menus and the module list of token's session before the signed-in part of
 * the console has loaded (app/earlyStart.ts): on a phone's link they no longer queue behind the page's code. A
 * failure is not reported here: takeSession's caller then asks again with fetchSession, which reports it.
 */
export function prefetchSession(token: string): void {
  const modules = requestUnreported<unknown>(AUTH_PATHS.modules).catch((err: unknown) => {
    if (err instanceof ApiError && err.statusCode === 404) return [];
    throw err;
  });
  const session = Promise.all([requestUnreported<unknown>(AUTH_PATHS.menus), modules]).then(([menus, mods]) => ({
    menus: Array.isArray(menus) ? (menus as ServerMenu[]) : [],
    modules: parseModules(mods),
  }));
  session.catch(() => undefined);
  early = { token, session };
}

/**
 * takeSession answers the session loaded early for token once — or, when it failed, what fetchSession answers
 * then — and fetchSession's answer when none was started for token (a session that ended in between never sees
 * the previous one's).
 */
export function takeSession(token: string | null): Promise<SessionData> {
  const started = early && early.token === token ? early.session : null;
  early = null;
  return started ? started.catch(() => fetchSession()) : fetchSession();
}

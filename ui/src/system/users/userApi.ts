// The user calls of spec §7 the user screens and the profile page make, typed in one place: their paths
// (read and written through refine's "system" provider) and the two uniqueness checks of the form.

import { request } from "../../api/http";

/** UserDetail is the specification's UserDetail as the server answers it. */
export interface UserDetail {
  id: number;
  userId: number;
  username: string;
  familyName: string;
  name: string;
  mobile: string;
  email: string;
  imgPath: string;
  lastLogin: string;
  discTitle: string;
  discDetail: string;
  registerTime: string;
  roleIds: string;
  roleNames: string;
  orgId: number;
  orgName: string;
  /** locked is an administrator's lock; totpEnabled says the user signs in with a two-factor code. */
  locked?: boolean;
  totpEnabled?: boolean;
}

/** RoleOption is a role of the tenant. */
export interface RoleOption {
  id: number;
  name: string;
}

/** USER_PATHS are the calls of spec §7. */
export const USER_PATHS = {
  list: "/api/userDetails/userDetailsOr",
  byId: "/api/system/cscpUserDetailsByUserId",
  save: "/api/system/cscpUserDetails",
  /** DELETE {users}/{userId}; PUT {users}/{userId}/lock, /unlock, /totpReset. */
  users: "/api/system/cscpUsers",
  usernameExists: "/api/system/cscpUserExistByUsername",
  mobileExists: "/api/userDetails/checkMobileExist",
  current: "/api/system/cscpCurrentUserDetails",
  profile: "/api/user/cscpUserDetails",
  roles: "/api/getTenantRoleList",
} as const;

/** SEARCH_MAX is the longest search text every filter accepts. */
export const SEARCH_MAX = 50;

/** SEARCH_FIELDS are the list filters the one search box fills (spec §7, OR-combined by the server). */
export const SEARCH_FIELDS = ["username", "familyName", "name", "mobile", "email", "discTitle", "discDetail"] as const;

/** SavedUser is a saved user: a created one may carry its generated initial password, an administrator's
 * own password reset a new token. */
export interface SavedUser extends UserDetail {
  initialPassword?: string;
  token?: string;
}

/** The person fields the user form and the profile page both send. */
export interface PersonFields {
  familyName?: string;
  name?: string;
  mobile?: string;
  email?: string;
  imgPath?: string;
  discTitle?: string;
  discDetail?: string;
}

/** personFields answers the person fields as the server takes them: texts trimmed, no avatar as "". */
export function personFields(v: PersonFields): Required<PersonFields> {
  const trimmed = (s?: string) => (s ?? "").trim();
  return {
    familyName: trimmed(v.familyName),
    name: trimmed(v.name),
    mobile: trimmed(v.mobile),
    email: trimmed(v.email),
    imgPath: v.imgPath ?? "",
    discTitle: trimmed(v.discTitle),
    discDetail: trimmed(v.discDetail),
  };
}

/** usernameTaken asks whether the tenant already has the username (success true means exists). */
export async function usernameTaken(username: string): Promise<boolean> {
  const data = await request<unknown>(USER_PATHS.usernameExists, { query: { username }, silent: true });
  return data === true;
}

/** mobileTaken asks whether another user (not userId) has the mobile (data true means exists). */
export async function mobileTaken(mobile: string, userId?: number): Promise<boolean> {
  const data = await request<unknown>(USER_PATHS.mobileExists, { query: { mobile, userId }, silent: true });
  return data === true;
}

/** AccountAction is an administrator's hold on an account. */
export type AccountAction = "lock" | "unlock" | "totpReset";

/** accountAction locks or unlocks an account or turns off its two-factor sign-in. */
export async function accountAction(userId: number, action: AccountAction): Promise<void> {
  await request<unknown>(`${USER_PATHS.users}/${userId}/${action}`, { method: "PUT" });
}

// The user calls of spec §7 the user screens and the profile page make, typed in one place.

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
}

/** UserPage is one page of the user list. */
export interface UserPage {
  data: UserDetail[];
  recordsTotal: number;
}

/** OrgNode is an organisation as the pickers see it. */
export interface OrgNode {
  id: number;
  orgName: string;
  parentId: number;
  path: string;
  leaf: boolean;
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
  remove: (userId: number) => `/api/system/cscpUsers/${userId}`,
  usernameExists: "/api/system/cscpUserExistByUsername",
  mobileExists: "/api/userDetails/checkMobileExist",
  current: "/api/system/cscpCurrentUserDetails",
  profile: "/api/user/cscpUserDetails",
  roles: "/api/getTenantRoleList",
  myOrg: "/api/villager/getOrgByUserId",
  orgs: "/api/organ/cscpOrgs",
} as const;

/** SEARCH_MAX is the longest search text every filter accepts. */
export const SEARCH_MAX = 50;

/** SEARCH_FIELDS are the list filters the one search box fills (spec §7, OR-combined by the server). */
const SEARCH_FIELDS = ["username", "familyName", "name", "mobile", "email", "discTitle", "discDetail"] as const;

/** listUsers reads one page (zero-based) of users, newest registration first. */
export async function listUsers(search: string, page: number, size: number): Promise<UserPage> {
  const q = search.trim();
  const query: Record<string, string | number> = { sort: "register_time,desc", page, size };
  if (q) for (const f of SEARCH_FIELDS) query[`${f}Like`] = q;
  const data = await request<UserPage>(USER_PATHS.list, { query, silent: true });
  return { data: data?.data ?? [], recordsTotal: data?.recordsTotal ?? 0 };
}

export const getUser = (userId: number) => request<UserDetail>(USER_PATHS.byId, { query: { userId }, silent: true });

export const getCurrentUser = () => request<UserDetail>(USER_PATHS.current, { silent: true });

export const deleteUser = (userId: number) =>
  request<unknown>(USER_PATHS.remove(userId), { method: "DELETE", silent: true });

/** SavedUser is a saved user: a created one may carry its generated initial password, an administrator's
 * own password reset a new token. */
export interface SavedUser extends UserDetail {
  initialPassword?: string;
  token?: string;
}

/** saveUser creates (POST) or updates (PUT) a user; the caller shows the failure message. */
export const saveUser = (body: Record<string, unknown>, isNew: boolean) =>
  request<SavedUser>(USER_PATHS.save, { method: isNew ? "POST" : "PUT", body, silent: true });

/** saveProfile updates the signed-in user's profile. */
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

export const saveProfile = (body: Record<string, unknown>) =>
  request<UserDetail & { token?: string }>(USER_PATHS.profile, { method: "PUT", body, silent: true });

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

export async function listRoles(): Promise<RoleOption[]> {
  const data = await request<RoleOption[]>(USER_PATHS.roles, { silent: true });
  return Array.isArray(data) ? data : [];
}

/** orgOf answers the primary organisation of a user (the signed-in user's without userId). */
export const orgOf = (userId?: number) => request<OrgNode | null>(USER_PATHS.myOrg, { query: { userId }, silent: true });

/** orgChildren answers the sub-organisations of parentId. */
export async function orgChildren(parentId: number): Promise<OrgNode[]> {
  const data = await request<OrgNode[]>(USER_PATHS.orgs, { query: { parentId }, silent: true });
  return Array.isArray(data) ? data : [];
}

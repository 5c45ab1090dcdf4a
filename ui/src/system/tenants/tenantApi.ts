// The platform administration's calls (docs/tenants.md): list, create, disable and enable tenants. Only a
// platform administrator may call them; the server answers 403 to anyone else.

import { encryptPasswords } from "../../api/authApi";
import { request } from "../../api/http";

export const TENANT_PATHS = {
  list: "/api/platform/tenants",
  one: (id: number) => `/api/platform/tenants/${id}`,
} as const;

/** Tenant is one row of GET /api/platform/tenants. */
export interface Tenant {
  id: number;
  code: string;
  name: string;
  disabled: boolean;
  users: number;
  /** The platform's own (default) tenant: it cannot be disabled. */
  platform: boolean;
  createdAt: string;
}

/** NewTenant is the form of a new tenant; an empty adminPassword has the server generate one. */
export interface NewTenant {
  code: string;
  name: string;
  adminUsername?: string;
  adminPassword?: string;
}

/** CreatedTenant is the answer of a create: the generated initial password comes once. */
export interface CreatedTenant extends Tenant {
  adminUsername: string;
  generatedPassword?: string;
}

/** TENANT_CODE is the server's rule for tenant codes. */
export const TENANT_CODE = /^[a-z][a-z0-9_-]{1,49}$/;

export const listTenants = () => request<Tenant[]>(TENANT_PATHS.list);

/** createTenant sends the form, the administrator's password (when given) RSA-encrypted like every password. */
export async function createTenant(form: NewTenant): Promise<CreatedTenant> {
  const body: Record<string, string> = { code: form.code.trim(), name: form.name.trim() };
  if (form.adminUsername?.trim()) body.adminUsername = form.adminUsername.trim();
  if (form.adminPassword) [body.adminPassword] = await encryptPasswords(form.adminPassword);
  return request<CreatedTenant>(TENANT_PATHS.list, { method: "POST", body });
}

/** setTenantDisabled disables or enables a tenant. */
export const setTenantDisabled = (id: number, disabled: boolean) =>
  request<unknown>(`${TENANT_PATHS.one(id)}/${disabled ? "disable" : "enable"}`, { method: "PUT" });

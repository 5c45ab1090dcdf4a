// The hand-written system administration screens of spec §2 (users, roles, work groups, organisations, logs,
// profile, menus), by named route. A server menu names one of them as its component.

import type { ComponentType, LazyExoticComponent } from "react";
import { lazyPage } from "../components/RouteBoundary/RouteBoundary";

const userEdit = lazyPage("user-edit", () => import("./users/UserEditPage"));
const roleEdit = lazyPage("role-edit", () => import("./roles/RoleEditPage"));
const workGroupEdit = lazyPage("workgroup-edit", () => import("./workgroups/WorkGroupEdit"));

/** SYSTEM_SCREENS maps each system route name (also a server menu's component name) to its screen. */
export const SYSTEM_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  "user-management": lazyPage("user-management", () => import("./users/UserManagementPage")),
  "user-add": userEdit,
  "user-edit": userEdit,
  "self-edit": lazyPage("self-edit", () => import("./profile/ProfilePage")),
  "role-management": lazyPage("role-management", () => import("./roles/RoleListPage")),
  "role-add": roleEdit,
  "role-edit": roleEdit,
  "async-routes-config": lazyPage("async-routes-config", () => import("./menus/MenuConfigPage")),
  "organization-management": lazyPage("organization-management", () => import("./orgs/OrgManagement")),
  "workgroup-management": lazyPage("workgroup-management", () => import("./workgroups/WorkGroupList")),
  "workgroup-add": workGroupEdit,
  "workgroup-edit": workGroupEdit,
  "logging-login": lazyPage("logging-login", () => import("./logs/LoginLog")),
  "logging-operation": lazyPage("logging-operation", () => import("./logs/OperationLog")),
  "platform-tenants": lazyPage("platform-tenants", () => import("./tenants/TenantListPage")),
};

/** systemScreenFor finds a screen by component name, ignoring case and separators (UserManagement = user-management). */
export function systemScreenFor(component: string): LazyExoticComponent<ComponentType> | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/[-_\s]/g, "");
  const key = Object.keys(SYSTEM_SCREENS).find((name) => norm(name) === norm(component));
  return key ? SYSTEM_SCREENS[key] : undefined;
}

// The hand-written system administration screens (users, roles, work groups, organisations, logs, profile,
// menus) are another issue's work. Each named route of spec §2 resolves to a placeholder until its screen
// lands here: replace the placeholder's loader with the screen's import.

import type { ComponentType, LazyExoticComponent } from "react";
import { NAMED_ROUTES } from "../app/routes";
import { lazyPage } from "../components/RouteBoundary/RouteBoundary";

const placeholder = lazyPage("placeholder", () => import("../components/Placeholder/Placeholder"));

/** The named routes the shell renders (login and UserWorkbench are the shell's own). */
const SHELL_NAMED = Object.keys(NAMED_ROUTES).filter((name) => name !== "login" && name !== "UserWorkbench");

/** SYSTEM_SCREENS maps each system route name (also a server menu's component name) to its screen. */
export const SYSTEM_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  ...Object.fromEntries(SHELL_NAMED.map((name) => [name, placeholder])),
  "organization-management": lazyPage("organization-management", () => import("./orgs/OrgManagement")),
  "workgroup-management": lazyPage("workgroup-management", () => import("./workgroups/WorkGroupList")),
  "workgroup-add": lazyPage("workgroup-add", () => import("./workgroups/WorkGroupEdit")),
  "workgroup-edit": lazyPage("workgroup-edit", () => import("./workgroups/WorkGroupEdit")),
  "logging-login": lazyPage("logging-login", () => import("./logs/LoginLog")),
  "logging-operation": lazyPage("logging-operation", () => import("./logs/OperationLog")),
};

/** systemScreenFor finds a screen by component name, ignoring case and separators (UserManagement = user-management). */
export function systemScreenFor(component: string): LazyExoticComponent<ComponentType> | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/[-_\s]/g, "");
  const key = Object.keys(SYSTEM_SCREENS).find((name) => norm(name) === norm(component));
  return key ? SYSTEM_SCREENS[key] : undefined;
}

// refine's access control provider over the pure rules of access.ts: a generic module's action is allowed
// when the user holds <permission>.<code> (DESIGN.md §3); anything else is decided by the screens.

import type { AccessControlProvider } from "@refinedev/core";
import { hasAnyCode } from "./access";
import { useSessionStore } from "../stores/useSessionStore";

/** refine's action names → the module's code suffixes. */
export const ACTION_CODES: Readonly<Record<string, string>> = {
  list: "list",
  show: "view",
  create: "add",
  edit: "edit",
  delete: "del",
  export: "export",
  import: "import",
};

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action }) => {
    const { modules, buttonCodes } = useSessionStore.getState();
    const module = resource ? modules.find((m) => m.name === resource) : undefined;
    if (!module) return { can: true };
    const code = `${module.permission}.${ACTION_CODES[action] ?? action}`;
    return { can: hasAnyCode(buttonCodes, [code]) };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};

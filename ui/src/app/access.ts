// Access rules as pure functions (the ant-design-pro access.ts model): what the user holds comes in,
// yes or no comes out. <Access>, useAccess and the route guards are thin wrappers over these.

import { VISIT_ROUTES } from "./visitCodes";

/** AccessInput is what the session knows about the user's rights. */
export interface AccessInput {
  /** Button codes from the server menus of type button (e.g. cscp.user.add). */
  buttonCodes: readonly string[];
  /** Visit codes from the token's auth claim. */
  visitCodes: readonly string[];
}

/** Access answers the two questions the console asks. */
export interface Access {
  /** can is true when the user holds at least one of the codes. */
  can: (codes: readonly string[]) => boolean;
  /** canVisit is true for a path that needs no visit code, or whose code the user holds. */
  canVisit: (path: string) => boolean;
}

/** MissingCodesError marks a permission check written without a code list (spec §6: an error). */
export class MissingCodesError extends Error {
  constructor() {
    super("access check needs at least one permission code");
    this.name = "MissingCodesError";
  }
}

/** hasAnyCode is true when held and required share a code; an empty required list is a programming error. */
export function hasAnyCode(held: readonly string[], required: readonly string[]): boolean {
  if (required.length === 0) throw new MissingCodesError();
  const set = new Set(held);
  return required.some((code) => set.has(code));
}

/** visitCodeFor names the visit code a path needs, if any. */
export function visitCodeFor(path: string): string | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return VISIT_ROUTES[clean];
}

/** canVisitPath is true when the path needs no visit code or the user holds it. */
export function canVisitPath(visitCodes: readonly string[], path: string): boolean {
  const code = visitCodeFor(path);
  return code === undefined || visitCodes.includes(code);
}

/** createAccess binds the rules to one user's codes. */
export function createAccess(input: AccessInput): Access {
  return {
    can: (codes) => hasAnyCode(input.buttonCodes, codes),
    canVisit: (path) => canVisitPath(input.visitCodes, path),
  };
}

/** moduleCode builds a generic module's button code: <permission>.<action> (add, edit, del, export, …). */
export function moduleCode(permission: string, action: string): string {
  return `${permission}.${action}`;
}

import type { ReactNode } from "react";
import { MissingCodesError } from "../../app/access";
import { useAccess } from "../../hooks/useAccess";

export interface AccessProps {
  /** The element shows when the user holds at least one of these button codes. */
  codes: readonly string[];
  children: ReactNode;
  /** Shown instead when the user holds none (default: nothing). */
  fallback?: ReactNode;
}

/**
 * Access removes its children unless the user holds one of the codes (spec §6). Written without codes it
 * is a programming error: it throws in development and shows nothing in production.
 */
export function Access({ codes, children, fallback = null }: AccessProps) {
  const access = useAccess();
  if (codes.length === 0) {
    if (import.meta.env.DEV) throw new MissingCodesError();
    return <>{fallback}</>;
  }
  return <>{access.can(codes) ? children : fallback}</>;
}

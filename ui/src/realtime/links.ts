// Where a message leads: the record it is about, in the generic module screens.

import { modulePath } from "../app/routes";
import type { SocketMessage } from "./socket";

/** linkOf answers the console path a message opens, or null when it is about no record. */
export function linkOf(m: Pick<SocketMessage, "module" | "recordId">): string | null {
  if (!m.module || !m.recordId) return null;
  return modulePath.show(m.module, m.recordId);
}

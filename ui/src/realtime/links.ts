// Where a message leads: a workflow task opens in the to-do list (its drawer), anything else about a record opens the
// record in the generic module screens.

import { modulePath } from "../app/routes";
import { WORKFLOW_ROUTES } from "../workflow/paths";
import type { SocketMessage } from "./socket";

/** linkOf answers the console path a message opens, or null when it is about no record. */
export function linkOf(m: Pick<SocketMessage, "module" | "recordId"> & Partial<Pick<SocketMessage, "kind" | "taskId">>): string | null {
  if (!m.module || !m.recordId) return null;
  if (m.kind === "task") {
    const q = new URLSearchParams({ module: m.module, id: String(m.recordId) });
    if (m.taskId) q.set("task", String(m.taskId));
    return `${WORKFLOW_ROUTES.todo}?${q.toString()}`;
  }
  return modulePath.show(m.module, m.recordId);
}

// Server validation errors ({field, message}) → rjsf's ErrorSchema, so each message shows next to its
// field. Field paths may be nested: "members[0].name" or "members.0.name".

import type { ErrorSchema } from "@rjsf/utils";
import type { FieldError } from "../api/errors";

type Node = { __errors?: string[]; [key: string]: unknown };

/** pathOf splits a field path into its segments. */
export function pathOf(field: string): string[] {
  return field
    .replace(/\[(\d+)\]/g, ".$1")
    .split(".")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** toErrorSchema nests the messages under their fields; messages without a field go to the form root. */
export function toErrorSchema(errors: readonly FieldError[]): ErrorSchema {
  const root: Node = {};
  for (const { field, message } of errors) {
    let node = root;
    for (const seg of pathOf(field)) {
      const next = node[seg];
      node = (typeof next === "object" && next !== null ? next : (node[seg] = {})) as Node;
    }
    node.__errors = [...(node.__errors ?? []), message];
  }
  return root as ErrorSchema;
}

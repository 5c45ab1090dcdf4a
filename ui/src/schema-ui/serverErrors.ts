// Server validation errors ({field, message}) → rjsf's ErrorSchema, so each message shows next to its
// field. Field paths may be nested: "members[0].name" or "members.0.name".

import type { ErrorSchema } from "@rjsf/utils";
import type { FieldError } from "../api/errors";
import { currentLocale, t } from "../app/i18n";
import { SERVER_FIELD_MESSAGES } from "../locales/serverTexts";
import { shortLabel } from "./validation";

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

/**
 * localizeFieldErrors re-words the server's field messages (always Chinese) in the console's locale, naming
 * the field by its label as the form shows it (labelOf, already translated); a message of another shape, or
 * of a field without a label, is kept as the server sent it. In zh_CN the messages are the server's own.
 */
export function localizeFieldErrors(
  errors: readonly FieldError[],
  labelOf: (field: string) => string | undefined,
  locale: string = currentLocale(),
): FieldError[] {
  if (locale === "zh_CN") return [...errors];
  return errors.map((e) => {
    const label = labelOf(e.field);
    if (!label) return e;
    for (const { key, re } of SERVER_FIELD_MESSAGES) {
      const m = re.exec(e.message);
      if (m) return { ...e, message: t(`schemaTexts.${key}`, { label: shortLabel(label), limit: m[2] }) };
    }
    return e;
  });
}

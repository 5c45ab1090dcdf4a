// rjsf (ajv) validation messages in the console's language instead of ajv's English.

import type { ErrorTransformer, RJSFValidationError, UiSchema } from "@rjsf/utils";
import { customizeValidator } from "@rjsf/validator-ajv8";
import { t } from "../app/i18n";
import { CUSTOM_FORMATS } from "./widgets/validators";

/** validator judges records with the server's custom formats. */
export const validator = customizeValidator({ customFormats: { ...CUSTOM_FORMATS } });

function param(e: RJSFValidationError, key: string): unknown {
  const p: unknown = e.params;
  return typeof p === "object" && p !== null && key in p ? (p as Record<string, unknown>)[key] : undefined;
}

/** messageFor translates one ajv error by its keyword. */
export function messageFor(e: RJSFValidationError): string {
  switch (e.name) {
    case "required":
      return t("validation.required");
    case "maxLength":
    case "minLength":
    case "maximum":
    case "minimum":
    case "maxItems":
    case "minItems":
      return t(`validation.${e.name}`, { limit: param(e, "limit") });
    case "format": {
      const format = String(param(e, "format") ?? "");
      const known = ["idcard", "mobile", "email", "date", "date-time", "date-time-cn"];
      return known.includes(format) ? t(`validation.formats.${format}`) : t("validation.format");
    }
    case "pattern":
      return t("validation.pattern");
    case "type":
      return t("validation.type");
    case "enum":
    case "const":
    case "oneOf":
      return t("validation.enum");
    default:
      return e.message ?? t("validation.invalid");
  }
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** shortLabel drops a trailing unit in brackets, as the server does ("Area (mu)" → "Area"). */
export function shortLabel(label: string): string {
  for (const [open, close] of [
    ["(", ")"],
    ["\uff08", "\uff09"],
  ]) {
    if (label.endsWith(close)) {
      const i = label.lastIndexOf(open);
      if (i > 0) return label.slice(0, i).trimEnd();
    }
  }
  return label;
}

/** uiAt finds the uiSchema entry of a property path (".name", ".rows.0.name"). */
function uiAt(ui: UiSchema | undefined, property: string): Obj {
  let node: unknown = ui;
  for (const part of property.split(".").filter(Boolean)) {
    if (!isObj(node)) return {};
    node = /^\d+$/.test(part) ? node.items : node[part];
  }
  return isObj(node) ? node : {};
}

/**
 * fieldMessageFor words an error as the server words it for the field (engine/msg/schema.go FieldRequired,
 * FieldTooShort…, the field's patternMessage), in the console's locale with the label as the form
 * shows it. Without a label it falls back to the short message of messageFor.
 */
export function fieldMessageFor(e: RJSFValidationError, uiSchema?: UiSchema): string {
  const ui = uiAt(uiSchema, e.property ?? "");
  const title = e.title || (typeof ui["ui:title"] === "string" ? ui["ui:title"] : "");
  if (!title) return messageFor(e);
  const label = shortLabel(title);
  const limit = param(e, "limit");
  switch (e.name) {
    case "required":
      return t("schemaTexts.required", { label });
    case "maxLength":
      return t("schemaTexts.tooLong", { label, limit });
    case "minLength":
      return t("schemaTexts.tooShort", { label, limit });
    case "maximum":
    case "exclusiveMaximum":
      return t("schemaTexts.tooLarge", { label, limit });
    case "minimum":
    case "exclusiveMinimum":
      return t("schemaTexts.tooSmall", { label, limit });
    case "maxItems":
      return t("schemaTexts.tooMany", { label, limit });
    case "minItems":
      return t("schemaTexts.tooFew", { label, limit });
    case "format": {
      const format = String(param(e, "format") ?? "");
      if (format === "date") return t("schemaTexts.badDate", { label });
      if (format === "date-time" || format === "date-time-cn") return t("schemaTexts.badDateTime", { label });
      return t("schemaTexts.badFormat", { label });
    }
    case "pattern": {
      const opts = ui["ui:options"];
      const own = isObj(opts) && typeof opts.patternMessage === "string" ? opts.patternMessage : "";
      return own || t("schemaTexts.badFormat", { label });
    }
    case "enum":
    case "const":
    case "oneOf":
      return t("schemaTexts.notAnOption", { label });
    default:
      return t("schemaTexts.badFormat", { label });
  }
}

/**
 * transformErrors keeps one message per field (oneOf produces a cascade from each branch) and
 * words it for the field (fieldMessageFor).
 */
export const transformErrors: ErrorTransformer = (errors, uiSchema) => {
  const seen = new Set<string>();
  return errors.flatMap((e) => {
    const key = `${e.property ?? ""}`;
    if (e.name !== "required" && seen.has(key)) return [];
    if (e.name === "const") return [];
    seen.add(key);
    const message = fieldMessageFor(e, uiSchema);
    return [{ ...e, message, stack: `${e.property ?? ""} ${message}`.trim() }];
  });
};

/**
 * scrollToFirstError is the form's focusOnFirstError: it brings the first invalid field to the middle of
 * the screen (a long form scrolls) and focuses it.
 */
export function scrollToFirstError(error: RJSFValidationError): void {
  const id = ["root", ...(error.property ?? "").split(".").filter(Boolean)].join("_");
  const el = document.getElementById(id) ?? document.querySelector(`[id^="${id}"]`);
  if (!el) return;
  const item = el.closest(".ant-form-item") ?? el;
  if (typeof item.scrollIntoView === "function") item.scrollIntoView({ block: "center" });
  if (el instanceof HTMLElement) el.focus({ preventScroll: true });
}

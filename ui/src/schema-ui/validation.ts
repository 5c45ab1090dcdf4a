// rjsf (ajv) validation messages in the console's language instead of ajv's English.

import type { ErrorTransformer, RJSFValidationError } from "@rjsf/utils";
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

/**
 * transformErrors keeps one message per field (oneOf produces a cascade from each branch) and
 * translates it.
 */
export const transformErrors: ErrorTransformer = (errors) => {
  const seen = new Set<string>();
  return errors.flatMap((e) => {
    const key = `${e.property ?? ""}`;
    if (e.name !== "required" && seen.has(key)) return [];
    if (e.name === "const") return [];
    seen.add(key);
    const message = messageFor(e);
    return [{ ...e, message, stack: `${e.property ?? ""} ${message}`.trim() }];
  });
};

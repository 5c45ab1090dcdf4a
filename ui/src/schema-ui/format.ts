// How a value reads in a list cell or a detail row: choices by label, dates in the spec's format (§9:
// year-month-day hour:minute:second), masked identifiers, lists joined.

import dayjs from "dayjs";
import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import { t } from "../app/i18n";
import { DATE_FORMAT, DATETIME_FORMAT } from "../lib/format";
import { enumOptions, uiOptionsOf, type ModuleSchema, type Option } from "./moduleSchema";
import { geoText } from "../widgets/map/geoText";

/** maskValue hides the middle of an identifier; the kinds are the server's mask names. */
export function maskValue(value: string, mask: string): string {
  const keep = (head: number, tail: number) =>
    value.length <= head + tail ? "*".repeat(value.length) : value.slice(0, head) + "*".repeat(value.length - head - tail) + value.slice(value.length - tail);
  switch (mask) {
    case "idcard":
      return keep(4, 4);
    case "mobile":
      return keep(3, 4);
    case "name":
      return value.length <= 1 ? value : value[0] + "*".repeat(value.length - 1);
    case "bankcard":
      return keep(0, 4);
    case "email": {
      const at = value.indexOf("@");
      return at <= 1 ? value : value[0] + "*".repeat(at - 1) + value.slice(at);
    }
    default:
      return keep(3, 4);
  }
}

/** labelOf finds a choice's label; an unknown value shows as fallback (itself by default). */
export function labelOf(options: readonly Option[] | undefined, value: unknown, fallback?: string): string {
  const found = options?.find((o) => String(o.value) === String(value));
  return found ? found.label : (fallback ?? String(value));
}

/** How to read one value. */
export interface CellFormat {
  type?: string;
  options?: readonly Option[];
  mask?: string;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);
}

function objectText(value: object): string {
  const r = value as Record<string, unknown>;
  for (const key of ["label", "name", "title", "display"]) {
    if (typeof r[key] === "string") return r[key] as string;
  }
  return JSON.stringify(value);
}

/** formatValue returns the text a person reads for a value, "" when there is none. */
export function formatValue(value: unknown, fmt: CellFormat = {}): string {
  if (isBlank(value)) return "";
  if (Array.isArray(value)) return value.map((v) => formatValue(v, fmt)).filter(Boolean).join(t("common.listSeparator"));
  // The specification: a dictionary-driven value out of range shows the unknown-value text.
  if (fmt.options) return labelOf(fmt.options, value, t("common.unknownValue"));
  if (typeof value === "boolean" || fmt.type === "bool" || fmt.type === "boolean") {
    return value === true || value === "true" || value === 1 ? t("common.yes") : t("common.no");
  }
  if (fmt.type === "date" || fmt.type === "datetime" || fmt.type === "date-time" || fmt.type === "date-time-cn") {
    const d = dayjs(String(value));
    if (d.isValid()) return d.format(fmt.type === "date" ? DATE_FORMAT : DATETIME_FORMAT);
  }
  if (typeof value === "object" && value !== null) return geoText(value) ?? objectText(value);
  const text = String(value);
  return fmt.mask ? maskValue(text, fmt.mask) : text;
}

/** propertyFormat derives how a record property reads from its JSON Schema, ui:options and the dictionaries. */
export function propertyFormat(schema: ModuleSchema, name: string, prop: RJSFSchema | undefined, ui: UiSchema = schema.uiSchema): CellFormat {
  const options = uiOptionsOf(ui, name);
  const dict = typeof options.dict === "string" ? schema.dicts[options.dict] : undefined;
  const format = typeof prop?.format === "string" ? prop.format : undefined;
  const itemFormat =
    typeof prop?.items === "object" && !Array.isArray(prop.items) && typeof prop.items.format === "string"
      ? prop.items.format
      : undefined;
  const type =
    format === "date" || itemFormat === "date"
      ? "date"
      : format === "date-time" || format === "date-time-cn"
        ? "datetime"
        : prop?.type === "boolean"
          ? "bool"
          : typeof prop?.type === "string"
            ? prop.type
            : undefined;
  return {
    type,
    options: dict ?? enumOptions(prop),
    mask: typeof options.mask === "string" ? options.mask : options.mask === true ? (format ?? "default") : undefined,
  };
}

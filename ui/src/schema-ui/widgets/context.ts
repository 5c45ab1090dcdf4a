// What the widgets know beyond their own field: the module's dictionaries and the user's module list
// (to find a ref's API base). The form passes it as rjsf's formContext.

import type { Registry, WidgetProps } from "@rjsf/utils";
import type { ModuleInfo } from "../../api/modules";
import type { Option } from "../moduleSchema";

export interface SchemaFormContext {
  dicts: Record<string, Option[]>;
  modules: ModuleInfo[];
  /** The module the form edits (uploads name it as their businessType). */
  module?: string;
  /** The id of the record being edited (absent on create): the map land picker's parentId. */
  recordId?: string;
}

/** DEFAULT_MAX_LENGTH is the spec's default input limit (§9: inputs default 255). */
export const DEFAULT_MAX_LENGTH = 255;

/** contextOf reads the form context, tolerating a form rendered without one. */
export function contextOf(registry: Registry | undefined): SchemaFormContext {
  const ctx: unknown = registry?.formContext;
  if (typeof ctx === "object" && ctx !== null && "dicts" in ctx && "modules" in ctx) return ctx as SchemaFormContext;
  return { dicts: {}, modules: [] };
}

/** optionString reads a string ui:option. */
export function optionString(props: Pick<WidgetProps, "options">, key: string): string | undefined {
  const v: unknown = props.options[key];
  return typeof v === "string" ? v : undefined;
}

/** choicesOf gives a select its choices: the ui:options dict if set, else the schema's enum/oneOf. */
export function choicesOf(props: Pick<WidgetProps, "options" | "registry">): Option[] {
  const dict = optionString(props, "dict");
  if (dict) return contextOf(props.registry).dicts[dict] ?? [];
  const enums: unknown = props.options.enumOptions;
  if (!Array.isArray(enums)) return [];
  return enums.flatMap((o: unknown): Option[] => {
    if (typeof o !== "object" || o === null || !("value" in o)) return [];
    const value = o.value;
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return [];
    const label = "label" in o && typeof o.label === "string" ? o.label : String(value);
    return [{ value, label }];
  });
}

/** placeholderOf prefers the ui:options placeholder. */
export function placeholderOf(props: Pick<WidgetProps, "options" | "placeholder">): string | undefined {
  return optionString(props, "placeholder") ?? (props.placeholder || undefined);
}

/** statusOf marks an input red when rjsf or the server reported an error for it. */
export function statusOf(props: Pick<WidgetProps, "rawErrors">): "error" | undefined {
  return props.rawErrors?.length ? "error" : undefined;
}

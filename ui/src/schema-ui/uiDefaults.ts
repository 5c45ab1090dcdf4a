// Every property gets one of our widgets even when the server's uiSchema names none, so the house rules
// (trimmed, 255 by default, clearable) hold for every field.

import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import { enumOptions } from "./moduleSchema";
import { geoFieldUI, MAP_WIDGETS } from "./widgets/MapWidgets";

const FORMAT_WIDGETS: Readonly<Record<string, string>> = {
  date: "date",
  "date-time": "datetime",
  "date-time-cn": "datetime",
  idcard: "idcard",
  mobile: "mobile",
  email: "email",
};

/** defaultWidgetFor picks the widget of a property the uiSchema leaves open. */
export function defaultWidgetFor(prop: RJSFSchema): string | undefined {
  if (enumOptions(prop) && prop.type !== "array") return "select";
  switch (prop.type) {
    case "string":
      return (typeof prop.format === "string" && FORMAT_WIDGETS[prop.format]) || "text";
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "switch";
    case "array": {
      const items = typeof prop.items === "object" && !Array.isArray(prop.items) ? (prop.items as RJSFSchema) : undefined;
      if (items && enumOptions(items)) return "multiSelect";
      if (items?.type === "object") return "children";
      return undefined;
    }
    default:
      return undefined;
  }
}

/** withDefaultWidgets fills in ui:widget for top-level properties that have none, and sends map widgets through GeoField. */
export function withDefaultWidgets(schema: RJSFSchema, ui: UiSchema): UiSchema {
  const out: UiSchema = { ...ui };
  for (const [name, p] of Object.entries(schema.properties ?? {})) {
    if (typeof p !== "object") continue;
    const entry: unknown = out[name];
    const current = typeof entry === "object" && entry !== null ? (entry as Record<string, unknown>) : {};
    if (typeof current["ui:widget"] === "string") {
      if (MAP_WIDGETS.includes(current["ui:widget"])) out[name] = geoFieldUI(current);
      continue;
    }
    const widget = defaultWidgetFor(p as RJSFSchema);
    if (widget) out[name] = { ...current, "ui:widget": widget };
  }
  return out;
}

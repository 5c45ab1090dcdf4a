// A record of a workflow module shown as label/value pairs: the module's field titles and formats when its
// schema is at hand (the user may list the module), otherwise the fields as the server named them.

import { Descriptions, Typography } from "antd";
import { useModuleSchema } from "../hooks/useModuleSchema";
import { fieldValue, RICH_WIDGETS } from "../schema-ui/FieldValue";
import { formatValue, propertyFormat } from "../schema-ui/format";
import { orderedProperties, propertyOf, uiWidgetOf } from "../schema-ui/moduleSchema";
import { labelled } from "../schema-ui/refLabels";

const INTERNAL = new Set(["id", "history", "tenantId", "tenant_id", "orgId", "createdBy", "updatedBy", "createdAt", "updatedAt", "deletedAt", "version"]);

export interface RecordSummaryProps {
  module: string;
  record: Record<string, unknown>;
  column?: number;
  bordered?: boolean;
}

export function RecordSummary({ module, record, column = 2, bordered = true }: RecordSummaryProps) {
  const state = useModuleSchema(module);
  const schema = state.status === "ready" ? state.schema : undefined;
  const items = schema
    ? orderedProperties(schema)
        .filter((n) => uiWidgetOf(schema.uiSchema, n) !== "hidden" && record[n] !== undefined)
        .map((name) => {
          const prop = propertyOf(schema, name);
          const widget = uiWidgetOf(schema.uiSchema, name);
          const shown = RICH_WIDGETS.has(widget ?? "")
            ? fieldValue(widget, record[name])
            : formatValue(labelled(record, name, record[name]), propertyFormat(schema, name, prop));
          return { key: name, label: prop?.title ?? name, children: shown || <Typography.Text type="secondary">—</Typography.Text> };
        })
    : Object.entries(record)
        .filter(([k, v]) => !INTERNAL.has(k) && !k.endsWith("Label") && (typeof v !== "object" || v === null))
        .map(([k, v]) => ({ key: k, label: k, children: v === null || v === "" ? "—" : String(v) }));
  return <Descriptions size="small" bordered={bordered} column={column} items={items} />;
}

import { Table } from "antd";
import type { RJSFSchema } from "@rjsf/utils";
import { formatValue, propertyFormat } from "./format";
import type { ModuleSchema } from "./moduleSchema";
import { itemSchemaOf } from "./widgets/ChildrenWidget";

/** ChildrenTable shows a record's sub-records read-only, one column per item property. */
export function ChildrenTable({ schema, prop, rows }: { schema: ModuleSchema; prop: RJSFSchema; rows: unknown }) {
  const item = itemSchemaOf(prop);
  const data = (Array.isArray(rows) ? rows : [])
    .filter((r): r is Record<string, unknown> => typeof r === "object" && r !== null)
    .map((r, i) => ({ ...r, __key: String(i) }));
  const columns = Object.entries(item.properties ?? {}).flatMap(([name, p]) => {
    if (typeof p !== "object") return [];
    const fmt = propertyFormat(schema, name, p as RJSFSchema, {});
    return [{ key: name, dataIndex: name, title: (p as RJSFSchema).title ?? name, render: (v: unknown) => formatValue(v, fmt) }];
  });
  return <Table size="small" pagination={false} rowKey="__key" columns={columns} dataSource={data} scroll={{ x: true }} />;
}

import { Button, DatePicker, Input, InputNumber, Select, Switch, Table, type TableColumnsType } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import dayjs from "dayjs";
import type { RJSFSchema, WidgetProps } from "@rjsf/utils";
import { useTranslation } from "react-i18next";
import { DATE_FORMAT, DATETIME_FORMAT } from "../../lib/format";
import { enumOptions } from "../moduleSchema";
import { DEFAULT_MAX_LENGTH } from "./context";

export type Row = Record<string, unknown>;

/** itemSchemaOf returns the object schema of one child row. */
export function itemSchemaOf(schema: RJSFSchema): RJSFSchema {
  const items = schema.items;
  return typeof items === "object" && !Array.isArray(items) ? (items as RJSFSchema) : {};
}

function columnsOf(item: RJSFSchema): [string, RJSFSchema][] {
  return Object.entries(item.properties ?? {}).flatMap(([name, p]) =>
    typeof p === "object" ? [[name, p as RJSFSchema] as [string, RJSFSchema]] : [],
  );
}

interface CellProps {
  prop: RJSFSchema;
  value: unknown;
  label: string;
  disabled: boolean;
  onChange: (v: unknown) => void;
}

/** Cell edits one value of a child row with the control its schema calls for. */
function Cell({ prop, value, label, disabled, onChange }: CellProps) {
  const choices = enumOptions(prop);
  if (choices) {
    return (
      <Select
        aria-label={label}
        value={value ?? undefined}
        allowClear
        disabled={disabled}
        options={choices.map((o) => ({ value: o.value as string | number, label: o.label }))}
        onChange={(v: unknown) => onChange(v)}
        style={{ width: "100%", minWidth: 100 }}
      />
    );
  }
  if (prop.type === "boolean") return <Switch aria-label={label} checked={value === true} disabled={disabled} onChange={onChange} />;
  if (prop.type === "integer" || prop.type === "number") {
    return (
      <InputNumber
        aria-label={label}
        value={typeof value === "number" ? value : null}
        precision={prop.type === "integer" ? 0 : undefined}
        disabled={disabled}
        onChange={(v) => onChange(typeof v === "number" ? v : undefined)}
        style={{ width: "100%" }}
      />
    );
  }
  if (prop.format === "date" || prop.format === "date-time-cn" || prop.format === "date-time") {
    const withTime = prop.format !== "date";
    const d = typeof value === "string" && value ? dayjs(value) : null;
    return (
      <DatePicker
        aria-label={label}
        showTime={withTime}
        value={d?.isValid() ? d : null}
        disabled={disabled}
        onChange={(x) => onChange(x ? x.format(withTime ? DATETIME_FORMAT : DATE_FORMAT) : undefined)}
      />
    );
  }
  return (
    <Input
      aria-label={label}
      value={typeof value === "string" || typeof value === "number" ? String(value) : ""}
      maxLength={typeof prop.maxLength === "number" ? prop.maxLength : DEFAULT_MAX_LENGTH}
      allowClear
      disabled={disabled}
      onChange={(e) => onChange(e.target.value === "" ? undefined : e.target.value)}
      onBlur={(e) => {
        const trimmed = e.target.value.trim();
        if (trimmed !== e.target.value) onChange(trimmed === "" ? undefined : trimmed);
      }}
    />
  );
}

/** ChildrenWidget edits one-to-many sub-records (an array of objects) as a table of rows. */
export function ChildrenWidget({ id, value, onChange, schema, disabled, readonly }: WidgetProps) {
  const { t } = useTranslation();
  const rows: Row[] = Array.isArray(value) ? (value as Row[]) : [];
  const item = itemSchemaOf(schema);
  const locked = !!(disabled || readonly);
  const full = typeof schema.maxItems === "number" && rows.length >= schema.maxItems;

  const setCell = (index: number, name: string, v: unknown) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, [name]: v } : r)));

  const columns: TableColumnsType<Row & { __index: number }> = [
    ...columnsOf(item).map(([name, prop]) => ({
      key: name,
      title: prop.title ?? name,
      render: (_: unknown, row: Row & { __index: number }) => (
        <Cell
          prop={prop}
          value={row[name]}
          label={`${prop.title ?? name} ${row.__index + 1}`}
          disabled={locked}
          onChange={(v) => setCell(row.__index, name, v)}
        />
      ),
    })),
    {
      key: "__actions",
      title: t("common.actions"),
      width: 80,
      render: (_: unknown, row: Row & { __index: number }) => (
        <Button
          type="text"
          danger
          aria-label={`${t("widgets.removeRow")} ${row.__index + 1}`}
          icon={<DeleteOutlined />}
          disabled={locked}
          onClick={() => onChange(rows.filter((_r, i) => i !== row.__index))}
        />
      ),
    },
  ];

  return (
    <div id={id}>
      <Table
        size="small"
        pagination={false}
        rowKey="__index"
        columns={columns}
        dataSource={rows.map((r, i) => ({ ...r, __index: i }))}
        scroll={{ x: true }}
      />
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        disabled={locked || full}
        onClick={() => onChange([...rows, {}])}
        style={{ marginTop: 8 }}
        block
      >
        {t("widgets.addRow")}
      </Button>
    </div>
  );
}

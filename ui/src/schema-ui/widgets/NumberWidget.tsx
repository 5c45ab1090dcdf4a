import { InputNumber } from "antd";
import type { WidgetProps } from "@rjsf/utils";
import { placeholderOf, statusOf } from "./context";

/** decimalsOf reads the precision a multipleOf implies (0.01 → 2). */
export function decimalsOf(multipleOf: unknown): number | undefined {
  if (typeof multipleOf !== "number" || multipleOf <= 0 || multipleOf >= 1) return undefined;
  return Math.max(0, Math.round(-Math.log10(multipleOf)));
}

/** NumberWidget edits an integer or decimal within the schema's minimum and maximum. */
export function NumberWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, options, schema } = props;
  const precision = schema.type === "integer" ? 0 : decimalsOf(schema.multipleOf);
  return (
    <InputNumber
      id={id}
      value={typeof value === "number" ? value : null}
      min={typeof schema.minimum === "number" ? schema.minimum : undefined}
      max={typeof schema.maximum === "number" ? schema.maximum : undefined}
      precision={precision}
      disabled={disabled || readonly}
      placeholder={placeholderOf(props)}
      status={statusOf(props)}
      onChange={(v) => onChange(typeof v === "number" ? v : options.emptyValue)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      style={{ width: "100%" }}
    />
  );
}

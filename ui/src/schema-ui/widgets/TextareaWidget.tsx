import { Input } from "antd";
import type { WidgetProps } from "@rjsf/utils";
import { DEFAULT_MAX_LENGTH, placeholderOf, statusOf } from "./context";

/** TextareaWidget: multi-line, trimmed on blur, limited (default 255) with a counter, clearable. */
export function TextareaWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, options, schema } = props;
  const rows = typeof options.rows === "number" ? options.rows : 4;
  return (
    <Input.TextArea
      id={id}
      name={id}
      rows={rows}
      value={typeof value === "string" ? value : ""}
      maxLength={typeof schema.maxLength === "number" ? schema.maxLength : DEFAULT_MAX_LENGTH}
      showCount
      allowClear
      disabled={disabled || readonly}
      placeholder={placeholderOf(props)}
      status={statusOf(props)}
      onChange={(e) => onChange(e.target.value === "" ? options.emptyValue : e.target.value)}
      onBlur={(e) => {
        const trimmed = e.target.value.trim();
        if (trimmed !== e.target.value) onChange(trimmed === "" ? options.emptyValue : trimmed);
        onBlur(id, trimmed);
      }}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}

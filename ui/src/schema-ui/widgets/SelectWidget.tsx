import { Select } from "antd";
import type { WidgetProps } from "@rjsf/utils";
import { choicesOf, placeholderOf, statusOf } from "./context";

function selectWidget(multiple: boolean) {
  function Widget(props: WidgetProps) {
    const { id, value, onChange, onBlur, onFocus, disabled, readonly, options } = props;
    const choices = choicesOf(props).map((o) => ({ value: o.value as string | number, label: o.label }));
    return (
      <Select
        id={id}
        mode={multiple ? "multiple" : undefined}
        value={multiple ? (Array.isArray(value) ? value : []) : (value ?? undefined)}
        options={choices}
        allowClear
        showSearch
        optionFilterProp="label"
        disabled={disabled || readonly}
        placeholder={placeholderOf(props)}
        status={statusOf(props)}
        onChange={(v: unknown) => onChange(v === undefined || (Array.isArray(v) && !v.length && !multiple) ? options.emptyValue : v)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        style={{ width: "100%" }}
      />
    );
  }
  return Widget;
}

/** SelectWidget picks one choice of a dictionary (ui:options.dict) or of the schema's oneOf. */
export const SelectWidget = selectWidget(false);
/** MultiSelectWidget picks several (an array of enum items). */
export const MultiSelectWidget = selectWidget(true);

import { Switch } from "antd";
import type { WidgetProps } from "@rjsf/utils";

/** SwitchWidget edits a boolean. */
export function SwitchWidget({ id, value, onChange, disabled, readonly, label }: WidgetProps) {
  return (
    <Switch id={id} aria-label={label} checked={value === true} disabled={disabled || readonly} onChange={(checked) => onChange(checked)} />
  );
}

import { DatePicker } from "antd";
import dayjs from "dayjs";
import type { WidgetProps } from "@rjsf/utils";
import { DATE_FORMAT, DATETIME_FORMAT } from "../../lib/format";
import { placeholderOf, statusOf } from "./context";

function dateWidget(withTime: boolean) {
  function Widget(props: WidgetProps) {
    const { id, value, onChange, onBlur, onFocus, disabled, readonly, options, schema } = props;
    const parsed = typeof value === "string" && value ? dayjs(value) : null;
    // Standard date-time is ISO 8601; the server's date-time-cn (and plain datetimes) are "YYYY-MM-DD HH:mm:ss".
    const write = (d: dayjs.Dayjs) =>
      !withTime ? d.format(DATE_FORMAT) : schema.format === "date-time" ? d.format() : d.format(DATETIME_FORMAT);
    return (
      <DatePicker
        id={id}
        showTime={withTime}
        format={withTime ? DATETIME_FORMAT : DATE_FORMAT}
        value={parsed?.isValid() ? parsed : null}
        allowClear
        disabled={disabled || readonly}
        placeholder={placeholderOf(props)}
        status={statusOf(props)}
        onChange={(d) => onChange(d ? write(d) : options.emptyValue)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        style={{ width: "100%" }}
      />
    );
  }
  return Widget;
}

export const DateWidget = dateWidget(false);
export const DateTimeWidget = dateWidget(true);

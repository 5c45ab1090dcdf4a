// The date and date-range inputs of the search form, in a chunk of their own: antd's date picker loads only
// for a module that filters by a date (the first list after signing in stays within its wire budget).

import { DatePicker } from "antd";
import dayjs, { type Dayjs } from "dayjs";

export interface SearchDateFieldProps {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  range: boolean;
  showTime: boolean;
}

export default function SearchDateField({ id, value, onChange, range, showTime }: SearchDateFieldProps) {
  if (range) {
    const pair = Array.isArray(value) ? (value as [Dayjs | null, Dayjs | null]) : null;
    return <DatePicker.RangePicker id={id} value={pair} onChange={(v) => onChange?.(v ?? undefined)} style={{ width: "100%" }} />;
  }
  const single = dayjs.isDayjs(value) ? value : null;
  return <DatePicker id={id} showTime={showTime} value={single} onChange={(v) => onChange?.(v ?? undefined)} style={{ width: "100%" }} />;
}

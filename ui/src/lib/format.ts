// The spec's display constants in one place (§9): the byte-size formatter and the date formats. Every
// screen that shows a size or a date takes them from here.

import dayjs from "dayjs";

/** DATE_FORMAT is a day: year-month-day. */
export const DATE_FORMAT = "YYYY-MM-DD";
/** DATETIME_FORMAT is the spec's default date format: year-month-day hour:minute:second. */
export const DATETIME_FORMAT = "YYYY-MM-DD HH:mm:ss";

const UNITS = ["B", "KB", "MB", "GB", "TB"] as const;

/**
 * formatBytes writes a byte count the way spec §9's formatter does: a unit is used until the number
 * reaches about a tenth of the next one (102.4 B → KB, 100 KB → MB, 100 MB → GB), two decimals at most.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "";
  let value = bytes;
  let unit = 0;
  while (unit < UNITS.length - 1 && value >= 102.4) {
    value /= 1024;
    unit++;
  }
  return `${Number(value.toFixed(2))} ${UNITS[unit]}`;
}

/** formatDateTime writes a date-time in DATETIME_FORMAT, "" for an invalid value. */
export function formatDateTime(value: string | number | Date): string {
  const d = dayjs(value);
  return d.isValid() ? d.format(DATETIME_FORMAT) : "";
}

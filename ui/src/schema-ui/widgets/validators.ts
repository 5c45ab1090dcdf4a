// Formats the server's JSON Schema uses beyond draft-07 (idcard, mobile, date-time-cn), judged the same
// way in the browser as on the server.

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = "10X98765432";

/** isIdCard checks an 18-character mainland resident identity number: shape, birth date and check digit. */
export function isIdCard(value: string): boolean {
  if (!/^\d{17}[\dX]$/i.test(value)) return false;
  const y = Number(value.slice(6, 10));
  const m = Number(value.slice(10, 12));
  const d = Number(value.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 1900) return false;
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(value[i]), 0);
  return ID_CHECK[sum % 11] === value[17].toUpperCase();
}

/** isMobile checks a mainland mobile number: 11 digits starting 1[3-9]. */
export function isMobile(value: string): boolean {
  return /^1[3-9]\d{9}$/.test(value);
}

/** isDateTimeCn checks "YYYY-MM-DD HH:mm:ss". */
export function isDateTimeCn(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value);
}

/** CUSTOM_FORMATS is handed to the ajv validator. */
export const CUSTOM_FORMATS = {
  idcard: isIdCard,
  mobile: isMobile,
  "date-time-cn": isDateTimeCn,
} as const;

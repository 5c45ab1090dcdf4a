// The code field of two-factor sign-in: what a person types (six digits from the app, or a recovery code
// like "abcde-fghij") is cleaned as they type and judged complete before it is sent.

/** TOTP_DIGITS is the length of an app's code. */
export const TOTP_DIGITS = 6;

/** RECOVERY_LENGTH is the longest recovery code as typed (ten characters and a dash). */
export const RECOVERY_LENGTH = 11;

export type CodeKind = "totp" | "recovery" | "incomplete";

/** cleanCode drops spaces and anything a code cannot hold, lower-cases, and bounds the length. */
export function cleanCode(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/[^0-9a-z-]/g, "")
    .slice(0, RECOVERY_LENGTH);
}

/** codeKind tells whether a cleaned code is an app code, a recovery code, or not yet either. */
export function codeKind(code: string): CodeKind {
  if (new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return "totp";
  if (/^[a-z2-7]{5}-?[a-z2-7]{5}$/.test(code)) return "recovery";
  return "incomplete";
}

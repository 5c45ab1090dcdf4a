// The shapes of two-factor sign-in answers, read without trusting the server blindly.

/** TotpSetup is a new secret, shown once: base32 for typing, the otpauth:// URI for the QR code. */
export interface TotpSetup {
  secret: string;
  otpauthUri: string;
}

/** TotpChallenge is what the password step answers when a code must follow. */
export interface TotpChallenge {
  challenge: string;
  mustChangePassword: boolean;
  /** Present when a role requires two-factor sign-in and the user must enrol first. */
  setup: TotpSetup | null;
}

/** TotpState is the profile's view of the signed-in user's two-factor sign-in. */
export interface TotpState {
  enabled: boolean;
  required: boolean;
  recoveryCodesLeft: number;
}

/** recordOf is raw as an object, or an empty one. */
export function recordOf(raw: unknown): Record<string, unknown> {
  return typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
}

/** setupOf reads a TotpSetup, or null when raw is not one. */
export function setupOf(raw: unknown): TotpSetup | null {
  const r = recordOf(raw);
  return typeof r.secret === "string" && typeof r.otpauthUri === "string" ? { secret: r.secret, otpauthUri: r.otpauthUri } : null;
}

/** challengeOf reads the challenge of a login answer, or null when the answer signs in directly. */
export function challengeOf(raw: unknown): TotpChallenge | null {
  const r = recordOf(raw);
  if (r.totpRequired !== true || typeof r.challenge !== "string" || !r.challenge) return null;
  return { challenge: r.challenge, mustChangePassword: r.mustChangePassword === true, setup: setupOf(r.totpSetup) };
}

/** recoveryCodesOf reads a list of recovery codes. */
export function recoveryCodesOf(raw: unknown): string[] {
  const codes = recordOf(raw).recoveryCodes;
  return Array.isArray(codes) ? codes.filter((c): c is string => typeof c === "string") : [];
}


// Two-factor sign-in calls (docs/api.md "Sign-in"): the code step of a login, and enrolment from the profile.

import { encryptPasswords } from "./authApi";
import { request } from "./http";
import { recordOf, recoveryCodesOf, setupOf, type TotpSetup, type TotpState } from "./totpAnswer";

export type { TotpChallenge, TotpSetup, TotpState } from "./totpAnswer";

export const TOTP_PATHS = {
  loginCode: "/api/system/login/totp",
  status: "/api/system/totp",
  start: "/api/system/totp/start",
  confirm: "/api/system/totp/confirm",
  disable: "/api/system/totp/disable",
} as const;

/** postLoginCode sends the code encrypted like the password; the answer is a login answer. Errors are the caller's. */
export async function postLoginCode(challenge: string, code: string): Promise<Record<string, unknown>> {
  const [encrypted] = await encryptPasswords(code);
  return recordOf(
    await request<unknown>(TOTP_PATHS.loginCode, { method: "POST", body: { challenge, code: encrypted }, silent: true, skipAuthRedirect: true }),
  );
}

export async function fetchTotpState(): Promise<TotpState> {
  const r = recordOf(await request<unknown>(TOTP_PATHS.status, { silent: true }));
  return { enabled: r.enabled === true, required: r.required === true, recoveryCodesLeft: Number(r.recoveryCodesLeft) || 0 };
}

export async function startTotp(): Promise<TotpSetup> {
  const setup = setupOf(await request<unknown>(TOTP_PATHS.start, { method: "POST", silent: true }));
  if (!setup) throw new Error("totp start answer has no secret");
  return setup;
}

/** confirmTotp turns two-factor sign-in on and returns the recovery codes, shown once. */
export async function confirmTotp(code: string): Promise<string[]> {
  return recoveryCodesOf(await request<unknown>(TOTP_PATHS.confirm, { method: "POST", body: { code }, silent: true }));
}

export async function disableTotp(password: string): Promise<void> {
  const [encrypted] = await encryptPasswords(password);
  await request<unknown>(TOTP_PATHS.disable, { method: "POST", body: { password: encrypted }, silent: true });
}

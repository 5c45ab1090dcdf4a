// The user form's rules and messages (spec §5 "User", §8 "Users and profile"): pure checks the user edit
// screen and the profile page share; the messages are the specification's, kept in the locale bundles.

import { all, maxLength, pattern, required, text, type Check } from "../formRules";
import { catalogue } from "../../locales/catalogue";
import { ADMIN_PASSWORD_WRONG } from "../../locales/serverTexts";

/** USER_MSG holds the specification's message texts of the user screens (system.users.messages). */
export const USER_MSG = catalogue("system.users.messages");

/** msg reads one of USER_MSG when a check fails, so the text follows the current locale. */
const msg =
  (key: keyof typeof USER_MSG): (() => string) =>
  () =>
    USER_MSG[key];

/** Limits of spec §9. */
export const USER_LIMITS = {
  username: 20,
  personName: 20,
  mobile: 11,
  email: 40,
  discTitle: 30,
  discDetail: 350,
  input: 255,
} as const;

/** MOBILE_PATTERN is the user screen's mainland mobile: 11 digits starting 13–19. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/** PROFILE_MOBILE is the profile page's mobile: exactly 11 digits. */
export const PROFILE_MOBILE = /^\d{11}$/;
/** EMAIL_PATTERN is a standard address (the server's pattern). */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export const checkUsername: Check = all(
  required(msg("usernameRequired")),
  maxLength(USER_LIMITS.username, msg("usernameTooLong")),
);
export const checkFamilyName: Check = all(
  required(msg("familyNameRequired")),
  maxLength(USER_LIMITS.personName, msg("familyNameTooLong")),
);
export const checkName: Check = all(
  required(msg("nameRequired")),
  maxLength(USER_LIMITS.personName, msg("nameTooLong")),
);
/** checkMobile is the user screen's rule: required and a mainland mobile. */
export const checkMobile: Check = all(required(msg("mobileRequired")), pattern(MOBILE_PATTERN, msg("mobileInvalid")));
/** checkProfileMobile is the profile's rule: optional, exactly 11 digits when filled. */
export const checkProfileMobile: Check = pattern(PROFILE_MOBILE, msg("mobileInvalid"));
export const checkEmail: Check = maxLength(USER_LIMITS.email, msg("emailTooLong"));
/** checkProfileEmail is the profile's rule: optional, a standard address when filled. */
export const checkProfileEmail: Check = all(checkEmail, pattern(EMAIL_PATTERN, msg("emailInvalid")));
export const checkDiscTitle: Check = maxLength(USER_LIMITS.discTitle, msg("discTitleTooLong"));
export const checkDiscDetail: Check = maxLength(USER_LIMITS.discDetail, msg("discDetailTooLong"));
export const checkCurrentPassword: Check = required(msg("currentPwdRequired"));

/** passwordKinds counts the kinds (lowercase, uppercase, digit, other) a password uses. */
export function passwordKinds(password: string): number {
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/];
  return kinds.filter((re) => re.test(password)).length;
}

/** checkNewPassword: optional; when given 8–20 characters, no spaces, at least three of four kinds. */
export const checkNewPassword: Check = (value) => {
  const p = typeof value === "string" ? value : "";
  if (p === "") return undefined;
  const n = [...p].length;
  if (n < 8 || n > 20 || /\s/.test(p) || passwordKinds(p) < 3) return USER_MSG.passwordPolicy;
  return undefined;
};

/** checkRoles: at least one role. */
export const checkRoles: Check = (value) => (Array.isArray(value) && value.length > 0 ? undefined : USER_MSG.rolesRequired);

/** checkOrg: a cascader path (or id) must be chosen. */
export const checkOrg: Check = (value) =>
  (Array.isArray(value) ? value.length > 0 : text(value) !== "") ? undefined : USER_MSG.orgRequired;

/** saveErrorText translates the server's wrong-admin-password answer (spec §8); other texts pass through. */
export function saveErrorText(serverMessage: string): string {
  return serverMessage === ADMIN_PASSWORD_WRONG ? USER_MSG.currentPwdWrong : serverMessage;
}

// The profile page's password dialog rules and messages (spec §5 "Password dialog", §8 "Users and
// profile"), as plain checks.

import { all, required, type Check } from "../formRules";
import { checkNewPassword } from "../users/userRules";
import { catalogue } from "../../locales/catalogue";

/** PROFILE_MSG holds the specification's texts of the profile page (system.profile.messages). */
export const PROFILE_MSG = catalogue("system.profile.messages");

export const checkOldPassword: Check = required(() => PROFILE_MSG.oldRequired);

/** checkPasswordNew: required, then the server's policy (8–20, three of four kinds). */
export const checkPasswordNew: Check = all(required(() => PROFILE_MSG.newRequired), checkNewPassword);

/** checkConfirm answers the confirmation check against the new password typed. */
export const checkConfirm =
  (newPassword: string): Check =>
  (value) =>
    required(PROFILE_MSG.confirmRequired)(value) ?? (value !== newPassword ? PROFILE_MSG.confirmMismatch : undefined);

/** passwordFailureText is the persistent failure message: the prefix and the server's text. */
export const passwordFailureText = (serverMessage: string) => `${PROFILE_MSG.passwordFailed}${serverMessage}`;

// How a failed user save is shown (spec §8 "Users and profile"): the server's field errors go to their
// fields, and the wrong current-login password is translated and flagged on its field.

import { ApiError } from "../../api/errors";
import { ADMIN_PASSWORD_WRONG } from "../../locales/serverTexts";
import { saveErrorText, USER_MSG } from "./userRules";

/** FieldFlag is one field error in antd's setFields shape. */
export interface FieldFlag {
  name: string;
  errors: string[];
}

/** SaveFailure is what the form shows after a failed save: one message and the flagged fields. */
export interface SaveFailure {
  message: string;
  fields: FieldFlag[];
}

/** saveFailureOf reads a failed save; fallback is the message when the server gave none. */
export function saveFailureOf(err: unknown, fallback: string, knownFields: readonly string[]): SaveFailure {
  if (!(err instanceof ApiError)) return { message: fallback, fields: [] };
  const texts = [err.serverMessage, ...err.fieldErrors.map((e) => e.message)];
  if (texts.includes(ADMIN_PASSWORD_WRONG)) {
    return { message: USER_MSG.currentPwdWrong, fields: [{ name: "currentUserPwd", errors: [USER_MSG.currentPwdFlag] }] };
  }
  const fields = err.fieldErrors
    .filter((e) => knownFields.includes(e.field))
    .map((e) => ({ name: e.field, errors: [e.message] }));
  return { message: saveErrorText(err.serverMessage || err.fieldErrors[0]?.message || fallback), fields };
}

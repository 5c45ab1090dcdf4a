// The profile page's password dialog rules and messages (spec §5 "Password dialog", §8 "Users and
// profile"), as plain checks.

import { all, required, type Check } from "../formRules";
import { checkNewPassword } from "../users/userRules";

/** PROFILE_MSG holds the specification's texts of the profile page. */
export const PROFILE_MSG = {
  oldRequired: "请输入原密码",
  newRequired: "请输入新密码",
  confirmRequired: "请再次输入新密码",
  confirmMismatch: "两次输入密码不一致",
  updateFailed: "提交的信息包含违规",
  passwordFailed: "更新密码失败：",
  passwordChanged: "更新密码成功！",
} as const;

export const checkOldPassword: Check = required(PROFILE_MSG.oldRequired);

/** checkPasswordNew: required, then the server's policy (8–20, three of four kinds). */
export const checkPasswordNew: Check = all(required(PROFILE_MSG.newRequired), checkNewPassword);

/** checkConfirm answers the confirmation check against the new password typed. */
export const checkConfirm =
  (newPassword: string): Check =>
  (value) =>
    required(PROFILE_MSG.confirmRequired)(value) ?? (value !== newPassword ? PROFILE_MSG.confirmMismatch : undefined);

/** passwordFailureText is the persistent failure message: the prefix and the server's text. */
export const passwordFailureText = (serverMessage: string) => `${PROFILE_MSG.passwordFailed}${serverMessage}`;

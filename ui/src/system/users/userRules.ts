// The user form's rules and messages (spec §5 "User", §8 "Users and profile"): pure checks the user edit
// screen and the profile page share, each message verbatim from the specification.

import { all, maxLength, pattern, required, text, type Check } from "../formRules";

/** USER_MSG holds the specification's message texts of the user screens. */
export const USER_MSG = {
  usernameRequired: "用户名不能为空！",
  usernameTooLong: "用户名长度不能超过20个字符",
  usernameTaken: "当前账号已存在，请重新输入！",
  familyNameRequired: "姓不能为空！",
  familyNameTooLong: "姓长度不能超过20个字符",
  nameRequired: "名不能为空！",
  nameTooLong: "名长度不能超过20个字符",
  mobileRequired: "请输入手机号",
  mobileInvalid: "请输入正确的手机号",
  mobileTaken: "当前手机号已存在，请重新输入！",
  emailTooLong: "邮箱长度不能超过40个字符",
  emailInvalid: "请输入正确的邮箱",
  discTitleTooLong: "个人描述标题长度不能超过30个字符",
  discDetailTooLong: "个人描述内容长度不能超过350个字符",
  passwordPolicy: "密码长度大于8小于20需要包括小写字母或大写字母数字、特殊字符中至少三项",
  currentPwdRequired: "当前登录密码不能为空",
  currentPwdWrong: "当前登录密码填写错误！",
  currentPwdFlag: "登录密码错误，请重新填写！",
  adminPwdWrongServer: "管理员密码不正确！",
  rolesRequired: "请选择至少一个角色！",
  orgRequired: "请选择所属机构！",
  asyncCheckFailed: "异步校验出错！",
  loadFailed: "数据获取失败！",
  userLoadFailed: "获取用户信息失败！",
  deleted: "删除成功！",
  deleteFailed: "删除失败！",
} as const;

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
  required(USER_MSG.usernameRequired),
  maxLength(USER_LIMITS.username, USER_MSG.usernameTooLong),
);
export const checkFamilyName: Check = all(
  required(USER_MSG.familyNameRequired),
  maxLength(USER_LIMITS.personName, USER_MSG.familyNameTooLong),
);
export const checkName: Check = all(
  required(USER_MSG.nameRequired),
  maxLength(USER_LIMITS.personName, USER_MSG.nameTooLong),
);
/** checkMobile is the user screen's rule: required and a mainland mobile. */
export const checkMobile: Check = all(required(USER_MSG.mobileRequired), pattern(MOBILE_PATTERN, USER_MSG.mobileInvalid));
/** checkProfileMobile is the profile's rule: optional, exactly 11 digits when filled. */
export const checkProfileMobile: Check = pattern(PROFILE_MOBILE, USER_MSG.mobileInvalid);
export const checkEmail: Check = maxLength(USER_LIMITS.email, USER_MSG.emailTooLong);
/** checkProfileEmail is the profile's rule: optional, a standard address when filled. */
export const checkProfileEmail: Check = all(checkEmail, pattern(EMAIL_PATTERN, USER_MSG.emailInvalid));
export const checkDiscTitle: Check = maxLength(USER_LIMITS.discTitle, USER_MSG.discTitleTooLong);
export const checkDiscDetail: Check = maxLength(USER_LIMITS.discDetail, USER_MSG.discDetailTooLong);
export const checkCurrentPassword: Check = required(USER_MSG.currentPwdRequired);

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
  return serverMessage === USER_MSG.adminPwdWrongServer ? USER_MSG.currentPwdWrong : serverMessage;
}

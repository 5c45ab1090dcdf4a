import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/errors";
import { orgChain } from "../../widgets/pickers/orgApi";
import { saveFailureOf } from "./saveErrors";
import { showPager } from "./UserManagementPage";
import * as R from "./userRules";
import { text } from "../../locales/catalogue";
import { CN } from "../../test/chinese";
import { ADMIN_PASSWORD_WRONG } from "../../locales/serverTexts";

describe("user form rules", () => {
  it("requires a username of at most 20 characters", () => {
    expect(R.checkUsername("")).toBe(text("system.users.messages.usernameRequired"));
    expect(R.checkUsername("   ")).toBe(text("system.users.messages.usernameRequired"));
    expect(R.checkUsername("a".repeat(20))).toBeUndefined();
    expect(R.checkUsername("a".repeat(21))).toBe(R.USER_MSG.usernameTooLong);
  });

  it("requires family and given names of at most 20 characters", () => {
    expect(R.checkFamilyName(undefined)).toBe(text("system.users.messages.familyNameRequired"));
    expect(R.checkName("")).toBe(text("system.users.messages.nameRequired"));
    expect(R.checkFamilyName(CN.zhang)).toBeUndefined();
    expect(R.checkName(CN.ming.repeat(21))).toBe(R.USER_MSG.nameTooLong);
  });

  it("requires a mainland mobile on the user screen", () => {
    expect(R.checkMobile("")).toBe(text("system.users.messages.mobileRequired"));
    expect(R.checkMobile("13800138000")).toBeUndefined();
    expect(R.checkMobile("19912345678")).toBeUndefined();
    expect(R.checkMobile("12800138000")).toBe(text("system.users.messages.mobileInvalid"));
    expect(R.checkMobile("1380013800")).toBe(text("system.users.messages.mobileInvalid"));
    expect(R.checkMobile("1380013800a")).toBe(text("system.users.messages.mobileInvalid"));
  });

  it("takes any 11 digits or nothing as the profile's mobile", () => {
    expect(R.checkProfileMobile("")).toBeUndefined();
    expect(R.checkProfileMobile("02012345678")).toBeUndefined();
    expect(R.checkProfileMobile("0201234567")).toBe(text("system.users.messages.mobileInvalid"));
  });

  it("checks the email's length, and its form on the profile", () => {
    expect(R.checkEmail(`${"a".repeat(32)}@test.com`)).toBe(R.USER_MSG.emailTooLong);
    expect(R.checkEmail("not an address")).toBeUndefined();
    expect(R.checkProfileEmail("not an address")).toBe(text("system.users.messages.emailInvalid"));
    expect(R.checkProfileEmail("li.ming@example.cn")).toBeUndefined();
    expect(R.checkProfileEmail("")).toBeUndefined();
  });

  it("limits the descriptions", () => {
    expect(R.checkDiscTitle(CN.titleChar.repeat(30))).toBeUndefined();
    expect(R.checkDiscTitle(CN.titleChar.repeat(31))).toBe(R.USER_MSG.discTitleTooLong);
    expect(R.checkDiscDetail(CN.descChar.repeat(351))).toBe(R.USER_MSG.discDetailTooLong);
  });

  it("takes an empty new password, else 8–20 with three kinds", () => {
    const policy = text("system.users.messages.passwordPolicy");
    expect(R.checkNewPassword("")).toBeUndefined();
    expect(R.checkNewPassword("Abc-123")).toBe(policy);
    expect(R.checkNewPassword("abcdefgh12")).toBe(policy);
    expect(R.checkNewPassword("abcdefgh12A")).toBeUndefined();
    expect(R.checkNewPassword("abcdefgh-12")).toBeUndefined();
    expect(R.checkNewPassword("Abcdefgh-12345678901")).toBeUndefined();
    expect(R.checkNewPassword("Abcdefgh-123456789012")).toBe(policy);
    expect(R.checkNewPassword("Abc defg-12")).toBe(policy);
  });

  it("requires the current login password, a role and an organisation", () => {
    expect(R.checkCurrentPassword("")).toBe(text("system.users.messages.currentPwdRequired"));
    expect(R.checkRoles([])).toBe(text("system.users.messages.rolesRequired"));
    expect(R.checkRoles([3])).toBeUndefined();
    expect(R.checkOrg([])).toBe(text("system.users.messages.orgRequired"));
    expect(R.checkOrg(undefined)).toBe(text("system.users.messages.orgRequired"));
    expect(R.checkOrg([1, 4])).toBeUndefined();
  });
});

describe("save failures", () => {
  it("translates the wrong administrator password and flags the field", () => {
    const err = new ApiError({
      kind: "http",
      statusCode: 400,
      serverMessage: ADMIN_PASSWORD_WRONG,
      fieldErrors: [{ field: "currentUserPwd", message: ADMIN_PASSWORD_WRONG }],
    });
    expect(saveFailureOf(err, "x", ["currentUserPwd"])).toEqual({
      message: text("system.users.messages.currentPwdWrong"),
      fields: [{ name: "currentUserPwd", errors: [text("system.users.messages.currentPwdFlag")] }],
    });
  });

  it("puts other field errors on their fields (orgId on the cascader)", () => {
    const err = new ApiError({
      kind: "http",
      statusCode: 400,
      serverMessage: text("system.users.messages.mobileTaken"),
      fieldErrors: [
        { field: "mobile", message: text("system.users.messages.mobileTaken") },
        { field: "orgId", message: CN.orgMissing },
        { field: "other", message: "ignored" },
      ],
    });
    expect(saveFailureOf(err, "x", ["mobile", "orgId"])).toEqual({
      message: text("system.users.messages.mobileTaken"),
      fields: [
        { name: "mobile", errors: [text("system.users.messages.mobileTaken")] },
        { name: "orgId", errors: [CN.orgMissing] },
      ],
    });
  });

  it("falls back when the failure is not the server's", () => {
    expect(saveFailureOf(new Error("boom"), text("system.users.saveFailed"), [])).toEqual({ message: text("system.users.saveFailed"), fields: [] });
  });
});

describe("screen helpers", () => {
  it("shows the pager only when the total exceeds the page size", () => {
    expect(showPager(10, 10)).toBe(false);
    expect(showPager(11, 10)).toBe(true);
    expect(showPager(0, 10)).toBe(false);
  });

  it("reads an organisation path from the signed-in user's organisation down", () => {
    expect(orgChain("/1/5/9/", 1)).toEqual([1, 5, 9]);
    expect(orgChain("/1/5/9/", 5)).toEqual([5, 9]);
    expect(orgChain("/1/5/9/", 7)).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/errors";
import { orgChain } from "../../widgets/pickers/orgApi";
import { saveFailureOf } from "./saveErrors";
import { showPager } from "./UserManagementPage";
import * as R from "./userRules";

describe("user form rules", () => {
  it("requires a username of at most 20 characters", () => {
    expect(R.checkUsername("")).toBe("用户名不能为空！");
    expect(R.checkUsername("   ")).toBe("用户名不能为空！");
    expect(R.checkUsername("a".repeat(20))).toBeUndefined();
    expect(R.checkUsername("a".repeat(21))).toBe(R.USER_MSG.usernameTooLong);
  });

  it("requires family and given names of at most 20 characters", () => {
    expect(R.checkFamilyName(undefined)).toBe("姓不能为空！");
    expect(R.checkName("")).toBe("名不能为空！");
    expect(R.checkFamilyName("张")).toBeUndefined();
    expect(R.checkName("明".repeat(21))).toBe(R.USER_MSG.nameTooLong);
  });

  it("requires a mainland mobile on the user screen", () => {
    expect(R.checkMobile("")).toBe("请输入手机号");
    expect(R.checkMobile("13800138000")).toBeUndefined();
    expect(R.checkMobile("19912345678")).toBeUndefined();
    expect(R.checkMobile("12800138000")).toBe("请输入正确的手机号");
    expect(R.checkMobile("1380013800")).toBe("请输入正确的手机号");
    expect(R.checkMobile("1380013800a")).toBe("请输入正确的手机号");
  });

  it("takes any 11 digits or nothing as the profile's mobile", () => {
    expect(R.checkProfileMobile("")).toBeUndefined();
    expect(R.checkProfileMobile("02012345678")).toBeUndefined();
    expect(R.checkProfileMobile("0201234567")).toBe("请输入正确的手机号");
  });

  it("checks the email's length, and its form on the profile", () => {
    expect(R.checkEmail(`${"a".repeat(32)}@test.com`)).toBe(R.USER_MSG.emailTooLong);
    expect(R.checkEmail("not an address")).toBeUndefined();
    expect(R.checkProfileEmail("not an address")).toBe("请输入正确的邮箱");
    expect(R.checkProfileEmail("li.ming@example.cn")).toBeUndefined();
    expect(R.checkProfileEmail("")).toBeUndefined();
  });

  it("limits the descriptions", () => {
    expect(R.checkDiscTitle("题".repeat(30))).toBeUndefined();
    expect(R.checkDiscTitle("题".repeat(31))).toBe(R.USER_MSG.discTitleTooLong);
    expect(R.checkDiscDetail("述".repeat(351))).toBe(R.USER_MSG.discDetailTooLong);
  });

  it("takes an empty new password, else 8–20 with three kinds", () => {
    const policy = "密码长度大于8小于20需要包括小写字母或大写字母数字、特殊字符中至少三项";
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
    expect(R.checkCurrentPassword("")).toBe("当前登录密码不能为空");
    expect(R.checkRoles([])).toBe("请选择至少一个角色！");
    expect(R.checkRoles([3])).toBeUndefined();
    expect(R.checkOrg([])).toBe("请选择所属机构！");
    expect(R.checkOrg(undefined)).toBe("请选择所属机构！");
    expect(R.checkOrg([1, 4])).toBeUndefined();
  });
});

describe("save failures", () => {
  it("translates the wrong administrator password and flags the field", () => {
    const err = new ApiError({
      kind: "http",
      statusCode: 400,
      serverMessage: "管理员密码不正确！",
      fieldErrors: [{ field: "currentUserPwd", message: "管理员密码不正确！" }],
    });
    expect(saveFailureOf(err, "x", ["currentUserPwd"])).toEqual({
      message: "当前登录密码填写错误！",
      fields: [{ name: "currentUserPwd", errors: ["登录密码错误，请重新填写！"] }],
    });
  });

  it("puts other field errors on their fields (orgId on the cascader)", () => {
    const err = new ApiError({
      kind: "http",
      statusCode: 400,
      serverMessage: "当前手机号已存在，请重新输入！",
      fieldErrors: [
        { field: "mobile", message: "当前手机号已存在，请重新输入！" },
        { field: "orgId", message: "机构不存在" },
        { field: "other", message: "ignored" },
      ],
    });
    expect(saveFailureOf(err, "x", ["mobile", "orgId"])).toEqual({
      message: "当前手机号已存在，请重新输入！",
      fields: [
        { name: "mobile", errors: ["当前手机号已存在，请重新输入！"] },
        { name: "orgId", errors: ["机构不存在"] },
      ],
    });
  });

  it("falls back when the failure is not the server's", () => {
    expect(saveFailureOf(new Error("boom"), "保存失败", [])).toEqual({ message: "保存失败", fields: [] });
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

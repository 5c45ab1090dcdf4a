import { describe, expect, it } from "vitest";
import { noSpaces, toRule } from "../formRules";
import { checkConfirm, checkOldPassword, checkPasswordNew, passwordFailureText } from "./profileRules";

describe("password dialog rules", () => {
  it("requires the old, new and repeated password", () => {
    expect(checkOldPassword("")).toBe("请输入原密码");
    expect(checkPasswordNew("")).toBe("请输入新密码");
    expect(checkConfirm("Abcdefg-12")("")).toBe("请再次输入新密码");
  });

  it("needs the repeated password to match", () => {
    expect(checkConfirm("Abcdefg-12")("Abcdefg-13")).toBe("两次输入密码不一致");
    expect(checkConfirm("Abcdefg-12")("Abcdefg-12")).toBeUndefined();
  });

  it("holds the new password to the server's policy", () => {
    expect(checkPasswordNew("abc123")).toBe("密码长度大于8小于20需要包括小写字母或大写字母数字、特殊字符中至少三项");
    expect(checkPasswordNew("Abcdefg-12")).toBeUndefined();
  });

  it("prefixes the server's text on failure", () => {
    expect(passwordFailureText("原密码错误")).toBe("更新密码失败：原密码错误");
  });
});

describe("form helpers", () => {
  it("turns a check into an antd rule that rejects with the message", async () => {
    const rule = toRule(checkOldPassword);
    const validate = rule.validator as (r: unknown, v: unknown) => Promise<void>;
    await expect(validate({}, "")).rejects.toThrow("请输入原密码");
    await expect(validate({}, "x")).resolves.toBeUndefined();
  });

  it("blocks spaces as the user types", () => {
    expect(noSpaces({ target: { value: " ad min\t" } })).toBe("admin");
  });
});

import { describe, expect, it } from "vitest";
import { noSpaces, toRule } from "../formRules";
import { checkConfirm, checkOldPassword, checkPasswordNew, passwordFailureText } from "./profileRules";
import { text } from "../../locales/catalogue";
import { CN } from "../../test/chinese";

describe("password dialog rules", () => {
  it("requires the old, new and repeated password", () => {
    expect(checkOldPassword("")).toBe(text("system.profile.messages.oldRequired"));
    expect(checkPasswordNew("")).toBe(text("system.profile.messages.newRequired"));
    expect(checkConfirm("Abcdefg-12")("")).toBe(text("system.profile.messages.confirmRequired"));
  });

  it("needs the repeated password to match", () => {
    expect(checkConfirm("Abcdefg-12")("Abcdefg-13")).toBe(text("system.profile.messages.confirmMismatch"));
    expect(checkConfirm("Abcdefg-12")("Abcdefg-12")).toBeUndefined();
  });

  it("holds the new password to the server's policy", () => {
    expect(checkPasswordNew("abc123")).toBe(text("system.users.messages.passwordPolicy"));
    expect(checkPasswordNew("Abcdefg-12")).toBeUndefined();
  });

  it("prefixes the server's text on failure", () => {
    expect(passwordFailureText(CN.oldPasswordWrong)).toBe(`${text("system.profile.messages.passwordFailed")}${CN.oldPasswordWrong}`);
  });
});

describe("form helpers", () => {
  it("turns a check into an antd rule that rejects with the message", async () => {
    const rule = toRule(checkOldPassword);
    const validate = rule.validator as (r: unknown, v: unknown) => Promise<void>;
    await expect(validate({}, "")).rejects.toThrow(text("system.profile.messages.oldRequired"));
    await expect(validate({}, "x")).resolves.toBeUndefined();
  });

  it("blocks spaces as the user types", () => {
    expect(noSpaces({ target: { value: " ad min\t" } })).toBe("admin");
  });
});

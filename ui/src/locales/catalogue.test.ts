import { afterEach, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import i18next from "i18next";
import "../app/i18n";
import { checkMobile, USER_MSG } from "../system/users/userRules";
import { sizeMessage } from "../widgets/upload/rules";
import { catalogue, text } from "./catalogue";
import { hanOutsideBundles } from "./hanCheck";
import en from "./en";
import zhCN from "./zh_CN";

async function switchTo(tag: string, bundle?: object): Promise<void> {
  if (bundle && !i18next.hasResourceBundle(tag, "translation")) i18next.addResourceBundle(tag, "translation", bundle);
  await i18next.changeLanguage(tag);
}

describe("catalogue", () => {
  afterEach(() => switchTo("zh-CN"));

  it("reads each text when it is used, so switching the locale changes rules and messages", async () => {
    const messages = catalogue("system.users.messages");
    expect(messages.mobileRequired).toBe(zhCN.system.users.messages.mobileRequired);
    expect(checkMobile("")).toBe(zhCN.system.users.messages.mobileRequired);
    await switchTo("en", en);
    expect(messages.mobileRequired).toBe(en.system.users.messages.mobileRequired);
    expect(USER_MSG.orgRequired).toBe(en.system.users.messages.orgRequired);
    expect(checkMobile("")).toBe(en.system.users.messages.mobileRequired);
    expect(sizeMessage("image", 5 * 1024 * 1024)).toBe("Upload an image of at most 5M");
  });

  it("lists only the texts of a section, not its subsections", () => {
    const menus = catalogue("system.menus");
    expect(Object.keys(menus)).toContain("title");
    expect(Object.keys(menus)).not.toContain("types");
    expect(text("system.common.tooLong", { label: menus.title, max: 20 })).toBe("标题长度不能超过20个字符");
  });
});

describe("hanOutsideBundles", () => {
  it("names file and line of Chinese outside the allowed places, and only those", () => {
    const root = mkdtempSync(join(tmpdir(), "han-"));
    for (const dir of ["locales", "test", "widgets"]) mkdirSync(join(root, dir));
    writeFileSync(join(root, "locales", "zh_CN.ts"), 'export default { a: "\u4e2d" };\n');
    writeFileSync(join(root, "test", "data.ts"), 'export const A = "\u4e2d";\n');
    writeFileSync(join(root, "widgets", "x.tsx"), 'const a = 1;\nconst b = "\u4e2d\u6587";\n');
    writeFileSync(join(root, "widgets", "y.test.ts"), '// \u6ce8\u91ca\n');
    writeFileSync(join(root, "widgets", "z.ts"), 'const p = "\u3001\uff1a\uff08\uff09";\n');
    writeFileSync(join(root, "widgets", "notes.md"), "\u4e2d\u6587\n");
    expect(hanOutsideBundles(root).sort()).toEqual(["widgets/x.tsx:2", "widgets/y.test.ts:1"]);
  });
});

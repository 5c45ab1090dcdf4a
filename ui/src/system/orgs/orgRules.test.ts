// Tests of the organisation name rule (spec §5).

import { describe, expect, it } from "vitest";
import { NAME_RULES } from "./orgRules";

/** check runs the rule's validator and answers its message, or "" when it passes. */
async function check(value: unknown): Promise<string> {
  const rule = NAME_RULES[0];
  if (typeof rule !== "object" || !rule.validator) throw new Error("not a validator rule");
  try {
    await rule.validator({}, value, () => undefined);
    return "";
  } catch (err) {
    return (err as Error).message;
  }
}

describe("organisation name", () => {
  it("is required, spaces alone not counting", async () => {
    expect(await check("")).toBe("请填写机构名称");
    expect(await check("   ")).toBe("请填写机构名称");
    expect(await check(undefined)).toBe("请填写机构名称");
    expect(await check("东镇")).toBe("");
  });
});

// Tests of the organisation name rule (spec §5).

import { describe, expect, it } from "vitest";
import { NAME_RULES } from "./orgRules";
import { text } from "../../locales/catalogue";
import { CN } from "../../test/chinese";

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
    expect(await check("")).toBe(text("system.orgs.messages.nameRequired"));
    expect(await check("   ")).toBe(text("system.orgs.messages.nameRequired"));
    expect(await check(undefined)).toBe(text("system.orgs.messages.nameRequired"));
    expect(await check(CN.eastTown)).toBe("");
  });
});

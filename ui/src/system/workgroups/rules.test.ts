// Tests of the work-group form rules and payload (spec §5, §9).

import { describe, expect, it } from "vitest";
import { FORM_RULES, MSG, blankError, membersError, showPager, toForm, toPayload } from "./rules";

/** validate runs an antd rule's validator and answers its message, or "" when it passes. */
async function validate(rule: (typeof FORM_RULES.groupName)[number], value: unknown): Promise<string> {
  if (typeof rule !== "object" || !rule.validator) throw new Error("not a validator rule");
  try {
    await rule.validator({}, value, () => undefined);
    return "";
  } catch (err) {
    return (err as Error).message;
  }
}

describe("work-group rules", () => {
  it("requires a name and a description, spaces alone not counting", async () => {
    expect(blankError("  ", MSG.nameRequired)).toBe("名称不能为空!");
    expect(blankError(undefined, MSG.descRequired)).toBe("描述不能为空");
    expect(blankError("组", MSG.nameRequired)).toBe("");
    expect(await validate(FORM_RULES.groupName[0], "")).toBe("名称不能为空!");
    expect(await validate(FORM_RULES.description[0], " x ")).toBe("");
  });
  it("requires at least one member", async () => {
    expect(membersError([])).toBe("人员不能为空");
    expect(membersError(undefined)).toBe("人员不能为空");
    expect(membersError([3])).toBe("");
    expect(await validate(FORM_RULES.users[0], [])).toBe("人员不能为空");
  });
  it("shows the pager only beyond 13", () => {
    expect(showPager(13)).toBe(false);
    expect(showPager(14)).toBe(true);
  });
});

describe("payload", () => {
  it("creates without id and updates with it, trimming the texts", () => {
    expect(toPayload({ groupName: " 甲 ", description: "乙 ", users: [2, 5] })).toEqual({
      groupName: "甲",
      description: "乙",
      userDetail: [{ userId: 2 }, { userId: 5 }],
    });
    expect(toPayload({ id: 7, orgId: 1, groupName: "甲", description: "乙", users: [2] })).toMatchObject({ id: 7, orgId: 1 });
  });
  it("reads a loaded group", () => {
    expect(toForm({ id: 7, groupName: "甲", description: "乙", orgId: 1, userDetail: [{ userId: "4" }] })).toEqual({
      id: 7,
      orgId: 1,
      groupName: "甲",
      description: "乙",
      users: [4],
    });
  });
});

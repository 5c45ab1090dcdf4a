// Tests of the work-group form rules and payload (spec §5, §9).

import { describe, expect, it } from "vitest";
import { FORM_RULES, MSG, blankError, membersError, showPager, toForm, toPayload } from "./rules";
import { text } from "../../locales/catalogue";
import { CN } from "../../test/chinese";

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
    expect(blankError("  ", MSG.nameRequired)).toBe(text("system.workgroups.messages.nameRequired"));
    expect(blankError(undefined, MSG.descRequired)).toBe(text("system.workgroups.messages.descRequired"));
    expect(blankError(CN.group, MSG.nameRequired)).toBe("");
    expect(await validate(FORM_RULES.groupName[0], "")).toBe(text("system.workgroups.messages.nameRequired"));
    expect(await validate(FORM_RULES.description[0], " x ")).toBe("");
  });
  it("requires at least one member", async () => {
    expect(membersError([])).toBe(text("system.workgroups.messages.usersRequired"));
    expect(membersError(undefined)).toBe(text("system.workgroups.messages.usersRequired"));
    expect(membersError([3])).toBe("");
    expect(await validate(FORM_RULES.users[0], [])).toBe(text("system.workgroups.messages.usersRequired"));
  });
  it("shows the pager only beyond 13", () => {
    expect(showPager(13)).toBe(false);
    expect(showPager(14)).toBe(true);
  });
});

describe("payload", () => {
  it("creates without id and updates with it, trimming the texts", () => {
    expect(toPayload({ groupName: ` ${CN.partyA} `, description: `${CN.partyB} `, users: [2, 5] })).toEqual({
      groupName: CN.partyA,
      description: CN.partyB,
      userDetail: [{ userId: 2 }, { userId: 5 }],
    });
    expect(toPayload({ id: 7, orgId: 1, groupName: CN.partyA, description: CN.partyB, users: [2] })).toMatchObject({ id: 7, orgId: 1 });
  });
  it("reads a loaded group", () => {
    expect(toForm({ id: 7, groupName: CN.partyA, description: CN.partyB, orgId: 1, userDetail: [{ userId: "4" }] })).toEqual({
      id: 7,
      orgId: 1,
      groupName: CN.partyA,
      description: CN.partyB,
      users: [4],
    });
  });
});

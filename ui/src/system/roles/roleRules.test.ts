import { describe, expect, it } from "vitest";
import { checkRole, checkedKeysOf, expandedKeysOf, forcedKeysOf, hasChosenMenu, menusToSave, toTreeData, type MenuCheckNode } from "./roleRules";
import { text } from "../../locales/catalogue";
import { CN } from "../../test/chinese";

const tree: MenuCheckNode[] = [
  { id: 1, title: text("routes.workbench"), checked: true, disabled: true, items: [] },
  {
    id: 2,
    title: CN.systemAdmin,
    checked: true,
    items: [
      { id: 3, title: text("routes.user-management"), checked: true, items: [{ id: 4, title: text("system.menus.add"), checked: false, items: [] }] },
      { id: 5, title: text("routes.role-management"), checked: true, items: [] },
    ],
  },
];

describe("checkRole (spec §5 role)", () => {
  it("requires name and icon with the specification's messages", () => {
    expect(checkRole({})).toEqual({ name: text("system.roles.messages.nameRequired"), icon: text("system.roles.messages.iconRequired") });
    expect(checkRole({ name: "  ", icon: " " })).toEqual({ name: text("system.roles.messages.nameRequired"), icon: text("system.roles.messages.iconRequired") });
  });

  it("limits name, extension and icon to 20 characters", () => {
    const long = CN.roleChar.repeat(21);
    expect(checkRole({ name: long, roleExtent: long, icon: "a".repeat(21) })).toEqual({
      name: text("system.common.tooLong", { label: text("system.roles.name"), max: 20 }),
      roleExtent: text("system.common.tooLong", { label: text("system.roles.roleExtent"), max: 20 }),
      icon: text("system.common.tooLong", { label: text("system.roles.icon"), max: 20 }),
    });
    expect(checkRole({ name: CN.roleChar.repeat(20), roleExtent: "", icon: "team" })).toEqual({});
  });
});

describe("role menu trees", () => {
  it("turns the server's nodes into tree data with the workbench locked", () => {
    const data = toTreeData(tree);
    expect(data[0]).toEqual({ key: "1", title: text("routes.workbench"), disableCheckbox: true, children: [] });
    expect(data[1].children[0].children[0].key).toBe("4");
  });

  it("checks leaves only, so antd derives the parents' state", () => {
    expect(checkedKeysOf(tree)).toEqual(["1", "5"]);
    expect(forcedKeysOf(tree)).toEqual(["1"]);
    expect(expandedKeysOf(tree)).toEqual(["2"]);
  });

  it("saves checked and forced menus once each", () => {
    expect(menusToSave(["5", "4"], ["1"])).toBe("1,5,4");
    expect(menusToSave([], ["1"])).toBe("1");
    expect(menusToSave(["1", "5"], ["1"])).toBe("1,5");
  });

  it("needs a chosen menu besides the forced workbench", () => {
    expect(hasChosenMenu([["1"], [], []], ["1"])).toBe(false);
    expect(hasChosenMenu([["1"], [], ["9"]], ["1"])).toBe(true);
  });
});

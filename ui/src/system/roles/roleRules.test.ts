import { describe, expect, it } from "vitest";
import { checkRole, checkedKeysOf, expandedKeysOf, forcedKeysOf, hasChosenMenu, menusToSave, toTreeData, type MenuCheckNode } from "./roleRules";

const tree: MenuCheckNode[] = [
  { id: 1, title: "工作台", checked: true, disabled: true, items: [] },
  {
    id: 2,
    title: "系统管理",
    checked: true,
    items: [
      { id: 3, title: "用户管理", checked: true, items: [{ id: 4, title: "新增", checked: false, items: [] }] },
      { id: 5, title: "角色管理", checked: true, items: [] },
    ],
  },
];

describe("checkRole (spec §5 role)", () => {
  it("requires name and icon with the specification's messages", () => {
    expect(checkRole({})).toEqual({ name: "名称不能为空!", icon: "图标不能为空!" });
    expect(checkRole({ name: "  ", icon: " " })).toEqual({ name: "名称不能为空!", icon: "图标不能为空!" });
  });

  it("limits name, extension and icon to 20 characters", () => {
    const long = "角".repeat(21);
    expect(checkRole({ name: long, roleExtent: long, icon: "a".repeat(21) })).toEqual({
      name: "名称长度不能超过20个字符",
      roleExtent: "扩展属性长度不能超过20个字符",
      icon: "图标长度不能超过20个字符",
    });
    expect(checkRole({ name: "角".repeat(20), roleExtent: "", icon: "team" })).toEqual({});
  });
});

describe("role menu trees", () => {
  it("turns the server's nodes into tree data with the workbench locked", () => {
    const data = toTreeData(tree);
    expect(data[0]).toEqual({ key: "1", title: "工作台", disableCheckbox: true, children: [] });
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

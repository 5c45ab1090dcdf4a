import { describe, expect, it } from "vitest";
import type { ServerMenu } from "../api/authApi";
import { buildMenuTree, buttonCodesOf, menuRoutesOf, menuTitleOf, normalisePath, trailTo } from "./menus";
import { text } from "../locales/catalogue";
import { CN } from "../test/chinese";

const menus: ServerMenu[] = [
  { id: 1, parentId: 0, type: "menu1", title: CN.systemAdmin, icon: "setting", orderby: 2 },
  { id: 2, parentId: 1, type: "menu2", title: text("routes.user-management"), url: "/user-management", component: "user-management", orderby: 1 },
  { id: 3, parentId: 2, type: "button", title: text("system.menus.add"), permissionCode: "cscp.user.add" },
  { id: 4, parentId: 2, type: "button", title: `${text("module.page.edit")}${text("module.delete")}`, permissionCode: "cscp.user.edit,cscp.user.del" },
  { id: 5, parentId: 0, type: "menu1", title: CN.onlineVillage, orderby: 1 },
  { id: 6, parentId: 5, type: "menu2-sp", title: CN.disabilitySubsidy, url: "m/handicappedSubsidy/", component: "SchemaModule", name: "handicappedSubsidy", orderby: 2 },
  { id: 7, parentId: 5, type: "menu2-sp", title: CN.subsistence, url: "/m/basicAllowance", component: "SchemaModule", name: "basicAllowance", orderby: 1 },
  { id: 8, parentId: 0, type: "page", title: text("routes.digital.griddingDetail"), url: "/digital/griddingDetail", component: "GriddingDetail" },
  { id: 9, parentId: 0, type: "menu1", title: CN.externalSystem, address: "https://example.org/", orderby: 3 },
  { id: 10, parentId: 0, type: "menu1", title: CN.emptyFolder, orderby: 4 },
];

describe("menus", () => {
  it("nests visible items by parent in orderby order, leaving out buttons, pages and empty groups", () => {
    const tree = buildMenuTree(menus);
    expect(tree.map((n) => n.title)).toEqual([CN.onlineVillage, CN.systemAdmin, CN.externalSystem]);
    expect(tree[0].children.map((n) => [n.title, n.path])).toEqual([
      [CN.subsistence, "/m/basicAllowance"],
      [CN.disabilitySubsidy, "/m/handicappedSubsidy"],
    ]);
    expect(tree[1].children[0].children).toEqual([]);
    expect(tree[2].external).toBe("https://example.org/");
  });

  it("collects the button codes, splitting comma lists", () => {
    expect(buttonCodesOf(menus).sort()).toEqual(["cscp.user.add", "cscp.user.del", "cscp.user.edit"]);
  });

  it("lists the routes the menus open, page-only items included", () => {
    expect(menuRoutesOf(menus).map((r) => [r.path, r.component])).toEqual([
      ["/user-management", "user-management"],
      ["/m/handicappedSubsidy", "SchemaModule"],
      ["/m/basicAllowance", "SchemaModule"],
      ["/digital/griddingDetail", "GriddingDetail"],
    ]);
  });

  it("finds the trail for breadcrumbs and a page's title", () => {
    const tree = buildMenuTree(menus);
    expect(trailTo(tree, "/user-management").map((n) => n.title)).toEqual([CN.systemAdmin, text("routes.user-management")]);
    expect(trailTo(tree, "/nowhere")).toEqual([]);
    expect(menuTitleOf(menus, "/digital/griddingDetail")).toBe(text("routes.digital.griddingDetail"));
  });

  it("survives a cycle in parent ids", () => {
    const cyclic: ServerMenu[] = [
      { id: 1, parentId: 2, type: "menu1", title: "a", url: "/a" },
      { id: 2, parentId: 1, type: "menu1", title: "b", url: "/b" },
    ];
    expect(() => buildMenuTree(cyclic)).not.toThrow();
  });

  it("normalises paths", () => {
    expect(normalisePath("a/b/")).toBe("/a/b");
    expect(normalisePath("/")).toBe("/");
    expect(normalisePath("https://x.org/a/")).toBe("https://x.org/a/");
  });
});

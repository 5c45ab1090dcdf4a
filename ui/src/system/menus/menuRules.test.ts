import { describe, expect, it } from "vitest";
import { ADDRESS_PROCESS, checkAppMenu, checkWebMenu, typesFor, withChoice } from "./menuRules";

const goodWeb = { type: "menu2", title: "村务公开", name: "villageAffairs", url: "/village/affairs", component: "VillageAffairs" };
const goodApp = { type: "menu2", title: "办事", name: "work", path: "/pages/work/index", component: "Work", icon: "/files/a.png" };

describe("checkWebMenu (spec §5 web menu form)", () => {
  it("accepts a complete form", () => {
    expect(checkWebMenu(goodWeb)).toEqual({});
  });

  it("requires type, title, name, url and component", () => {
    expect(checkWebMenu({})).toEqual({
      type: "请选择菜单类型",
      title: "请输入标题",
      name: "请输入名称",
      url: "请输入路由地址",
      component: "请输入组件",
    });
  });

  it("refuses Chinese in name, url and component, a url without a leading slash and long texts", () => {
    expect(checkWebMenu({ ...goodWeb, name: "村务", url: "/村务", component: "组件" })).toEqual({
      name: "名称不能包含中文",
      url: "路由地址不能包含中文",
      component: "组件不能包含中文",
    });
    expect(checkWebMenu({ ...goodWeb, url: "village" }).url).toBe("路由地址必须以/开头");
    expect(checkWebMenu({ ...goodWeb, title: "一".repeat(21) }).title).toBe("标题长度不能超过20个字符");
    expect(checkWebMenu({ ...goodWeb, title: "一".repeat(20) }).title).toBeUndefined();
    expect(checkWebMenu({ ...goodWeb, permissionCode: "a".repeat(51) }).permissionCode).toBe("权限标识长度不能超过50个字符");
  });

  it("needs no url or component for a button", () => {
    expect(checkWebMenu({ type: "button", title: "新增", name: "cscp.x.add" })).toEqual({});
  });

  it("requires the address with an external jump, and only the first three types", () => {
    const external = withChoice({ ...goodWeb, choose: true }, true);
    expect(checkWebMenu(external).address).toBe("请输入跳转地址");
    expect(checkWebMenu({ ...external, address: "https://example.org" })).toEqual({});
    expect(checkWebMenu({ ...external, type: "page", address: "https://example.org" }).type).toBe("请选择菜单类型");
  });
});

describe("external jump choice (spec §4)", () => {
  it("fixes name, url and component to the address-process page, and clears them again", () => {
    const yes = withChoice({ ...goodWeb }, true);
    expect([yes.name, yes.url, yes.component]).toEqual([ADDRESS_PROCESS.name, ADDRESS_PROCESS.url, ADDRESS_PROCESS.component]);
    const no = withChoice(yes, false);
    expect([no.name, no.url, no.component]).toEqual(["", "", ""]);
    expect(no.title).toBe(goodWeb.title);
  });

  it("offers the last four types only without an external jump", () => {
    expect(typesFor(false)).toEqual(["menu1", "menu2", "menu2-sp", "menu3-sp", "menu3", "page", "button"]);
    expect(typesFor(true)).toEqual(["menu1", "menu2", "menu2-sp"]);
  });
});

describe("checkAppMenu (spec §5 app menu form)", () => {
  it("accepts a complete second-level form and a first-level one without component or image", () => {
    expect(checkAppMenu(goodApp)).toEqual({});
    expect(checkAppMenu({ type: "menu1", title: "首页", name: "home", path: "/pages/home" })).toEqual({});
  });

  it("requires the image and the component of a second-level menu", () => {
    expect(checkAppMenu({ ...goodApp, icon: "", component: "" })).toEqual({ icon: "请上传图片", component: "请输入组件" });
  });

  it("checks path, name and lengths", () => {
    expect(checkAppMenu({ ...goodApp, path: "pages/x" }).path).toBe("路径必须以/开头");
    expect(checkAppMenu({ ...goodApp, name: "办事" }).name).toBe("名称不能包含中文");
    expect(checkAppMenu({ ...goodApp, name: "a".repeat(101) }).name).toBe("名称长度不能超过100个字符");
    expect(checkAppMenu({ ...goodApp, path: "/" + "a".repeat(100) }).path).toBe("路径长度不能超过100个字符");
    expect(checkAppMenu({ ...goodApp, type: "" }).type).toBe("请选择菜单类型");
  });
});

import { describe, expect, it } from "vitest";
import { ADDRESS_PROCESS, checkAppMenu, checkWebMenu, typesFor, withChoice } from "./menuRules";
import { text } from "../../locales/catalogue";
import { CN } from "../../test/chinese";

const goodWeb = { type: "menu2", title: CN.villageAffairsOpen, name: "villageAffairs", url: "/village/affairs", component: "VillageAffairs" };
const goodApp = { type: "menu2", title: CN.service, name: "work", path: "/pages/work/index", component: "Work", icon: "/files/a.png" };

describe("checkWebMenu (spec §5 web menu form)", () => {
  it("accepts a complete form", () => {
    expect(checkWebMenu(goodWeb)).toEqual({});
  });

  it("requires type, title, name, url and component", () => {
    expect(checkWebMenu({})).toEqual({
      type: text("system.menus.messages.typeRequired"),
      title: text("system.menus.messages.titleRequired"),
      name: text("system.menus.messages.nameRequired"),
      url: text("system.menus.messages.urlRequired"),
      component: text("system.menus.messages.componentRequired"),
    });
  });

  it("refuses Chinese in name, url and component, a url without a leading slash and long texts", () => {
    expect(checkWebMenu({ ...goodWeb, name: CN.villageAffairs, url: `/${CN.villageAffairs}`, component: text("system.menus.component") })).toEqual({
      name: text("system.common.noChinese", { label: text("system.menus.name") }),
      url: text("system.common.noChinese", { label: text("system.menus.url") }),
      component: text("system.common.noChinese", { label: text("system.menus.component") }),
    });
    expect(checkWebMenu({ ...goodWeb, url: "village" }).url).toBe(text("system.menus.messages.urlSlash"));
    expect(checkWebMenu({ ...goodWeb, title: CN.one.repeat(21) }).title).toBe(text("system.common.tooLong", { label: text("system.menus.title"), max: 20 }));
    expect(checkWebMenu({ ...goodWeb, title: CN.one.repeat(20) }).title).toBeUndefined();
    expect(checkWebMenu({ ...goodWeb, permissionCode: "a".repeat(51) }).permissionCode).toBe(text("system.common.tooLong", { label: text("system.menus.permissionCode"), max: 50 }));
  });

  it("needs no url or component for a button", () => {
    expect(checkWebMenu({ type: "button", title: text("system.menus.add"), name: "cscp.x.add" })).toEqual({});
  });

  it("requires the address with an external jump, and only the first three types", () => {
    const external = withChoice({ ...goodWeb, choose: true }, true);
    expect(checkWebMenu(external).address).toBe(text("system.menus.messages.addressRequired"));
    expect(checkWebMenu({ ...external, address: "https://example.org" })).toEqual({});
    expect(checkWebMenu({ ...external, type: "page", address: "https://example.org" }).type).toBe(text("system.menus.messages.typeRequired"));
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
    expect(checkAppMenu({ type: "menu1", title: text("routes.home"), name: "home", path: "/pages/home" })).toEqual({});
  });

  it("requires the image and the component of a second-level menu", () => {
    expect(checkAppMenu({ ...goodApp, icon: "", component: "" })).toEqual({ icon: text("system.menus.messages.imageRequired"), component: text("system.menus.messages.componentRequired") });
  });

  it("checks path, name and lengths", () => {
    expect(checkAppMenu({ ...goodApp, path: "pages/x" }).path).toBe(text("system.menus.messages.pathSlash"));
    expect(checkAppMenu({ ...goodApp, name: CN.service }).name).toBe(text("system.common.noChinese", { label: text("system.menus.name") }));
    expect(checkAppMenu({ ...goodApp, name: "a".repeat(101) }).name).toBe(text("system.common.tooLong", { label: text("system.menus.name"), max: 100 }));
    expect(checkAppMenu({ ...goodApp, path: "/" + "a".repeat(100) }).path).toBe(text("system.common.tooLong", { label: text("system.menus.path"), max: 100 }));
    expect(checkAppMenu({ ...goodApp, type: "" }).type).toBe(text("system.menus.messages.typeRequired"));
  });
});

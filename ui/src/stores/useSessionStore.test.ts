import { beforeEach, describe, expect, it } from "vitest";
import { makeToken } from "../test/helpers";
import { SESSION_STORAGE_KEY, useSessionStore } from "./useSessionStore";
import { text } from "../locales/catalogue";
import { CN } from "../test/chinese";

const menus = [
  { id: 1, parentId: 0, type: "menu1", title: CN.villageAffairs },
  { id: 2, parentId: 1, type: "button", title: text("system.menus.add"), permissionCode: "a.add" },
];
const modules = [{ name: "a", title: "A", api: "/a", permission: "a" }];

describe("useSessionStore", () => {
  beforeEach(() => useSessionStore.getState().loggedOut());

  it("loggedIn keeps token and user, persisted; menus stay in memory only", () => {
    const token = makeToken({});
    useSessionStore.getState().loggedIn(token, { userId: 1, username: "admin" }, false);
    useSessionStore.getState().sessionLoaded(menus, modules);
    expect(useSessionStore.getState()).toMatchObject({ token, loaded: true, buttonCodes: ["a.add"], modules });
    const persisted = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? "{}").state;
    expect(persisted).toEqual({ token, user: { userId: 1, username: "admin" }, mustChangePassword: false });
  });

  it("routesReset drops menus, codes and modules but keeps the login", () => {
    const token = makeToken({});
    useSessionStore.getState().loggedIn(token, null, false);
    useSessionStore.getState().sessionLoaded(menus, modules);
    useSessionStore.getState().routesReset();
    expect(useSessionStore.getState()).toMatchObject({ token, loaded: false, menus: [], buttonCodes: [], modules: [] });
  });

  it("passwordChanged swaps the token, lifts the forced change and reloads routes", () => {
    useSessionStore.getState().loggedIn(makeToken({ sub: "old" }), null, true);
    useSessionStore.getState().sessionLoaded(menus, modules);
    const fresh = makeToken({ sub: "new" });
    useSessionStore.getState().passwordChanged(fresh);
    expect(useSessionStore.getState()).toMatchObject({ token: fresh, mustChangePassword: false, loaded: false });
  });

  it("loggedOut forgets everything", () => {
    useSessionStore.getState().loggedIn(makeToken({}), { userId: 1, username: "u" }, true);
    useSessionStore.getState().sessionLoaded(menus, modules);
    useSessionStore.getState().loggedOut();
    expect(useSessionStore.getState()).toMatchObject({ token: null, user: null, mustChangePassword: false, menus: [], buttonCodes: [], modules: [] });
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { HOME_PATH, nextAfterClose, useTabsStore, withHome } from "./useTabsStore";

const keys = () => useTabsStore.getState().tabs.map((t) => t.key);

describe("useTabsStore", () => {
  beforeEach(() => useTabsStore.getState().allClosed());

  it("always has the home tab first", () => {
    expect(keys()).toEqual([HOME_PATH]);
    useTabsStore.getState().tabOpened("/m/a", "/m/a");
    useTabsStore.getState().tabClosed(HOME_PATH);
    expect(keys()).toEqual([HOME_PATH, "/m/a"]);
    expect(withHome([{ key: "/x", to: "/x" }]).map((t) => t.key)).toEqual([HOME_PATH, "/x"]);
  });

  it("opening a tab twice updates where it leads instead of adding another", () => {
    useTabsStore.getState().tabOpened("/m/a", "/m/a");
    useTabsStore.getState().tabOpened("/m/a", "/m/a?page=2");
    expect(useTabsStore.getState().tabs).toEqual([
      { key: HOME_PATH, to: HOME_PATH },
      { key: "/m/a", to: "/m/a?page=2" },
    ]);
  });

  it("keeps tabs in session storage", () => {
    useTabsStore.getState().tabOpened("/m/a", "/m/a");
    expect(JSON.parse(sessionStorage.getItem("xz.tabs") ?? "{}").state.tabs).toHaveLength(2);
  });

  it("closing others keeps home and the chosen tab", () => {
    for (const k of ["/a", "/b", "/c"]) useTabsStore.getState().tabOpened(k, k);
    useTabsStore.getState().othersClosed("/b");
    expect(keys()).toEqual([HOME_PATH, "/b"]);
  });

  it("closing the active tab goes to its right neighbour, else its left, else home", () => {
    const tabs = withHome([
      { key: "/a", to: "/a" },
      { key: "/b", to: "/b?x=1" },
    ]);
    expect(nextAfterClose(tabs, "/a")).toBe("/b?x=1");
    expect(nextAfterClose(tabs, "/b")).toBe("/a");
    expect(nextAfterClose(withHome([]), "/gone")).toBe(HOME_PATH);
  });
});

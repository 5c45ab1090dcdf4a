import { beforeEach, describe, expect, it } from "vitest";
import { HOME_PATH, useTabsStore } from "./useTabsStore";

describe("tabs: one per screen", () => {
  beforeEach(() => useTabsStore.getState().allClosed());

  it("reuses a screen's tab when it opens again with another query, and remembers the query", () => {
    const { tabOpened } = useTabsStore.getState();
    tabOpened("/m/quarantine", "/m/quarantine?name=a");
    tabOpened("/user-management", "/user-management");
    tabOpened("/m/quarantine", "/m/quarantine?name=b");
    expect(useTabsStore.getState().tabs).toEqual([
      { key: HOME_PATH, to: HOME_PATH },
      { key: "/m/quarantine", to: "/m/quarantine?name=b" },
      { key: "/user-management", to: "/user-management" },
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { useUiStore } from "./useUiStore";

describe("useUiStore", () => {
  it("toggles the sider and remembers the chosen locale", () => {
    const before = useUiStore.getState().collapsed;
    useUiStore.getState().siderToggled();
    expect(useUiStore.getState().collapsed).toBe(!before);
    useUiStore.getState().localeChosen("ja");
    expect(JSON.parse(localStorage.getItem("xz.ui") ?? "{}").state.locale).toBe("ja");
    useUiStore.getState().localeChosen("zh_CN");
  });
});

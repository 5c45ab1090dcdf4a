import { describe, expect, it, vi } from "vitest";
import { Batch, WidgetFailed } from "./batch";
import type { DashboardData } from "./types";

const node = { id: 1, name: "county", level: 1 };

function answer(widgets: DashboardData["widgets"]): DashboardData {
  return { org: node, path: [node], top: node, at: "2026-11-24T12:00:00Z", widgets };
}

describe("Batch", () => {
  it("feeds every widget's first load from one call, a second load asks for that widget alone", async () => {
    const fetch = vi.fn((widgets?: readonly string[]) =>
      Promise.resolve(
        widgets
          ? answer({ [widgets[0]]: { buckets: [{ key: 1, label: "again", count: 2, value: 2 }] } })
          : answer({ a: { items: [{ label: "x", value: 1 }] }, b: { buckets: [{ key: 1, label: "first", count: 1, value: 1 }] } }),
      ),
    );
    const batch = new Batch("k", fetch);
    await expect(batch.load("a")).resolves.toEqual({ items: [{ label: "x", value: 1 }] });
    await expect(batch.load("b")).resolves.toMatchObject({ buckets: [{ label: "first" }] });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith();

    await expect(batch.load("b")).resolves.toMatchObject({ buckets: [{ label: "again" }] });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch).toHaveBeenLastCalledWith(["b"]);
  });

  it("fails only the widget whose answer carries an error, or that is missing", async () => {
    const batch = new Batch("k", () => Promise.resolve(answer({ ok: { value: 1, total: 2, ratio: 0.5 }, broken: { error: { code: 400, msg: "bad field" } } })));
    await expect(batch.load("ok")).resolves.toMatchObject({ ratio: 0.5 });
    await expect(batch.load("broken")).rejects.toThrow(new WidgetFailed("broken", "bad field"));
    await expect(batch.load("gone")).rejects.toBeInstanceOf(WidgetFailed);
  });

  it("a failed batch fails each widget's first load; the retry asks again", async () => {
    const fetch = vi.fn((widgets?: readonly string[]) => (widgets ? Promise.resolve(answer({ a: { value: 3, total: 3, ratio: 1 } })) : Promise.reject(new Error("down"))));
    const batch = new Batch("k", fetch);
    await expect(batch.load("a")).rejects.toThrow("down");
    await expect(batch.load("a")).resolves.toMatchObject({ ratio: 1 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

import { describe, expect, it } from "vitest";
import { CARD_HEAD, CARD_PAD, GAP, HEADER, layoutOf } from "./layout";
import { fitScale, SCREEN_HEIGHT } from "./ScreenFrame";
import { sparkPoints } from "./Sparkline";
import type { Widget } from "./types";

const w = (id: string, x: number, y: number, wd: number, h: number): Widget => ({ id, kind: "bar", title: id, grid: { x, y, w: wd, h } });

describe("the screen frame", () => {
  it("fits the 1920×1080 canvas in any window, centred, keeping its proportions", () => {
    expect(fitScale(1920, 1080)).toEqual({ scale: 1, left: 0, top: 0 });
    expect(fitScale(960, 540)).toEqual({ scale: 0.5, left: 0, top: 0 });
    const wide = fitScale(3000, 1080);
    expect(wide.scale).toBe(1);
    expect(wide.left).toBe(540);
    const tall = fitScale(1280, 1024);
    expect(tall.scale).toBeCloseTo(2 / 3);
    expect(tall.top).toBeCloseTo(152);
  });
});

describe("layoutOf", () => {
  it("places widgets on the grid below the header", () => {
    const [a, b] = layoutOf({ grid: { columns: 24, rowHeight: 40 }, widgets: [w("a", 0, 0, 12, 6), w("b", 12, 6, 12, 6)] });
    expect(a.rect).toEqual({ left: GAP, top: HEADER, width: Math.round(12 * (1910 / 24) - GAP), height: 6 * 40 - GAP });
    expect(b.rect.left).toBe(Math.round(GAP + 12 * (1910 / 24)));
    expect(b.rect.top).toBe(HEADER + 240);
    expect(a.inner.height).toBe(a.rect.height - CARD_HEAD - 2 * CARD_PAD - 2);
  });

  it("shrinks the rows when the file declares more than fit", () => {
    const placed = layoutOf({ grid: { columns: 24, rowHeight: 40 }, widgets: [w("a", 0, 0, 24, 40)] });
    expect(placed[0].rect.top + placed[0].rect.height).toBeLessThanOrEqual(SCREEN_HEIGHT);
  });
});

describe("sparkPoints", () => {
  it("runs from the oldest month on the left to the newest on the right, zero at the bottom", () => {
    expect(sparkPoints([0, 5, 10], 24, 12, 2)).toBe("2,10 12,6 22,2");
    expect(sparkPoints([], 24, 12)).toBe("");
    expect(sparkPoints([3], 24, 12, 2)).toBe("2,2");
  });
});

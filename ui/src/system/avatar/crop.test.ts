import { describe, expect, it } from "vitest";
import {
  AVATAR_MAX_CHARS,
  checkCropSize,
  clampView,
  coverScale,
  cropOf,
  initialView,
  MAX_ZOOM,
  OUTPUT_MAX_SIDE,
  panBy,
  zoomAt,
} from "./crop";
import { text } from "../../locales/catalogue";

const image = { width: 800, height: 400 };
const side = 200;

describe("checkCropSize", () => {
  it("accepts a data URL of exactly 256000 characters", () => {
    expect(checkCropSize("d".repeat(AVATAR_MAX_CHARS))).toBeUndefined();
  });
  it("refuses one character more with the specification's text", () => {
    expect(checkCropSize("d".repeat(AVATAR_MAX_CHARS + 1))).toBe(text("system.profile.avatar.tooLarge"));
  });
});

describe("view arithmetic", () => {
  it("covers the viewport with the shorter side and centres the image", () => {
    expect(coverScale(image, side)).toBe(0.5);
    expect(initialView(image, side)).toEqual({ scale: 0.5, x: -100, y: 0 });
  });

  it("keeps the scale within cover and cover × MAX_ZOOM", () => {
    expect(clampView({ scale: 0.1, x: 0, y: 0 }, image, side).scale).toBe(0.5);
    expect(clampView({ scale: 100, x: 0, y: 0 }, image, side).scale).toBe(0.5 * MAX_ZOOM);
  });

  it("keeps the viewport inside the image when panning", () => {
    const v = initialView(image, side);
    expect(panBy(v, 500, 500, image, side)).toEqual({ scale: 0.5, x: 0, y: 0 });
    expect(panBy(v, -500, -500, image, side)).toEqual({ scale: 0.5, x: -200, y: 0 });
  });

  it("zooms around the pointer", () => {
    const v = { scale: 1, x: -300, y: -100 };
    const z = zoomAt(v, 2, 100, 100, image, side);
    // the image point under (100, 100) was (400, 200); at scale 2 it stays under the pointer
    expect(z).toEqual({ scale: 2, x: 100 - 400 * 2, y: 100 - 200 * 2 });
  });

  it("selects a square of the source, larger when zoomed out", () => {
    expect(cropOf({ scale: 0.5, x: -100, y: 0 }, side)).toEqual({ sx: 200, sy: 0, side: 400, outSide: 400 });
    expect(cropOf({ scale: 2, x: -200, y: -100 }, side)).toEqual({ sx: 100, sy: 50, side: 100, outSide: 100 });
    expect(cropOf({ scale: 0.05, x: 0, y: 0 }, side).outSide).toBe(OUTPUT_MAX_SIDE);
  });
});

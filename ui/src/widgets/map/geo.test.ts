import { describe, expect, it } from "vitest";
import {
  clampRadius,
  closeRing,
  DEFAULT_CENTER,
  DEFAULT_RADIUS,
  DEFAULT_ZOOM,
  formatPoint,
  MIN_RADIUS,
  parseCoordinate,
  pointValue,
  polygonsOf,
  polygonValue,
} from "./geo";
import { text } from "../../locales/catalogue";

describe("map constants (spec §9)", () => {
  it("centres on 115.15, 36.29 at zoom 12 with a 100 m circle", () => {
    expect(DEFAULT_CENTER).toEqual({ lng: 115.15, lat: 36.29 });
    expect(DEFAULT_ZOOM).toBe(12);
    expect([DEFAULT_RADIUS, MIN_RADIUS]).toEqual([100, 100]);
  });
});

describe("parseCoordinate", () => {
  it("reads lng,lat with a half- or full-width comma, rounding to 6 decimals", () => {
    expect(parseCoordinate("115.1234567,36.2")).toEqual({ ok: true, point: { lng: 115.123457, lat: 36.2 } });
    expect(parseCoordinate(" 115.15 ， 36.29 ")).toEqual({ ok: true, point: { lng: 115.15, lat: 36.29 } });
  });

  it("warns that the coordinate is empty", () => {
    expect(parseCoordinate("   ")).toEqual({ ok: false, message: text("widgets.map.emptyCoord") });
  });

  it.each(["115.15", "115.15,36.29,1", "abc,36", "181,0", "0,-91", "1e3,2", "115.15;36.29"])("rejects %s", (typed) => {
    expect(parseCoordinate(typed)).toEqual({ ok: false, message: text("widgets.map.badCoord") });
  });
});

describe("points and circles", () => {
  it("formats to 6 decimals", () => {
    expect(formatPoint({ lng: 115.15, lat: 36.2 })).toBe("115.150000,36.200000");
  });

  it("keeps a drawn radius at 100 m or more", () => {
    expect(clampRadius(30)).toBe(100);
    expect(clampRadius(250.4)).toBe(250);
    expect(clampRadius(undefined)).toBe(100);
    expect(pointValue({ lng: 1.23456789, lat: 2, radius: 20 }, true)).toEqual({ lng: 1.234568, lat: 2, radius: 100 });
    expect(pointValue({ lng: 1, lat: 2, radius: 500 }, false)).toEqual({ lng: 1, lat: 2 });
  });
});

describe("polygons", () => {
  it("closes a ring of 3 or more vertices, rounded", () => {
    expect(closeRing([[1, 1], [2, 1]])).toBeUndefined();
    expect(closeRing([[1.00000049, 1], [2, 1], [2, 2]])).toEqual([[1, 1], [2, 1], [2, 2], [1, 1]]);
  });

  it("stores one polygon as Polygon, more as MultiPolygon, none as nothing", () => {
    const a = [[[1, 1], [2, 1], [2, 2], [1, 1]]] as [number, number][][];
    expect(polygonValue([])).toBeUndefined();
    expect(polygonValue([a])).toEqual({ type: "Polygon", coordinates: a });
    const multi = polygonValue([a, a]);
    expect(multi).toEqual({ type: "MultiPolygon", coordinates: [a, a] });
    expect(polygonsOf(multi)).toHaveLength(2);
    expect(polygonsOf({ type: "Point" })).toEqual([]);
  });
});

describe("geoText", async () => {
  const { geoText } = await import("./geoText");
  it("reads points, circles, polygons and land parcels", () => {
    expect(geoText({ lng: 115.15, lat: 36.29 })).toBe("115.150000,36.290000");
    expect(geoText({ lng: 115.15, lat: 36.29, radius: 300 })).toBe(`115.150000,36.290000（${text("widgets.point.radiusBefore")} 300 ${text("widgets.point.metres")}）`);
    expect(geoText({ type: "Polygon", coordinates: [[[1, 1], [2, 1], [2, 2], [1, 1]]] })).toBe(
      text("widgets.map.polygonLine", { index: 1, vertices: "1.000000,1.000000；2.000000,1.000000；2.000000,2.000000" }),
    );
    const land = { type: "FeatureCollection", features: [{ type: "Feature", geometry: { type: "Polygon", coordinates: [[[1, 1], [2, 1], [2, 2], [1, 1]]] }, properties: { category: "forestCrood", color: "#237804", selfId: "a" } }] };
    expect(geoText(land)).toBe(`${text("widgets.land.categories.forestCrood")}：1.000000,1.000000；2.000000,1.000000；2.000000,2.000000`);
    expect(geoText({ name: "x" })).toBeUndefined();
  });
});

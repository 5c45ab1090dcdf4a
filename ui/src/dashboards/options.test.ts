import { describe, expect, it } from "vitest";
import { circleRing, gaugePercent, hasData, mapView, optionFor, project, subSeries, tilesFor } from "./options";
import type { Bucket, Widget, WidgetData } from "./types";

const widget = (kind: Widget["kind"], extra: Partial<Widget> = {}): Widget => ({
  id: "w",
  kind,
  title: "Population",
  grid: { x: 0, y: 0, w: 6, h: 6 },
  ...extra,
});

const villages: Bucket[] = [
  { key: 12, label: "Dongfeng", count: 120, value: 120 },
  { key: 13, label: "Xinhe", count: 80, value: 80 },
];

// The answer of a two-level grouping (village × status): Xinhe has no row of status 0.
const byStatus: Bucket[] = [
  {
    key: 12,
    label: "Dongfeng",
    count: 10,
    value: 10,
    sub: [
      { key: 0, label: "open", count: 3, value: 3 },
      { key: 1, label: "done", count: 7, value: 7 },
    ],
  },
  { key: 13, label: "Xinhe", count: 4, value: 4, sub: [{ key: 1, label: "done", count: 4, value: 4 }] },
];

type Obj = Record<string, unknown>;
const series = (o: Obj | null) => (o?.series as Obj[]) ?? [];

describe("optionFor", () => {
  it("draws a bar chart with one category per bucket and the bucket key on each item", () => {
    const o = optionFor(widget("bar", { unit: "p" }), { buckets: villages }) as Obj;
    expect((o.xAxis as Obj).data).toEqual(["Dongfeng", "Xinhe"]);
    expect((o.yAxis as Obj).name).toBe("p");
    expect(series(o)).toHaveLength(1);
    expect(series(o)[0].type).toBe("bar");
    expect(series(o)[0].data).toEqual([
      { value: 120, key: 12 },
      { value: 80, key: 13 },
    ]);
  });

  it("turns a horizontal bar's axes around", () => {
    const o = optionFor(widget("bar", { options: { horizontal: true } }), { buckets: villages }) as Obj;
    expect((o.yAxis as Obj).data).toEqual(["Dongfeng", "Xinhe"]);
    expect((o.xAxis as Obj).type).toBe("value");
  });

  it("stacks one series per second-level key, aligned on the first level, missing ones empty", () => {
    const o = optionFor(widget("stackedBar"), { buckets: byStatus }) as Obj;
    const s = series(o);
    expect(s.map((x) => x.name)).toEqual(["open", "done"]);
    expect(s.every((x) => x.stack === "total")).toBe(true);
    expect(s[0].data).toEqual([
      { value: 3, key: 12 },
      { value: null, key: 13 },
    ]);
    expect(s[1].data).toEqual([
      { value: 7, key: 12 },
      { value: 4, key: 13 },
    ]);
    expect(o.legend).toBeDefined();
  });

  it("draws a smooth line when the widget asks", () => {
    const months: Bucket[] = [
      { key: "2026-01", label: "2026-01", count: 2, value: 2 },
      { key: "2026-02", label: "2026-02", count: 5, value: 5 },
    ];
    const o = optionFor(widget("line", { options: { smooth: true } }), { buckets: months }) as Obj;
    expect(series(o)[0]).toMatchObject({ type: "line", smooth: true });
  });

  it("draws pie slices and a ring with an inner radius", () => {
    const pie = optionFor(widget("pie"), { buckets: villages }) as Obj;
    expect(series(pie)[0].data).toEqual([
      { name: "Dongfeng", value: 120, key: 12 },
      { name: "Xinhe", value: 80, key: 13 },
    ]);
    expect(series(pie)[0].radius).toBe("70%");
    const ring = optionFor(widget("ring"), { buckets: villages }) as Obj;
    expect(series(ring)[0].radius).toEqual(["45%", "70%"]);
  });

  it("scales a radar's axes above the largest value", () => {
    const o = optionFor(widget("radar"), { buckets: villages }) as Obj;
    const indicator = (o.radar as Obj).indicator as Array<{ name: string; max: number }>;
    expect(indicator.map((i) => i.name)).toEqual(["Dongfeng", "Xinhe"]);
    expect(indicator[0].max).toBeCloseTo(144);
    expect((series(o)[0].data as Obj[])[0].value).toEqual([120, 80]);
  });

  it("shows a gauge's ratio in percent", () => {
    const data: WidgetData = { value: 37, total: 50, ratio: 0.74 };
    expect(gaugePercent(data)).toBe(74);
    expect(gaugePercent({ value: 1, total: 3 })).toBe(33.33);
    expect(gaugePercent({ value: 0, total: 0 })).toBe(0);
    const o = optionFor(widget("gauge", { unit: "u" }), data) as Obj;
    expect((series(o)[0].data as Obj[])[0]).toMatchObject({ value: 74, name: "37u / 50u" });
  });

  it("places map markers in the Web Mercator view, keyed by organisation, one series per level, shapes under them", () => {
    const data: WidgetData = {
      markers: [
        { org: 5, name: "Town", level: 2, lng: 113.1, lat: 28.2, value: 300 },
        { org: 12, name: "Dongfeng", level: 3, lng: 113.3, lat: 28.4, value: 120 },
        { org: 13, name: "Xinhe", level: 3, lng: 113.2, lat: 28.3, value: 80 },
      ],
      shapes: [
        { org: 12, name: "Dongfeng", kind: "polygon", rings: [[[113.29, 28.39], [113.31, 28.39], [113.31, 28.41], [113.29, 28.39]]] },
        { org: 13, name: "Xinhe", kind: "circle", center: [113.2, 28.3], radius: 1000 },
      ],
    };
    const o = optionFor(widget("map"), data, { width: 408, height: 208 }) as Obj;
    const s = series(o);
    expect(s.map((x) => x.type)).toEqual(["scatter", "scatter", "custom"]);
    expect((s[1].data as Obj[]).map((d) => d.key)).toEqual([12, 13]);
    const [x, y] = project(113.1, 28.2);
    expect((s[0].data as Obj[])[0]).toMatchObject({ name: "Town", value: [x, y, 300], symbolSize: 34 });
    // One shape item per ring, keyed by the organisation a click drills into.
    expect((s[2].data as Obj[]).map((d) => d.key)).toEqual([12, 13]);
    expect(s[2].z as number).toBeLessThan(s[0].z as number);
    // North is up, and the view is as many pixels per unit across as down (square tiles).
    expect((o.yAxis as Obj).inverse).toBe(true);
    const view = mapView(data.markers ?? [], data.shapes ?? [], 408, 208);
    expect((o.xAxis as Obj).min).toBe(view.minX);
    expect((view.maxX - view.minX) / (view.maxY - view.minY)).toBeCloseTo(400 / 200, 6);
    expect(view.minX).toBeLessThan(x);
    expect(view.maxY).toBeGreaterThan(project(113.2, 28.3 - 1000 / 111_320)[1]);
  });

  it("projects like the tile servers and lays out the tiles of the view", () => {
    expect(project(0, 0)).toEqual([128, 128]);
    const [x, y] = project(113.3, 28.4);
    // Tile 13/6674/3421 holds 113.3°E 28.4°N (OSM numbering).
    expect(Math.floor((x / 256) * 2 ** 13)).toBe(6674);
    expect(Math.floor((y / 256) * 2 ** 13)).toBe(3421);
    const view = mapView([{ org: 1, name: "a", level: 2, lng: 113.3, lat: 28.4, value: 1 }], [], 608, 408);
    const tiles = tilesFor("https://{s}.tile.test/{z}/{x}/{y}.png", view, 608);
    expect(tilesFor("", view, 608)).toEqual([]);
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.length).toBeLessThanOrEqual(20);
    for (const t of tiles) {
      expect(t.url).toMatch(/^https:\/\/a\.tile\.test\/\d+\/\d+\/\d+\.png$/);
      expect(t.size).toBeGreaterThanOrEqual(256);
      // Every tile overlaps the box.
      expect(t.left).toBeLessThan(608);
      expect(t.left + t.size).toBeGreaterThan(0);
      expect(t.top).toBeLessThan(408);
      expect(t.top + t.size).toBeGreaterThan(0);
    }
    // The marker's own tile at the chosen zoom is there.
    const z = Number(tiles[0].url.split("/")[3]);
    expect(tiles.some((t) => t.url.endsWith(`/${z}/${Math.floor((x / 256) * 2 ** z)}/${Math.floor((y / 256) * 2 ** z)}.png`))).toBe(true);
  });

  it("draws a circle as a closed ring of the radius", () => {
    const ring = circleRing([113, 28], 1000, 8);
    expect(ring).toHaveLength(9);
    expect(ring[0]).toEqual(ring[8]);
    expect(ring[2][1] - 28).toBeCloseTo(1000 / 111_320, 6);
  });

  it("draws nothing for an empty or failed answer and for the HTML widgets", () => {
    expect(optionFor(widget("bar"), { buckets: [] })).toBeNull();
    expect(optionFor(widget("bar"), { error: { code: 400, msg: "x" } })).toBeNull();
    expect(optionFor(widget("number"), { items: [{ label: "a", value: 1 }] })).toBeNull();
    expect(optionFor(widget("map"), { markers: [] })).toBeNull();
    expect(hasData(widget("number"), { items: [{ label: "a", value: 1 }] })).toBe(true);
    expect(hasData(widget("list"), { columns: [], rows: [] })).toBe(false);
    expect(hasData(widget("gauge"), { value: 0, total: 0, ratio: 0 })).toBe(true);
  });

  it("uses the widget's own colours", () => {
    const o = optionFor(widget("pie", { colors: ["#111111", "#222222"] }), { buckets: villages }) as Obj;
    expect(o.color).toEqual(["#111111", "#222222"]);
  });
});

describe("subSeries", () => {
  it("keeps the order in which second-level keys first appear", () => {
    const reversed: Bucket[] = [{ ...byStatus[1] }, { ...byStatus[0] }];
    expect(subSeries(reversed).map((s) => s.key)).toEqual([1, 0]);
    expect(subSeries(villages)).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { gaugePercent, hasData, markerBounds, optionFor, subSeries } from "./options";
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

  it("places map markers on the offline grid, keyed by organisation, one series per level", () => {
    const data: WidgetData = {
      markers: [
        { org: 5, name: "Town", level: 2, lng: 113.1, lat: 28.2, value: 300 },
        { org: 12, name: "Dongfeng", level: 3, lng: 113.3, lat: 28.4, value: 120 },
        { org: 13, name: "Xinhe", level: 3, lng: 113.2, lat: 28.3, value: 80 },
      ],
    };
    const o = optionFor(widget("map"), data) as Obj;
    const s = series(o);
    expect(s).toHaveLength(2);
    expect((s[1].data as Obj[]).map((d) => d.key)).toEqual([12, 13]);
    expect((s[0].data as Obj[])[0]).toMatchObject({ name: "Town", value: [113.1, 28.2, 300], symbolSize: 34 });
    const b = markerBounds(data.markers ?? []);
    expect(b.minLng).toBeLessThan(113.1);
    expect(b.maxLat).toBeGreaterThan(28.4);
    expect((o.xAxis as Obj).min).toBe(b.minLng);
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

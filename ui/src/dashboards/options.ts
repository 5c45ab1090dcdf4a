// Pure builders from a widget and its statistics answer to an ECharts option (no ECharts code here, so
// they are tested without a canvas). Every data item carries the bucket's key, which a click hands to the
// widget's drill setting.

import type { EChartsCoreOption } from "echarts/core";
import type { Bucket, MapShape, Marker, Widget, WidgetData } from "./types";

/** The screen's dark palette. */
export const PALETTE = ["#3ba1ff", "#4ecb73", "#fbd437", "#f2637b", "#975fe5", "#36cbcb", "#ff9f43", "#5dd3ff", "#e8684a", "#6dc8ec"];
export const TEXT = "#cfe3ff";
const AXIS = "#2b4a6f";

/** The widget kinds drawn with ECharts (the others are HTML: number cards, ranking table, list). */
export const CHART_KINDS = new Set(["line", "bar", "stackedBar", "pie", "ring", "radar", "gauge", "map"]);

/** ItemKey is what a drawn data item holds besides its value: the bucket's key. */
export interface KeyedItem {
  value: number | number[] | null;
  name?: string;
  key: Bucket["key"];
}

const num = (v: number | null | undefined): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);

function flag(options: Widget["options"], name: string): boolean {
  return options?.[name] === true;
}

function colorsOf(widget: Widget): string[] {
  return widget.colors && widget.colors.length > 0 ? widget.colors : PALETTE;
}

/** SubSeries is one series of a two-level grouping: its label and its values per outer bucket. */
export interface SubSeries {
  key: Bucket["key"];
  label: string;
  values: Array<number | null>;
}

/** subSeries turns buckets with sub buckets into one series per distinct sub key, aligned on the outer buckets. */
export function subSeries(buckets: readonly Bucket[]): SubSeries[] {
  const order: SubSeries[] = [];
  const byKey = new Map<string, SubSeries>();
  buckets.forEach((b, i) => {
    for (const s of b.sub ?? []) {
      const id = JSON.stringify(s.key);
      let series = byKey.get(id);
      if (!series) {
        series = { key: s.key, label: s.label, values: buckets.map(() => null) };
        byKey.set(id, series);
        order.push(series);
      }
      series.values[i] = s.value;
    }
  });
  return order;
}

/** hasData is true when a widget's answer holds something to draw (an empty chart is never drawn). */
export function hasData(widget: Widget, data: WidgetData | undefined): boolean {
  if (!data || data.error) return false;
  switch (widget.kind) {
    case "number":
      return (data.items ?? []).length > 0;
    case "gauge":
      return typeof data.value === "number" || typeof data.ratio === "number";
    case "map":
      return (data.markers ?? []).length > 0;
    case "list":
      return (data.rows ?? []).length > 0;
    default:
      return (data.buckets ?? []).length > 0;
  }
}

const tooltip = { backgroundColor: "rgba(8,24,48,0.9)", borderColor: AXIS, textStyle: { color: TEXT } };

function axisStyle() {
  return {
    axisLine: { lineStyle: { color: AXIS } },
    axisLabel: { color: TEXT, fontSize: 12 },
    splitLine: { lineStyle: { color: AXIS, type: "dashed" as const } },
  };
}

function cartesian(widget: Widget, buckets: readonly Bucket[]): EChartsCoreOption {
  const kind = widget.kind === "line" ? "line" : "bar";
  const stacked = widget.kind === "stackedBar";
  const horizontal = flag(widget.options, "horizontal");
  const categories = buckets.map((b) => b.label);
  const subs = subSeries(buckets);
  const unit = widget.unit ?? "";
  const base = { type: kind, smooth: kind === "line" && flag(widget.options, "smooth"), barMaxWidth: 28 };
  const series =
    subs.length > 0
      ? subs.map((s) => ({
          ...base,
          name: s.label,
          stack: stacked ? "total" : undefined,
          data: s.values.map((v, i): KeyedItem => ({ value: v, key: buckets[i].key })),
        }))
      : [
          {
            ...base,
            name: widget.title,
            areaStyle: kind === "line" && flag(widget.options, "area") ? { opacity: 0.25 } : undefined,
            data: buckets.map((b): KeyedItem => ({ value: b.value, key: b.key })),
          },
        ];
  const categoryAxis = { type: "category", data: categories, ...axisStyle(), axisLabel: { color: TEXT, fontSize: 12, interval: 0, hideOverlap: true } };
  const valueAxis = { type: "value", name: unit, nameTextStyle: { color: TEXT }, ...axisStyle() };
  return {
    color: colorsOf(widget),
    tooltip: { ...tooltip, trigger: "axis" },
    legend: subs.length > 0 ? { top: 0, textStyle: { color: TEXT }, type: "scroll" } : undefined,
    grid: { left: 8, right: 16, top: subs.length > 0 ? 32 : 24, bottom: 8, containLabel: true },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? { ...categoryAxis, inverse: true } : valueAxis,
    series,
  };
}

function pie(widget: Widget, buckets: readonly Bucket[]): EChartsCoreOption {
  const ring = widget.kind === "ring";
  return {
    color: colorsOf(widget),
    tooltip: { ...tooltip, trigger: "item", formatter: `{b}: {c}${widget.unit ?? ""} ({d}%)` },
    legend: { type: "scroll", orient: "vertical", right: 0, top: "middle", textStyle: { color: TEXT } },
    series: [
      {
        type: "pie",
        name: widget.title,
        radius: ring ? ["45%", "70%"] : "70%",
        center: ["40%", "50%"],
        label: { color: TEXT, formatter: "{d}%" },
        labelLine: { length: 6, length2: 6 },
        data: buckets.map((b) => ({ name: b.label, value: num(b.value), key: b.key })),
      },
    ],
  };
}

function radar(widget: Widget, buckets: readonly Bucket[]): EChartsCoreOption {
  const subs = subSeries(buckets);
  const values = subs.length > 0 ? subs.flatMap((s) => s.values.map(num)) : buckets.map((b) => num(b.value));
  const max = Math.max(1, ...values) * 1.2;
  return {
    color: colorsOf(widget),
    tooltip: { ...tooltip, trigger: "item" },
    legend: subs.length > 0 ? { top: 0, textStyle: { color: TEXT } } : undefined,
    radar: {
      indicator: buckets.map((b) => ({ name: b.label, max })),
      axisName: { color: TEXT },
      splitLine: { lineStyle: { color: AXIS } },
      splitArea: { show: false },
      axisLine: { lineStyle: { color: AXIS } },
    },
    series: [
      {
        type: "radar",
        name: widget.title,
        areaStyle: { opacity: 0.2 },
        data:
          subs.length > 0
            ? subs.map((s) => ({ name: s.label, value: s.values.map(num), key: s.key }))
            : [{ name: widget.title, value: buckets.map((b) => num(b.value)), key: null }],
      },
    ],
  };
}

/** gaugePercent answers the gauge's value in percent: the ratio the server computed (0..1). */
export function gaugePercent(data: WidgetData): number {
  if (typeof data.ratio === "number") return Math.round(data.ratio * 10000) / 100;
  const total = num(data.total);
  return total > 0 ? Math.round((num(data.value) / total) * 10000) / 100 : 0;
}

function gauge(widget: Widget, data: WidgetData): EChartsCoreOption {
  const percent = gaugePercent(data);
  const detail = `${num(data.value)}${widget.unit ?? ""} / ${num(data.total)}${widget.unit ?? ""}`;
  return {
    color: colorsOf(widget),
    series: [
      {
        type: "gauge",
        name: widget.title,
        min: 0,
        max: 100,
        progress: { show: true, width: 14 },
        axisLine: { lineStyle: { width: 14, color: [[1, AXIS]] } },
        axisTick: { show: false },
        splitLine: { length: 8, lineStyle: { color: AXIS } },
        axisLabel: { show: false },
        pointer: { width: 4 },
        title: { color: TEXT, offsetCenter: [0, "70%"], fontSize: 12 },
        detail: { color: TEXT, fontSize: 22, offsetCenter: [0, "38%"], formatter: "{value}%" },
        data: [{ value: percent, name: detail, key: null }],
      },
    ],
  };
}

/** markerBounds answers the lng/lat box of the markers with a margin. */
export function markerBounds(markers: readonly Marker[]): { minLng: number; maxLng: number; minLat: number; maxLat: number } {
  const lngs = markers.map((m) => m.lng);
  const lats = markers.map((m) => m.lat);
  const pad = (lo: number, hi: number) => Math.max((hi - lo) * 0.12, 0.01);
  const [minLng, maxLng, minLat, maxLat] = [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
  const pl = pad(minLng, maxLng);
  const pa = pad(minLat, maxLat);
  const r = (v: number) => Math.round(v * 1e4) / 1e4;
  return { minLng: r(minLng - pl), maxLng: r(maxLng + pl), minLat: r(minLat - pa), maxLat: r(maxLat + pa) };
}

/** The map's projection: Web Mercator in the pixels of zoom 0 (a 256-pixel world), y growing southwards. */
export function project(lng: number, lat: number): [number, number] {
  const phi = (Math.max(-85, Math.min(85, lat)) * Math.PI) / 180;
  return [((lng + 180) / 360) * 256, ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * 256];
}

/** circleRing approximates a circle (centre [lng, lat], radius in metres) by a ring of points. */
export function circleRing(center: [number, number], radius: number, steps = 48): [number, number][] {
  const [lng, lat] = center;
  const dLat = radius / 111_320;
  const dLng = radius / (111_320 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  const ring: [number, number][] = [];
  for (let i = 0; i <= steps; i++) {
    const a = (2 * Math.PI * i) / steps;
    ring.push([lng + dLng * Math.cos(a), lat + dLat * Math.sin(a)]);
  }
  return ring;
}

/** ringsOf answers a shape's rings of [lng, lat] (a circle as a ring of points). */
export function ringsOf(shape: MapShape): [number, number][][] {
  if (shape.kind === "circle" && shape.center && shape.radius) return [circleRing(shape.center, shape.radius)];
  return shape.rings ?? [];
}

/** MapView is the projected box a map shows, fitted to its box's proportions. */
export interface MapView {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** The inner margin of the map's grid (pixels). */
export const MAP_INSET = 4;

/**
 * mapView answers the projected box holding the markers and shapes with a margin, widened so that one unit
 * is as many pixels across as down (the tiles under the chart are square) in a box of width × height.
 */
export function mapView(markers: readonly Marker[], shapes: readonly MapShape[], width: number, height: number): MapView {
  const pts = [...markers.map((m) => project(m.lng, m.lat)), ...shapes.flatMap((sh) => ringsOf(sh).flat().map(([lng, lat]) => project(lng, lat)))];
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  let [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const minSpan = 0.002; // about 2 km: a single marker still shows its surroundings
  const padX = Math.max((maxX - minX) * 0.12, minSpan);
  const padY = Math.max((maxY - minY) * 0.12, minSpan);
  [minX, maxX, minY, maxY] = [minX - padX, maxX + padX, minY - padY, maxY + padY];
  const w = Math.max(1, width - 2 * MAP_INSET);
  const h = Math.max(1, height - 2 * MAP_INSET);
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  if (spanX / spanY > w / h) {
    const grow = (spanX * h) / w - spanY;
    minY -= grow / 2;
    maxY += grow / 2;
  } else {
    const grow = (spanY * w) / h - spanX;
    minX -= grow / 2;
    maxX += grow / 2;
  }
  return { minX, maxX, minY, maxY };
}

/** Tile is one image of the tile layer under a map, placed in the map's box (pixels). */
export interface Tile {
  url: string;
  left: number;
  top: number;
  size: number;
}

/**
 * tilesFor answers the tiles of the template ({z}/{x}/{y}, {s} → a) covering the view in a box width pixels
 * wide (its height follows from the view's proportions), at the deepest zoom whose tiles are at least 256
 * pixels wide there (at most 18).
 */
export function tilesFor(template: string, view: MapView, width: number): Tile[] {
  if (!template) return [];
  const w = Math.max(1, width - 2 * MAP_INSET);
  const scale = w / (view.maxX - view.minX); // pixels per zoom-0 unit
  const z = Math.max(0, Math.min(18, Math.floor(Math.log2(scale))));
  const n = 2 ** z;
  const unit = 256 / n;
  const tiles: Tile[] = [];
  const [x0, x1] = [Math.floor(view.minX / unit), Math.floor(view.maxX / unit)];
  const [y0, y1] = [Math.max(0, Math.floor(view.minY / unit)), Math.min(n - 1, Math.floor(view.maxY / unit))];
  for (let ty = y0; ty <= y1; ty++) {
    for (let tx = x0; tx <= x1; tx++) {
      const x = ((tx % n) + n) % n;
      tiles.push({
        url: template.replace("{z}", String(z)).replace("{x}", String(x)).replace("{y}", String(ty)).replace("{s}", "a"),
        left: MAP_INSET + (tx * unit - view.minX) * scale,
        top: MAP_INSET + (ty * unit - view.minY) * scale,
        size: unit * scale,
      });
    }
  }
  return tiles;
}

/** The size a map is fitted to when its box is not given (tests, PNG). */
const DEFAULT_MAP_SIZE = { width: 600, height: 400 };

function map(widget: Widget, markers: readonly Marker[], shapes: readonly MapShape[], size = DEFAULT_MAP_SIZE): EChartsCoreOption {
  const view = mapView(markers, shapes, size.width, size.height);
  const max = Math.max(1, ...markers.map((m) => num(m.value)));
  const symbol = (v: number | null) => 10 + Math.round((num(v) / max) * 24);
  const hidden = { show: false };
  const gridAxis = { type: "value", axisLabel: hidden, axisTick: hidden, axisLine: hidden, splitLine: { lineStyle: { color: AXIS } } };
  const colors = colorsOf(widget);
  // Townships and villages are two series, so the legend tells them apart; the shapes are drawn under them.
  const byLevel = [...new Set(markers.map((m) => m.level))].sort();
  const rings = shapes.flatMap((sh) => ringsOf(sh).map((ring) => ({ sh, points: ring.map(([lng, lat]) => project(lng, lat)) })));
  const series: Record<string, unknown>[] = byLevel.map((level) => ({
    type: "scatter",
    name: String(level),
    z: 3,
    data: markers
      .filter((m) => m.level === level)
      .map((m) => ({ name: m.name, value: [...project(m.lng, m.lat), num(m.value)], key: m.org, symbolSize: symbol(m.value) })),
    label: { show: true, formatter: "{b}", position: "right", color: TEXT, fontSize: 12 },
    itemStyle: { shadowBlur: 8, shadowColor: "rgba(59,161,255,0.6)" },
    emphasis: { scale: 1.3 },
  }));
  if (rings.length > 0) {
    series.push({
      type: "custom",
      name: "shapes",
      z: 1,
      coordinateSystem: "cartesian2d",
      data: rings.map(({ sh, points }) => {
        const c = points.reduce((a, p) => [a[0] + p[0] / points.length, a[1] + p[1] / points.length], [0, 0]);
        return { name: sh.name, value: [c[0], c[1], null], key: sh.org };
      }),
      renderItem: (params: { dataIndex: number }, api: { coord: (p: number[]) => number[] }) => ({
        type: "polygon",
        shape: { points: rings[params.dataIndex].points.map((p) => api.coord(p)) },
        style: { fill: `${colors[1 % colors.length]}33`, stroke: colors[1 % colors.length], lineWidth: 1 },
      }),
      tooltip: { formatter: (p: { data: { name: string } }) => p.data.name },
    });
  }
  return {
    color: colors,
    tooltip: { ...tooltip, trigger: "item", formatter: (p: { data: { name: string; value: (number | null)[] } }) => (p.data.value[2] === null ? p.data.name : `${p.data.name}: ${p.data.value[2]}${widget.unit ?? ""}`) },
    grid: { left: MAP_INSET, right: MAP_INSET, top: MAP_INSET, bottom: MAP_INSET },
    xAxis: { ...gridAxis, min: view.minX, max: view.maxX },
    yAxis: { ...gridAxis, min: view.minY, max: view.maxY, inverse: true },
    series,
  };
}

/** optionFor answers the ECharts option of a chart widget, or null when the widget is not a chart or has nothing to draw. */
export function optionFor(widget: Widget, data: WidgetData | undefined, size?: { width: number; height: number }): EChartsCoreOption | null {
  if (!data || !CHART_KINDS.has(widget.kind) || !hasData(widget, data)) return null;
  const buckets = data.buckets ?? [];
  switch (widget.kind) {
    case "line":
    case "bar":
    case "stackedBar":
      return cartesian(widget, buckets);
    case "pie":
    case "ring":
      return pie(widget, buckets);
    case "radar":
      return radar(widget, buckets);
    case "gauge":
      return gauge(widget, data);
    case "map":
      return map(widget, data.markers ?? [], data.shapes ?? [], size);
    default:
      return null;
  }
}

/** formatValue writes a value with the widget's unit (empty for no value). */
export function formatValue(value: number | null | undefined, unit = ""): string {
  if (typeof value !== "number" || !Number.isFinite(value)) return "-";
  return `${value.toLocaleString("zh-CN", { maximumFractionDigits: 2 })}${unit}`;
}

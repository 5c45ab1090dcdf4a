// The dashboard as a PNG: one 1920×1080 canvas with the screen's background and title, each chart's own
// image (ECharts getDataURL) at its place, and the HTML widgets (number cards, ranking, list) written as text.

import type { EChartsType } from "echarts/core";
import { formatValue, PALETTE, TEXT } from "./options";
import { SCREEN_HEIGHT, SCREEN_WIDTH } from "./ScreenFrame";
import type { Widget, WidgetData } from "./types";

export interface Placed {
  widget: Widget;
  left: number;
  top: number;
  width: number;
  height: number;
  data?: WidgetData;
}

/** TITLE_BAR is the height of a widget's title bar on the PNG. */
const TITLE_BAR = 32;

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error("chart image"));
    img.src = url;
  });
}

/** textLines answers what an HTML widget shows, one line each (the PNG writes them). */
export function textLines(widget: Widget, data: WidgetData | undefined): string[] {
  if (!data) return [];
  switch (widget.kind) {
    case "number":
      return (data.items ?? []).map((i) => `${i.label}  ${formatValue(i.value, i.unit ?? widget.unit ?? "")}`);
    case "ranking":
      return (data.buckets ?? []).map((b, i) => `${i + 1}. ${b.label}  ${formatValue(b.value, widget.unit ?? "")}`);
    case "list": {
      const cols = data.columns ?? [];
      return (data.rows ?? []).map((r) => cols.map((c) => String(r[c.field] ?? "")).join("  "));
    }
    default:
      return [];
  }
}

/** composePng draws the screen and answers its PNG. */
export async function composePng(title: string, placed: readonly Placed[], charts: ReadonlyMap<string, EChartsType>): Promise<Blob> {
  const canvas = document.createElement("canvas");
  canvas.width = SCREEN_WIDTH;
  canvas.height = SCREEN_HEIGHT;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("no 2d canvas");
  const bg = ctx.createLinearGradient(0, 0, 0, SCREEN_HEIGHT);
  bg.addColorStop(0, "#0b2447");
  bg.addColorStop(1, "#020b1a");
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, SCREEN_WIDTH, SCREEN_HEIGHT);
  ctx.fillStyle = TEXT;
  ctx.textAlign = "center";
  ctx.font = "bold 34px sans-serif";
  ctx.fillText(title, SCREEN_WIDTH / 2, 48);
  ctx.textAlign = "left";
  for (const p of placed) {
    ctx.strokeStyle = "#1d4a80";
    ctx.strokeRect(p.left + 0.5, p.top + 0.5, p.width - 1, p.height - 1);
    ctx.fillStyle = TEXT;
    ctx.font = "bold 16px sans-serif";
    ctx.fillText(p.widget.title, p.left + 12, p.top + 22);
    const chart = charts.get(p.widget.id);
    if (chart) {
      const img = await loadImage(chart.getDataURL({ type: "png", pixelRatio: 1, backgroundColor: "transparent" }));
      ctx.drawImage(img, p.left + (p.width - img.width) / 2, p.top + TITLE_BAR + Math.max(0, (p.height - TITLE_BAR - img.height) / 2));
      continue;
    }
    ctx.font = "15px sans-serif";
    textLines(p.widget, p.data)
      .slice(0, Math.floor((p.height - TITLE_BAR - 8) / 22))
      .forEach((line, i) => {
        ctx.fillStyle = p.widget.kind === "number" ? PALETTE[i % PALETTE.length] : TEXT;
        ctx.fillText(line, p.left + 14, p.top + TITLE_BAR + 20 + i * 22, p.width - 28);
      });
  }
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("no png"))), "image/png"));
}

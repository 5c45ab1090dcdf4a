// The widgets drawn without ECharts: number cards, the ranking table and the scrolling list of latest records.

import { useEffect, useState } from "react";
import { formatValue, PALETTE, TEXT } from "./options";
import type { Bucket, Widget, WidgetData } from "./types";

export function NumberCards({ widget, data, width, height }: { widget: Widget; data: WidgetData; width: number; height: number }) {
  const items = data.items ?? [];
  // The figures grow with the box: a card three rows high still shows the value and its label.
  const label = Math.max(11, Math.min(14, Math.floor(height * 0.24)));
  const value = Math.max(16, Math.min(32, Math.floor(height - label - 10)));
  return (
    <div role="list" aria-label={widget.title} style={{ display: "flex", gap: 8, width, flexWrap: "wrap", justifyContent: "space-around", alignItems: "center" }}>
      {items.map((item, i) => (
        <div key={item.label} role="listitem" data-number={item.value ?? ""} style={{ minWidth: 72, textAlign: "center", lineHeight: 1.2 }}>
          <div style={{ fontSize: value, fontWeight: 700, color: PALETTE[i % PALETTE.length], fontFamily: "DIN, Arial, sans-serif", whiteSpace: "nowrap" }}>
            {formatValue(item.value, "")}
            <span style={{ fontSize: label, marginLeft: 2, fontWeight: 400 }}>{item.unit ?? widget.unit ?? ""}</span>
          </div>
          <div style={{ fontSize: label, color: TEXT, opacity: 0.85, whiteSpace: "nowrap" }}>{item.label}</div>
        </div>
      ))}
    </div>
  );
}

export function RankingTable({
  widget,
  data,
  width,
  height,
  onPick,
}: {
  widget: Widget;
  data: WidgetData;
  width: number;
  height: number;
  onPick?: (key: Bucket["key"]) => void;
}) {
  const buckets = data.buckets ?? [];
  const max = Math.max(1, ...buckets.map((b) => b.value ?? 0));
  // Rows share the box's height, so the whole ranking shows without scrolling.
  const row = Math.max(16, Math.min(28, Math.floor(height / Math.max(1, buckets.length))));
  return (
    <table aria-label={widget.title} style={{ width, borderCollapse: "collapse", fontSize: Math.min(14, row - 4), color: TEXT }}>
      <tbody>
        {buckets.map((b, i) => (
          <tr
            key={String(b.key)}
            onClick={onPick ? () => onPick(b.key) : undefined}
            style={{ cursor: onPick ? "pointer" : undefined, height: row }}
          >
            <td style={{ width: 32, textAlign: "center", color: i < 3 ? PALETTE[3 - i] : TEXT, fontWeight: 700 }}>{i + 1}</td>
            <td style={{ width: "35%", whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" }}>{b.label}</td>
            <td>
              <div style={{ background: "#12305a", height: 8, borderRadius: 4 }}>
                <div style={{ width: `${((b.value ?? 0) / max) * 100}%`, background: PALETTE[0], height: 8, borderRadius: 4 }} />
              </div>
            </td>
            <td style={{ width: 80, textAlign: "right" }}>{formatValue(b.value, widget.unit ?? "")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** SCROLL_MS is how often the latest-records list moves up by one row. */
export const SCROLL_MS = 3000;

export function ScrollList({ widget, data, width, height }: { widget: Widget; data: WidgetData; width: number; height: number }) {
  const columns = data.columns ?? [];
  const rows = data.rows ?? [];
  const [first, setFirst] = useState(0);
  const rowHeight = 30;
  const fits = Math.max(1, Math.floor((height - rowHeight) / rowHeight));
  const scrolls = rows.length > fits;
  useEffect(() => {
    if (!scrolls) return;
    const timer = setInterval(() => setFirst((f) => (f + 1) % rows.length), SCROLL_MS);
    return () => clearInterval(timer);
  }, [scrolls, rows.length]);
  const shown = scrolls ? [...rows.slice(first), ...rows.slice(0, first)].slice(0, fits) : rows;
  const cell = { padding: "0 6px", whiteSpace: "nowrap" as const, overflow: "hidden", textOverflow: "ellipsis", maxWidth: width / Math.max(1, columns.length) };
  return (
    <table aria-label={widget.title} style={{ width, borderCollapse: "collapse", fontSize: 13, color: TEXT, tableLayout: "fixed" }}>
      <thead>
        <tr style={{ height: rowHeight, background: "#0f2b52" }}>
          {columns.map((c) => (
            <th key={c.field} style={{ ...cell, textAlign: "left", fontWeight: 600 }}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {shown.map((row, i) => (
          <tr key={String(row.id ?? i)} style={{ height: rowHeight, background: i % 2 ? "rgba(18,48,90,0.35)" : undefined }}>
            {columns.map((c) => (
              <td key={c.field} style={cell}>
                {row[c.field] === null || row[c.field] === undefined ? "" : String(row[c.field])}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

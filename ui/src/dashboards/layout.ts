// Where each widget sits on the 1920×1080 canvas: the dashboard's grid (24 columns, rows of 40 px by default)
// below the header, rows shrunk when the file declares more than fit.

import { SCREEN_HEIGHT, SCREEN_WIDTH } from "./ScreenFrame";
import type { Dashboard, Widget } from "./types";

/** HEADER is the height of the screen's title and filter bar. */
export const HEADER = 96;
/** GAP is the space between widgets. */
export const GAP = 10;
/** CARD_HEAD and CARD_PAD are the chart box's title bar and body padding (the screen's compact small card). */
export const CARD_HEAD = 30;
export const CARD_PAD = 8;

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** layoutOf answers each widget's rectangle, and the size left for its chart inside the chart box. */
export function layoutOf(def: Pick<Dashboard, "grid" | "widgets">): Array<{ widget: Widget; rect: Rect; inner: { width: number; height: number } }> {
  const columns = def.grid?.columns > 0 ? def.grid.columns : 24;
  const rows = Math.max(1, ...def.widgets.map((w) => w.grid.y + w.grid.h));
  const declared = def.grid?.rowHeight > 0 ? def.grid.rowHeight : 40;
  const rowHeight = Math.min(declared, (SCREEN_HEIGHT - HEADER - GAP) / rows);
  const colWidth = (SCREEN_WIDTH - GAP) / columns;
  return def.widgets.map((widget) => {
    const rect = {
      left: Math.round(GAP + widget.grid.x * colWidth),
      top: Math.round(HEADER + widget.grid.y * rowHeight),
      width: Math.round(widget.grid.w * colWidth - GAP),
      height: Math.round(widget.grid.h * rowHeight - GAP),
    };
    const inner = { width: Math.max(40, rect.width - 2 * CARD_PAD - 2), height: Math.max(40, rect.height - CARD_HEAD - 2 * CARD_PAD - 2) };
    return { widget, rect, inner };
  });
}

// The tile layer under a map widget: the images of the configured tile URL (XZ_MAP_TILE_URL, as the map
// pickers use it) laid out in the chart's own Web Mercator view, behind the transparent ECharts canvas.
// Without a tile URL nothing is drawn and the chart's grid stays (the offline look). The tiles are HTML
// images, not part of the canvas: a tile server of another origin cannot taint it, so the PNG export still
// works (and shows the markers and shapes without the tiles).

import { useEffect, useMemo, useState, type ReactNode } from "react";
import { loadMapConfig } from "../widgets/map/mapConfig";
import { mapView, tilesFor } from "./options";
import type { MapShape, Marker } from "./types";

export interface MapTilesProps {
  markers: readonly Marker[];
  shapes: readonly MapShape[];
  width: number;
  height: number;
  children: ReactNode;
}

export function MapTiles({ markers, shapes, width, height, children }: MapTilesProps) {
  const [template, setTemplate] = useState("");
  useEffect(() => {
    let cancelled = false;
    void loadMapConfig().then((c) => !cancelled && setTemplate(c.mapTileUrl));
    return () => {
      cancelled = true;
    };
  }, []);
  const tiles = useMemo(() => tilesFor(template, mapView(markers, shapes, width, height), width), [template, markers, shapes, width, height]);
  return (
    <div style={{ position: "relative", width, height, overflow: "hidden" }} data-map-tiles={tiles.length}>
      {tiles.map((t) => (
        <img
          key={`${t.url}@${t.left}`}
          src={t.url}
          alt=""
          draggable={false}
          style={{ position: "absolute", left: t.left, top: t.top, width: t.size, height: t.size, opacity: 0.75, pointerEvents: "none" }}
        />
      ))}
      <div style={{ position: "absolute", inset: 0 }}>{children}</div>
    </div>
  );
}

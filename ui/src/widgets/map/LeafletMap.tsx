// A Leaflet map for the pickers: loaded lazily, centred on the spec's default (§9), with the configured
// tile layer or, without one, a plain grid background that needs no network (offline and e2e runs).

import { Spin } from "antd";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { Map as LMap } from "leaflet";
import { DEFAULT_CENTER, DEFAULT_ZOOM } from "./geo";
import { loadLeaflet, type Leaflet } from "./leaflet";
import { loadMapConfig, type MapConfig } from "./mapConfig";

/** What a picker draws with once the map is ready. */
export interface MapHandle {
  L: Leaflet;
  map: LMap;
  config: MapConfig;
}

export interface LeafletMapProps {
  id?: string;
  /** The accessible name of the map area. */
  label: string;
  height?: number;
  /** Rendered once the map exists (layers and controls of the picker). */
  children: (handle: MapHandle) => ReactNode;
}

const GRID_STYLE = {
  backgroundColor: "#f7f9fb",
  backgroundImage: "linear-gradient(#dfe5ec 1px, transparent 1px), linear-gradient(90deg, #dfe5ec 1px, transparent 1px)",
  backgroundSize: "32px 32px",
};

/** LeafletMap creates the map in its box and hands it to children; it removes the map when unmounted. */
export function LeafletMap({ id, label, height = 360, children }: LeafletMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const [handle, setHandle] = useState<MapHandle>();

  useEffect(() => {
    let map: LMap | undefined;
    let cancelled = false;
    void Promise.all([loadLeaflet(), loadMapConfig()]).then(([L, config]) => {
      if (cancelled || !box.current) return;
      map = L.map(box.current, { center: [DEFAULT_CENTER.lat, DEFAULT_CENTER.lng], zoom: DEFAULT_ZOOM, attributionControl: !!config.mapTileUrl });
      if (config.mapTileUrl) L.tileLayer(config.mapTileUrl, { maxZoom: 19 }).addTo(map);
      setHandle({ L, map, config });
    });
    return () => {
      cancelled = true;
      map?.remove();
      setHandle(undefined);
    };
  }, []);

  return (
    <div style={{ position: "relative" }}>
      <div ref={box} id={id} role="region" aria-label={label} data-map-ready={handle ? "true" : "false"} style={{ height, width: "100%", ...GRID_STYLE }} />
      {!handle && <Spin style={{ position: "absolute", top: 24, left: 24 }} />}
      {handle && children(handle)}
    </div>
  );
}

// The map settings the server gives the console (GET /api/system/consoleConfig: XZ_MAP_TILE_URL,
// XZ_MAP_GEOCODER_URL), read once per page load, and the place search through the configured geocoder.

import { request } from "../../api/http";
import { round6, type GeoPoint } from "./geo";

export interface MapConfig {
  /** Tile URL template ({z}/{x}/{y}); empty: no base layer, a plain grid. */
  mapTileUrl: string;
  /** Place search URL template ({q}); empty: no place search. */
  mapGeocoderUrl: string;
}

const NONE: MapConfig = { mapTileUrl: "", mapGeocoderUrl: "" };
let cached: Promise<MapConfig> | undefined;

/** loadMapConfig reads the settings once; a failure means no tiles and no search (the map still works). */
export function loadMapConfig(): Promise<MapConfig> {
  cached ??= request<Partial<MapConfig> | null>("/api/system/consoleConfig", { silent: true })
    .then((c) => ({ mapTileUrl: c?.mapTileUrl ?? "", mapGeocoderUrl: c?.mapGeocoderUrl ?? "" }))
    .catch(() => NONE);
  return cached;
}

/** resetMapConfig forgets the cached settings (tests). */
export function resetMapConfig(): void {
  cached = undefined;
}

/** A place the geocoder found. */
export interface Place {
  name: string;
  point: GeoPoint;
}

/**
 * searchPlace asks the configured geocoder (Nominatim's search format: an array of {lat, lon,
 * display_name}) and returns the places found, best first.
 */
export async function searchPlace(template: string, text: string, fetcher: typeof fetch = fetch): Promise<Place[]> {
  const res = await fetcher(template.replace("{q}", encodeURIComponent(text)), { headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`geocoder: HTTP ${res.status}`);
  const body: unknown = await res.json();
  if (!Array.isArray(body)) return [];
  return body.flatMap((r: unknown): Place[] => {
    if (typeof r !== "object" || r === null) return [];
    const { lat, lon, display_name: name } = r as Record<string, unknown>;
    const [la, lo] = [Number(lat), Number(lon)];
    if (!Number.isFinite(la) || !Number.isFinite(lo)) return [];
    return [{ name: typeof name === "string" ? name : `${lo},${la}`, point: { lng: round6(lo), lat: round6(la) } }];
  });
}

// The map pickers' value model, free of Leaflet: the spec's map constants (§9), coordinate parsing and
// formatting, and the GeoJSON values the server stores for geoPoint and geoPolygon fields
// (engine/schema/record.go: {lng, lat[, radius]}; Polygon, MultiPolygon or a FeatureCollection of land
// polygons).

import { catalogue } from "../../locales/catalogue";

/** Spec §9: the default centre (longitude, latitude) and zoom of every map. */
export const DEFAULT_CENTER = { lng: 115.15, lat: 36.29 } as const;
export const DEFAULT_ZOOM = 12;
/** Spec §9: a circle check-in range is 100 m by default and at least 100 m when drawn. */
export const DEFAULT_RADIUS = 100;
export const MIN_RADIUS = 100;
/** The server's upper bound on a radius (engine/schema MaxCircleRadius). */
export const MAX_RADIUS = 100000;
/** Spec §9: coordinates are formatted to 6 decimals. */
export const COORD_DECIMALS = 6;

/** GEO_MESSAGES are the spec's messages (§5 "Search and pickers"), read in the current locale. */
export const GEO_MESSAGES = catalogue("widgets.map");

/** A point; radius (metres) when it is the centre of a circle. */
export interface GeoPoint {
  lng: number;
  lat: number;
  radius?: number;
}

/** A position as GeoJSON writes it: [lng, lat]. */
export type Position = [number, number];
/** A polygon: its outer ring (closed: the first position repeated last) and any holes. */
export type PolygonCoords = Position[][];

export interface PolygonGeometry {
  type: "Polygon";
  coordinates: PolygonCoords;
}

export interface MultiPolygonGeometry {
  type: "MultiPolygon";
  coordinates: PolygonCoords[];
}

/** round6 rounds a coordinate to the spec's 6 decimals. */
export function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

/** formatPoint writes a point the way the coordinate box reads it: "lng,lat" with 6 decimals. */
export function formatPoint(p: Pick<GeoPoint, "lng" | "lat">): string {
  return `${p.lng.toFixed(COORD_DECIMALS)},${p.lat.toFixed(COORD_DECIMALS)}`;
}

/** What parsing the coordinate box gave: a point, or the message to show. */
export type ParsedCoordinate = { ok: true; point: GeoPoint } | { ok: false; message: string };

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * parseCoordinate reads "lng,lat" (a full-width comma '，' works too, spaces around are ignored), rounding
 * to 6 decimals: empty gives the empty-coordinate message, anything else that is not two numbers in range a clear message.
 */
export function parseCoordinate(text: string): ParsedCoordinate {
  const s = text.trim();
  if (!s) return { ok: false, message: GEO_MESSAGES.emptyCoord };
  const parts = s.split(/[,，]/).map((p) => p.trim());
  if (parts.length !== 2 || !parts.every((p) => NUMBER.test(p))) return { ok: false, message: GEO_MESSAGES.badCoord };
  const [lng, lat] = parts.map(Number);
  if (Math.abs(lng) > 180 || Math.abs(lat) > 90) return { ok: false, message: GEO_MESSAGES.badCoord };
  return { ok: true, point: { lng: round6(lng), lat: round6(lat) } };
}

/** clampRadius keeps a drawn radius within the spec's minimum and the server's maximum, in whole metres. */
export function clampRadius(r: number | null | undefined): number {
  if (typeof r !== "number" || !Number.isFinite(r)) return DEFAULT_RADIUS;
  return Math.min(MAX_RADIUS, Math.max(MIN_RADIUS, Math.round(r)));
}

function isNumber(v: unknown): v is number {
  return typeof v === "number" && Number.isFinite(v);
}

/** asPoint reads a stored geoPoint value, undefined when it is not one. */
export function asPoint(value: unknown): GeoPoint | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (!isNumber(v.lng) || !isNumber(v.lat)) return undefined;
  return isNumber(v.radius) ? { lng: v.lng, lat: v.lat, radius: v.radius } : { lng: v.lng, lat: v.lat };
}

/** pointValue is the stored value of a point (with its radius for a circle), rounded to 6 decimals. */
export function pointValue(p: GeoPoint, circle: boolean): GeoPoint {
  const out: GeoPoint = { lng: round6(p.lng), lat: round6(p.lat) };
  if (circle) out.radius = clampRadius(p.radius);
  return out;
}

/** closeRing turns drawn vertices into a closed GeoJSON ring rounded to 6 decimals; undefined below 3 vertices. */
export function closeRing(vertices: readonly Position[]): Position[] | undefined {
  if (vertices.length < 3) return undefined;
  const ring = vertices.map(([lng, lat]): Position => [round6(lng), round6(lat)]);
  const [first, last] = [ring[0], ring[ring.length - 1]];
  if (first[0] !== last[0] || first[1] !== last[1]) ring.push([first[0], first[1]]);
  return ring.length >= 4 ? ring : undefined;
}

/** openRing drops a ring's closing position: the vertices to draw. */
export function openRing(ring: readonly Position[]): Position[] {
  if (ring.length < 2) return [...ring];
  const [first, last] = [ring[0], ring[ring.length - 1]];
  return first[0] === last[0] && first[1] === last[1] ? ring.slice(0, -1) : [...ring];
}

function isPosition(v: unknown): v is Position {
  return Array.isArray(v) && v.length >= 2 && isNumber(v[0]) && isNumber(v[1]);
}

function isPolygonCoords(v: unknown): v is PolygonCoords {
  return Array.isArray(v) && v.length > 0 && v.every((ring) => Array.isArray(ring) && ring.every(isPosition));
}

/** polygonsOf lists the polygons of a stored Polygon or MultiPolygon value ([] for anything else). */
export function polygonsOf(value: unknown): PolygonCoords[] {
  if (typeof value !== "object" || value === null) return [];
  const v = value as Record<string, unknown>;
  if (v.type === "Polygon" && isPolygonCoords(v.coordinates)) return [v.coordinates];
  if (v.type === "MultiPolygon" && Array.isArray(v.coordinates) && v.coordinates.every(isPolygonCoords)) {
    return v.coordinates as PolygonCoords[];
  }
  return [];
}

/** polygonValue is the stored value of drawn polygons: none → undefined, one → Polygon, more → MultiPolygon. */
export function polygonValue(polygons: readonly PolygonCoords[]): PolygonGeometry | MultiPolygonGeometry | undefined {
  if (polygons.length === 0) return undefined;
  if (polygons.length === 1) return { type: "Polygon", coordinates: polygons[0] };
  return { type: "MultiPolygon", coordinates: [...polygons] };
}

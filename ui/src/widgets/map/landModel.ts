// The land-type drawing's model (spec §3 "Map land categories"): eight categories, each with its colour,
// and the FeatureCollection a mapLand field stores, one Polygon feature per drawn parcel carrying
// category, color, parentId and selfId (engine/schema/record.go landProperties).

import type { PolygonCoords } from "./geo";

/** The eight land categories, in the spec's order, with a distinct colour each. */
export const LAND_CATEGORIES = [
  { key: "houseSiteCrood", label: "宅基地", color: "#fa8c16" },
  { key: "idleHousingCrood", label: "闲置农房", color: "#eb2f96" },
  { key: "ploughCrood", label: "耕地", color: "#52c41a" },
  { key: "collectiveConstructionCrood", label: "集体建设用地", color: "#722ed1" },
  { key: "qualityPloughCrood", label: "高标准农田", color: "#13c2c2" },
  { key: "perpetualPloughCrood", label: "永久基本农田", color: "#2f54eb" },
  { key: "forestCrood", label: "林地", color: "#237804" },
  { key: "unusedGroundCrood", label: "未利用地", color: "#8c8c8c" },
] as const;

export type LandCategory = (typeof LAND_CATEGORIES)[number]["key"];

/** What each land polygon carries (spec §3: parentId, selfId, color, coordinate). */
export interface LandProperties {
  category: LandCategory;
  color: string;
  parentId?: string;
  selfId: string;
}

export interface LandFeature {
  type: "Feature";
  geometry: { type: "Polygon"; coordinates: PolygonCoords };
  properties: LandProperties;
}

export interface LandCollection {
  type: "FeatureCollection";
  features: LandFeature[];
}

/** categoryOf finds a category by key. */
export function categoryOf(key: string) {
  return LAND_CATEGORIES.find((c) => c.key === key);
}

/** asLandCollection reads a stored mapLand value; anything else is an empty collection. */
export function asLandCollection(value: unknown): LandCollection {
  if (typeof value !== "object" || value === null) return { type: "FeatureCollection", features: [] };
  const v = value as Record<string, unknown>;
  if (v.type !== "FeatureCollection" || !Array.isArray(v.features)) return { type: "FeatureCollection", features: [] };
  const features = v.features.filter((f: unknown): f is LandFeature => {
    if (typeof f !== "object" || f === null) return false;
    const ft = f as Partial<LandFeature>;
    return ft.geometry?.type === "Polygon" && !!ft.properties && !!categoryOf(ft.properties.category);
  });
  return { type: "FeatureCollection", features };
}

/** newSelfId makes a polygon id unique within the collection. */
function newSelfId(c: LandCollection, category: string): string {
  const taken = new Set(c.features.map((f) => f.properties.selfId));
  for (let n = c.features.length + 1; ; n++) {
    const id = `${category}-${n}`;
    if (!taken.has(id)) return id;
  }
}

/** addLandPolygon returns the collection with a new polygon of the category (parentId: the record's id, if any). */
export function addLandPolygon(c: LandCollection, category: LandCategory, coordinates: PolygonCoords, parentId?: string): LandCollection {
  const cat = categoryOf(category);
  if (!cat) return c;
  const properties: LandProperties = { category, color: cat.color, selfId: newSelfId(c, category) };
  if (parentId) properties.parentId = parentId;
  return { type: "FeatureCollection", features: [...c.features, { type: "Feature", geometry: { type: "Polygon", coordinates }, properties }] };
}

/** removeLandPolygon returns the collection without the polygon selfId. */
export function removeLandPolygon(c: LandCollection, selfId: string): LandCollection {
  return { type: "FeatureCollection", features: c.features.filter((f) => f.properties.selfId !== selfId) };
}

/** landValue is what the field stores: undefined when nothing is drawn. */
export function landValue(c: LandCollection): LandCollection | undefined {
  return c.features.length ? c : undefined;
}

/** countByCategory counts the polygons of each category (for the legend). */
export function countByCategory(c: LandCollection): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of c.features) out[f.properties.category] = (out[f.properties.category] ?? 0) + 1;
  return out;
}

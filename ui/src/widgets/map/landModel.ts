// The land-type drawing's model (spec §3 "Map land categories"): eight categories, each with its colour,
// and the FeatureCollection a mapLand field stores, one Polygon feature per drawn parcel carrying
// category, color, parentId and selfId (engine/schema/record.go landProperties).

import type { PolygonCoords } from "./geo";
import { catalogue } from "../../locales/catalogue";

const CATEGORY_LABELS = catalogue("widgets.land.categories");

/** The eight land categories, in the spec's order, with a distinct colour each. */
const CATEGORIES = [
  { key: "houseSiteCrood", color: "#fa8c16" },
  { key: "idleHousingCrood", color: "#eb2f96" },
  { key: "ploughCrood", color: "#52c41a" },
  { key: "collectiveConstructionCrood", color: "#722ed1" },
  { key: "qualityPloughCrood", color: "#13c2c2" },
  { key: "perpetualPloughCrood", color: "#2f54eb" },
  { key: "forestCrood", color: "#237804" },
  { key: "unusedGroundCrood", color: "#8c8c8c" },
] as const;

export type LandCategory = (typeof CATEGORIES)[number]["key"];

/** LAND_CATEGORIES are the categories with their label (widgets.land.categories) in the current locale. */
export const LAND_CATEGORIES: readonly { key: LandCategory; color: string; readonly label: string }[] = CATEGORIES.map((c) => ({
  ...c,
  get label() {
    return CATEGORY_LABELS[c.key];
  },
}));

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

// The palette: every field type of docs/schema.md, with the widget variants the schema language offers
// (a dictionary or inline enum, the map point / circle / polygon / land map).

import { text, type DesignerKey } from "./texts";
import type { FieldDoc, FieldType } from "./model";

/** typeLabel is the palette's name of a type or variant. */
export const typeLabel = (key: string) => text(`designer.types.${key}` as DesignerKey);

export interface PaletteItem {
  /** Key of the item, also its text key under designer.types. */
  key: string;
  type: FieldType;
  /** Keys the item sets on the new field besides the type's must-haves. */
  preset?: (f: FieldDoc, firstDict?: string) => FieldDoc;
}

export const PALETTE: PaletteItem[] = [
  { key: "string", type: "string" },
  { key: "text", type: "text" },
  { key: "richtext", type: "richtext" },
  { key: "int", type: "int" },
  { key: "decimal", type: "decimal" },
  { key: "bool", type: "bool" },
  { key: "date", type: "date" },
  { key: "datetime", type: "datetime" },
  {
    key: "enumDict",
    type: "enum",
    preset: (f, firstDict) => {
      const { options: _, ...rest } = f;
      return { ...rest, dict: firstDict ?? "" };
    },
  },
  { key: "enumInline", type: "enum" },
  { key: "ref", type: "ref" },
  { key: "image", type: "image" },
  { key: "images", type: "images" },
  { key: "file", type: "file" },
  { key: "files", type: "files" },
  { key: "video", type: "video" },
  { key: "mapPoint", type: "geoPoint" },
  { key: "mapCircle", type: "geoPoint", preset: (f) => ({ ...f, widget: "mapCircle" }) },
  { key: "mapPolygon", type: "geoPolygon" },
  { key: "mapLand", type: "geoPolygon", preset: (f) => ({ ...f, widget: "mapLand" }) },
  { key: "idcard", type: "idcard" },
  { key: "mobile", type: "mobile" },
  { key: "email", type: "email" },
  { key: "json", type: "json" },
  { key: "children", type: "children" },
];

/** paletteKeyOf names the palette item a field looks like (for its type's label on the canvas). */
export function paletteKeyOf(f: FieldDoc): string {
  if (f.type === "enum") return f.dict !== undefined ? "enumDict" : "enumInline";
  if (f.type === "geoPoint") return f.widget === "mapCircle" ? "mapCircle" : "mapPoint";
  if (f.type === "geoPolygon") return f.widget === "mapLand" ? "mapLand" : "mapPolygon";
  return f.type;
}

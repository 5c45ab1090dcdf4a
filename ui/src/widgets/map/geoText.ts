// How a stored map value reads in a list cell or on a detail page: a point's coordinates (and a circle's
// radius), each polygon's vertices, or the land categories' parcels, coordinates to 6 decimals.

import { asPoint, formatPoint, openRing, polygonsOf } from "./geo";
import { asLandCollection, categoryOf } from "./landModel";
import { text } from "../../locales/catalogue";

/** geoText is the text of a geoPoint or geoPolygon value, undefined for any other value. */
export function geoText(value: object): string | undefined {
  const point = asPoint(value);
  if (point) return point.radius !== undefined ? text("widgets.map.pointWithRadius", { point: formatPoint(point), radius: point.radius }) : formatPoint(point);
  const ringText = (ring: [number, number][]) => openRing(ring).map(([lng, lat]) => formatPoint({ lng, lat })).join(text("widgets.map.vertexSeparator"));
  const polygons = polygonsOf(value);
  if (polygons.length) return polygons.map((p, i) => text("widgets.map.polygonLine", { index: i + 1, vertices: ringText(p[0]) })).join("\n");
  const land = asLandCollection(value);
  if (land.features.length) {
    return land.features
      .map((f) => text("widgets.map.parcelLine", { category: categoryOf(f.properties.category)?.label ?? f.properties.category, vertices: ringText(f.geometry.coordinates[0]) }))
      .join("\n");
  }
  return undefined;
}

import { describe, expect, it } from "vitest";
import type { RJSFSchema } from "@rjsf/utils";
import { withDefaultWidgets } from "../uiDefaults";
import { enumOptions } from "../moduleSchema";
import { GEO_FIELD } from "./MapWidgets";
import { CN } from "../../test/chinese";

const polygon: RJSFSchema = { type: "object", oneOf: [{ type: "object", properties: { type: { const: "Polygon" } } }] };

describe("map fields", () => {
  it("render through GeoField in place of rjsf's oneOf selector", () => {
    const ui = withDefaultWidgets(
      { type: "object", properties: { boundary: polygon, center: { type: "object" }, name: { type: "string" } } },
      { boundary: { "ui:widget": "mapPolygon" }, center: { "ui:widget": "mapCircle", "ui:title": CN.checkInRange } },
    );
    expect(ui.boundary).toEqual({ "ui:widget": "mapPolygon", "ui:field": GEO_FIELD, "ui:fieldReplacesAnyOrOneOf": true });
    expect(ui.center).toMatchObject({ "ui:field": GEO_FIELD, "ui:title": CN.checkInRange });
    expect(ui.name).toEqual({ "ui:widget": "text" });
  });

  it("a oneOf of shapes has no choices (so it reads as a map value, not the unknown-value text)", () => {
    expect(enumOptions(polygon)).toBeUndefined();
    expect(enumOptions({ oneOf: [{ const: 1, title: CN.one }] })).toEqual([{ value: 1, label: CN.one }]);
  });
});

import { describe, expect, it } from "vitest";
import { addLandPolygon, asLandCollection, countByCategory, LAND_CATEGORIES, landValue, removeLandPolygon } from "./landModel";
import { VertexList } from "./drawSession";

const ring = [[[1, 1], [2, 1], [2, 2], [1, 1]]] as [number, number][][];

describe("land categories (spec §3)", () => {
  it("are the eight categories, each with its own colour", () => {
    expect(LAND_CATEGORIES.map((c) => c.key)).toEqual([
      "houseSiteCrood", "idleHousingCrood", "ploughCrood", "collectiveConstructionCrood",
      "qualityPloughCrood", "perpetualPloughCrood", "forestCrood", "unusedGroundCrood",
    ]);
    expect(new Set(LAND_CATEGORIES.map((c) => c.color)).size).toBe(8);
  });

  it("adds polygons carrying category, colour, parentId and a unique selfId, and deletes one", () => {
    let land = asLandCollection(undefined);
    land = addLandPolygon(land, "forestCrood", ring, "42");
    land = addLandPolygon(land, "forestCrood", ring, "42");
    land = addLandPolygon(land, "ploughCrood", ring);
    expect(land.features.map((f) => f.properties)).toEqual([
      { category: "forestCrood", color: "#237804", parentId: "42", selfId: "forestCrood-1" },
      { category: "forestCrood", color: "#237804", parentId: "42", selfId: "forestCrood-2" },
      { category: "ploughCrood", color: "#52c41a", selfId: "ploughCrood-3" },
    ]);
    expect(countByCategory(land)).toEqual({ forestCrood: 2, ploughCrood: 1 });
    land = removeLandPolygon(land, "forestCrood-1");
    expect(land.features.map((f) => f.properties.selfId)).toEqual(["forestCrood-2", "ploughCrood-3"]);
    // A new polygon does not reuse a taken id.
    expect(addLandPolygon(land, "forestCrood", ring).features[2].properties.selfId).toBe("forestCrood-3");
    expect(landValue(removeLandPolygon(removeLandPolygon(land, "forestCrood-2"), "ploughCrood-3"))).toBeUndefined();
  });

  it("reads only categorised polygons from a stored value", () => {
    const stored = {
      type: "FeatureCollection",
      features: [
        { type: "Feature", geometry: { type: "Polygon", coordinates: ring }, properties: { category: "forestCrood", color: "#237804", selfId: "a" } },
        { type: "Feature", geometry: { type: "Polygon", coordinates: ring }, properties: { category: "moon", color: "#000000", selfId: "b" } },
      ],
    };
    expect(asLandCollection(stored).features.map((f) => f.properties.selfId)).toEqual(["a"]);
    expect(asLandCollection({ type: "Polygon", coordinates: ring }).features).toEqual([]);
  });
});

describe("VertexList", () => {
  it("counts a double-click's repeated clicks once and closes the ring", () => {
    const v = new VertexList();
    v.add([1, 1]);
    v.add([2, 1]);
    expect(v.ring()).toBeUndefined();
    v.add([2, 2]);
    v.add([2, 2]);
    expect(v.vertices).toHaveLength(3);
    expect(v.ring()).toEqual([[1, 1], [2, 1], [2, 2], [1, 1]]);
  });
});

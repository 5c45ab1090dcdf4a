import { describe, expect, it } from "vitest";
import { moveTargets } from "./moves";

describe("moveTargets", () => {
  const nodes = ["a", "b", "c"];
  it("offers up and into the sibling above, down after the one below, out after the parent", () => {
    expect(moveTargets(nodes, 1, "p")).toEqual({
      up: { target: "a", place: "before" },
      into: { target: "a", place: "inside" },
      down: { target: "c", place: "after" },
      out: { target: "p", place: "after" },
    });
  });
  it("offers nothing beyond the ends of the level, and no way out of the top", () => {
    expect(moveTargets(nodes, 0, null)).toEqual({ down: { target: "b", place: "after" } });
    expect(moveTargets(nodes, 2, null)).toEqual({ up: { target: "b", place: "before" }, into: { target: "b", place: "inside" } });
    expect(moveTargets(nodes, 3, "p")).toEqual({});
  });
});

import { describe, expect, it } from "vitest";
import { canDrag, canDrop, placeAmong, positionOf, renumber } from "./dragRules";

const root = { level: 0 };
const first = { level: 1 };
const second = { level: 2 };
const third = { level: 3 };

describe("canDrop (spec §5 menu dragging)", () => {
  it("never drags the root and puts nothing beside it", () => {
    expect(canDrag(root)).toBe(false);
    expect(canDrag(first)).toBe(true);
    expect(canDrop(root, first, "before")).toBe(false);
    for (const node of [first, second, third]) {
      expect(canDrop(node, root, "before")).toBe(false);
      expect(canDrop(node, root, "after")).toBe(false);
    }
  });

  it("moves a first-level menu only among its siblings", () => {
    expect(canDrop(first, first, "before")).toBe(true);
    expect(canDrop(first, first, "after")).toBe(true);
    expect(canDrop(first, root, "inside")).toBe(true);
    expect(canDrop(first, first, "inside")).toBe(false);
    expect(canDrop(first, second, "before")).toBe(false);
    expect(canDrop(first, second, "inside")).toBe(false);
    expect(canDrop(first, third, "after")).toBe(false);
  });

  it("never makes a lower menu first-level", () => {
    expect(canDrop(second, first, "before")).toBe(false);
    expect(canDrop(third, first, "after")).toBe(false);
    expect(canDrop(second, root, "inside")).toBe(false);
  });

  it("lets lower menus move below the first level", () => {
    expect(canDrop(second, first, "inside")).toBe(true);
    expect(canDrop(second, second, "before")).toBe(true);
    expect(canDrop(third, second, "after")).toBe(true);
    expect(canDrop(third, first, "inside")).toBe(true);
    expect(canDrop(second, second, "inside")).toBe(true);
  });
});

describe("positionOf", () => {
  it("reads antd's relative positions", () => {
    expect(positionOf(-1)).toBe("before");
    expect(positionOf(0)).toBe("inside");
    expect(positionOf(1)).toBe("after");
  });
});

describe("placeAmong and renumber", () => {
  it("moves a node before or after an anchor among its own siblings", () => {
    expect(placeAmong([1, 2, 3], 3, 1, "before")).toEqual([3, 1, 2]);
    expect(placeAmong([1, 2, 3], 1, 3, "after")).toEqual([2, 3, 1]);
    expect(placeAmong([1, 2, 3], 1, 2, "after")).toEqual([2, 1, 3]);
  });

  it("brings a node from elsewhere in, first when dropped inside the parent", () => {
    expect(placeAmong([4, 5], 9, 5, "before")).toEqual([4, 9, 5]);
    expect(placeAmong([4, 5], 9, null)).toEqual([9, 4, 5]);
    expect(placeAmong([], 9, null)).toEqual([9]);
    expect(placeAmong([4, 5], 9, 77, "after")).toEqual([4, 5, 9]);
  });

  it("numbers siblings from 1 under their parent", () => {
    expect(renumber([7, 3, 5], 2)).toEqual([
      { id: 7, parentId: 2, orderby: 1 },
      { id: 3, parentId: 2, orderby: 2 },
      { id: 5, parentId: 2, orderby: 3 },
    ]);
  });
});

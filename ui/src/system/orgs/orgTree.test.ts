// Tests of the organisation tree's drag rules and renumbering (spec §4, §9).

import { describe, expect, it } from "vitest";
import { canDrag, canDrop, parentAfterDrop, placeOf, reorder, type OrgNode } from "./orgTree";
import { CN } from "../../test/chinese";

const node = (id: number, parentId: number, orderby = 0): OrgNode => ({
  id,
  orgName: `${CN.org}${id}`,
  description: "",
  parentId,
  orderby,
  leaf: true,
});

describe("canDrag", () => {
  it("refuses the root and the top of a partial reach, allows others", () => {
    expect(canDrag(null, 0)).toBe(false);
    expect(canDrag(node(5, 3), 0)).toBe(false);
    expect(canDrag(node(1, 0), 0)).toBe(true);
    expect(canDrag(node(7, 1), 1)).toBe(true);
  });
});

describe("canDrop", () => {
  const a = node(10, 1);
  it("accepts only inside the root", () => {
    expect(canDrop(a, null, 0, "inside")).toBe(true);
    expect(canDrop(a, null, 0, "before")).toBe(false);
    expect(canDrop(a, null, 0, "after")).toBe(false);
  });
  it("refuses a node on itself", () => {
    expect(canDrop(a, a, 1, "inside")).toBe(false);
  });
  it("accepts beside and inside an ordinary node", () => {
    const b = node(11, 1);
    for (const place of ["before", "inside", "after"] as const) expect(canDrop(a, b, 1, place)).toBe(true);
  });
  it("refuses inside a village, accepts beside it", () => {
    const village = { ...node(12, 1), description: CN.village };
    expect(canDrop(a, village, 1, "inside")).toBe(false);
    expect(canDrop(a, village, 1, "after")).toBe(true);
  });
  it("accepts only inside the top of a partial reach", () => {
    const top = node(3, 2);
    expect(canDrop(a, top, 0, "inside")).toBe(true);
    expect(canDrop(a, top, 0, "before")).toBe(false);
    expect(canDrop(a, top, 0, "after")).toBe(false);
  });
});

describe("reorder", () => {
  const s1 = node(1, 9, 1);
  const s2 = node(2, 9, 2);
  const s3 = node(3, 9, 3);
  const outsider = node(4, 8, 5);

  it("puts a node before its target and numbers from 1", () => {
    expect(reorder([s1, s2, s3], s3, s1, "before")).toEqual([
      { id: 3, parentId: 9, orderby: 1 },
      { id: 1, parentId: 9, orderby: 2 },
      { id: 2, parentId: 9, orderby: 3 },
    ]);
  });
  it("puts a node after its target", () => {
    expect(reorder([s1, s2, s3], s1, s2, "after").map((m) => m.id)).toEqual([2, 1, 3]);
    expect(reorder([s1, s2, s3], s1, s3, "after").map((m) => m.id)).toEqual([2, 3, 1]);
  });
  it("moves a node from elsewhere beside a target, taking the target's parent", () => {
    expect(reorder([s1, s2], outsider, s2, "before")).toEqual([
      { id: 1, parentId: 9, orderby: 1 },
      { id: 4, parentId: 9, orderby: 2 },
      { id: 2, parentId: 9, orderby: 3 },
    ]);
  });
  it("puts a node first inside its target", () => {
    const target = node(9, 0);
    expect(reorder([s1, s2], outsider, target, "inside")).toEqual([
      { id: 4, parentId: 9, orderby: 1 },
      { id: 1, parentId: 9, orderby: 2 },
      { id: 2, parentId: 9, orderby: 3 },
    ]);
    expect(reorder([], outsider, null, "inside")).toEqual([{ id: 4, parentId: 0, orderby: 1 }]);
  });
});

describe("parentAfterDrop and placeOf", () => {
  it("reads the new parent", () => {
    expect(parentAfterDrop(null, "inside")).toBe(0);
    expect(parentAfterDrop(node(5, 2), "inside")).toBe(5);
    expect(parentAfterDrop(node(5, 2), "after")).toBe(2);
  });
  it("reads antd's drop position", () => {
    expect(placeOf(false, 2, "0-0-2")).toBe("inside");
    expect(placeOf(true, 1, "0-0-2")).toBe("before");
    expect(placeOf(true, 3, "0-0-2")).toBe("after");
  });
});

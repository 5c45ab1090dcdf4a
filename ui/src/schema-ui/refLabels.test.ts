import { describe, expect, it } from "vitest";
import { labelled } from "./refLabels";
import { CN } from "../test/chinese";

describe("labelled", () => {
  const record = { grid: 17, tags: [1, 2, 3], _labels: { grid: { "17": CN.gridOne }, tags: { "1": CN.partyMember, "3": CN.subsistenceHousehold } } };

  it("replaces a single reference's id by its label", () => {
    expect(labelled(record, "grid", record.grid)).toBe(CN.gridOne);
  });

  it("labels each id of a multiple reference and keeps the ids it cannot name", () => {
    expect(labelled(record, "tags", record.tags)).toEqual([CN.partyMember, 2, CN.subsistenceHousehold]);
  });

  it("leaves fields without labels, empty values and records without _labels alone", () => {
    expect(labelled(record, "name", CN.zhangSan)).toBe(CN.zhangSan);
    expect(labelled(record, "grid", null)).toBeNull();
    expect(labelled({ grid: 5 }, "grid", 5)).toBe(5);
  });
});

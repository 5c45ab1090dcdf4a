import { describe, expect, it } from "vitest";
import { labelled } from "./refLabels";

describe("labelled", () => {
  const record = { grid: 17, tags: [1, 2, 3], _labels: { grid: { "17": "一网格" }, tags: { "1": "党员", "3": "低保户" } } };

  it("replaces a single reference's id by its label", () => {
    expect(labelled(record, "grid", record.grid)).toBe("一网格");
  });

  it("labels each id of a multiple reference and keeps the ids it cannot name", () => {
    expect(labelled(record, "tags", record.tags)).toEqual(["党员", 2, "低保户"]);
  });

  it("leaves fields without labels, empty values and records without _labels alone", () => {
    expect(labelled(record, "name", "张三")).toBe("张三");
    expect(labelled(record, "grid", null)).toBeNull();
    expect(labelled({ grid: 5 }, "grid", 5)).toBe(5);
  });
});

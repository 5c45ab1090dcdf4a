import { describe, expect, it } from "vitest";
import dayjs from "dayjs";
import { toCriteria } from "../api/criteria";
import type { ListFilter } from "./moduleSchema";
import { filterKind, filtersToSearch, searchToFilters } from "./searchFilters";
import { CN } from "../test/chinese";

const f = (name: string, type: string, operators: ListFilter["operators"]): ListFilter => ({ name, label: name, type, operators });
const config = [
  f("name", "string", ["contains", "equals"]),
  f("grade", "enum", ["equals", "in"]),
  f("applyDate", "date", ["greaterThanOrEqual", "lessThanOrEqual"]),
  f("createdAt", "datetime", ["greaterThanOrEqual", "lessThanOrEqual"]),
  f("photo", "image", ["specified"]),
  f("idCard", "idcard", ["equals"]),
];

describe("search form ↔ filters", () => {
  it("picks a kind per filter", () => {
    expect(config.map(filterKind)).toEqual(["contains", "in", "range", "range", "specified", "equals"]);
  });

  it("follows the module file's own filter over the operator list", () => {
    const name: ListFilter = { ...f("name", "string", ["equals", "in", "contains", "specified"]), preferred: "contains" };
    expect(filterKind(name)).toBe("contains");
    expect(filterKind({ ...name, preferred: undefined })).toBe("in");
  });

  it("turns form values into criteria", () => {
    const filters = searchToFilters(config, {
      name: `  ${CN.zhang} `,
      grade: ["1", "2"],
      applyDate: [dayjs("2024-01-01"), dayjs("2024-03-31")],
      createdAt: [dayjs("2024-05-01T10:00:00"), null],
      photo: "false",
      idCard: "",
    });
    expect([...toCriteria({ filters }).entries()]).toEqual([
      ["name.contains", CN.zhang],
      ["grade.in", "1,2"],
      ["applyDate.greaterThanOrEqual", "2024-01-01"],
      ["applyDate.lessThanOrEqual", "2024-03-31"],
      ["createdAt.greaterThanOrEqual", "2024-05-01 00:00:00"],
      ["photo.specified", "false"],
    ]);
  });

  it("yields an empty entry for every cleared field, so replacing clears it", () => {
    const filters = searchToFilters(config, {});
    expect(filters.filter((x) => "field" in x && x.field === "name")).toEqual([{ field: "name", operator: "contains", value: undefined }]);
    expect([...toCriteria({ filters }).entries()]).toEqual([]);
  });

  it("fills the form back from filters", () => {
    const values = filtersToSearch(config, [
      { field: "name", operator: "contains", value: CN.zhang },
      { field: "grade", operator: "in", value: "1,2" },
      { field: "applyDate", operator: "gte", value: "2024-01-01" },
      { field: "photo", operator: "nnull", value: true },
    ]);
    expect(values.name).toBe(CN.zhang);
    expect(values.grade).toEqual(["1", "2"]);
    expect(values.photo).toBe("true");
    const [from, to] = values.applyDate as [dayjs.Dayjs, unknown];
    expect(from.format("YYYY-MM-DD")).toBe("2024-01-01");
    expect(to).toBeUndefined();
  });
});

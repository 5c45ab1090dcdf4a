import { describe, expect, it } from "vitest";
import type { CrudFilter, CrudSort } from "@refinedev/core";
import { fromCriteria, toCriteria, UnsupportedFilterError } from "./criteria";
import { CN } from "../test/chinese";

const entries = (p: URLSearchParams) => [...p.entries()];

describe("toCriteria", () => {
  const tests: { name: string; filters?: CrudFilter[]; sorters?: CrudSort[]; pagination?: { currentPage: number; pageSize: number }; want: [string, string][] }[] = [
    { name: "paging is zero-based", pagination: { currentPage: 3, pageSize: 20 }, want: [["page", "2"], ["size", "20"]] },
    {
      name: "sorters repeat sort=field,dir",
      sorters: [
        { field: "applyDate", order: "desc" },
        { field: "name", order: "asc" },
      ],
      want: [["sort", "applyDate,desc"], ["sort", "name,asc"]],
    },
    {
      name: "every operator maps to its criteria suffix",
      filters: [
        { field: "a", operator: "eq", value: "1" },
        { field: "b", operator: "ne", value: "2" },
        { field: "c", operator: "contains", value: CN.zhang },
        { field: "d", operator: "ncontains", value: "x" },
        { field: "e", operator: "in", value: ["1", "2"] },
        { field: "f", operator: "nin", value: [3, 4] },
        { field: "g", operator: "gt", value: 5 },
        { field: "h", operator: "lt", value: 6 },
        { field: "i", operator: "gte", value: "2024-01-01" },
        { field: "j", operator: "lte", value: "2024-12-31" },
        { field: "k", operator: "null", value: true },
        { field: "l", operator: "nnull", value: true },
      ],
      want: [
        ["a.equals", "1"],
        ["b.notEquals", "2"],
        ["c.contains", CN.zhang],
        ["d.doesNotContain", "x"],
        ["e.in", "1,2"],
        ["f.notIn", "3,4"],
        ["g.greaterThan", "5"],
        ["h.lessThan", "6"],
        ["i.greaterThanOrEqual", "2024-01-01"],
        ["j.lessThanOrEqual", "2024-12-31"],
        ["k.specified", "false"],
        ["l.specified", "true"],
      ],
    },
    {
      name: "empty values are left out",
      filters: [
        { field: "a", operator: "eq", value: undefined },
        { field: "b", operator: "contains", value: "" },
        { field: "c", operator: "in", value: [] },
      ],
      want: [],
    },
    {
      name: "between becomes a closed range",
      filters: [{ field: "applyDate", operator: "between", value: ["2024-01-01", "2024-02-01"] }],
      want: [["applyDate.greaterThanOrEqual", "2024-01-01"], ["applyDate.lessThanOrEqual", "2024-02-01"]],
    },
  ];
  for (const tc of tests) {
    it(tc.name, () => {
      expect(entries(toCriteria({ filters: tc.filters, sorters: tc.sorters, pagination: tc.pagination }))).toEqual(tc.want);
    });
  }

  it("rejects operators the criteria cannot say", () => {
    expect(() => toCriteria({ filters: [{ field: "a", operator: "startswith", value: "x" }] })).toThrow(UnsupportedFilterError);
    expect(() => toCriteria({ filters: [{ operator: "or", value: [] }] })).toThrow(UnsupportedFilterError);
  });
});

describe("fromCriteria", () => {
  it("reads filters, sorters and paging back", () => {
    const got = fromCriteria(
      new URLSearchParams(`page=2&size=20&sort=applyDate,desc&sort=name,asc&name.contains=${CN.zhang}&grade.in=1,2&amount.greaterThanOrEqual=5&orgId.specified=false&idCard=110`),
    );
    expect(got).toEqual({
      pagination: { currentPage: 3, pageSize: 20 },
      sorters: [
        { field: "applyDate", order: "desc" },
        { field: "name", order: "asc" },
      ],
      filters: [
        { field: "name", operator: "contains", value: CN.zhang },
        { field: "grade", operator: "in", value: ["1", "2"] },
        { field: "amount", operator: "gte", value: "5" },
        { field: "orgId", operator: "null", value: true },
        { field: "idCard", operator: "eq", value: "110" },
      ],
    });
  });

  it("round-trips what toCriteria writes", () => {
    const state = {
      filters: [
        { field: "a", operator: "ne" as const, value: "1" },
        { field: "b", operator: "nin" as const, value: ["x", "y"] },
        { field: "c", operator: "nnull" as const, value: true },
        { field: "d", operator: "lt" as const, value: "9" },
      ],
      sorters: [{ field: "a", order: "asc" as const }],
      pagination: { currentPage: 1, pageSize: 50 },
    };
    expect(fromCriteria(toCriteria(state))).toEqual(state);
  });

  it("has no paging when the query names none, and skips unknown suffixes", () => {
    expect(fromCriteria(new URLSearchParams("a.startsWith=x&_method=PUT"))).toEqual({ filters: [], sorters: [], pagination: undefined });
  });
});

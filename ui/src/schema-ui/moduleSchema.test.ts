import { describe, expect, it } from "vitest";
import { codeFor, enumOptions, orderedProperties, parseModuleSchema, parseSort, SchemaParseError } from "./moduleSchema";
import { handicappedSchema } from "../test/moduleSchemas";
import { CN } from "../test/chinese";

describe("parseModuleSchema", () => {
  it("reads the module, status machine, list and dictionaries", () => {
    const s = parseModuleSchema(handicappedSchema);
    expect(s.module).toMatchObject({ name: "handicappedSubsidy", api: "/onlineVillage/handicappeds", permission: "onlineVillage.handicapped", export: true, import: true });
    expect(s.module.status).toEqual({
      field: "auditStatus",
      label: CN.reviewStatus,
      values: { "1": CN.underReview, "2": CN.passed, "3": CN.notPassed },
      initial: "1",
      actions: [
        { name: "approve", label: CN.pass, from: ["1"], to: "2", comment: "", code: "onlineVillage.handicapped.approve" },
        { name: "reject", label: CN.reject, from: ["1"], to: "3", comment: "required", code: "onlineVillage.handicapped.reject" },
      ],
    });
    expect(s.list.sort).toEqual([{ field: "applyDate", order: "desc" }]);
    expect(s.list.pageSize).toBe(10);
    expect(s.list.columns.map((c) => [c.name, c.sortable])).toEqual([
      ["name", false],
      ["idCard", false],
      ["disabilityGrade", false],
      ["applyDate", true],
      ["auditStatus", false],
    ]);
    expect(s.list.filters.map((f) => [f.name, f.preferred, f.operators])).toEqual([
      ["name", "contains", ["equals", "in", "contains", "specified"]],
      ["disabilityGrade", "in", ["equals", "in"]],
      ["applyDate", "range", ["greaterThanOrEqual", "lessThanOrEqual"]],
    ]);
    expect(s.sections).toEqual([
      { name: "basic", title: CN.basicInfo },
      { name: "subsidy", title: CN.subsidyInfo },
    ]);
    expect(s.dicts.disability_grade).toEqual([
      { value: "1", label: CN.gradeOne },
      { value: "2", label: CN.gradeTwo },
    ]);
  });

  it("fails clearly when essentials are missing", () => {
    expect(() => parseModuleSchema(null)).toThrow(SchemaParseError);
    expect(() => parseModuleSchema({ module: { name: "x" }, jsonSchema: {} })).toThrow(/module.api/);
    expect(() => parseModuleSchema({ module: { name: "x", api: "/x" } })).toThrow(/jsonSchema/);
  });

  it("defaults what the server leaves out", () => {
    const s = parseModuleSchema({ module: { name: "x", api: "/x/" }, jsonSchema: { type: "object" } });
    expect(s.module).toMatchObject({ api: "/x", permission: "x", export: false, import: false, codes: {} });
    expect(s.list).toEqual({ columns: [], filters: [], sort: [], pageSize: 10 });
  });

  it("prefers the codes the server names", () => {
    const s = parseModuleSchema({ module: { name: "x", api: "/x", permission: "p", codes: ["p.add", "other.edit"] }, jsonSchema: {} });
    expect(codeFor(s.module, "add")).toBe("p.add");
    expect(codeFor(s.module, "other.edit")).toBe("other.edit");
    expect(codeFor(s.module, "del")).toBe("p.del");
  });
});

describe("helpers", () => {
  it("parseSort reads one or several sorts", () => {
    expect(parseSort("a,asc;b")).toEqual([
      { field: "a", order: "asc" },
      { field: "b", order: "desc" },
    ]);
    expect(parseSort(undefined)).toEqual([]);
  });

  it("enumOptions reads oneOf const/title", () => {
    expect(enumOptions({ oneOf: [{ const: 1, title: CN.gradeOne }] })).toEqual([{ value: 1, label: CN.gradeOne }]);
    expect(enumOptions({ type: "array", items: { enum: ["a"] } })).toEqual([{ value: "a", label: "a" }]);
  });

  it("orderedProperties follows ui:order with a wildcard", () => {
    const s = parseModuleSchema({
      module: { name: "x", api: "/x" },
      jsonSchema: { properties: { a: {}, b: {}, c: {}, d: {} } },
      uiSchema: { "ui:order": ["c", "*", "a"] },
    });
    expect(orderedProperties(s)).toEqual(["c", "b", "d", "a"]);
    expect(s.sections).toEqual([]);
  });
});

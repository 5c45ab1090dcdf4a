import { describe, expect, it } from "vitest";
import { formatValue, maskValue, propertyFormat } from "./format";
import { parseModuleSchema } from "./moduleSchema";
import { handicappedSchema } from "../test/moduleSchemas";
import { text } from "../locales/catalogue";
import { CN } from "../test/chinese";

describe("format", () => {
  it("masks identifiers by kind", () => {
    expect(maskValue("110101199003078515", "idcard")).toBe("1101**********8515");
    expect(maskValue("13812345678", "mobile")).toBe("138****5678");
    expect(maskValue(CN.zhangSanfeng, "name")).toBe(`${CN.zhang}**`);
    expect(maskValue("ab", "mobile")).toBe("**");
  });

  const tests = [
    { name: "choice by label", value: "2", fmt: { options: [{ value: "2", label: CN.gradeTwo }] }, want: CN.gradeTwo },
    { name: `out-of-range choice shows ${text("common.unknownValue")}`, value: "9", fmt: { options: [{ value: "2", label: CN.gradeTwo }] }, want: text("common.unknownValue") },
    { name: "boolean", value: true, fmt: {}, want: text("common.yes") },
    { name: "date", value: "2024-03-05T10:11:12", fmt: { type: "date" }, want: "2024-03-05" },
    { name: "datetime", value: "2024-03-05T10:11:12", fmt: { type: "datetime" }, want: "2024-03-05 10:11:12" },
    { name: "list", value: ["a", "b"], fmt: {}, want: "a、b" },
    { name: "object by its name", value: { id: 1, name: CN.zhangSan }, fmt: {}, want: CN.zhangSan },
    { name: "empty", value: null, fmt: {}, want: "" },
  ];
  for (const tc of tests) {
    it(tc.name, () => expect(formatValue(tc.value, tc.fmt)).toBe(tc.want));
  }

  it("derives a property's format from schema, ui:options and dictionaries", () => {
    const s = parseModuleSchema(handicappedSchema);
    expect(propertyFormat(s, "disabilityGrade", s.jsonSchema.properties?.disabilityGrade as object)).toMatchObject({ options: s.dicts.disability_grade });
    expect(propertyFormat(s, "idCard", s.jsonSchema.properties?.idCard as object)).toMatchObject({ mask: "idcard" });
    expect(propertyFormat(s, "applyDate", s.jsonSchema.properties?.applyDate as object)).toMatchObject({ type: "date" });
  });
});

import { describe, expect, it } from "vitest";
import { pathOf, toErrorSchema } from "./serverErrors";

describe("server errors → rjsf", () => {
  it("nests messages under their fields", () => {
    expect(
      toErrorSchema([
        { field: "idCard", message: "身份证号已存在" },
        { field: "idCard", message: "格式不正确" },
        { field: "family[0].age", message: "年龄不能为负" },
        { field: "", message: "记录已被他人修改" },
      ]),
    ).toEqual({
      __errors: ["记录已被他人修改"],
      idCard: { __errors: ["身份证号已存在", "格式不正确"] },
      family: { "0": { age: { __errors: ["年龄不能为负"] } } },
    });
  });

  it("reads both path styles", () => {
    expect(pathOf("a.0.b")).toEqual(["a", "0", "b"]);
    expect(pathOf("a[0].b")).toEqual(["a", "0", "b"]);
  });
});

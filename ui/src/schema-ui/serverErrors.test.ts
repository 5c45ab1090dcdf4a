import { describe, expect, it } from "vitest";
import { pathOf, toErrorSchema } from "./serverErrors";
import { text } from "../locales/catalogue";
import { CN } from "../test/chinese";

describe("server errors → rjsf", () => {
  it("nests messages under their fields", () => {
    expect(
      toErrorSchema([
        { field: "idCard", message: CN.idNumberTaken },
        { field: "idCard", message: text("validation.pattern") },
        { field: "family[0].age", message: CN.ageNegative },
        { field: "", message: CN.recordChanged },
      ]),
    ).toEqual({
      __errors: [CN.recordChanged],
      idCard: { __errors: [CN.idNumberTaken, text("validation.pattern")] },
      family: { "0": { age: { __errors: [CN.ageNegative] } } },
    });
  });

  it("reads both path styles", () => {
    expect(pathOf("a.0.b")).toEqual(["a", "0", "b"]);
    expect(pathOf("a[0].b")).toEqual(["a", "0", "b"]);
  });
});

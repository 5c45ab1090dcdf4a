import { describe, expect, it } from "vitest";
import { canVisitPath, createAccess, hasAnyCode, MissingCodesError, moduleCode, visitCodeFor } from "./access";
import { VISIT_CODES } from "./visitCodes";

describe("hasAnyCode", () => {
  const tests = [
    { name: "one of the codes held", held: ["cscp.user.add", "cscp.user.edit"], required: ["cscp.user.del", "cscp.user.edit"], want: true },
    { name: "none held", held: ["cscp.user.add"], required: ["cscp.user.del"], want: false },
    { name: "user with no codes", held: [], required: ["cscp.user.add"], want: false },
    { name: "codes are exact, not prefixes", held: ["cscp.user"], required: ["cscp.user.add"], want: false },
  ];
  for (const tc of tests) {
    it(tc.name, () => expect(hasAnyCode(tc.held, tc.required)).toBe(tc.want));
  }

  it("a check without codes is an error (spec §6)", () => {
    expect(() => hasAnyCode(["a"], [])).toThrow(MissingCodesError);
  });
});

describe("visit codes", () => {
  it("names the code each guarded path needs", () => {
    expect(visitCodeFor("/dataStatistics")).toBe(VISIT_CODES.dataStatistics);
    expect(visitCodeFor("/dataStatisticsForSix/")).toBe(VISIT_CODES.dataStatisticsForSix);
    expect(visitCodeFor("/form-design")).toBe(VISIT_CODES.formDesign);
    expect(visitCodeFor("/workbench")).toBeUndefined();
  });

  const tests = [
    { name: "unguarded path opens for anyone", codes: [], path: "/workbench", want: true },
    { name: "guarded path opens with its code", codes: ["formDesign"], path: "/form-design", want: true },
    { name: "guarded path stays shut without it", codes: ["dataStatistics"], path: "/form-design", want: false },
    { name: "codes do not cross over", codes: ["dataStatistics"], path: "/dataStatisticsForSix", want: false },
  ];
  for (const tc of tests) {
    it(tc.name, () => expect(canVisitPath(tc.codes, tc.path)).toBe(tc.want));
  }
});

describe("createAccess", () => {
  it("binds button codes and visit codes", () => {
    const access = createAccess({ buttonCodes: ["onlineVillage.handicapped.add"], visitCodes: ["dataStatistics"] });
    expect(access.can([moduleCode("onlineVillage.handicapped", "add")])).toBe(true);
    expect(access.can([moduleCode("onlineVillage.handicapped", "del")])).toBe(false);
    expect(access.canVisit("/dataStatistics")).toBe(true);
    expect(access.canVisit("/form-design")).toBe(false);
  });
});

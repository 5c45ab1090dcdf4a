import { describe, expect, it } from "vitest";
import { makeToken } from "../test/helpers";
import { decodeToken, isExpired, visitCodesOf } from "./jwt";
import { CN } from "../test/chinese";

describe("jwt", () => {
  it("reads the claims, including non-ASCII ones", () => {
    const token = makeToken({ sub: "42", tid: 3, name: CN.zhangSan });
    expect(decodeToken(token)).toMatchObject({ sub: "42", tid: 3, name: CN.zhangSan });
  });

  it("lists the visit codes of the auth claim", () => {
    expect(visitCodesOf(makeToken({ auth: "dataStatistics, formDesign,," }))).toEqual(["dataStatistics", "formDesign"]);
    expect(visitCodesOf(makeToken({}))).toEqual([]);
    expect(visitCodesOf(null)).toEqual([]);
  });

  it("treats garbage as no token", () => {
    expect(decodeToken("not-a-jwt")).toBeNull();
    expect(decodeToken("a.%%%.c")).toBeNull();
  });

  it("knows when a token has expired", () => {
    const now = Date.UTC(2025, 0, 1);
    expect(isExpired(makeToken({ exp: now / 1000 - 1 }), now)).toBe(true);
    expect(isExpired(makeToken({ exp: now / 1000 + 60 }), now)).toBe(false);
  });
});

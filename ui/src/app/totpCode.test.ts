import { describe, expect, it } from "vitest";
import { cleanCode, codeKind } from "./totpCode";

describe("cleanCode", () => {
  it.each([
    [" 123 456 ", "123456"],
    ["ABCDE-FGHIJ", "abcde-fghij"],
    ["12.34,56", "123456"],
    ["abcde-fghijklmn", "abcde-fghij"],
    ["", ""],
  ])("%j → %j", (raw, want) => expect(cleanCode(raw)).toBe(want));
});

describe("codeKind", () => {
  it.each([
    ["123456", "totp"],
    ["12345", "incomplete"],
    ["1234567", "incomplete"],
    ["abcde-fghij", "recovery"],
    ["abcdefghij", "recovery"],
    ["abcde-fgh1j", "incomplete"],
    ["", "incomplete"],
  ])("%j is %s", (code, want) => expect(codeKind(code)).toBe(want));
});

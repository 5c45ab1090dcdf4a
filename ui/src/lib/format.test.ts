import { describe, expect, it } from "vitest";
import { DATETIME_FORMAT, formatBytes, formatDateTime } from "./format";

describe("formatBytes", () => {
  it("switches units at about 102.4 B, 100 KB and 100 MB", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(102)).toBe("102 B");
    expect(formatBytes(103)).toBe("0.1 KB");
    expect(formatBytes(2048)).toBe("2 KB");
    expect(formatBytes(99 * 1024)).toBe("99 KB");
    expect(formatBytes(100 * 1024)).toBe("100 KB");
    expect(formatBytes(103 * 1024)).toBe("0.1 MB");
    expect(formatBytes(5 * 1024 * 1024)).toBe("5 MB");
    expect(formatBytes(100 * 1024 * 1024)).toBe("100 MB");
    expect(formatBytes(103 * 1024 * 1024)).toBe("0.1 GB");
    expect(formatBytes(-1)).toBe("");
  });
});

describe("dates", () => {
  it("uses year-month-day hour:minute:second", () => {
    expect(DATETIME_FORMAT).toBe("YYYY-MM-DD HH:mm:ss");
    expect(formatDateTime(new Date(2024, 4, 1, 9, 5, 7))).toBe("2024-05-01 09:05:07");
    expect(formatDateTime("not a date")).toBe("");
  });
});

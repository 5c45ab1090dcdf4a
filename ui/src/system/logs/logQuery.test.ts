// Tests of the log screens' query (spec §5, §7, §9).

import { describe, expect, it } from "vitest";
import { logQuery, searchText } from "./logQuery";

describe("log query", () => {
  it("trims the username and keeps at most 20 characters", () => {
    expect(searchText("  admin ")).toBe("admin");
    expect(searchText("a".repeat(25))).toBe("a".repeat(20));
  });
  it("asks for a zero-based page, newest first", () => {
    expect(logQuery("userName.contains", " admin ", 1, 10)).toEqual({
      page: 0,
      size: 10,
      sort: "time,desc",
      "userName.contains": "admin",
    });
    expect(logQuery("username.contains", "  ", 3, 20)).toEqual({ page: 2, size: 20, sort: "time,desc" });
  });
});

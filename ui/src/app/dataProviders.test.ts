import { describe, expect, it } from "vitest";
import { signIn } from "../test/helpers";
import { UnknownResourceError } from "../api/dataProvider";
import { resolveFromSession } from "./dataProviders";
import { CN } from "../test/chinese";

const villager = { name: "villager", title: CN.villager, api: "/cmzz/api/villagers", permission: "cmzz.villager" };

describe("resolveFromSession", () => {
  it("maps a module name to its API base from the session's module list", () => {
    signIn({ modules: [villager] });
    expect(resolveFromSession("villager")).toBe("/cmzz/api/villagers");
    expect(resolveFromSession("/api/system/cscpUsers/")).toBe("/api/system/cscpUsers");
    expect(resolveFromSession("anything", { api: "/x" })).toBe("/x");
    expect(() => resolveFromSession("nope")).toThrow(UnknownResourceError);
  });
});

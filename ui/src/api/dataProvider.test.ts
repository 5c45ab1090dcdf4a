import { describe, expect, it } from "vitest";
import { server } from "../test/server";
import { http, ok } from "../test/helpers";
import { createDataProvider, moduleResolver, pageOf, UnknownResourceError } from "./dataProvider";
import { CN } from "../test/chinese";

const villager = { name: "villager", title: CN.villager, api: "/cmzz/api/villagers", permission: "cmzz.villager" };
const resolve = moduleResolver(() => [villager]);
const dataProvider = createDataProvider(resolve);

interface Seen {
  method: string;
  path: string;
  query: [string, string][];
  body?: unknown;
}

function record(seen: Seen[]) {
  return async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const text = request.method === "GET" ? "" : await request.text();
    seen.push({ method: request.method, path: url.pathname, query: [...url.searchParams.entries()], body: text ? (JSON.parse(text) as unknown) : undefined });
    return ok({ data: [{ id: 1, name: CN.zhangSan }], recordsTotal: 31 });
  };
}

describe("dataProvider", () => {
  it("maps a module name to its API base from the module list", () => {
    expect(resolve("villager")).toBe("/cmzz/api/villagers");
    expect(resolve("/api/system/cscpUsers/")).toBe("/api/system/cscpUsers");
    expect(resolve("anything", { api: "/x" })).toBe("/x");
    expect(() => resolve("nope")).toThrow(UnknownResourceError);
  });

  it("getList sends criteria, paging and sorting, and reads data/recordsTotal", async () => {
    const seen: Seen[] = [];
    server.use(http.get("/cmzz/api/villagers", record(seen)));
    const got = await dataProvider.getList({
      resource: "villager",
      pagination: { currentPage: 2, pageSize: 10 },
      sorters: [{ field: "applyDate", order: "desc" }],
      filters: [
        { field: "name", operator: "contains", value: CN.zhang },
        { field: "grade", operator: "in", value: ["1", "2"] },
      ],
    });
    expect(got).toEqual({ data: [{ id: 1, name: CN.zhangSan }], total: 31 });
    expect(seen[0].query).toEqual([
      ["page", "1"],
      ["size", "10"],
      ["sort", "applyDate,desc"],
      ["name.contains", CN.zhang],
      ["grade.in", "1,2"],
    ]);
  });

  it("getList without paging asks for the server's maximum", async () => {
    const seen: Seen[] = [];
    server.use(http.get("/api/x", record(seen)));
    await dataProvider.getList({ resource: "/api/x", pagination: { mode: "off" } });
    expect(seen[0].query).toEqual([
      ["page", "0"],
      ["size", "1000"],
    ]);
  });

  it("getOne, create, update, deleteOne and deleteMany use the module's paths and _method", async () => {
    const seen: Seen[] = [];
    const handler = record(seen);
    server.use(http.get("/api/x/7", handler), http.post("/api/x", handler), http.post("/api/x/7", handler));
    await dataProvider.getOne({ resource: "/api/x", id: 7 });
    await dataProvider.create({ resource: "/api/x", variables: { name: CN.liSi } });
    await dataProvider.update({ resource: "/api/x", id: 7, variables: { name: CN.liSi, version: 3 } });
    await dataProvider.deleteOne({ resource: "/api/x", id: 7 });
    await dataProvider.deleteMany?.({ resource: "/api/x", ids: [1, 2] });
    expect(seen).toEqual([
      { method: "GET", path: "/api/x/7", query: [], body: undefined },
      { method: "POST", path: "/api/x", query: [], body: { name: CN.liSi } },
      { method: "POST", path: "/api/x/7", query: [["_method", "PUT"]], body: { name: CN.liSi, version: 3 } },
      { method: "POST", path: "/api/x/7", query: [["_method", "DELETE"]], body: undefined },
      { method: "POST", path: "/api/x", query: [["ids", "1,2"], ["_method", "DELETE"]], body: undefined },
    ]);
  });

  it("getOne unwraps the envelope to the record", async () => {
    server.use(http.get("/api/x/7", () => ok({ id: 7, history: [] })));
    await expect(dataProvider.getOne({ resource: "/api/x", id: 7 })).resolves.toEqual({ data: { id: 7, history: [] } });
  });

  it("getMany asks for the ids with id.in", async () => {
    const seen: Seen[] = [];
    server.use(http.get("/api/x", record(seen)));
    await dataProvider.getMany?.({ resource: "/api/x", ids: [3, 4] });
    expect(seen[0].query).toEqual([
      ["id.in", "3,4"],
      ["page", "0"],
      ["size", "2"],
    ]);
  });

  it("custom turns filters into criteria and PUT into POST ?_method=PUT", async () => {
    const seen: Seen[] = [];
    server.use(http.post("/api/x/7/status", record(seen)), http.get("/api/x/stats", record(seen)));
    await dataProvider.custom?.({ url: "/api/x/7/status", method: "put", payload: { action: "approve", comment: "" } });
    await dataProvider.custom?.({ url: "/api/x/stats", method: "get", query: { by: "grade", bucket: "month" }, filters: [{ field: "a", operator: "eq", value: "1" }] });
    expect(seen).toEqual([
      { method: "POST", path: "/api/x/7/status", query: [["_method", "PUT"]], body: { action: "approve", comment: "" } },
      { method: "GET", path: "/api/x/stats", query: [["a.equals", "1"], ["by", "grade"], ["bucket", "month"]], body: undefined },
    ]);
  });

  it("pageOf accepts pages and bare lists", () => {
    expect(pageOf({ data: [1], recordsTotal: 9 })).toEqual({ data: [1], recordsTotal: 9 });
    expect(pageOf([1, 2])).toEqual({ data: [1, 2], recordsTotal: 2 });
    expect(pageOf(null)).toEqual({ data: [], recordsTotal: 0 });
  });
});

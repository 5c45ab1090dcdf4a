// Tests of the "system" data provider: the requests it sends are those of spec §7 byte for byte (path,
// method, query in order, body), and its calls are silent unless asked otherwise. The server is MSW.

import { describe, expect, it } from "vitest";
import { server } from "../test/server";
import { fail, http, ok } from "../test/helpers";
import { configureErrors } from "./errors";
import { createSystemDataProvider, listQuery } from "./systemDataProvider";
import { CN } from "../test/chinese";

const provider = createSystemDataProvider();

interface Seen {
  method: string;
  path: string;
  query: string;
  body?: unknown;
}

function record(seen: Seen[], answer: unknown = { data: [{ id: 1 }], recordsTotal: 31 }) {
  return async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const type = request.headers.get("Content-Type") ?? "";
    let body: unknown;
    if (request.method !== "GET") {
      if (type.includes("multipart/form-data")) body = Object.fromEntries((await request.formData()).entries());
      else {
        const text = await request.text();
        body = text ? (JSON.parse(text) as unknown) : undefined;
      }
    }
    seen.push({ method: request.method, path: url.pathname, query: url.search, body });
    return ok(answer as Parameters<typeof ok>[0]);
  };
}

describe("systemDataProvider", () => {
  it("lists users as userDetailsOr: sort, page, size, then the OR-combined Like filters", async () => {
    const seen: Seen[] = [];
    server.use(http.get("/api/userDetails/userDetailsOr", record(seen)));
    const got = await provider.getList({
      resource: "/api/userDetails/userDetailsOr",
      pagination: { currentPage: 2, pageSize: 20 },
      sorters: [{ field: "register_time", order: "desc" }],
      filters: [{ operator: "or", value: ["username", "mobile"].map((field) => ({ field, operator: "contains" as const, value: CN.zhang })) }],
      meta: { order: ["sort", "page", "size"] },
    });
    expect(got).toEqual({ data: [{ id: 1 }], total: 31 });
    expect(seen).toEqual([
      {
        method: "GET",
        path: "/api/userDetails/userDetailsOr",
        query: "?sort=register_time%2Cdesc&page=1&size=20&usernameLike=%E5%BC%A0&mobileLike=%E5%BC%A0",
        body: undefined,
      },
    ]);
  });

  it("lists work groups with their plain filters first, and logs with criteria after page, size and sort", () => {
    const groups = listQuery(
      { currentPage: 1, pageSize: 13 },
      [],
      [
        { field: "groupName", operator: "eq", value: CN.patrol },
        { field: "description", operator: "eq", value: CN.patrol },
      ],
      { order: ["groupName", "description"] },
    );
    expect([...groups]).toEqual([
      ["groupName", CN.patrol],
      ["description", CN.patrol],
      ["page", "0"],
      ["size", "13"],
    ]);
    const logs = listQuery({ currentPage: 3, pageSize: 10 }, [{ field: "time", order: "desc" }], [
      { field: "userName", operator: "contains", value: "admin" },
    ]);
    expect([...logs]).toEqual([
      ["page", "2"],
      ["size", "10"],
      ["sort", "time,desc"],
      ["userName.contains", "admin"],
    ]);
    // Empty search values are left out; paging off sends only meta.query.
    expect([...listQuery({ currentPage: 1, pageSize: 13 }, [], [{ field: "groupName", operator: "eq", value: "" }])]).toEqual([
      ["page", "0"],
      ["size", "13"],
    ]);
    expect([...listQuery({ mode: "off" }, [], [], { query: { page: 0, size: 10, sort: "time,desc" } })]).toEqual([
      ["page", "0"],
      ["size", "10"],
      ["sort", "time,desc"],
    ]);
  });

  it("reads a bare list unpaged, and a record by id in the path", async () => {
    const seen: Seen[] = [];
    server.use(
      http.get("/api/getTenantRoleList", record(seen, [{ id: 1, name: CN.admin }])),
      http.get("/api/system/cscpWorkGroups/7", record(seen, { id: 7 })),
    );
    expect(await provider.getList({ resource: "/api/getTenantRoleList", pagination: { mode: "off" } })).toEqual({
      data: [{ id: 1, name: CN.admin }],
      total: 1,
    });
    expect(await provider.getOne({ resource: "/api/system/cscpWorkGroups", id: 7 })).toEqual({ data: { id: 7 } });
    expect(seen.map((s) => `${s.method} ${s.path}${s.query}`)).toEqual(["GET /api/getTenantRoleList", "GET /api/system/cscpWorkGroups/7"]);
  });

  it("creates with POST and updates with PUT on the collection path (the id travels in the body), deletes by id", async () => {
    const seen: Seen[] = [];
    server.use(http.post("/api/system/cscpWorkGroups", record(seen, { id: 7 })), http.post("/api/system/cscpUsers/9", record(seen, null)));
    const group = { groupName: CN.patrolGroup, description: CN.day, userDetail: [{ userId: 3 }] };
    await provider.create({ resource: "/api/system/cscpWorkGroups", variables: group });
    await provider.update({ resource: "/api/system/cscpWorkGroups", id: 7, variables: { id: 7, ...group } });
    await provider.deleteOne({ resource: "/api/system/cscpUsers", id: 9 });
    expect(seen).toEqual([
      { method: "POST", path: "/api/system/cscpWorkGroups", query: "", body: group },
      { method: "POST", path: "/api/system/cscpWorkGroups", query: "?_method=PUT", body: { id: 7, ...group } },
      { method: "POST", path: "/api/system/cscpUsers/9", query: "?_method=DELETE", body: undefined },
    ]);
  });

  it("sends custom calls as they are: a form body, a plain query", async () => {
    const seen: Seen[] = [];
    server.use(http.post("/api/appMenu/queryByRoleId", record(seen, [])), http.get("/api/system/cscpOrgs/all", record(seen, { cscpOrgDTOs: [] })));
    const form = new FormData();
    form.append("roles", "3");
    form.append("terminalType", "1");
    await provider.custom?.({ url: "/api/appMenu/queryByRoleId", method: "post", payload: form });
    await provider.custom?.({ url: "/api/system/cscpOrgs/all", method: "get", query: { parentId: 0 } });
    expect(seen).toEqual([
      { method: "POST", path: "/api/appMenu/queryByRoleId", query: "", body: { roles: "3", terminalType: "1" } },
      { method: "GET", path: "/api/system/cscpOrgs/all", query: "?parentId=0", body: undefined },
    ]);
  });

  it("is silent about refusals unless meta.silent is false", async () => {
    const warnings: string[] = [];
    configureErrors({ notify: { warning: (t) => warnings.push(t), error: (t) => warnings.push(t) } });
    server.use(http.post("/api/system/cscpOrgs/save", () => fail(400, CN.orgNameTaken)));
    const save = { url: "/api/system/cscpOrgs/save", method: "post" as const, payload: {} };
    await expect(provider.custom?.(save)).rejects.toMatchObject({ statusCode: 400, serverMessage: CN.orgNameTaken });
    expect(warnings).toEqual([]);
    await expect(provider.custom?.({ ...save, meta: { silent: false } })).rejects.toMatchObject({ statusCode: 400 });
    expect(warnings).toEqual([CN.orgNameTaken]);
  });
});

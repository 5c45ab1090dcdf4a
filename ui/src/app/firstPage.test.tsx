// The first module list after the shell opens: its rows come with its schema (GET /api/modules/{name}/schema
// ?rows=…, api/schemaPrefetch.ts) and the list uses them instead of asking GET {api} — once, only for its
// exact query, and asking itself whenever the early answer is missing, failed or answers another query.
import { afterEach, describe, expect, it } from "vitest";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { AppRoutes } from "../App";
import { server } from "../test/server";
import { fail, http, makeToken, ok } from "../test/helpers";
import { AppProviders } from "./AppProviders";
import { connectToken } from "../api/http";
import { dropEarly, sameQuery } from "../api/schemaPrefetch";
import { getToken, useSessionStore } from "../stores/useSessionStore";
import { text } from "../locales/catalogue";
import { CN } from "../test/chinese";
import { handicappedSchema } from "../test/moduleSchemas";

const API = handicappedSchema.module.api;
const menus = [
  { id: 1, parentId: 0, type: "menu1", title: CN.onlineVillage, icon: "home", orderby: 1 },
  { id: 2, parentId: 1, type: "menu2-sp", title: CN.disabilitySubsidy, url: "/m/handicappedSubsidy", component: "SchemaModule", name: "handicappedSubsidy" },
];
/** What the server adds to a list's criteria without page, size and order (the schema's list.pageSize and sort). */
const DEFAULTS = "page=0&size=10&sort=applyDate%2Cdesc";
const row = (name: string) => ({ id: 1, name, idCard: "110105194912310021", auditStatus: 1 });

function open(url: string) {
  connectToken(getToken);
  useSessionStore.getState().loggedIn(makeToken({}), { userId: 1, username: "admin", name: CN.admin }, false);
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </MemoryRouter>,
  );
}

/**
 * serve answers the session, the module's own schema and rows (recording their queries), and the schema by
 * name with early (null: as a server without rows), recording its rows parameter.
 */
function serve(early: (rows: string | null) => Response | null) {
  const asked = { early: [] as (string | null)[], schema: 0, rows: [] as string[] };
  server.use(
    http.get("/api/system/cscpMenus", () => ok(menus)),
    http.get("/api/modules", () => ok([handicappedSchema.module])),
    http.get("/api/modules/:name/schema", ({ request }) => {
      const rows = new URL(request.url).searchParams.get("rows");
      asked.early.push(rows);
      return early(rows) ?? ok(handicappedSchema);
    }),
    http.get(`${API}/schema`, () => {
      asked.schema++;
      return ok(handicappedSchema);
    }),
    http.get(API, ({ request }) => {
      asked.rows.push(new URL(request.url).search.slice(1));
      return ok({ data: [row(CN.villager)], recordsTotal: 1 });
    }),
  );
  return asked;
}

afterEach(() => dropEarly());

describe("the first list's rows with its schema", () => {
  it("shows the rows that came with the schema and asks for none, then asks for the next page itself", async () => {
    const early = [{ ...row(CN.zhangSan) }];
    const asked = serve((rows) => (rows === "" ? ok({ schema: handicappedSchema, rows: { query: DEFAULTS, data: early, recordsTotal: 25 } }) : null));
    open("/m/handicappedSubsidy");
    // (the whole app's first render in this file: its lazy pages load now, slow on a busy host)
    expect(await screen.findByText(CN.zhangSan, undefined, { timeout: 45000 })).toBeInTheDocument();
    expect(asked).toEqual({ early: [""], schema: 0, rows: [] });
    // Afterwards the list behaves as before: another page is asked of GET {api}.
    await waitFor(() => expect(document.querySelector(".ant-pagination-next button")).not.toBeNull());
    fireEvent.click(document.querySelector(".ant-pagination-next button")!);
    expect(await screen.findByText(CN.villager)).toBeInTheDocument();
    expect(asked.rows).toEqual(["page=1&size=10&sort=applyDate%2Cdesc"]);
  });

  it("asks the rows with the criteria of the address, as the list asks them itself", async () => {
    const address = "name.contains=" + encodeURIComponent(CN.zhangSan) + "&page=1&size=20&sort=applyDate,asc";
    // A server that does not know rows= answers the schema alone: the schema is used, and the list asks
    // GET {api} with the query the early request carried.
    const asked = serve(() => null);
    open(`/m/handicappedSubsidy?${address}`);
    expect(await screen.findByText(CN.villager)).toBeInTheDocument();
    expect(asked.early).toHaveLength(1);
    expect(asked.rows).toHaveLength(1);
    expect(sameQuery(new URLSearchParams(asked.early[0] ?? ""), new URLSearchParams(asked.rows[0]))).toBe(true);
    expect(asked.schema).toBe(0);
  });

  it("uses the early rows of such an address", async () => {
    const address = "name.contains=" + encodeURIComponent(CN.zhangSan) + "&page=1&size=20&sort=applyDate,asc";
    const asked = serve((rows) => (rows ? ok({ schema: handicappedSchema, rows: { query: rows, data: [row(CN.zhangSan)], recordsTotal: 21 } }) : null));
    open(`/m/handicappedSubsidy?${address}`);
    expect(await screen.findByText(CN.zhangSan)).toBeInTheDocument();
    expect(asked.rows).toEqual([]);
  });

  it("asks for its rows itself when the early ones answer another query", async () => {
    // e.g. a server whose default order is not the one the schema tells the console
    const asked = serve(() => ok({ schema: handicappedSchema, rows: { query: "page=0&size=10&sort=id%2Cdesc", data: [row(CN.zhangSan)], recordsTotal: 1 } }));
    open("/m/handicappedSubsidy");
    expect(await screen.findByText(CN.villager)).toBeInTheDocument();
    expect(screen.queryByText(CN.zhangSan)).not.toBeInTheDocument();
    expect(asked.rows).toEqual([DEFAULTS]);
    expect(asked.schema).toBe(0);
  });

  it("sends the screen visit and opens the message socket only after the early rows are shown", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    serve(() => null);
    server.use(
      http.get("/api/modules/:name/schema", async () => {
        await gate;
        order.push("rows");
        return ok({ schema: handicappedSchema, rows: { query: DEFAULTS, data: [row(CN.zhangSan)], recordsTotal: 1 } });
      }),
      http.post("/api/workbench/visits", () => {
        order.push("visit");
        return ok(null);
      }),
      http.get("/message/api/message/getUserId", () => {
        order.push("bell");
        return ok("1_1");
      }),
    );
    open("/m/handicappedSubsidy");
    // The shell is shown (the bell mounted, the visit known) while the rows are still on their way.
    expect(await screen.findByRole("menuitem", { name: new RegExp(CN.onlineVillage) })).toBeInTheDocument();
    await act(async () => {});
    release();
    expect(await screen.findByText(CN.zhangSan)).toBeInTheDocument();
    await waitFor(() => expect([...order].sort()).toEqual(["bell", "rows", "visit"]));
    expect(order[0]).toBe("rows");
  });

  it("falls back to the module's own schema and rows when the early request fails, and reports nothing of it", async () => {
    const asked = serve(() => fail(500, "boom"));
    open("/m/handicappedSubsidy");
    expect(await screen.findByText(CN.villager)).toBeInTheDocument();
    expect(asked).toEqual({ early: [""], schema: 1, rows: [DEFAULTS] });
    expect(screen.queryByText("boom")).not.toBeInTheDocument();
    expect(screen.queryByText(text("module.schemaError"))).not.toBeInTheDocument();
  });
});

describe("the workbench's data on the first screen", () => {
  it("is asked together with the menus and modules, not after them, and once", async () => {
    const order: string[] = [];
    let asked: () => void = () => undefined;
    const workbenchAsked = new Promise<void>((resolve) => (asked = resolve));
    server.use(
      // the menus answer only once the workbench's data was asked (or after 5 s, which fails the order below)
      http.get("/api/system/cscpMenus", async () => {
        await Promise.race([workbenchAsked, new Promise((resolve) => setTimeout(resolve, 5000))]);
        order.push("menus");
        return ok(menus);
      }),
      http.get("/api/modules", () => ok([handicappedSchema.module])),
      http.get("/api/workbench", () => {
        order.push("workbench");
        asked();
        return ok({ todo: null, unread: 0, frequent: [], registers: [{ module: "handicappedSubsidy", title: CN.disabilitySubsidy, api: API, count: 7, months: ["2026-11"], spark: [7] }] });
      }),
    );
    open("/");
    expect(await screen.findByText(CN.disabilitySubsidy, { selector: "main *" }, { timeout: 45000 })).toBeInTheDocument();
    expect(order).toEqual(["workbench", "menus"]);
  });

  it("is asked again by the page when the early request failed", async () => {
    let calls = 0;
    server.use(
      http.get("/api/system/cscpMenus", () => ok(menus)),
      http.get("/api/modules", () => ok([handicappedSchema.module])),
      http.get("/api/workbench", () => {
        calls++;
        return calls === 1
          ? fail(500, "boom")
          : ok({ todo: null, unread: 0, frequent: [], registers: [{ module: "handicappedSubsidy", title: CN.disabilitySubsidy, api: API, count: 7, months: ["2026-11"], spark: [7] }] });
      }),
    );
    open("/");
    expect(await screen.findByText(CN.disabilitySubsidy, { selector: "main *" }, { timeout: 45000 })).toBeInTheDocument();
    expect(calls).toBe(2);
    expect(screen.queryByText("boom")).not.toBeInTheDocument();
  });
});

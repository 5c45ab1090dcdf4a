// The entry's early start (earlyStart.ts): on a signed-in first load the menus, the modules and the module's
// schema with its first rows are asked before the console's code has run, and the console takes those answers
// instead of asking again; nothing is asked on the login family or without a session, and an early failure
// is asked again (and reported) by the code that needs it.
import { afterEach, describe, expect, it } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { AppRoutes } from "../App";
import { server } from "../test/server";
import { fail, http, makeToken, ok } from "../test/helpers";
import { AppProviders } from "./AppProviders";
import { connectToken } from "../api/http";
import { takeSession } from "../api/authApi";
import { dropEarly } from "../api/schemaPrefetch";
import { getToken, useSessionStore } from "../stores/useSessionStore";
import { CN } from "../test/chinese";
import { handicappedSchema } from "../test/moduleSchemas";
import { startEarly } from "./earlyStart";

const API = handicappedSchema.module.api;
const menus = [
  { id: 1, parentId: 0, type: "menu1", title: CN.onlineVillage, icon: "home", orderby: 1 },
  { id: 2, parentId: 1, type: "menu2-sp", title: CN.disabilitySubsidy, url: "/m/handicappedSubsidy", component: "SchemaModule", name: "handicappedSubsidy" },
];
const DEFAULTS = "page=0&size=10&sort=applyDate%2Cdesc";

function signIn() {
  connectToken(getToken);
  useSessionStore.getState().loggedIn(makeToken({}), { userId: 1, username: "admin", name: CN.admin }, false);
}

/** serve answers the session and the module, counting the requests; menus answers the menus request. */
function serve(menusAnswer: () => Response = () => ok(menus)) {
  const asked = { menus: 0, modules: 0, early: 0, schema: 0, rows: 0 };
  server.use(
    http.get("/api/system/cscpMenus", () => {
      asked.menus++;
      return menusAnswer();
    }),
    http.get("/api/modules", () => {
      asked.modules++;
      return ok([handicappedSchema.module]);
    }),
    http.get("/api/modules/:name/schema", () => {
      asked.early++;
      return ok({ schema: handicappedSchema, rows: { query: DEFAULTS, data: [{ id: 1, name: CN.zhangSan, auditStatus: 1 }], recordsTotal: 1 } });
    }),
    http.get(`${API}/schema`, () => {
      asked.schema++;
      return ok(handicappedSchema);
    }),
    http.get(API, () => {
      asked.rows++;
      return ok({ data: [], recordsTotal: 0 });
    }),
  );
  return asked;
}

function open(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </MemoryRouter>,
  );
}

afterEach(() => {
  dropEarly();
  void takeSession(null).catch(() => undefined); // forget an early session a test left
});

describe("the entry's early start", () => {
  it("asks the menus, the modules and the schema with the rows before the console renders, and the console asks none of them again", async () => {
    const asked = serve();
    signIn();
    expect(startEarly("/m/handicappedSubsidy", "")).toBe(true);
    await waitFor(() => expect(asked).toMatchObject({ menus: 1, modules: 1, early: 1 }));
    open("/m/handicappedSubsidy");
    expect(await screen.findByText(CN.zhangSan, undefined, { timeout: 45000 })).toBeInTheDocument();
    expect(asked).toEqual({ menus: 1, modules: 1, early: 1, schema: 0, rows: 0 });
  });

  it("starts nothing on the login family, on the H5 redirect or without a session", () => {
    const asked = serve();
    expect(startEarly("/m/handicappedSubsidy", "")).toBe(false); // no session
    signIn();
    expect(startEarly("/login", "")).toBe(false);
    expect(startEarly("/update-password", "")).toBe(false);
    expect(startEarly("/m/handicappedSubsidy", "?type=h5")).toBe(false);
    expect(asked).toEqual({ menus: 0, modules: 0, early: 0, schema: 0, rows: 0 });
  });

  it("asks the menus again when the early request failed, and the shell opens", async () => {
    let calls = 0;
    const asked = serve(() => (++calls === 1 ? fail(500, "boom") : ok(menus)));
    signIn();
    startEarly("/m/handicappedSubsidy", "");
    await waitFor(() => expect(asked.menus).toBe(1));
    open("/m/handicappedSubsidy");
    expect(await screen.findByText(CN.zhangSan, undefined, { timeout: 45000 })).toBeInTheDocument();
    expect(asked.menus).toBe(2);
  });
});

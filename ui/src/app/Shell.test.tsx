import { describe, expect, it } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { AppRoutes } from "../App";
import { server } from "../test/server";
import { http, makeToken, ok, signIn } from "../test/helpers";
import { AppProviders } from "./AppProviders";
import { connectToken } from "../api/http";
import { getToken, useSessionStore } from "../stores/useSessionStore";
import { useTabsStore } from "../stores/useTabsStore";
import { text } from "../locales/catalogue";
import { CN } from "../test/chinese";
import { handicappedSchema } from "../test/moduleSchemas";

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderApp(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AppProviders>
        <AppRoutes />
        <Where />
      </AppProviders>
    </MemoryRouter>,
  );
}

/** A token whose session still has to fetch its menus (as after a reload). */
function tokenOnly(visitCodes: string[] = []) {
  connectToken(getToken);
  useSessionStore.getState().loggedIn(makeToken({ auth: visitCodes.join(",") }), { userId: 1, username: "admin", name: CN.admin }, false);
}

const menus = [
  { id: 1, parentId: 0, type: "menu1", title: CN.onlineVillage, icon: "home", orderby: 1 },
  { id: 2, parentId: 1, type: "menu2-sp", title: CN.disabilitySubsidy, url: "/m/handicappedSubsidy", component: "SchemaModule", name: "handicappedSubsidy" },
  { id: 3, parentId: 0, type: "menu1", title: text("routes.user-management"), url: "/user-management", component: "user-management", orderby: 2 },
];

describe("shell", () => {
  it("builds the sider from the server menus, opens the workbench and keeps tabs", async () => {
    tokenOnly();
    server.use(
      http.get("/api/system/cscpMenus", () => ok(menus)),
      http.get("/api/modules", () => ok([{ name: "handicappedSubsidy", title: CN.disabilitySubsidy, api: "/onlineVillage/handicappeds", permission: "p" }])),
      http.get("/api/userDetails/userDetailsOr", () => ok({ data: [], recordsTotal: 0 })),
    );
    const visits: unknown[] = [];
    server.use(
      http.post("/api/workbench/visits", async ({ request }) => {
        visits.push(await request.json());
        return ok(null);
      }),
    );
    renderApp("/");
    expect(await screen.findByText(text("workbench.welcome", { name: CN.admin }))).toBeInTheDocument();
    expect(screen.getByTestId("where")).toHaveTextContent("/workbench");
    expect(screen.getAllByText(CN.onlineVillage).length).toBeGreaterThan(0);
    fireEvent.click(screen.getAllByText(text("routes.user-management"))[0]);
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/user-management"));
    expect(await screen.findByPlaceholderText(text("system.users.searchPlaceholder"))).toBeInTheDocument();
    expect(useTabsStore.getState().tabs.map((t) => t.key)).toEqual(["/workbench", "/user-management"]);
    // The router level reports the system screen's opening (app/screenVisits.tsx); the workbench is none.
    await waitFor(() => expect(visits).toEqual([{ route: "/user-management" }]));
  });

  it("asks the schema of the module it opens on by name together with the modules, not after them", async () => {
    tokenOnly();
    let schemaAsked: () => void = () => undefined;
    const early = new Promise<void>((resolve) => (schemaAsked = resolve));
    const asked: string[] = [];
    server.use(
      http.get("/api/system/cscpMenus", () => ok(menus)),
      // The module list answers only once the schema was asked for: without the early request this test
      // never sees the list.
      http.get("/api/modules", async () => {
        await early;
        return ok([handicappedSchema.module]);
      }),
      http.get("/api/modules/:name/schema", ({ params }) => {
        asked.push(`early:${String(params.name)}`);
        schemaAsked();
        return ok(handicappedSchema);
      }),
      http.get("/onlineVillage/handicappeds/schema", () => {
        asked.push("own");
        return ok(handicappedSchema);
      }),
      http.get("/onlineVillage/handicappeds", () =>
        ok({ data: [{ id: 1, name: CN.villager, idCard: "110105194912310021", auditStatus: 1 }], recordsTotal: 1 }),
      ),
    );
    renderApp("/m/handicappedSubsidy");
    expect(await screen.findByText(CN.villager)).toBeInTheDocument();
    expect(asked).toEqual(["early:handicappedSubsidy"]);
  });

  it("a user without menus goes back to login", async () => {
    tokenOnly();
    server.use(
      http.get("/api/system/cscpMenus", () => ok([])),
      http.get("/api/modules", () => ok([])),
      http.post("/api/system/logout", () => ok(null)),
    );
    renderApp("/workbench");
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/login"));
    expect(useSessionStore.getState().token).toBeNull();
  });

  it("unknown paths inside the console go to /404", async () => {
    signIn({ menus });
    renderApp("/no/such/page");
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/404"));
  });

  it("visit-code routes open only with the code from the token", async () => {
    signIn({ menus, visitCodes: ["dataStatistics"] });
    // The large screen opens and asks for its dashboard; none is declared here.
    server.use(http.get("/api/dashboards", () => ok([])));
    const { unmount } = renderApp("/dataStatistics");
    expect(await screen.findByText(text("dashboards.notConfigured"))).toBeInTheDocument();
    unmount();
    renderApp("/form-design");
    expect(await screen.findByText(text("pages.forbidden"))).toBeInTheDocument();
  });
});

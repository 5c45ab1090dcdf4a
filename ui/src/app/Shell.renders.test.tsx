// What of the shell re-renders when a page writes its query (issue 19; counted as test/renderCounts.ts counts).
import { describe, expect, it } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, useLocation, useNavigate } from "react-router";
import { AppRoutes } from "../App";
import { server } from "../test/server";
import { http, makeToken, ok } from "../test/helpers";
import { AppProviders } from "./AppProviders";
import { connectToken } from "../api/http";
import { getToken, useSessionStore } from "../stores/useSessionStore";
import { useTabsStore } from "../stores/useTabsStore";
import { text } from "../locales/catalogue";
import { CN } from "../test/chinese";
import { countRenders, renderCount } from "../test/renderCounts";

/** A button that writes a query into the current page's URL, as a list writes its criteria. */
function QueryWriter() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <button type="button" data-testid="write-query" onClick={() => navigate({ pathname, search: "?page=2" }, { replace: true })}>
      q
    </button>
  );
}

function renderApp(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AppProviders>
        <AppRoutes />
        <QueryWriter />
      </AppProviders>
    </MemoryRouter>,
  );
}

function tokenOnly() {
  connectToken(getToken);
  useSessionStore.getState().loggedIn(makeToken({ auth: "" }), { userId: 1, username: "admin", name: CN.admin }, false);
}

const menus = [
  { id: 1, parentId: 0, type: "menu1", title: CN.onlineVillage, icon: "home", orderby: 1 },
  { id: 3, parentId: 0, type: "menu1", title: text("routes.user-management"), url: "/user-management", component: "user-management", orderby: 2 },
];

describe("shell renders", () => {
  // A list writes its criteria into the URL on opening and on every search (issue 19): the shell re-renders
  // with the location, but its menu and header widgets show nothing of the query
  // (without the memoized parts of AppLayout: the menu and the switcher once each).
  it("re-renders neither the menu nor the language switcher when the page writes its query", async () => {
    tokenOnly();
    server.use(
      http.get("/api/system/cscpMenus", () => ok(menus)),
      http.get("/api/modules", () => ok([])),
      http.get("/api/userDetails/userDetailsOr", () => ok({ data: [], recordsTotal: 0 })),
    );
    renderApp("/workbench");
    expect(await screen.findByText(text("workbench.welcome", { name: CN.admin }))).toBeInTheDocument();
    countRenders();
    fireEvent.click(screen.getByTestId("write-query"));
    await waitFor(() => expect(useTabsStore.getState().tabs.find((t) => t.key === "/workbench")?.to).toBe("/workbench?page=2"));
    expect(renderCount("AppLayout")).toBeGreaterThan(0);
    // (The bell re-renders by itself: react-router's useNavigate subscribes to the location.)
    expect({ menu: renderCount("Menu"), locale: renderCount("LocaleSwitcher") }).toEqual({ menu: 0, locale: 0 });
  });

});

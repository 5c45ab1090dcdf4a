import { describe, expect, it } from "vitest";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useNavigate } from "react-router";
import { server } from "../test/server";
import { http, ok, signIn } from "../test/helpers";
import { useSessionStore } from "../stores/useSessionStore";
import type { ServerMenu } from "../api/authApi";
import { ScreenVisits, visitOf } from "./screenVisits";

const menus: ServerMenu[] = [
  { id: 1, parentId: 0, type: "menu1", title: "Approvals", orderby: 1 },
  { id: 2, parentId: 1, type: "menu2", title: "To do", url: "/workflow/todo", component: "WorkflowTodo" },
  { id: 3, parentId: 1, type: "menu2-sp", title: "Disability", url: "/onlineVillage/handicapped", component: "SchemaModule", name: "handicappedSubsidy" },
  { id: 4, parentId: 0, type: "menu1", title: "Users", url: "/user-management/", component: "user-management" },
  { id: 5, parentId: 0, type: "menu1", title: "Outside", url: "https://example.org/x", component: "AddressProcess" },
  { id: 6, parentId: 1, type: "menu2", title: "Marking", url: "/m/exam/marking", component: "ModuleScreen", name: "examAnswer-marking" },
];

describe("visitOf", () => {
  it("answers the module of a module's screen, the route of any other menu's, nothing for the rest", () => {
    expect(visitOf("/m/villager", menus)).toEqual({ module: "villager" });
    expect(visitOf("/m/exam/take/7", menus)).toEqual({ module: "exam" });
    expect(visitOf("/m/vote/ballot/3", menus)).toEqual({ module: "vote" });
    // A module's own screen with a menu of its own is that menu's route; without the menu, the module's.
    expect(visitOf("/m/exam/marking", menus)).toEqual({ route: "/m/exam/marking" });
    expect(visitOf("/m/exam/marking/", menus)).toEqual({ route: "/m/exam/marking" });
    expect(visitOf("/m/exam/marking/12", menus)).toEqual({ module: "exam" });
    expect(visitOf("/m/exam/statistics", menus)).toEqual({ module: "exam" });
    // Create, edit and detail belong to the list's visit.
    expect(visitOf("/m/villager/create", menus)).toBeNull();
    expect(visitOf("/m/villager/edit/4", menus)).toBeNull();
    expect(visitOf("/m/villager/show/4", menus)).toBeNull();
    expect(visitOf("/workflow/todo", menus)).toEqual({ route: "/workflow/todo" });
    expect(visitOf("/workflow/todo/", menus)).toEqual({ route: "/workflow/todo" });
    expect(visitOf("/user-management", menus)).toEqual({ route: "/user-management" });
    expect(visitOf("/onlineVillage/handicapped", menus)).toEqual({ module: "handicappedSubsidy" });
    expect(visitOf("/dataStatistics", [])).toEqual({ route: "/dataStatistics" });
    expect(visitOf("/form-design", [])).toEqual({ route: "/form-design" });
    for (const none of ["/", "/login", "/loginH5", "/update-password", "/update-password-precheck", "/404", "/workbench", "/messages", "/print/x/1"]) {
      expect(visitOf(none, menus), none).toBeNull();
    }
  });
});

function Go() {
  const navigate = useNavigate();
  return (
    <>
      {["/workflow/todo", "/workflow/todo?tab=2", "/m/villager", "/m/villager/edit/4", "/user-management", "/login", "/dataStatistics"].map((to) => (
        <button key={to} onClick={() => navigate(to)}>
          {to}
        </button>
      ))}
    </>
  );
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <ScreenVisits />
      <Routes>
        <Route path="*" element={<Go />} />
      </Routes>
    </MemoryRouter>,
  );
}

function recordVisits(): unknown[] {
  const visits: unknown[] = [];
  server.use(
    http.post("/api/workbench/visits", async ({ request }) => {
      visits.push(await request.json());
      return ok(null);
    }),
  );
  return visits;
}

describe("ScreenVisits", () => {
  it("reports each navigation's screen once, whatever page it is, and no login page", async () => {
    signIn({ menus });
    const visits = recordVisits();
    renderAt("/workflow/todo");
    await waitFor(() => expect(visits).toEqual([{ route: "/workflow/todo" }]));
    const go = async (to: string) => {
      fireEvent.click(screen.getByRole("button", { name: to }));
      await act(async () => {});
    };
    await go("/workflow/todo?tab=2"); // the same screen: its query changed
    await go("/m/villager");
    await go("/m/villager/edit/4");
    await go("/user-management");
    await go("/login");
    await go("/dataStatistics");
    await waitFor(() => expect(visits).toHaveLength(4));
    expect(visits).toEqual([{ route: "/workflow/todo" }, { module: "villager" }, { route: "/user-management" }, { route: "/dataStatistics" }]);
  });

  it("waits for the menus to know a menu's screen, and reports nothing without a sign-in", async () => {
    signIn({ menus: [] });
    useSessionStore.setState({ loaded: false });
    const visits = recordVisits();
    renderAt("/workflow/todo");
    await act(async () => {});
    expect(visits).toEqual([]);
    act(() => useSessionStore.getState().sessionLoaded(menus, []));
    await waitFor(() => expect(visits).toEqual([{ route: "/workflow/todo" }]));

    act(() => useSessionStore.getState().loggedOut());
    const none = recordVisits();
    renderAt("/m/villager");
    await act(async () => {});
    expect(none).toEqual([]);
  });

  it("waits for the menus before reporting a module's own screen, which its menu makes a route", async () => {
    signIn({ menus: [] });
    useSessionStore.setState({ loaded: false });
    const visits = recordVisits();
    renderAt("/m/exam/marking");
    await act(async () => {});
    expect(visits).toEqual([]);
    act(() => useSessionStore.getState().sessionLoaded(menus, []));
    await waitFor(() => expect(visits).toEqual([{ route: "/m/exam/marking" }]));
  });
});

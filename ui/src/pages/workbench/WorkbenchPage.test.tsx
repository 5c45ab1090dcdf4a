import { describe, expect, it } from "vitest";
import { act } from "react";
import { screen } from "@testing-library/react";
import { http } from "msw";
import WorkbenchPage from "./WorkbenchPage";
import { ok, renderAt, signIn } from "../../test/helpers";
import { server } from "../../test/server";
import { text } from "../../locales/catalogue";
import { useMessageStore } from "../../stores/useMessageStore";
import { emitTableChange } from "../../realtime/tableChanges";

describe("WorkbenchPage", () => {
  it("shows the to-do, the unread count, the registers with sparklines and the most used modules", async () => {
    signIn();
    useMessageStore.getState().unreadLoaded(4);
    server.use(
      http.get("/api/workbench", () =>
        ok({
          todo: { count: 7, latest: [
              {
                id: 41,
                instanceId: 7,
                module: "vehicleApply",
                moduleTitle: "Vehicle applications",
                recordId: 5,
                title: "Car to town",
                step: "township",
                stepTitle: "Town check",
                state: "open",
                applicantId: 9,
                applicantName: "Zhang",
                createdAt: "2026-11-20 09:00:00",
              },
            ],
          },
          unread: 4,
          registers: [{ module: "villager", title: "Villagers", api: "/cmzz/api/villagerinfo", count: 1200, months: ["2026-10", "2026-11"], spark: [3, 12] }],
          frequent: [
            { module: "event", title: "Events", api: "/cmzz/api/events", count: 17 },
            { module: "", route: "/workflow/todo", title: "To do", api: "", count: 5 },
            { module: "", route: "/user-management", title: "Users", api: "", count: 2 },
          ],
        }),
      ),
    );
    renderAt(<WorkbenchPage />, "/workbench");
    // A task opens itself in the to-do list (the record and that task's approval panel).
    expect(await screen.findByRole("link", { name: "Car to town" })).toHaveAttribute("href", "/workflow/todo?module=vehicleApply&id=5&task=41");
    expect(screen.getByText("Town check · Zhang")).toBeInTheDocument();
    expect(screen.getByText("7")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: `4 ${text("dashboards.workbench.openMessages")}` })).toHaveTextContent("4");
    const spark = screen.getByRole("img", { name: text("dashboards.workbench.registerSpark", { title: "Villagers" }) });
    expect(spark.querySelector("polyline")?.getAttribute("points")).toBe("2,23 118,2");
    expect(screen.getByText("1,200").closest("a")).toHaveAttribute("href", "/m/villager");
    expect(screen.getByRole("link", { name: "Events" })).toHaveAttribute("href", "/m/event");
    // Other screens (reported by their menu route) open their route.
    expect(screen.getByRole("link", { name: "To do" })).toHaveAttribute("href", "/workflow/todo");
    expect(screen.getByRole("link", { name: "Users" })).toHaveAttribute("href", "/user-management");
  });

  it("says so when the workbench data cannot be loaded, and still shows the modules", async () => {
    signIn();
    server.use(http.get("/api/workbench", () => new Response(null, { status: 500 })));
    renderAt(<WorkbenchPage />, "/workbench");
    expect(await screen.findByText(text("dashboards.workbench.loadFailed"))).toBeInTheDocument();
    expect(screen.getByText(text("dashboards.workbench.noFrequent"))).toBeInTheDocument();
  });

  it("reloads when the socket says a register's table changed", async () => {
    signIn();
    let calls = 0;
    server.use(
      http.get("/api/workbench", () => {
        calls++;
        return ok({ todo: { count: 0, latest: [] }, unread: 0, frequent: [],
          registers: [{ module: "villager", title: "Villagers", api: "/cmzz/api/villagerinfo", count: 1000 + calls, months: ["2026-11"], spark: [1] }] });
      }),
    );
    renderAt(<WorkbenchPage />, "/workbench");
    expect(await screen.findByText("1,001")).toBeInTheDocument();
    act(() => emitTableChange("event")); // not a register shown here
    act(() => emitTableChange("villager"));
    expect(await screen.findByText("1,002")).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});

import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { http } from "msw";
import WorkbenchPage from "./WorkbenchPage";
import { ok, renderAt, signIn } from "../../test/helpers";
import { server } from "../../test/server";
import { text } from "../../locales/catalogue";
import { useMessageStore } from "../../stores/useMessageStore";

describe("WorkbenchPage", () => {
  it("shows the to-do, the unread count, the registers with sparklines and the most used modules", async () => {
    signIn();
    useMessageStore.getState().unreadLoaded(4);
    server.use(
      http.get("/api/workbench", () =>
        ok({
          todo: { count: 7, latest: [{ id: 41, module: "vehicleApply", title: "Car to town", step: "Town check", applicant: "Zhang", createdAt: "2026-11-20 09:00:00" }] },
          unread: 4,
          registers: [{ module: "villager", title: "Villagers", api: "/cmzz/api/villagerinfo", count: 1200, months: ["2026-10", "2026-11"], spark: [3, 12] }],
          frequent: [{ module: "event", title: "Events", api: "/cmzz/api/events", count: 17 }],
        }),
      ),
    );
    renderAt(<WorkbenchPage />, "/workbench");
    expect(await screen.findByRole("link", { name: "Car to town" })).toHaveAttribute("href", "/m/vehicleApply");
    expect(screen.getByText("Town check · Zhang")).toBeInTheDocument();
    expect(screen.getByText("7")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: text("dashboards.workbench.openMessages") })).toHaveTextContent("4");
    const spark = screen.getByRole("img", { name: text("dashboards.workbench.registerSpark", { title: "Villagers" }) });
    expect(spark.querySelector("polyline")?.getAttribute("points")).toBe("2,23 118,2");
    expect(screen.getByText("1,200").closest("a")).toHaveAttribute("href", "/m/villager");
    expect(screen.getByRole("link", { name: "Events" })).toHaveAttribute("href", "/m/event");
  });

  it("says so when the workbench data cannot be loaded, and still shows the modules", async () => {
    signIn();
    server.use(http.get("/api/workbench", () => new Response(null, { status: 500 })));
    renderAt(<WorkbenchPage />, "/workbench");
    expect(await screen.findByText(text("dashboards.workbench.loadFailed"))).toBeInTheDocument();
    expect(screen.getByText(text("dashboards.workbench.noFrequent"))).toBeInTheDocument();
  });
});

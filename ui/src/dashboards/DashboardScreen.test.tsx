import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useLocation } from "react-router";
import { http, ws } from "msw";
import DashboardScreen from "./DashboardScreen";
import { ok, renderAt, signIn } from "../test/helpers";
import { server } from "../test/server";
import { text } from "../locales/catalogue";
import type { Dashboard, DashboardData } from "./types";

function Where() {
  const { search } = useLocation();
  return <output data-testid="search">{search}</output>;
}

const def: Dashboard = {
  name: "overview",
  title: "Overview",
  route: "/dataStatistics",
  code: "dataStatistics",
  refresh: 60,
  grid: { columns: 24, rowHeight: 40 },
  filters: [{ name: "category", type: "choice", label: "Category", options: [{ value: 3, label: "Roads" }] }],
  widgets: [
    { id: "people", kind: "number", title: "People", grid: { x: 0, y: 0, w: 8, h: 4 } },
    { id: "rank", kind: "ranking", title: "Ranking", grid: { x: 8, y: 0, w: 8, h: 8 }, drill: "org" },
    { id: "broken", kind: "list", title: "Latest", grid: { x: 16, y: 0, w: 8, h: 8 } },
  ],
};

const county = { id: 1, name: "County", level: 1 };
const town = { id: 5, name: "Town", level: 2 };

describe("DashboardScreen", () => {
  it("loads all widgets in one call, drills on a click through the URL, and retries a failed widget alone", async () => {
    signIn({ visitCodes: ["dataStatistics"] });
    const calls: string[] = [];
    server.use(
      http.get("/api/dashboards", () => ok([{ name: "overview", title: "Overview", route: "/dataStatistics", code: "dataStatistics" }])),
      http.get("/api/dashboards/overview", () => ok({ ...def, top: county })),
      http.get("/api/dashboards/overview/data", ({ request }) => {
        const q = new URL(request.url).searchParams;
        calls.push(q.toString());
        const inTown = q.get("org") === "5";
        const data: DashboardData = {
          org: inTown ? town : county,
          path: inTown ? [county, town] : [county],
          top: county,
          at: "2026-11-24T12:00:00Z",
          widgets: {
            people: { items: [{ label: "All", value: inTown ? 40 : 100 }] },
            rank: { buckets: [{ key: 5, label: "Town", count: 40, value: 40 }] },
            broken: q.get("widgets") === "broken" ? { columns: [{ field: "title", label: "Title" }], rows: [{ id: 1, title: "Pothole" }] } : { error: { code: 400, msg: "bad" } },
          },
        };
        return ok(data);
      }),
    );
    renderAt(
      <>
        <DashboardScreen route="/dataStatistics" />
        <Where />
      </>,
      "/dataStatistics?category=3",
    );
    const people = await screen.findByRole("list", { name: "People" });
    expect(within(people).getByText("100")).toBeInTheDocument();
    expect(calls).toEqual(["category=3"]);
    // The failed widget counts down to its own retry; the others are drawn.
    expect(within(screen.getByRole("region", { name: "Latest" })).getByRole("status")).toHaveTextContent(
      text("widgets.chart.retryIn", { seconds: 5, retry: 1 }),
    );

    fireEvent.click(within(screen.getByRole("table", { name: "Ranking" })).getByText("Town"));
    await waitFor(() => expect(screen.getByTestId("search")).toHaveTextContent("?org=5&category=3"));
    await waitFor(() => expect(within(screen.getByRole("list", { name: "People" })).getByText("40")).toBeInTheDocument());
    expect(calls).toContain("org=5&category=3");
    expect(screen.getByText("Town", { selector: "[aria-current=location]" })).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: new RegExp(text("dashboards.backToTop")) }));
    await waitFor(() => expect(screen.getByTestId("search")).toHaveTextContent("?category=3"));

    // After the countdown the failed widget asks for itself alone.
    await waitFor(() => expect(calls).toContain("category=3&widgets=broken"), { timeout: 12_000 });
    expect(await screen.findByText("Pothole")).toBeInTheDocument();
  });

  it("refreshes through the same data call when the socket says a counted table changed, at most every 5 s", async () => {
    signIn({ visitCodes: ["dataStatistics"] });
    const counted: Dashboard = { ...def, filters: [], widgets: [{ id: "people", kind: "number", title: "People", grid: { x: 0, y: 0, w: 8, h: 4 }, items: [{ label: "All", module: "villager" }] }] };
    let calls = 0;
    const clients: { send: (data: string) => void }[] = [];
    server.use(
      ws.link(/\/message\/websocket\//).addEventListener("connection", ({ client }) => {
        clients.push(client);
      }),
      http.get("/api/dashboards", () => ok([{ name: "overview", title: "Overview", route: "/dataStatistics", code: "dataStatistics" }])),
      http.get("/api/dashboards/overview", () => ok({ ...counted, top: county })),
      http.get("/api/dashboards/overview/data", () => {
        calls++;
        return ok({ org: county, path: [county], top: county, at: "2026-11-24T12:00:00Z", widgets: { people: { items: [{ label: "All", value: 100 + calls }] } } });
      }),
    );
    renderAt(<DashboardScreen route="/dataStatistics" />, "/dataStatistics");
    expect(await within(await screen.findByRole("list", { name: "People" })).findByText("101")).toBeInTheDocument();
    await waitFor(() => expect(clients).toHaveLength(1));
    // A table the screen does not count changes nothing; a counted one refreshes at once.
    clients[0].send(JSON.stringify({ type: "table", module: "event" }));
    clients[0].send(JSON.stringify({ type: "table", module: "villager" }));
    expect(await within(screen.getByRole("list", { name: "People" })).findByText("102")).toBeInTheDocument();
    expect(calls).toBe(2);
    // Another change within 5 s waits for the end of the gap, then refreshes once.
    clients[0].send(JSON.stringify({ type: "table", module: "villager" }));
    clients[0].send(JSON.stringify({ type: "table", module: "villager" }));
    expect(await within(screen.getByRole("list", { name: "People" })).findByText("103", {}, { timeout: 8_000 })).toBeInTheDocument();
    expect(calls).toBe(3);
  }, 15_000);
});

import { afterEach, describe, expect, it } from "vitest";
import { http } from "msw";
import { ok } from "../test/helpers";
import { server } from "../test/server";
import { forgetPrefetch, prefetchDashboard, takePrefetchedData } from "./prefetch";

describe("prefetchDashboard", () => {
  afterEach(() => forgetPrefetch());

  it("asks the list once, then the definition and the data of the URL together; the data is taken once, for the same query only", async () => {
    const calls: string[] = [];
    server.use(
      http.get("/api/dashboards", () => {
        calls.push("list");
        return ok([{ name: "overview", title: "O", route: "/dataStatistics", code: "x" }]);
      }),
      http.get("/api/dashboards/overview", () => {
        calls.push("definition");
        return ok({ name: "overview", route: "/dataStatistics", widgets: [] });
      }),
      http.get("/api/dashboards/overview/data", ({ request }) => {
        calls.push(`data ${new URL(request.url).search}`);
        return ok({ widgets: {} });
      }),
    );
    const p = prefetchDashboard("/dataStatistics", "?org=5");
    expect(prefetchDashboard("/dataStatistics", "?org=5")).toBe(p);
    expect((await p.def)?.name).toBe("overview");
    expect(takePrefetchedData("/dataStatistics", "org=6")).toBeNull();
    await expect(takePrefetchedData("/dataStatistics", "org=5")).resolves.toEqual({ widgets: {} });
    expect(takePrefetchedData("/dataStatistics", "org=5")).toBeNull();
    expect(calls.sort()).toEqual(["data ?org=5", "definition", "list"]);
  });

  it("asks no data for a route without a dashboard", async () => {
    server.use(http.get("/api/dashboards", () => ok([])));
    const p = prefetchDashboard("/dataStatistics", "");
    expect(await p.def).toBeNull();
    await expect(takePrefetchedData("/dataStatistics", "")).rejects.toThrow();
  });
});

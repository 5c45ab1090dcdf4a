// A large screen's first calls start as soon as its route renders, while its lazy chunk (ECharts included)
// is still downloading: the dashboard list (to find the route's dashboard), then its definition and the
// batched data of the URL's state at once (the data call ignores parameters it does not know, so the URL is
// sent as it is). The screen takes the definition from here, and the data for its first load when its own
// query is the URL's (docs/performance.md "The screen in the browser"). Small on purpose: the shell's
// bundle carries it, not the screen's chunk.

import { dashboardApi } from "./api";
import type { Dashboard, DashboardData } from "./types";

interface Prefetch {
  route: string;
  search: string;
  def: Promise<Dashboard | null>;
  data: Promise<DashboardData> | null;
  name: Promise<string | null>;
}

let current: Prefetch | null = null;

/** prefetchDashboard starts (once per route and URL query) the calls a screen's first load needs. */
export function prefetchDashboard(route: string, search: string): Prefetch {
  if (current && current.route === route && current.search === search) return current;
  const name = dashboardApi.list().then((list) => (list ?? []).find((d) => d.route === route)?.name ?? null);
  const def = name.then((n) => (n ? dashboardApi.definition(n) : null));
  const query = new URLSearchParams(search);
  const data = name.then((n) => (n ? dashboardApi.data(n, query) : Promise.reject(new Error("no dashboard"))));
  // Each consumer reports its own failure; these keep the prefetch from being an unhandled rejection.
  def.catch(() => undefined);
  data.catch(() => undefined);
  current = { route, search, def, data, name };
  return current;
}

/**
 * takePrefetchedData answers, once, the prefetched data of the route when it was asked with exactly query
 * (the screen's first data query); otherwise null (the screen asks itself).
 */
export function takePrefetchedData(route: string, query: string): Promise<DashboardData> | null {
  const p = current;
  if (!p || p.route !== route || !p.data || new URLSearchParams(p.search).toString() !== query) return null;
  const data = p.data;
  p.data = null;
  return data;
}

/** forgetPrefetch drops what was prefetched (tests, leaving the screen). */
export function forgetPrefetch(): void {
  current = null;
}

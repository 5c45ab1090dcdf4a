// The dashboard calls of the console (docs/dashboards.md §3–4). Data calls are silent: a failing chart shows
// its own retry countdown in its box instead of a global error message.

import { download, request, saveDownload, type Query } from "../api/http";
import type { Dashboard, DashboardData, DashboardRef } from "./types";
import type { TaskRow } from "../workflow/workflowApi";

/** WorkbenchTodo is a row of the to-do list, the workflow's own TaskRow. */
export type WorkbenchTodo = TaskRow;

export interface WorkbenchRegister {
  module: string;
  title: string;
  api: string;
  /** The console route when it is not the module's generic list. */
  route?: string;
  count: number;
  months: string[];
  spark: number[];
}

export interface WorkbenchFrequent {
  module: string;
  title: string;
  route?: string;
  count: number;
}

/** Workbench is GET /api/workbench. */
export interface Workbench {
  todo?: { count: number; latest: WorkbenchTodo[] | null } | null;
  unread?: number | null;
  registers: WorkbenchRegister[] | null;
  frequent: WorkbenchFrequent[] | null;
}

/** ScreenVisit is what a screen's opening reports: its module, or the route of its menu (app/screenVisits.tsx). */
export type ScreenVisit = { module: string } | { route: string };

const base = "/api/dashboards";

let earlyBench: { token: string; answer: Promise<Workbench> } | null = null;

/**
 * prefetchWorkbench starts GET /api/workbench for the session of token while the shell still loads the
 * session's menus and modules (issue 16: the workbench, the first screen after signing in, asked only after
 * them). A failure is not reported here: the page then asks again itself.
 */
export function prefetchWorkbench(token: string): void {
  const answer = request<Workbench>("/api/workbench", { silent: true });
  answer.catch(() => undefined);
  earlyBench = { token, answer };
}

/** takeWorkbench hands out the early answer once, when it was started for token, and undefined otherwise. */
export function takeWorkbench(token: string | null): Promise<Workbench> | undefined {
  const e = earlyBench;
  earlyBench = null;
  return e && e.token === token ? e.answer : undefined;
}

export const dashboardApi = {
  list: () => request<DashboardRef[] | null>(base, { silent: true }),
  definition: (name: string) => request<Dashboard>(`${base}/${encodeURIComponent(name)}`, { silent: true }),
  data: (name: string, query: Query) => request<DashboardData>(`${base}/${encodeURIComponent(name)}/data`, { query, silent: true }),
  /** exportWidget downloads a widget's data as xlsx, with the screen's current filters. */
  exportWidget: async (name: string, id: string, title: string, query: Query) =>
    saveDownload(await download(`${base}/${encodeURIComponent(name)}/widgets/${encodeURIComponent(id)}/export`, `${title}.xlsx`, { query })),
  workbench: () => request<Workbench>("/api/workbench", { silent: true }),
  /** visit reports that a screen opened (the workbench's most-used list counts it); a failure is of no concern to the user. */
  visit: (visit: ScreenVisit) => request<null>("/api/workbench/visits", { method: "POST", body: visit, silent: true }).catch(() => null),
};

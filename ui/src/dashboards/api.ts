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

// A screen's filters and drill position live in its URL (so they survive a refresh and the back button):
// ?org=<drill node>&from=<day>&to=<day>&<choice filter>=<value>. The same names are the data call's
// parameters (docs/dashboards.md §3), so the URL is handed to the server as it is.

import type { Query } from "../api/http";
import type { PageFilter } from "./types";

/** DashState is what a screen shows: the drill node (absent: the viewer's top), the period and the choices. */
export interface DashState {
  org?: number;
  from?: string;
  to?: string;
  /** Choice filters by name (the dashboard's filters of type choice). */
  choices: Record<string, string>;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const RESERVED = new Set(["org", "from", "to", "widgets"]);

/** choiceNames are the names of a dashboard's choice filters (the only other names the URL keeps). */
export function choiceNames(filters: readonly PageFilter[] | null | undefined): string[] {
  return (filters ?? []).filter((f) => f.type === "choice" && !RESERVED.has(f.name)).map((f) => f.name);
}

/** readState reads a screen's state from its URL; malformed values are dropped, not guessed. */
export function readState(params: URLSearchParams, names: readonly string[]): DashState {
  const state: DashState = { choices: {} };
  const org = params.get("org");
  if (org && /^\d+$/.test(org)) state.org = Number(org);
  const from = params.get("from");
  const to = params.get("to");
  if (from && DAY.test(from)) state.from = from;
  if (to && DAY.test(to)) state.to = to;
  for (const name of names) {
    const v = params.get(name);
    if (v) state.choices[name] = v;
  }
  return state;
}

/** writeState answers the URL query of a state, in a stable order (org, from, to, choices by name). */
export function writeState(state: DashState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.org !== undefined) params.set("org", String(state.org));
  if (state.from) params.set("from", state.from);
  if (state.to) params.set("to", state.to);
  for (const name of Object.keys(state.choices).sort()) {
    if (state.choices[name]) params.set(name, state.choices[name]);
  }
  return params;
}

/** dataQuery is the data call's query for a state. */
export function dataQuery(state: DashState, widgets?: readonly string[]): Query {
  const params = writeState(state);
  if (widgets && widgets.length > 0) params.set("widgets", widgets.join(","));
  return params;
}

/** drillTo moves to an organisation node (undefined: back to the top), keeping the period and choices. */
export function drillTo(state: DashState, org: number | undefined): DashState {
  return { ...state, org };
}

/** withChoice sets a choice filter (empty: removes it); the same value again clears it (a second click). */
export function withChoice(state: DashState, name: string, value: string | undefined, toggle = false): DashState {
  const choices = { ...state.choices };
  if (!value || (toggle && choices[name] === value)) delete choices[name];
  else choices[name] = value;
  return { ...state, choices };
}

/** withPeriod sets or clears the period. */
export function withPeriod(state: DashState, from?: string, to?: string): DashState {
  return { ...state, from: from && DAY.test(from) ? from : undefined, to: to && DAY.test(to) ? to : undefined };
}

/** stateKey is a string equal for equal states (what a reload depends on). */
export function stateKey(state: DashState): string {
  return writeState(state).toString();
}

/** ClickAction is what a click on a chart's bucket does, from the widget's drill setting. */
export type ClickAction =
  | { type: "org"; org: number }
  | { type: "filter"; name: string; value: string }
  | { type: "route"; path: string }
  | null;

/** clickAction reads a widget's drill setting for a clicked key; keys that cannot apply answer null. */
export function clickAction(drill: string | undefined, key: unknown): ClickAction {
  if (!drill || key === null || key === undefined || key === "") return null;
  if (drill === "org") {
    const org = Number(key);
    return Number.isInteger(org) && org > 0 ? { type: "org", org } : null;
  }
  if (drill.startsWith("filter:")) {
    const name = drill.slice("filter:".length);
    return name && !RESERVED.has(name) ? { type: "filter", name, value: String(key) } : null;
  }
  if (drill.startsWith("route:")) {
    const path = drill.slice("route:".length);
    return path.startsWith("/") ? { type: "route", path } : null;
  }
  return null;
}

/**
 * applyClick answers the state after a click action (a route action leaves the state as it is). A filter
 * action on one of the dashboard's org filters (orgFilters: their names) is a drill into the clicked node.
 */
export function applyClick(state: DashState, action: ClickAction, orgFilters: readonly string[] = []): DashState {
  if (!action) return state;
  if (action.type === "org") return drillTo(state, action.org);
  if (action.type === "filter") {
    if (orgFilters.includes(action.name)) return /^\d+$/.test(action.value) ? drillTo(state, Number(action.value)) : state;
    return withChoice(state, action.name, action.value, true);
  }
  return state;
}

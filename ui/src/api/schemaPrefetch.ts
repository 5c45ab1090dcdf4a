// The schema of the module a signed-in page opens on, asked for by the module's name together with the
// session's menus and modules (issue 19: one round trip less before the first module list's rows). The
// module's own GET {api}/schema needs its API base, which only /api/modules tells; the server answers the
// same document at /api/modules/{name}/schema to the same viewers. On a list page the same request asks for
// the list's first page too (rows=<the criteria of the page's address>): the server adds the list's default
// page, size and order, reads the page as GET {api} would for this user, and says which query it answered;
// the list's first getList uses it when it asks exactly that query (dataProvider.ts), and asks itself
// otherwise.
import { requestUnreported } from "./http";
import type { Page } from "./dataProvider";

/** FirstPage is the first page of a list that came with its schema, and the query it is the answer to. */
export interface FirstPage {
  /** The module's API base, as the schema tells it. */
  api: string;
  query: string;
  page: Page<unknown>;
}

type Early = {
  name: string;
  token: string;
  /** The criteria asked with the schema ("" for none), and the schema's promise as prefetchSchema answered it. */
  asked: string;
  started: Promise<unknown>;
  schema: Promise<unknown> | null;
  rows: Promise<FirstPage | null> | null;
};

let early: Early | null = null;

/**
 * The longest the requests the first screen does not need (the screen visit, the message socket) wait for the
 * early rows to be shown: only a safety net, should a page neither ask for them nor give them up (the shell
 * gives them up when it moves to another page or closes, ModuleGate when the module is unknown or its schema
 * failed).
 */
const SHOWN_CAP_MS = 60_000;
let shown: Promise<void> = Promise.resolve();
let markShown: () => void = () => undefined;

/** afterPaint calls fn once the browser has painted what the current task renders. */
function afterPaint(fn: () => void): void {
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => setTimeout(fn, 0));
  else setTimeout(fn, 0);
}

/**
 * firstRowsShown resolves once the rows fetched with the schema were handed to the list and painted (at most
 * SHOWN_CAP_MS after they were asked for), at once when none were: what the first screen does not need waits
 * for it, so that it neither takes a connection from the rows and the page's code nor runs before them.
 */
export const firstRowsShown = (): Promise<void> => shown;

/** moduleSchemaPath is the address of a module's schema by its name. */
export const moduleSchemaPath = (name: string): string => `/api/modules/${encodeURIComponent(name)}/schema`;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** firstPageOf reads the rows part of the answer; null when the server sent none (or an older server). */
function firstPageOf(answer: unknown): FirstPage | null {
  if (!isObj(answer) || !isObj(answer.rows) || !isObj(answer.schema) || !isObj(answer.schema.module)) return null;
  const { query, data, recordsTotal } = answer.rows;
  const api = answer.schema.module.api;
  if (typeof query !== "string" || !Array.isArray(data) || typeof recordsTotal !== "number" || typeof api !== "string") return null;
  return { api: api.replace(/\/+$/, ""), query, page: { data, recordsTotal } };
}

/**
 * prefetchSchema starts loading module's schema for the session of token and, given rows (a list page's
 * criteria), the list's first page with it; it answers the schema's promise. It replaces any earlier one:
 * only the page the shell opens on is fetched early. Asked again for the same module, session and criteria
 * before anything was taken (the entry started it, then the shell), it answers the request already under way.
 * A failure is not reported here: the page then asks {api}/schema and {api} itself, and those requests report
 * it.
 */
export function prefetchSchema(name: string, token: string, rows?: URLSearchParams): Promise<unknown> {
  const asked = rows ? `?${rows.toString()}` : "";
  if (early && early.name === name && early.token === token && early.asked === asked && early.schema && (early.rows || !rows)) {
    return early.started;
  }
  const path = moduleSchemaPath(name);
  const answer = requestUnreported<unknown>(path, rows ? { query: new URLSearchParams({ rows: rows.toString() }) } : {});
  // {schema, rows} when rows were asked; a server that does not know rows= answers the schema alone
  const schema = answer.then((a) => (rows && isObj(a) && isObj(a.schema) && !("module" in a) ? a.schema : a));
  schema.catch(() => undefined);
  if (rows) {
    markShown();
    shown = new Promise((resolve) => {
      markShown = resolve;
      setTimeout(resolve, SHOWN_CAP_MS);
    });
  }
  early = {
    name,
    token,
    asked,
    started: schema,
    schema,
    rows: rows ? answer.then(firstPageOf, () => null) : null,
  };
  return schema;
}

/**
 * takeSchema hands out the early answer for name once, when it was started for token (a session that ended in
 * between never sees the previous one's), and undefined otherwise.
 */
export function takeSchema(name: string, token: string | null): Promise<unknown> | undefined {
  if (!early || early.name !== name || early.token !== token || !early.schema) return undefined;
  const { schema } = early;
  early.schema = null;
  return schema;
}

/** sameQuery compares two queries as the server reads them: the order of keys is free, a key's values' is not. */
export function sameQuery(a: URLSearchParams, b: URLSearchParams): boolean {
  const norm = (q: URLSearchParams) =>
    [...q.entries()]
      .map(([k, v], i) => [k, v, i] as const)
      .sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[2] - y[2]))
      .map(([k, v]) => `${k}=${v}`)
      .join("&");
  return norm(a) === norm(b);
}

/**
 * takeRows hands out the first page that came with module name's schema once, when it was started for token,
 * is of the API base api and answers exactly query; it resolves to undefined when it does not (the caller
 * then asks itself) and answers undefined without one.
 */
export function takeRows(name: string, token: string | null, api: string, query: URLSearchParams): Promise<Page<unknown> | undefined> | undefined {
  if (!early || early.name !== name || early.token !== token || !early.rows) return undefined;
  const { rows } = early;
  early.rows = null;
  const done = markShown;
  void rows.finally(() => afterPaint(done));
  return rows.then((first) => (first && first.api === api && sameQuery(new URLSearchParams(first.query), query) ? first.page : undefined));
}

/** dropEarly forgets what was fetched early and not used: the shell moved on to another page. */
export function dropEarly(): void {
  early = null;
  markShown();
}

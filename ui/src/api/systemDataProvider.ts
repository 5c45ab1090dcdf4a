// refine's second data provider, named "system": the system administration calls of spec §7, which are not
// REST-shaped like the generic modules'. A resource is the call's path (meta.api overrides it). The shapes:
//
//   getList    GET  path?page=<zero-based>&size=&sort=field,order&<filters>  → data, recordsTotal
//              filters: eq → field=value; contains → field.contains=value (the ...ByCriteria lists);
//              an "or" group of contains → fieldLike=value each (userDetailsOr ORs the Like fields)
//   getOne     GET  path/{id}
//   create     POST path        body = the record
//   update     PUT  path        body = the record, its id inside (POST/PUT /api/system/cscpWorkGroups…)
//   deleteOne  DELETE path/{id}
//   custom     any other call (FormData, plain query, odd answers)
//
// Each screen shows its own message for a failure, so calls are silent unless meta.silent is false
// (network, timeout and 401 are still reported by the global handler). meta.query adds parameters, and
// meta.order lists parameter names that go first, in that order, so each list keeps the query its screen
// always sent.

import type {
  BaseRecord,
  CreateParams,
  CrudFilter,
  CrudSort,
  CustomParams,
  DataProvider,
  DeleteOneParams,
  GetListParams,
  GetOneParams,
  MetaQuery,
  Pagination,
  UpdateParams,
} from "@refinedev/core";
import { pageOf } from "./dataProvider";
import { apiBase, request, toSearchParams, type Method, type Query } from "./http";

const pathOf = (resource: string, meta?: MetaQuery): string =>
  (typeof meta?.api === "string" ? meta.api : resource).replace(/\/+$/, "");

const silentOf = (meta?: MetaQuery): boolean => meta?.silent !== false;

const text = (value: unknown): string => (Array.isArray(value) ? value.map(String).join(",") : String(value));

const blank = (value: unknown): boolean => value === undefined || value === null || value === "";

/** filterParams turns refine filters into the system API's parameters (see the file comment). */
export function filterParams(filters: readonly CrudFilter[] = []): [string, string][] {
  const out: [string, string][] = [];
  for (const f of filters) {
    if (f.operator === "or") {
      for (const inner of f.value) {
        if ("field" in inner && !blank(inner.value)) {
          out.push([inner.operator === "contains" ? `${inner.field}Like` : inner.field, text(inner.value)]);
        }
      }
      continue;
    }
    if (!("field" in f) || blank(f.value)) continue;
    out.push([f.operator === "contains" ? `${f.field}.contains` : f.field, text(f.value)]);
  }
  return out;
}

/** listQuery builds a list call's query: paging, sort, filters and meta.query, meta.order's names first. */
export function listQuery(pagination?: Pagination, sorters: readonly CrudSort[] = [], filters: readonly CrudFilter[] = [], meta?: MetaQuery): URLSearchParams {
  const params: [string, string][] = [];
  if (pagination?.mode !== "off") {
    params.push(["page", String(Math.max((pagination?.currentPage ?? 1) - 1, 0))], ["size", String(pagination?.pageSize ?? 10)]);
  }
  for (const s of sorters) params.push(["sort", `${s.field},${s.order}`]);
  params.push(...filterParams(filters));
  const extra: unknown = meta?.query;
  if (typeof extra === "object" && extra !== null) params.push(...toSearchParams(extra as Query));
  const order: readonly string[] = Array.isArray(meta?.order) ? (meta.order as string[]) : [];
  const rank = (name: string) => {
    const i = order.indexOf(name);
    return i < 0 ? order.length : i;
  };
  // A stable sort: names meta.order lists come first in its order, the rest keep theirs.
  return new URLSearchParams(params.map((p, i) => [p, i] as const).sort((a, b) => rank(a[0][0]) - rank(b[0][0]) || a[1] - b[1]).map(([p]) => p));
}

const extraQuery = (meta?: MetaQuery): URLSearchParams => {
  const q: unknown = meta?.query;
  return typeof q === "object" && q !== null ? toSearchParams(q as Query) : new URLSearchParams();
};

const idPath = (path: string, id: string | number) => `${path}/${encodeURIComponent(String(id))}`;

/** createSystemDataProvider builds the "system" provider. */
export function createSystemDataProvider(): DataProvider {
  return {
    getApiUrl: () => apiBase(),

    getList: async <TData extends BaseRecord = BaseRecord>({ resource, pagination, sorters, filters, meta }: GetListParams) => {
      const raw = await request<unknown>(pathOf(resource, meta), {
        query: listQuery(pagination, sorters, filters, meta),
        silent: silentOf(meta),
      });
      const page = pageOf<TData>(raw);
      return { data: page.data, total: page.recordsTotal };
    },

    getOne: async <TData extends BaseRecord = BaseRecord>({ resource, id, meta }: GetOneParams) => {
      const data = await request<TData>(idPath(pathOf(resource, meta), id), { query: extraQuery(meta), silent: silentOf(meta) });
      return { data };
    },

    create: async <TData extends BaseRecord = BaseRecord, TVariables = object>({ resource, variables, meta }: CreateParams<TVariables>) => {
      const data = await request<TData>(pathOf(resource, meta), { method: "POST", body: variables, query: extraQuery(meta), silent: silentOf(meta) });
      return { data };
    },

    update: async <TData extends BaseRecord = BaseRecord, TVariables = object>({ resource, variables, meta }: UpdateParams<TVariables>) => {
      const data = await request<TData>(pathOf(resource, meta), { method: "PUT", body: variables, query: extraQuery(meta), silent: silentOf(meta) });
      return { data };
    },

    deleteOne: async <TData extends BaseRecord = BaseRecord, TVariables = object>({ resource, id, meta }: DeleteOneParams<TVariables>) => {
      const data = await request<TData>(idPath(pathOf(resource, meta), id), { method: "DELETE", query: extraQuery(meta), silent: silentOf(meta) });
      return { data };
    },

    custom: async <TData extends BaseRecord = BaseRecord, TQuery = unknown, TPayload = unknown>({
      url,
      method,
      payload,
      query,
      headers,
      meta,
    }: CustomParams<TQuery, TPayload>) => {
      const upper = method.toUpperCase();
      const verb: Method = upper === "POST" || upper === "PUT" || upper === "DELETE" ? upper : "GET";
      const data = await request<TData>(url, {
        method: verb,
        query: typeof query === "object" && query !== null ? toSearchParams(query as Query) : undefined,
        body: verb === "GET" ? undefined : payload,
        headers: headers as Record<string, string> | undefined,
        silent: silentOf(meta),
      });
      return { data };
    },
  };
}

/** systemDataProvider is the one instance the app registers under the name "system". */
export const systemDataProvider = createSystemDataProvider();

/** SYSTEM is the name the system screens pass as dataProviderName. */
export const SYSTEM = "system";

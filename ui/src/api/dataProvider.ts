// refine's data provider over the server's conventions (DESIGN.md §4). A resource is a generic module's
// name (its API base comes from GET /api/modules), or an API path starting with "/"; meta.api overrides
// both. Requests go through the one HTTP client, so envelope, _method and global errors apply.

import type {
  BaseRecord,
  CreateParams,
  CustomParams,
  DataProvider,
  DeleteManyParams,
  DeleteOneParams,
  GetListParams,
  GetManyParams,
  GetOneParams,
  MetaQuery,
  UpdateParams,
} from "@refinedev/core";
import { toCriteria, type Paging } from "./criteria";
import { apiBase, request, toSearchParams, type Method, type Query } from "./http";
import type { ModuleInfo } from "./modules";

/** Page is the server's list answer. */
export interface Page<T> {
  data: T[];
  recordsTotal: number;
}

/** The server's cap on page size (DESIGN.md §4), used when refine asks for everything. */
export const MAX_PAGE_SIZE = 1000;

export type ApiResolver = (resource: string, meta?: MetaQuery) => string;

/** UnknownResourceError is thrown for a module name the user's module list does not hold. */
export class UnknownResourceError extends Error {
  constructor(resource: string) {
    super(`no API base known for resource ${resource}`);
    this.name = "UnknownResourceError";
  }
}

/** moduleResolver finds a module's API base in the module list modules() answers (the session's, in the app). */
export function moduleResolver(modules: () => ModuleInfo[]): ApiResolver {
  return (resource, meta) => {
    if (typeof meta?.api === "string") return meta.api;
    if (resource.startsWith("/")) return resource.replace(/\/+$/, "");
    const found = modules().find((m) => m.name === resource);
    if (!found) throw new UnknownResourceError(resource);
    return found.api;
  };
}

/** pageOf accepts the page shape, or a bare array from endpoints that do not page. */
export function pageOf<T>(raw: unknown): Page<T> {
  if (Array.isArray(raw)) return { data: raw as T[], recordsTotal: raw.length };
  if (typeof raw === "object" && raw !== null && "data" in raw && Array.isArray(raw.data)) {
    const total = "recordsTotal" in raw && typeof raw.recordsTotal === "number" ? raw.recordsTotal : raw.data.length;
    return { data: raw.data as T[], recordsTotal: total };
  }
  return { data: [], recordsTotal: 0 };
}

function extraQuery(meta?: MetaQuery): URLSearchParams {
  const q: unknown = meta?.query;
  return typeof q === "object" && q !== null ? toSearchParams(q as Query) : new URLSearchParams();
}

function merge(a: URLSearchParams, b: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(a);
  for (const [k, v] of b) out.append(k, v);
  return out;
}

const idPath = (api: string, id: string | number) => `${api}/${encodeURIComponent(String(id))}`;

/**
 * EarlyPage answers the page a list's first getList asks of api with query when it was fetched before the list
 * asked (api/schemaPrefetch.ts: with the schema), once; undefined (or a promise of it) when there is none.
 */
export type EarlyPage = (resource: string, api: string, query: URLSearchParams) => Promise<Page<unknown> | undefined> | undefined;

/**
 * createDataProvider builds the provider over a resolver (the app passes the session's module list) and,
 * optionally, the pages fetched early.
 */
export function createDataProvider(resolve: ApiResolver, earlyPage?: EarlyPage): DataProvider {
  return {
    getApiUrl: () => apiBase(),

    getList: async <TData extends BaseRecord = BaseRecord>({
      resource,
      pagination,
      sorters,
      filters,
      meta,
    }: GetListParams) => {
      const paging: Paging =
        pagination?.mode === "off" || pagination?.mode === "client"
          ? { currentPage: 1, pageSize: MAX_PAGE_SIZE }
          : { currentPage: pagination?.currentPage ?? 1, pageSize: pagination?.pageSize ?? 10 };
      const query = merge(toCriteria({ filters, sorters, pagination: paging }), extraQuery(meta));
      const api = resolve(resource, meta);
      const early = await earlyPage?.(resource, api, query);
      const page = early ? pageOf<TData>(early) : pageOf<TData>(await request<unknown>(api, { query }));
      return { data: page.data, total: page.recordsTotal };
    },

    getOne: async <TData extends BaseRecord = BaseRecord>({ resource, id, meta }: GetOneParams) => {
      const data = await request<TData>(idPath(resolve(resource, meta), id), { query: extraQuery(meta) });
      return { data };
    },

    getMany: async <TData extends BaseRecord = BaseRecord>({ resource, ids, meta }: GetManyParams) => {
      const query = merge(
        toSearchParams({ "id.in": ids.map(String).join(","), page: 0, size: Math.min(ids.length, MAX_PAGE_SIZE) }),
        extraQuery(meta),
      );
      const page = pageOf<TData>(await request<unknown>(resolve(resource, meta), { query }));
      return { data: page.data };
    },

    create: async <TData extends BaseRecord = BaseRecord, TVariables = object>({
      resource,
      variables,
      meta,
    }: CreateParams<TVariables>) => {
      const data = await request<TData>(resolve(resource, meta), { method: "POST", body: variables, query: extraQuery(meta) });
      return { data };
    },

    update: async <TData extends BaseRecord = BaseRecord, TVariables = object>({
      resource,
      id,
      variables,
      meta,
    }: UpdateParams<TVariables>) => {
      const data = await request<TData>(idPath(resolve(resource, meta), id), {
        method: "PUT",
        body: variables,
        query: extraQuery(meta),
      });
      return { data };
    },

    deleteOne: async <TData extends BaseRecord = BaseRecord, TVariables = object>({ resource, id, meta }: DeleteOneParams<TVariables>) => {
      const data = await request<TData>(idPath(resolve(resource, meta), id), { method: "DELETE", query: extraQuery(meta) });
      return { data };
    },

    deleteMany: async <TData extends BaseRecord = BaseRecord, TVariables = object>({ resource, ids, meta }: DeleteManyParams<TVariables>) => {
      const query = merge(toSearchParams({ ids: ids.map(String).join(",") }), extraQuery(meta));
      await request<unknown>(resolve(resource, meta), { method: "DELETE", query });
      return { data: [] as TData[] };
    },

    custom: async <TData extends BaseRecord = BaseRecord, TQuery = unknown, TPayload = unknown>({
      url,
      method,
      filters,
      sorters,
      payload,
      query,
      headers,
    }: CustomParams<TQuery, TPayload>) => {
      const criteria = toCriteria({ filters, sorters });
      const extra = typeof query === "object" && query !== null ? toSearchParams(query as Query) : new URLSearchParams();
      const upper = method.toUpperCase();
      const verb: Method = upper === "POST" || upper === "PUT" || upper === "DELETE" ? upper : "GET";
      const data = await request<TData>(url, {
        method: verb,
        query: merge(criteria, extra),
        body: verb === "GET" ? undefined : payload,
        headers: headers as Record<string, string> | undefined,
      });
      return { data };
    },
  };
}

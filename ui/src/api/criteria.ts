// refine's filters, sorters and pagination ↔ the server's JHipster criteria (DESIGN.md §4), both ways:
// toCriteria builds the query of a list call (and of export, and of the list page's URL), fromCriteria
// reads such a query back (a reloaded or shared list URL).

import { DATE_FORMAT } from "../lib/format";
import type { CrudFilter, CrudOperators, CrudSort, LogicalFilter } from "@refinedev/core";

/** The criteria suffixes the server understands. */
export type CriteriaOperator =
  | "equals"
  | "notEquals"
  | "contains"
  | "doesNotContain"
  | "in"
  | "notIn"
  | "greaterThan"
  | "lessThan"
  | "greaterThanOrEqual"
  | "lessThanOrEqual"
  | "specified";

type Mapped = Exclude<CrudOperators, "or" | "and">;

const TO_CRITERIA: Partial<Record<Mapped, CriteriaOperator>> = {
  eq: "equals",
  ne: "notEquals",
  contains: "contains",
  ncontains: "doesNotContain",
  in: "in",
  nin: "notIn",
  gt: "greaterThan",
  lt: "lessThan",
  gte: "greaterThanOrEqual",
  lte: "lessThanOrEqual",
};

const FROM_CRITERIA: Record<Exclude<CriteriaOperator, "specified">, Mapped> = {
  equals: "eq",
  notEquals: "ne",
  contains: "contains",
  doesNotContain: "ncontains",
  in: "in",
  notIn: "nin",
  greaterThan: "gt",
  lessThan: "lt",
  greaterThanOrEqual: "gte",
  lessThanOrEqual: "lte",
};

/** UnsupportedFilterError is thrown for a refine filter the criteria language cannot say. */
export class UnsupportedFilterError extends Error {
  constructor(operator: string) {
    super(`filter operator ${operator} has no criteria equivalent`);
    this.name = "UnsupportedFilterError";
  }
}

/** The paging the list calls use: refine's one-based currentPage, the server's zero-based page. */
export interface Paging {
  currentPage: number;
  pageSize: number;
}

export interface CriteriaInput {
  filters?: readonly CrudFilter[];
  sorters?: readonly CrudSort[];
  /** Absent: no page and size are sent (export sends every matching row). */
  pagination?: Paging;
}

/** The reserved query keys that are not field criteria. */
const RESERVED = new Set(["page", "size", "sort", "_method"]);

const isEmpty = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

/** formatValue writes one filter value as the server reads it; lists are comma-separated. */
export function formatValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(formatValue).join(",");
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object" && value !== null && "format" in value && typeof value.format === "function") {
    return String((value as { format: (f: string) => unknown }).format(DATE_FORMAT));
  }
  return String(value);
}

function appendFilter(params: URLSearchParams, filter: LogicalFilter): void {
  const { field, operator, value } = filter;
  if (operator === "null") return params.append(`${field}.specified`, "false");
  if (operator === "nnull") return params.append(`${field}.specified`, "true");
  if (isEmpty(value)) return;
  if (operator === "between") {
    const [from, to] = Array.isArray(value) ? value : [];
    if (!isEmpty(from)) params.append(`${field}.greaterThanOrEqual`, formatValue(from));
    if (!isEmpty(to)) params.append(`${field}.lessThanOrEqual`, formatValue(to));
    return;
  }
  const suffix = TO_CRITERIA[operator];
  if (!suffix) throw new UnsupportedFilterError(operator);
  params.append(`${field}.${suffix}`, formatValue(value));
}

/** toCriteria writes filters, sorters and paging as criteria query parameters. */
export function toCriteria({ filters = [], sorters = [], pagination }: CriteriaInput): URLSearchParams {
  const params = new URLSearchParams();
  if (pagination) {
    params.set("page", String(Math.max(0, pagination.currentPage - 1)));
    params.set("size", String(pagination.pageSize));
  }
  for (const sorter of sorters) params.append("sort", `${sorter.field},${sorter.order}`);
  for (const filter of filters) {
    if (!("field" in filter)) throw new UnsupportedFilterError(filter.operator);
    appendFilter(params, filter);
  }
  return params;
}

/** The list state a criteria query describes. */
export interface CriteriaState {
  filters: LogicalFilter[];
  sorters: CrudSort[];
  pagination?: Paging;
}

const LIST_OPERATORS = new Set<Mapped>(["in", "nin"]);

function parseSort(value: string): CrudSort | null {
  const [field, dir] = value.split(",");
  if (!field) return null;
  return { field, order: dir?.toLowerCase() === "desc" ? "desc" : "asc" };
}

/**
 * fromCriteria reads criteria query parameters back into refine's terms. A plain field=value is equals
 * (DESIGN.md §4); values stay strings, as the query holds no types.
 */
export function fromCriteria(params: URLSearchParams): CriteriaState {
  const filters: LogicalFilter[] = [];
  const sorters: CrudSort[] = [];
  for (const [key, value] of params) {
    if (key === "sort") {
      const sorter = parseSort(value);
      if (sorter) sorters.push(sorter);
      continue;
    }
    if (RESERVED.has(key)) continue;
    const dot = key.lastIndexOf(".");
    const suffix = dot > 0 ? key.slice(dot + 1) : "";
    const field = dot > 0 ? key.slice(0, dot) : key;
    if (suffix === "specified") {
      filters.push({ field, operator: value === "false" ? "null" : "nnull", value: true });
      continue;
    }
    const operator = suffix in FROM_CRITERIA ? FROM_CRITERIA[suffix as keyof typeof FROM_CRITERIA] : undefined;
    if (dot > 0 && !operator) continue;
    const op = operator ?? "eq";
    filters.push({ field: operator ? field : key, operator: op, value: LIST_OPERATORS.has(op) ? value.split(",") : value });
  }
  const page = Number(params.get("page"));
  const size = Number(params.get("size"));
  const pagination =
    params.has("page") || params.has("size")
      ? {
          currentPage: Number.isInteger(page) && page >= 0 ? page + 1 : 1,
          pageSize: Number.isInteger(size) && size > 0 ? size : 10,
        }
      : undefined;
  return { filters, sorters, pagination };
}

/**
 * addressCriteria are the criteria a list page reads from its address (ModuleListPage.tsx), written as its rows
 * request writes them (toCriteria): what the console asks for the list's first page with its schema
 * (schemaPrefetch.ts), the server adding the list's default page, size and order where they name none.
 */
export function addressCriteria(search: string): URLSearchParams | undefined {
  try {
    return toCriteria(fromCriteria(new URLSearchParams(search)));
  } catch {
    return undefined;
  }
}

// The list's search form ↔ refine filters, driven by the schema's list.filters: which control a filter
// gets, and which criteria its value becomes.

import type { CrudFilter, LogicalFilter } from "@refinedev/core";
import dayjs, { type Dayjs } from "dayjs";
import { DATE_FORMAT, DATETIME_FORMAT } from "../lib/format";
import type { ListFilter } from "./moduleSchema";

/** FilterKind is how one filter is asked and sent. */
export type FilterKind = "range" | "in" | "contains" | "specified" | "equals";

const DATE_TYPES = new Set(["date", "datetime"]);

const PREFERRED: Readonly<Record<string, FilterKind>> = {
  range: "range",
  in: "in",
  contains: "contains",
  specified: "specified",
  equals: "equals",
};

/**
 * filterKind follows the module file's own filter (contains, equals, range, in) when the server names it,
 * else picks from the operators it allows, most useful first.
 */
export function filterKind(f: ListFilter): FilterKind {
  const preferred = f.preferred ? PREFERRED[f.preferred] : undefined;
  if (preferred) return preferred;
  const ops = new Set(f.operators);
  if (ops.has("greaterThanOrEqual") && ops.has("lessThanOrEqual")) return "range";
  if (ops.has("in")) return "in";
  if (ops.has("contains")) return "contains";
  if (ops.size === 1 && ops.has("specified")) return "specified";
  return "equals";
}

export type SearchValues = Record<string, unknown>;

const blank = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

function isDayjs(v: unknown): v is Dayjs {
  return dayjs.isDayjs(v);
}

function serialise(f: ListFilter, v: unknown, end: boolean): unknown {
  if (!isDayjs(v)) return typeof v === "string" ? v.trim() : v;
  if (f.type === "date") return v.format(DATE_FORMAT);
  // A datetime range covers whole days when picked as dates.
  return (end ? v.endOf("day") : v.startOf("day")).format(DATETIME_FORMAT);
}

/**
 * searchToFilters turns the form's values into filters. Every configured filter yields its entries, with
 * value undefined when empty, so replacing the table's filters clears what the user cleared.
 */
export function searchToFilters(config: readonly ListFilter[], values: SearchValues): CrudFilter[] {
  return config.flatMap((f): LogicalFilter[] => {
    const v = values[f.name];
    switch (filterKind(f)) {
      case "range": {
        const [from, to] = Array.isArray(v) ? v : [undefined, undefined];
        return [
          { field: f.name, operator: "gte", value: blank(from) ? undefined : serialise(f, from, false) },
          { field: f.name, operator: "lte", value: blank(to) ? undefined : serialise(f, to, true) },
        ];
      }
      case "in": {
        const list = blank(v) ? undefined : (Array.isArray(v) ? v : [v]).map((x) => serialise(f, x, false));
        return [{ field: f.name, operator: "in", value: list }];
      }
      case "specified":
        if (v === "true" || v === true) return [{ field: f.name, operator: "nnull", value: true }];
        if (v === "false" || v === false) return [{ field: f.name, operator: "null", value: true }];
        return [];
      case "contains":
        return [{ field: f.name, operator: "contains", value: blank(v) ? undefined : serialise(f, v, false) }];
      default:
        return [{ field: f.name, operator: "eq", value: blank(v) ? undefined : serialise(f, v, false) }];
    }
  });
}

function parseForForm(f: ListFilter, v: unknown): unknown {
  if (typeof v !== "string" || !DATE_TYPES.has(f.type)) return v;
  const d = dayjs(v);
  return d.isValid() ? d : undefined;
}

/** filtersToSearch fills the form back from filters (a list URL opened again). */
export function filtersToSearch(config: readonly ListFilter[], filters: readonly CrudFilter[]): SearchValues {
  const values: SearchValues = {};
  const logical = filters.filter((f): f is LogicalFilter => "field" in f);
  for (const f of config) {
    const mine = logical.filter((x) => x.field === f.name && !blank(x.value));
    if (!mine.length) continue;
    const kind = filterKind(f);
    if (kind === "range") {
      const from = mine.find((x) => x.operator === "gte")?.value;
      const to = mine.find((x) => x.operator === "lte")?.value;
      values[f.name] = [parseForForm(f, from), parseForForm(f, to)];
    } else if (kind === "specified") {
      const op = mine[0].operator;
      values[f.name] = op === "nnull" ? "true" : op === "null" ? "false" : undefined;
    } else if (kind === "in") {
      values[f.name] = Array.isArray(mine[0].value) ? mine[0].value : String(mine[0].value).split(",");
    } else {
      values[f.name] = parseForForm(f, mine[0].value);
    }
  }
  return values;
}

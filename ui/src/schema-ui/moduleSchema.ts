// The answer of GET {api}/schema, parsed in this one module: every generic screen reads the typed
// ModuleSchema below and never the raw JSON, so a renamed key on the server is fixed here only.

import type { CrudSort } from "@refinedev/core";
import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import type { CriteriaOperator } from "../api/criteria";

/** Option is one choice of an enum, a dictionary or a status. */
export interface Option {
  value: string | number | boolean;
  label: string;
}

/** StatusAction is one transition the status machine allows (PUT {api}/{id}/status {action, comment}). */
export interface StatusAction {
  name: string;
  label: string;
  /** Status values the action starts from, as strings. */
  from: string[];
  to: string;
  /** Whether the dialog asks for a comment. */
  comment: "required" | "optional" | "";
  /** The button code that gates it. */
  code: string;
}

export interface StatusConfig {
  field: string;
  label: string;
  /** Value (as a string) → label. */
  values: Record<string, string>;
  initial?: string;
  actions: StatusAction[];
}

export interface ModuleMeta {
  name: string;
  title: string;
  api: string;
  permission: string;
  orgScoped: boolean;
  export: boolean;
  import: boolean;
  /** Action (add, edit, del, export, import, <status action>) → button code, when the server names them. */
  codes: Record<string, string>;
  status?: StatusConfig;
  group?: string;
  icon?: string;
}

export interface ListColumn {
  name: string;
  label: string;
  type: string;
  options?: Option[];
  dict?: string;
  sortable: boolean;
  width?: number;
  mask?: string;
}

export interface ListFilter {
  name: string;
  label: string;
  type: string;
  /** The way the module file asks to filter (contains, equals, range, in, specified), when it says. */
  preferred?: string;
  operators: CriteriaOperator[];
  options?: Option[];
  dict?: string;
  ref?: string;
  display?: string;
}

export interface ListConfig {
  columns: ListColumn[];
  filters: ListFilter[];
  sort: CrudSort[];
  pageSize: number;
}

/** FieldMeta is the server's per-field summary; kept loose because the detail page only needs a few keys. */
export interface FieldMeta {
  name: string;
  label: string;
  type: string;
  ref?: string;
  display?: string;
  dict?: string;
  mask?: string;
}

/** Section is one titled group of fields (uiSchema "ui:options".sections). */
export interface Section {
  name: string;
  title: string;
}

export interface ModuleSchema {
  module: ModuleMeta;
  /** The sections fields are grouped into, in order; fields name theirs in ui:options.section. */
  sections: Section[];
  jsonSchema: RJSFSchema;
  uiSchema: UiSchema;
  list: ListConfig;
  fields: FieldMeta[];
  dicts: Record<string, Option[]>;
}

/** SchemaParseError says which part of the answer is unusable. */
export class SchemaParseError extends Error {
  constructor(what: string) {
    super(`module schema: ${what}`);
    this.name = "SchemaParseError";
  }
}

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined);
const bool = (v: unknown, fallback = false): boolean => (typeof v === "boolean" ? v : fallback);
const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

const OPERATORS: readonly CriteriaOperator[] = [
  "equals",
  "notEquals",
  "contains",
  "doesNotContain",
  "in",
  "notIn",
  "greaterThan",
  "lessThan",
  "greaterThanOrEqual",
  "lessThanOrEqual",
  "specified",
];

/** parseOptions reads [{value,label}], [{const,title}] or a {value: label} map. */
export function parseOptions(raw: unknown): Option[] | undefined {
  if (isObj(raw)) return Object.entries(raw).map(([value, label]) => ({ value, label: str(label) ?? value }));
  if (!Array.isArray(raw)) return undefined;
  return raw.flatMap((o): Option[] => {
    if (!isObj(o)) return typeof o === "string" ? [{ value: o, label: o }] : [];
    const value = o.value ?? o.const;
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return [];
    return [{ value, label: str(o.label ?? o.title) ?? String(value) }];
  });
}

function parseStatus(raw: unknown, permission: string): StatusConfig | undefined {
  if (!isObj(raw)) return undefined;
  const field = str(raw.field);
  if (!field) return undefined;
  const values: Record<string, string> = {};
  if (isObj(raw.values)) for (const [k, v] of Object.entries(raw.values)) values[k] = str(v) ?? k;
  const actions = arr(raw.actions).flatMap((a): StatusAction[] => {
    if (!isObj(a) || !str(a.name)) return [];
    const name = str(a.name) ?? "";
    const comment = a.comment === "required" || a.comment === "optional" ? a.comment : "";
    return [
      {
        name,
        label: str(a.label) ?? name,
        from: arr(a.from).map((f) => String(f)),
        to: str(a.to) ?? "",
        comment,
        code: str(a.code) ?? `${permission}.${name}`,
      },
    ];
  });
  return { field, label: str(raw.label) ?? field, values, initial: str(raw.initial), actions };
}

function parseCodes(raw: unknown, permission: string): Record<string, string> {
  if (isObj(raw)) {
    return Object.fromEntries(Object.entries(raw).flatMap(([k, v]) => (str(v) ? [[k, str(v) ?? ""]] : [])));
  }
  // A plain list of full codes: index them by their last segment.
  return Object.fromEntries(
    arr(raw).flatMap((c) => {
      const code = str(c);
      if (!code) return [];
      const action = code.startsWith(`${permission}.`) ? code.slice(permission.length + 1) : code;
      return [[action, code]];
    }),
  );
}

/** parseSort reads "field,desc", "a,desc;b,asc" or ["a,desc", …]. */
export function parseSort(raw: unknown): CrudSort[] {
  const parts = Array.isArray(raw) ? raw.map((r) => str(r) ?? "") : (str(raw) ?? "").split(";");
  return parts.flatMap((p): CrudSort[] => {
    const [field, dir] = p.trim().split(",");
    if (!field) return [];
    return [{ field: field.trim(), order: dir?.trim().toLowerCase() === "asc" ? "asc" : "desc" }];
  });
}

function parseColumn(raw: unknown): ListColumn[] {
  if (typeof raw === "string") return [{ name: raw, label: raw, type: "string", sortable: false }];
  if (!isObj(raw) || !str(raw.name)) return [];
  const name = str(raw.name) ?? "";
  return [
    {
      name,
      label: str(raw.label) ?? name,
      type: str(raw.type) ?? "string",
      options: parseOptions(raw.options),
      dict: str(raw.dict),
      sortable: bool(raw.sortable ?? raw.sort),
      width: num(raw.width),
      mask: raw.mask === true ? (str(raw.type) ?? "default") : str(raw.mask),
    },
  ];
}

function parseFilter(raw: unknown): ListFilter[] {
  if (!isObj(raw) || !str(raw.name)) return [];
  const name = str(raw.name) ?? "";
  const given = arr(raw.operators ?? raw.operator).map(str);
  const single = str(raw.operator);
  const operators = (given.length ? given : single ? [single] : []).filter((o): o is CriteriaOperator =>
    (OPERATORS as readonly (string | undefined)[]).includes(o),
  );
  return [
    {
      name,
      label: str(raw.label) ?? name,
      type: str(raw.type) ?? "string",
      preferred: typeof raw.filter === "string" ? raw.filter : undefined,
      operators: operators.length ? operators : ["equals"],
      options: parseOptions(raw.options),
      dict: str(raw.dict),
      ref: str(raw.ref),
      display: str(raw.display),
    },
  ];
}

function parseField(raw: unknown): FieldMeta[] {
  if (!isObj(raw) || !str(raw.name)) return [];
  const name = str(raw.name) ?? "";
  return [
    {
      name,
      label: str(raw.label) ?? name,
      type: str(raw.type) ?? "string",
      ref: str(raw.ref),
      display: str(raw.display),
      dict: str(raw.dict),
      mask: str(raw.mask),
    },
  ];
}

/** parseSections reads the root uiSchema's ui:options.sections ([{name, title}] or names). */
export function parseSections(ui: unknown): Section[] {
  if (!isObj(ui) || !isObj(ui["ui:options"])) return [];
  return arr(ui["ui:options"].sections).flatMap((x): Section[] => {
    if (typeof x === "string") return [{ name: x, title: x }];
    if (!isObj(x) || !str(x.name)) return [];
    const name = str(x.name) ?? "";
    return [{ name, title: str(x.title) ?? name }];
  });
}

/** parseModuleSchema turns the raw answer into a ModuleSchema, or throws SchemaParseError. */
export function parseModuleSchema(raw: unknown): ModuleSchema {
  if (!isObj(raw)) throw new SchemaParseError("answer is not an object");
  const m = raw.module;
  if (!isObj(m)) throw new SchemaParseError("module is missing");
  const name = str(m.name);
  const api = str(m.api);
  if (!name || !api) throw new SchemaParseError("module.name or module.api is missing");
  if (!isObj(raw.jsonSchema)) throw new SchemaParseError("jsonSchema is missing");
  const permission = str(m.permission) ?? name;
  const list = isObj(raw.list) ? raw.list : {};
  const dicts: Record<string, Option[]> = {};
  if (isObj(raw.dicts)) for (const [k, v] of Object.entries(raw.dicts)) dicts[k] = parseOptions(v) ?? [];
  return {
    module: {
      name,
      title: str(m.title) ?? name,
      api: api.replace(/\/+$/, ""),
      permission,
      orgScoped: bool(m.orgScoped),
      export: bool(m.export),
      import: bool(m.import),
      codes: parseCodes(m.codes, permission),
      status: parseStatus(m.status ?? list.status, permission),
      group: str(m.group),
      icon: str(m.icon),
    },
    sections: parseSections(raw.uiSchema),
    jsonSchema: raw.jsonSchema as RJSFSchema,
    uiSchema: isObj(raw.uiSchema) ? (raw.uiSchema as UiSchema) : {},
    list: {
      columns: arr(list.columns).flatMap(parseColumn),
      filters: arr(list.filters).flatMap(parseFilter),
      sort: parseSort(list.sort),
      pageSize: num(list.pageSize) ?? 10,
    },
    fields: arr(raw.fields).flatMap(parseField),
    dicts,
  };
}

/** codeFor names the button code of an action: the server's own name if it gave one, else <permission>.<action>. */
export function codeFor(meta: ModuleMeta, action: string): string {
  return meta.codes[action] ?? `${meta.permission}.${action}`;
}

/** optionsFor finds the choices of a column, filter or field: inline options, else its dictionary. */
export function optionsFor(schema: ModuleSchema, item: { options?: Option[]; dict?: string }): Option[] | undefined {
  return item.options ?? (item.dict ? schema.dicts[item.dict] : undefined);
}

/** propertyOf returns the JSON Schema of one record property. */
export function propertyOf(schema: ModuleSchema, name: string): RJSFSchema | undefined {
  const p = schema.jsonSchema.properties?.[name];
  return typeof p === "object" ? (p as RJSFSchema) : undefined;
}

/** enumOptions reads a property's oneOf [{const, title}] (or enum) choices; a oneOf of shapes (a map value) has none. */
export function enumOptions(prop: RJSFSchema | undefined): Option[] | undefined {
  if (!prop) return undefined;
  if (Array.isArray(prop.oneOf)) {
    const options = parseOptions(prop.oneOf);
    return options?.length ? options : undefined;
  }
  if (Array.isArray(prop.enum)) return parseOptions(prop.enum.filter((e) => typeof e === "string" || typeof e === "number"));
  const items = prop.items;
  if (typeof items === "object" && !Array.isArray(items)) return enumOptions(items as RJSFSchema);
  return undefined;
}

/** uiOptionsOf returns a property's ui:options. */
export function uiOptionsOf(ui: UiSchema, name: string): Record<string, unknown> {
  const entry: unknown = ui[name];
  if (!isObj(entry)) return {};
  const options = entry["ui:options"];
  return isObj(options) ? options : {};
}

/** uiWidgetOf returns a property's ui:widget name. */
export function uiWidgetOf(ui: UiSchema, name: string): string | undefined {
  const entry: unknown = ui[name];
  return isObj(entry) ? str(entry["ui:widget"]) : undefined;
}

/** orderedProperties lists the record's properties in ui:order (a "*" places the rest). */
export function orderedProperties(schema: ModuleSchema): string[] {
  const names = Object.keys(schema.jsonSchema.properties ?? {});
  const order = arr(schema.uiSchema["ui:order"]).map(str).filter((s): s is string => !!s);
  if (!order.length) return names;
  const listed = order.filter((n) => n !== "*" && names.includes(n));
  const rest = names.filter((n) => !listed.includes(n));
  const star = order.indexOf("*");
  if (star < 0) return [...listed, ...rest];
  const before = order.slice(0, star).filter((n) => names.includes(n));
  const after = order.slice(star + 1).filter((n) => names.includes(n));
  return [...before, ...rest, ...after];
}

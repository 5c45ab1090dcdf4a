// describe derives, in the browser, what GET {api}/schema would answer for the module being designed
// (engine/schema derive_record.go, derive_ui.go, derive_list.go), so the preview renders the real generic
// form, list and detail from the model in memory with no server round trip. Each field's part is memoised by
// the field object: an edit of one field re-derives that field only.

import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import type { CriteriaOperator } from "../api/criteria";
import type { ListColumn, ListFilter, ModuleSchema, Option, StatusConfig } from "../schema-ui/moduleSchema";
import { parseSort } from "../schema-ui/moduleSchema";
import type { FieldDoc, ModuleDoc } from "./model";

const DEFAULT_MAX: Partial<Record<string, number>> = {
  string: 255,
  text: 2000,
  richtext: 1 << 20,
  idcard: 18,
  mobile: 11,
  email: 40,
  image: 1024,
  file: 1024,
  video: 1024,
};

const OPS_EQUALS: CriteriaOperator[] = ["equals", "notEquals", "in", "notIn", "specified"];
const OPS: Record<string, CriteriaOperator[]> = {
  equals: OPS_EQUALS,
  in: OPS_EQUALS,
  contains: [...OPS_EQUALS, "contains", "doesNotContain"],
  range: [...OPS_EQUALS, "greaterThan", "lessThan", "greaterThanOrEqual", "lessThanOrEqual"],
};

export type Dicts = Record<string, Option[]>;

const intEnum = (f: FieldDoc) => f.type === "enum" && !f.dict && !!f.options?.length && f.options.every((o) => Number.isInteger(o.value));

export function choices(f: FieldDoc, dicts: Dicts): Option[] | undefined {
  if (f.dict) return dicts[f.dict];
  return f.options?.map((o) => ({ value: o.value, label: o.label }));
}

function widgetOf(f: FieldDoc): string {
  if (f.hidden) return "hidden";
  if (f.widget) return f.widget;
  switch (f.type) {
    case "string":
      return "text";
    case "text":
      return "textarea";
    case "int":
    case "decimal":
      return "number";
    case "bool":
      return "switch";
    case "enum":
      return f.multiple ? "multiSelect" : "select";
    case "ref":
      return "refSelect";
    case "geoPoint":
      return "mapPoint";
    case "geoPolygon":
      return "mapPolygon";
    default:
      return f.type;
  }
}

const many = (f: FieldDoc, item: RJSFSchema): RJSFSchema => (f.multiple ? { type: "array", items: item, uniqueItems: true } : item);

function valueSchema(f: FieldDoc, dicts: Dicts): RJSFSchema {
  const max = f.maxLength ?? DEFAULT_MAX[f.type];
  switch (f.type) {
    case "string":
    case "text":
    case "richtext": {
      const s: RJSFSchema = { type: "string", maxLength: max };
      if (f.minLength) s.minLength = f.minLength;
      if (f.pattern) s.pattern = f.pattern;
      return s;
    }
    case "idcard":
    case "mobile":
    case "email":
      return { type: "string", maxLength: max, format: f.type };
    case "int":
    case "decimal": {
      const s: RJSFSchema = { type: f.type === "int" ? "integer" : "number" };
      if (f.min !== undefined) s.minimum = f.min;
      if (f.max !== undefined) s.maximum = f.max;
      return s;
    }
    case "bool":
      return { type: "boolean" };
    case "date":
      return { type: "string", format: "date" };
    case "datetime":
      return { type: "string", format: "date-time-cn", pattern: "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$" };
    case "enum": {
      const s: RJSFSchema = { type: intEnum(f) ? "integer" : "string" };
      const opts = choices(f, dicts);
      if (opts?.length) s.oneOf = opts.map((o) => ({ const: o.value, title: o.label }));
      return many(f, s);
    }
    case "ref":
      return many(f, { type: "integer", minimum: f.ref === "org" ? 0 : 1 });
    case "image":
    case "file":
    case "video":
      return { type: "string", maxLength: max };
    case "images":
    case "files":
      return { type: "array", maxItems: f.maxCount ?? (f.type === "files" ? 3 : 9), items: { type: "string", maxLength: 1024 } };
    case "geoPoint":
      return {
        type: "object",
        properties: {
          lng: { type: "number", minimum: -180, maximum: 180 },
          lat: { type: "number", minimum: -90, maximum: 90 },
          radius: { type: "number", minimum: 1, maximum: 100000 },
        },
        required: ["lng", "lat"],
        additionalProperties: false,
      };
    case "geoPolygon":
      return { type: "object" };
    case "json":
      return { type: ["object", "array"] };
    case "children":
      return { type: "array", items: rowSchema(f, dicts) };
  }
  return {};
}

function fieldSchema(f: FieldDoc, dicts: Dicts): RJSFSchema {
  const s: RJSFSchema = { ...valueSchema(f, dicts), title: f.label };
  if (f.default !== undefined) s.default = f.default as RJSFSchema["default"];
  if (f.readOnly || f.autoNumber) s.readOnly = true;
  if (f.required && s.type === "array") s.minItems = 1;
  return s;
}

function rowSchema(f: FieldDoc, dicts: Dicts): RJSFSchema {
  const properties: Record<string, RJSFSchema> = { id: { type: "integer", readOnly: true } };
  for (const sub of f.fields ?? []) properties[sub.name] = fieldSchema(sub, dicts);
  return { type: "object", properties, required: (f.fields ?? []).filter((s) => s.required).map((s) => s.name), additionalProperties: false };
}

function fieldUI(f: FieldDoc): UiSchema {
  const opts: Record<string, unknown> = {};
  const set = (k: string, v: unknown) => {
    if (v !== undefined && v !== "" && v !== false && !(Array.isArray(v) && !v.length)) opts[k] = v;
  };
  set("placeholder", f.placeholder);
  set("help", f.help);
  set("dict", f.dict);
  set("ref", f.ref);
  set("display", f.display);
  set("accept", f.accept);
  if (f.type === "images" || f.type === "files") opts.maxCount = f.maxCount ?? (f.type === "files" ? 3 : 9);
  set("maxSize", f.maxSize);
  set("mask", f.mask);
  set("section", f.section);
  set("readonly", f.readOnly || !!f.autoNumber);
  if (f.type === "decimal") {
    opts.precision = f.precision ?? 18;
    opts.scale = f.scale ?? 2;
  }
  const ui: UiSchema = { "ui:widget": widgetOf(f), "ui:title": f.label };
  if (Object.keys(opts).length) ui["ui:options"] = opts as UiSchema["ui:options"];
  if (f.type === "children") {
    const items: UiSchema = { "ui:order": [...(f.fields ?? []).map((s) => s.name), "*"], id: { "ui:widget": "hidden" } };
    for (const sub of f.fields ?? []) items[sub.name] = fieldUI(sub);
    ui.items = items;
  }
  return ui;
}

/** FieldPart is what one field contributes to the schema; cached per field object. */
interface FieldPart {
  dicts: Dicts;
  schema: RJSFSchema;
  ui: UiSchema;
}

const parts = new WeakMap<FieldDoc, FieldPart>();

function partOf(f: FieldDoc, dicts: Dicts): FieldPart {
  const hit = parts.get(f);
  if (hit && hit.dicts === dicts) return hit;
  const part = { dicts, schema: fieldSchema(f, dicts), ui: fieldUI(f) };
  parts.set(f, part);
  return part;
}

/** statusOf is the module's status machine as the list and detail read it (a workflow's values included). */
function statusOf(m: ModuleDoc, workflowValues: Record<string, string>): StatusConfig | undefined {
  if (m.status) {
    const st = m.status;
    return {
      field: st.field,
      label: st.label ?? st.field,
      values: Object.fromEntries([...st.values].sort((a, b) => a[0] - b[0]).map(([v, l]) => [String(v), l])),
      initial: String(st.initial),
      actions: (st.actions ?? []).map((a) => ({
        name: a.name,
        label: a.label,
        from: (a.from ?? []).map(String),
        to: String(a.to),
        comment: a.comment ?? "",
        code: a.permission ?? `${m.permission}.${a.name}`,
      })),
    };
  }
  if (m.workflow) {
    const field = m.workflow.status || "approvalStatus";
    return { field, label: m.workflow.label ?? field, values: workflowValues, initial: "0", actions: [] };
  }
  return undefined;
}

/** describe is the ModuleSchema of the model, as the generic screens take it. */
export function describe(m: ModuleDoc, dicts: Dicts = {}, texts: { status: string; workflowValues: Record<string, string> } = { status: "", workflowValues: {} }): ModuleSchema {
  const properties: Record<string, RJSFSchema> = {};
  const ui: UiSchema = {};
  const order: string[] = [];
  for (const f of m.fields) {
    const part = partOf(f, dicts);
    properties[f.name] = part.schema;
    ui[f.name] = part.ui;
    if (!f.section) order.push(f.name);
  }
  for (const s of m.sections ?? []) for (const f of m.fields) if (f.section === s.name) order.push(f.name);
  const status = statusOf(m, texts.workflowValues);
  if (status) {
    const options = Object.entries(status.values).map(([v, l]) => ({ const: Number(v), title: l }));
    properties[status.field] = { type: "integer", title: status.label || texts.status, readOnly: true, ...(options.length ? { oneOf: options } : {}) };
    ui[status.field] = { "ui:widget": "select", "ui:title": status.label || texts.status, "ui:options": { readonly: true } };
    order.push(status.field);
  }
  for (const k of ["id", "orgId", "createdBy", "createdAt", "updatedBy", "updatedAt", "version", "history"]) {
    properties[k] = { type: k === "history" ? "array" : "integer", readOnly: true };
    ui[k] = { "ui:widget": "hidden" };
  }
  ui["ui:order"] = [...order, "*"];
  if (m.sections?.length) ui["ui:options"] = { sections: m.sections };

  const statusField = status
    ? ({ uid: "", name: status.field, label: status.label || texts.status, type: "enum", list: true, filter: "equals", sort: true, options: Object.entries(status.values).map(([v, l]) => ({ value: Number(v), label: l })) } as FieldDoc)
    : undefined;
  const all = statusField ? [...m.fields, statusField] : m.fields;
  const columns: ListColumn[] = all
    .filter((f) => f.list)
    .map((f) => ({
      name: f.name,
      label: f.label,
      type: f.type,
      options: choices(f, dicts),
      dict: f.dict,
      sortable: !!f.sort,
      width: f.width,
      mask: f.mask,
    }));
  const filters: ListFilter[] = all
    .filter((f) => f.filter)
    .map((f) => ({
      name: f.name,
      label: f.label,
      type: f.type,
      preferred: f.filter,
      operators: OPS[f.filter ?? "equals"],
      options: choices(f, dicts),
      dict: f.dict,
      ref: f.ref,
      display: f.display,
    }));
  return {
    module: {
      name: m.name,
      title: m.title,
      api: m.api,
      permission: m.permission,
      orgScoped: !!m.orgScoped,
      export: !!m.export,
      import: !!m.import,
      codes: {},
      status,
      group: m.group,
      icon: m.icon,
    },
    sections: m.sections ?? [],
    jsonSchema: {
      $schema: "http://json-schema.org/draft-07/schema#",
      title: m.title,
      type: "object",
      properties,
      required: m.fields.filter((f) => f.required).map((f) => f.name),
      additionalProperties: false,
    },
    uiSchema: ui,
    list: { columns, filters, sort: parseSort(m.list?.sort ?? "id,desc"), pageSize: m.list?.pageSize ?? 10 },
    fields: m.fields.map((f) => ({ name: f.name, label: f.label, type: f.type, ref: f.ref, display: f.display, dict: f.dict, mask: f.mask })),
    dicts,
  };
}

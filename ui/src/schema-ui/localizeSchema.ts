// A module's schema in the console's locale: every title, label, option, section, status value and
// action the module file, its dictionaries and the engine's common columns show, looked up by place
// (schemaTexts.ts) with the Chinese text as the fallback of each string on its own.

import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import type { FieldMeta, ListColumn, ListFilter, ModuleSchema, Option } from "./moduleSchema";
import type { Translate } from "./schemaTexts";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

function options(tr: Translate, at: string, opts: Option[] | undefined): Option[] | undefined {
  return opts?.map((o) => ({ ...o, label: tr(`${at}=${String(o.value)}`, o.label) }));
}

/** localizeProperty translates one JSON Schema property at place `at` (titles, oneOf choices, rows). */
function localizeProperty(tr: Translate, at: string, prop: unknown): unknown {
  if (!isObj(prop)) return prop;
  const out: Obj = { ...prop };
  if (typeof prop.title === "string") out.title = tr(at, prop.title);
  if (Array.isArray(prop.oneOf)) {
    out.oneOf = prop.oneOf.map((o: unknown) =>
      isObj(o) && typeof o.title === "string" && "const" in o ? { ...o, title: tr(`${at}=${String(o.const)}`, o.title) } : o,
    );
  }
  if (isObj(prop.items)) {
    const items = prop.items;
    // The choices of a multiple enum stand at the field's own place; the columns of a children row below it.
    out.items = isObj(items.properties) ? localizeObject(tr, at, items) : localizeProperty(tr, at, items);
  }
  if (isObj(prop.properties)) return localizeObject(tr, at, out);
  return out;
}

function localizeObject(tr: Translate, at: string, schema: Obj): Obj {
  const props = isObj(schema.properties) ? schema.properties : {};
  return {
    ...schema,
    ...(typeof schema.title === "string" ? { title: tr(at, schema.title) } : {}),
    properties: Object.fromEntries(Object.entries(props).map(([k, v]) => [k, localizeProperty(tr, `${at}.${k}`, v)])),
  };
}

const UI_TEXTS: readonly [string, string][] = [
  ["help", "~help"],
  ["placeholder", "~placeholder"],
  ["patternMessage", "~pattern"],
];

/** localizeUi translates a uiSchema's ui:title, texts of ui:options and row uiSchemas, keys at `at.<key>`. */
function localizeUi(tr: Translate, at: string, ui: UiSchema, module: string): UiSchema {
  const out: Obj = { ...ui };
  for (const [key, entry] of Object.entries(ui)) {
    if (key.startsWith("ui:") || !isObj(entry)) continue;
    const place = `${at}.${key}`;
    const e: Obj = { ...entry };
    if (typeof entry["ui:title"] === "string") e["ui:title"] = tr(place, entry["ui:title"]);
    const opts = entry["ui:options"];
    if (isObj(opts)) {
      const o: Obj = { ...opts };
      for (const [name, suffix] of UI_TEXTS) if (typeof opts[name] === "string") o[name] = tr(place + suffix, opts[name]);
      e["ui:options"] = o;
    }
    if (isObj(entry.items)) e.items = localizeUi(tr, place, entry.items as UiSchema, module);
    out[key] = e;
  }
  const rootOpts = ui["ui:options"];
  if (isObj(rootOpts) && Array.isArray(rootOpts.sections)) {
    out["ui:options"] = {
      ...rootOpts,
      sections: rootOpts.sections.map((s: unknown) =>
        isObj(s) && typeof s.name === "string" && typeof s.title === "string" ? { ...s, title: tr(`${module}#${s.name}`, s.title) } : s,
      ),
    };
  }
  return out as UiSchema;
}

/** localizeSchema answers the schema with every shown text in the translator's locale. */
export function localizeSchema(schema: ModuleSchema, tr: Translate): ModuleSchema {
  const name = schema.module.name;
  const at = (field: string) => `${name}.${field}`;
  const status = schema.module.status;
  const column = (c: ListColumn): ListColumn => ({ ...c, label: tr(at(c.name), c.label), options: options(tr, at(c.name), c.options) });
  const filter = (f: ListFilter): ListFilter => ({ ...f, label: tr(at(f.name), f.label), options: options(tr, at(f.name), f.options) });
  const field = (f: FieldMeta): FieldMeta => ({ ...f, label: tr(at(f.name), f.label) });
  return {
    ...schema,
    module: {
      ...schema.module,
      title: tr(name, schema.module.title),
      status: status && {
        ...status,
        label: tr(at(status.field), status.label),
        values: Object.fromEntries(Object.entries(status.values).map(([k, v]) => [k, tr(`${at(status.field)}=${k}`, v)])),
        actions: status.actions.map((a) => ({ ...a, label: tr(`${name}!${a.name}`, a.label) })),
      },
    },
    sections: schema.sections.map((s) => ({ ...s, title: tr(`${name}#${s.name}`, s.title) })),
    jsonSchema: localizeObject(tr, name, schema.jsonSchema as Obj) as RJSFSchema,
    uiSchema: localizeUi(tr, name, schema.uiSchema, name),
    list: { ...schema.list, columns: schema.list.columns.map(column), filters: schema.list.filters.map(filter) },
    fields: schema.fields.map(field),
    dicts: Object.fromEntries(Object.entries(schema.dicts).map(([type, opts]) => [type, options(tr, `@dict.${type}`, opts) ?? []])),
  };
}

/** Menu titles: a module's menu (a path /m/<module>) stands at the module's place, a group by its wording. */
export function menuPlaceOf(path: string | undefined): string {
  const m = /^\/m\/([A-Za-z][A-Za-z0-9]*)$/.exec(path ?? "");
  return m ? m[1] : "";
}

/** localizeMenuTree answers the sider's tree with its titles in the translator's locale. */
export function localizeMenuTree<N extends { title: string; path?: string; children: N[] }>(nodes: readonly N[], tr: Translate): N[] {
  return nodes.map((n) => ({ ...n, title: tr(menuPlaceOf(n.path), n.title), children: localizeMenuTree(n.children, tr) }));
}

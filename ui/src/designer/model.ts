// The designer's model of a module: the module file's own keys (docs/schema.md), held as plain objects in the
// order the file wrote them, so a module read from YAML and written back keeps its key order. Each field
// carries a designer-only `uid` (stable across renames, for drag and drop and selection) and `auto` (its
// name still follows its label); both are dropped when the model is written as YAML or JSON.

export const FIELD_TYPES = [
  "string",
  "text",
  "richtext",
  "int",
  "decimal",
  "bool",
  "date",
  "datetime",
  "enum",
  "ref",
  "image",
  "images",
  "file",
  "files",
  "video",
  "geoPoint",
  "geoPolygon",
  "idcard",
  "mobile",
  "email",
  "json",
  "children",
] as const;

export type FieldType = (typeof FIELD_TYPES)[number];

export interface OptionDoc {
  value: string | number;
  label: string;
  color?: string;
}

export interface FieldDoc {
  uid: string;
  /** The name still follows the label (a field added in this session whose name nobody typed). */
  auto?: boolean;
  name: string;
  label: string;
  type: FieldType;
  required?: boolean;
  unique?: boolean;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  patternMessage?: string;
  min?: number;
  max?: number;
  precision?: number;
  scale?: number;
  default?: unknown;
  dict?: string;
  options?: OptionDoc[];
  multiple?: boolean;
  ref?: string;
  display?: string;
  accept?: string[];
  maxCount?: number;
  maxSize?: string;
  list?: boolean;
  filter?: "equals" | "in" | "contains" | "range";
  sort?: boolean;
  section?: string;
  placeholder?: string;
  help?: string;
  readOnly?: boolean;
  autoNumber?: string;
  hidden?: boolean;
  mask?: string;
  widget?: string;
  width?: number;
  fields?: FieldDoc[];
}

export interface SectionDoc {
  name: string;
  title: string;
}

export interface ActionDoc {
  name: string;
  label: string;
  from: number[];
  to: number;
  permission?: string;
  comment?: "" | "optional" | "required";
  confirm?: string;
}

export interface StatusDoc {
  field: string;
  label?: string;
  /** [value, label] in the file's order; written as a YAML map with integer keys. */
  values: [number, string][];
  initial: number;
  actions?: ActionDoc[];
}

export interface ApproverDoc {
  role?: string;
  level?: string;
  users?: string[];
  leader?: boolean;
}

export interface BranchDoc {
  name?: string;
  title?: string;
  when?: string;
  steps: StepDoc[];
}

export interface StepDoc {
  name: string;
  title: string;
  when?: string;
  approvers?: ApproverDoc[];
  cc?: ApproverDoc[];
  mode?: string;
  ratio?: number;
  deadline?: string;
  branches?: BranchDoc[];
  parallel?: BranchDoc[];
}

export interface WorkflowDoc {
  status?: string;
  label?: string;
  emptyApprover?: string;
  selfApprove?: string;
  sameApprover?: string;
  steps: StepDoc[];
}

export interface ModuleDoc {
  name: string;
  title: string;
  group?: string;
  icon?: string;
  order?: number;
  description?: string;
  api: string;
  permission: string;
  orgScoped?: boolean;
  shareDown?: boolean;
  table?: string;
  sections?: SectionDoc[];
  fields: FieldDoc[];
  status?: StatusDoc;
  workflow?: WorkflowDoc;
  list?: { sort?: string; pageSize?: number };
  export?: boolean;
  import?: boolean;
  stats?: string[];
  /** The module's own translations: locale → Chinese text → translation (docs/schema.md "Translations"). */
  i18n?: Record<string, Record<string, string>>;
}

/** Canonical key orders: where a key the file did not have yet is inserted. */
export const MODULE_KEYS = [
  "name",
  "title",
  "group",
  "icon",
  "order",
  "description",
  "api",
  "permission",
  "orgScoped",
  "shareDown",
  "table",
  "sections",
  "fields",
  "status",
  "workflow",
  "list",
  "export",
  "import",
  "stats",
  "i18n",
] as const;

export const FIELD_KEYS = [
  "name",
  "label",
  "type",
  "required",
  "unique",
  "maxLength",
  "minLength",
  "pattern",
  "patternMessage",
  "min",
  "max",
  "precision",
  "scale",
  "default",
  "dict",
  "options",
  "multiple",
  "ref",
  "display",
  "accept",
  "maxCount",
  "maxSize",
  "list",
  "filter",
  "sort",
  "section",
  "placeholder",
  "help",
  "readOnly",
  "autoNumber",
  "hidden",
  "mask",
  "widget",
  "width",
  "fields",
] as const;

export type FieldKey = (typeof FIELD_KEYS)[number];

/** Keys every field may carry. */
const COMMON_KEYS: FieldKey[] = ["name", "label", "type", "required", "default", "list", "section", "placeholder", "help", "readOnly", "hidden", "widget", "width", "filter", "sort"];

const typeSet = (...ts: FieldType[]) => new Set<FieldType>(ts);
const STRINGY = typeSet("string", "text", "richtext");
const TEXT_LIKE = typeSet("string", "text", "idcard", "mobile", "email");
const ORDERED = typeSet("int", "decimal", "date", "datetime");
const NO_FILTER = typeSet("children", "json", "richtext", "files", "images", "geoPoint", "geoPolygon");
const NO_SORT = typeSet("children", "json", "richtext", "files", "images", "geoPoint", "geoPolygon", "text", "image", "file", "video");
const UNIQUE = typeSet("string", "int", "decimal", "date", "datetime", "enum", "ref", "idcard", "mobile", "email");
const FILES = typeSet("image", "images", "file", "files", "video");
const MASKED = typeSet("string", "text", "idcard", "mobile", "email");
export const STATS_TYPES = typeSet("enum", "bool", "date", "datetime");

const keyCache = new Map<string, Set<FieldKey>>();

/** applicableKeys lists the keys docs/schema.md allows on a field of this type (do not change the set). */
export function applicableKeys(type: FieldType, child = false): Set<FieldKey> {
  const cacheKey = `${type}/${child}`;
  const hit = keyCache.get(cacheKey);
  if (hit) return hit;
  const keys = new Set<FieldKey>(COMMON_KEYS);
  if (UNIQUE.has(type) && !child) keys.add("unique");
  if (STRINGY.has(type) || type === "email") keys.add("maxLength");
  if (STRINGY.has(type)) keys.add("minLength");
  if (type === "string" || type === "text") keys.add("pattern").add("patternMessage");
  if (type === "int" || type === "decimal") keys.add("min").add("max");
  if (type === "decimal") keys.add("precision").add("scale");
  if (type === "enum") keys.add("dict").add("options").add("multiple");
  if (type === "ref") keys.add("ref").add("display").add("multiple");
  if (FILES.has(type)) keys.add("accept").add("maxSize");
  if (type === "images" || type === "files") keys.add("maxCount");
  if (type === "string" && !child) keys.add("autoNumber");
  if (MASKED.has(type)) keys.add("mask");
  if (type === "children") keys.add("fields");
  if (child || NO_FILTER.has(type)) keys.delete("filter");
  if (child || NO_SORT.has(type)) keys.delete("sort");
  if (child) keys.delete("section");
  keyCache.set(cacheKey, keys);
  return keys;
}

/** filtersFor lists the filter kinds a field of this type may declare (docs/schema.md, Filters and sorting). */
export function filtersFor(f: Pick<FieldDoc, "type" | "multiple">): FieldDoc["filter"][] {
  if (NO_FILTER.has(f.type)) return [];
  if (f.multiple) return ["equals", "in"];
  const out: FieldDoc["filter"][] = ["equals", "in"];
  if (TEXT_LIKE.has(f.type)) out.push("contains");
  if (ORDERED.has(f.type)) out.push("range");
  return out;
}

export const sortable = (f: Pick<FieldDoc, "type" | "multiple">) => !NO_SORT.has(f.type) && !f.multiple;
export const uniqueAllowed = (f: Pick<FieldDoc, "type" | "multiple">) => UNIQUE.has(f.type) && !f.multiple;

/** Names a field may not take: the common columns (and a children row's parentId). */
export const RESERVED_NAMES = ["id", "tenantId", "orgId", "orgPath", "createdBy", "createdAt", "updatedBy", "updatedAt", "deletedAt", "version", "history"];

export const NAME_RE = /^[a-z][A-Za-z0-9]*$/;
export const MAX_NAME = 60;

/** snakeCase is the column a name becomes (engine/schema SnakeCase: userId → user_id, userID → user_id). */
export function snakeCase(name: string): string {
  let out = "";
  for (let i = 0; i < name.length; i++) {
    const c = name[i];
    const upper = c >= "A" && c <= "Z";
    if (upper) {
      const prev = name[i - 1];
      const next = name[i + 1];
      const prevLower = prev !== undefined && ((prev >= "a" && prev <= "z") || (prev >= "0" && prev <= "9"));
      const nextLower = next !== undefined && next >= "a" && next <= "z";
      const prevUpper = prev !== undefined && prev >= "A" && prev <= "Z";
      if (i > 0 && (prevLower || (prevUpper && nextLower))) out += "_";
      out += c.toLowerCase();
    } else out += c;
  }
  return out;
}

/**
 * STEMS name a field whose label has no ASCII word: the designer never guesses pinyin (a guess would be
 * wrong for polyphones and surnames), it takes a word for the type and numbers it (mobile, mobile2 …).
 */
const STEMS: Record<FieldType, string> = {
  string: "text",
  text: "note",
  richtext: "content",
  int: "count",
  decimal: "amount",
  bool: "flag",
  date: "date",
  datetime: "time",
  enum: "choice",
  ref: "link",
  image: "image",
  images: "images",
  file: "file",
  files: "files",
  video: "video",
  geoPoint: "location",
  geoPolygon: "area",
  idcard: "idCard",
  mobile: "mobile",
  email: "email",
  json: "data",
  children: "rows",
};

/**
 * stemOf is the name a label suggests: its ASCII words in lowerCamel (a label "QQ" + Chinese → qq, "Email" +
 * Chinese → email, "GDP" + Chinese + "2024" → gdp2024), else the type's stem. A leading digit is dropped (names start with a letter).
 */
export function stemOf(label: string, type: FieldType): string {
  const words = label.match(/[A-Za-z0-9]+/g) ?? [];
  const camel = words
    .map((w, i) => (i === 0 ? w.toLowerCase() : w[0].toUpperCase() + w.slice(1).toLowerCase()))
    .join("")
    .replace(/^[0-9]+/, "");
  return (camel || STEMS[type]).slice(0, MAX_NAME - 3);
}

/** uniqueName numbers a stem until its name and column are free: stem, stem2, stem3 … */
export function uniqueName(stem: string, taken: Iterable<string>): string {
  const columns = new Set([...taken, ...RESERVED_NAMES].map(snakeCase));
  for (let n = 1; ; n++) {
    const name = n === 1 ? stem : `${stem}${n}`;
    if (!columns.has(snakeCase(name))) return name;
  }
}

let counter = 0;
/** newUid gives a designer-only key for a field, stable across renames. */
export function newUid(): string {
  counter += 1;
  return `f${Date.now().toString(36)}${counter.toString(36)}`;
}

/** takenNames are the names a new field of the module must avoid: its fields and the status field. */
export function takenNames(m: ModuleDoc, fields: FieldDoc[] = m.fields, except?: string): string[] {
  const names = fields.filter((f) => f.uid !== except).map((f) => f.name);
  if (fields === m.fields) {
    if (m.status?.field) names.push(m.status.field);
    if (m.workflow) names.push(m.workflow.status || "approvalStatus");
  }
  return names;
}

/** Placeholders the designer fills a new enum's first option and a new table's first column with. */
export interface NewFieldTexts {
  option: string;
  column: string;
}

const PLAIN: NewFieldTexts = { option: "1", column: "1" };

/** newField is a field of a type as the palette drops it: a label, a derived name, the type's must-haves. */
export function newField(type: FieldType, label: string, taken: Iterable<string>, texts: NewFieldTexts = PLAIN): FieldDoc {
  const f: FieldDoc = { uid: newUid(), auto: true, name: uniqueName(stemOf(label, type), taken), label, type };
  return withNeeds(f, texts);
}

/** withNeeds adds what a type cannot go without: an option, a reference target, a column. */
function withNeeds(f: FieldDoc, texts: NewFieldTexts = PLAIN): FieldDoc {
  if (f.type === "enum" && !f.dict && !f.options) f.options = [{ value: 1, label: texts.option }];
  if (f.type === "ref" && !f.ref) f.ref = "user";
  if (f.type === "children" && !f.fields) f.fields = [{ uid: newUid(), auto: true, name: "text", label: texts.column, type: "string" }];
  return f;
}

/** relabel sets a field's label, and its name too while the name follows the label. */
export function relabel(f: FieldDoc, label: string, taken: Iterable<string>): FieldDoc {
  const next = setKey(f, "label", label);
  if (!f.auto) return next;
  return setKey(next, "name", uniqueName(stemOf(label, f.type), taken));
}

/** rename sets a name by hand: it no longer follows the label. */
export function rename(f: FieldDoc, name: string): FieldDoc {
  return { ...setKey(f, "name", name), auto: false };
}

/**
 * retype changes a field's type and drops the keys the new type may not carry (and a filter or default the
 * new type cannot hold), adding what it needs (options, a ref target, sub-fields).
 */
export function retype(f: FieldDoc, type: FieldType, child = false, texts: NewFieldTexts = PLAIN): FieldDoc {
  const keys = applicableKeys(type, child);
  const out = { uid: f.uid, auto: f.auto } as FieldDoc;
  for (const [k, v] of Object.entries(f)) {
    if (k === "uid" || k === "auto") continue;
    if (k === "type") (out as unknown as Record<string, unknown>)[k] = type;
    else if (k === "default" && type !== f.type) continue;
    else if (keys.has(k as FieldKey)) (out as unknown as Record<string, unknown>)[k] = v;
  }
  if (out.filter && !filtersFor(out).includes(out.filter)) delete out.filter;
  if (out.sort && !sortable(out)) delete out.sort;
  return withNeeds(out, texts);
}

/** KEPT_BLANK are the required keys: an emptied one stays (and the checks say it is missing). */
const KEPT_BLANK = new Set(["name", "label", "type", "title", "api", "permission", "field"]);

/**
 * setKey sets (or, with undefined, removes) one key, keeping the key's place if it had one and otherwise
 * inserting it where the canonical order puts it among the keys present, so a diff shows one line.
 */
export function setKey<T extends object>(obj: T, key: string, value: unknown, order: readonly string[] = FIELD_KEYS): T {
  const entries = Object.entries(obj);
  const at = entries.findIndex(([k]) => k === key);
  const kept = KEPT_BLANK.has(key);
  const blank = value === undefined || (value === "" && !kept) || (Array.isArray(value) && value.length === 0 && key !== "fields");
  // A false flag is the default: a file that wrote it keeps it, otherwise it is left out.
  if (blank || (value === false && (obj as Record<string, unknown>)[key] !== false)) {
    return (at < 0 ? obj : Object.fromEntries(entries.filter(([k]) => k !== key))) as T;
  }
  if (at >= 0) {
    entries[at] = [key, value];
    return Object.fromEntries(entries) as T;
  }
  const rank = order.indexOf(key);
  const before = rank < 0 ? -1 : entries.findIndex(([k]) => order.indexOf(k) > rank);
  if (before < 0) entries.push([key, value]);
  else entries.splice(before, 0, [key, value]);
  return Object.fromEntries(entries) as T;
}

/** setModuleKey is setKey with the module's key order. */
export function setModuleKey(m: ModuleDoc, key: string, value: unknown): ModuleDoc {
  return setKey(m, key, value, MODULE_KEYS);
}

/** emptyModule is what "new module" opens with. */
export function emptyModule(name = "newModule", title = ""): ModuleDoc {
  return { name, title, api: `/designer/${name}s`, permission: `designer.${name}`, orgScoped: true, fields: [] };
}

/** sectionOrder lists the groups the canvas shows: fields without a section (""), then each section. */
export function sectionOrder(m: ModuleDoc): string[] {
  return ["", ...(m.sections ?? []).map((s) => s.name)];
}

/** groupFields is the canvas: each group's fields, in declaration order; a field naming no known section goes to "". */
export function groupFields(m: ModuleDoc): Map<string, FieldDoc[]> {
  const groups = new Map<string, FieldDoc[]>(sectionOrder(m).map((s) => [s, []]));
  for (const f of m.fields) (groups.get(f.section ?? "") ?? groups.get(""))?.push(f);
  return groups;
}

/**
 * moveField puts a field at position index of a section's group (the section set on it). The declaration
 * order changes only as much as needed: the field goes right after the field before it in the group, or
 * right before the field after it, so fields of other groups keep their order.
 */
export function moveField(m: ModuleDoc, uid: string, section: string, index: number): ModuleDoc {
  const moving = m.fields.find((f) => f.uid === uid);
  if (!moving) return m;
  const rest = m.fields.filter((f) => f.uid !== uid);
  const placed = setKey(moving, "section", section || undefined);
  const groups = groupFields({ ...m, fields: rest });
  const group = groups.get(section) ?? [];
  const i = Math.max(0, Math.min(index, group.length));
  let at: number;
  if (i > 0) at = rest.indexOf(group[i - 1]) + 1;
  else if (group.length) at = rest.indexOf(group[0]);
  else {
    // An empty group: after the last field of the groups before it, else first.
    const order = sectionOrder(m);
    const earlier = order.slice(0, order.indexOf(section)).flatMap((s) => groups.get(s) ?? []);
    at = earlier.length ? Math.max(...earlier.map((f) => rest.indexOf(f))) + 1 : 0;
  }
  return { ...m, fields: [...rest.slice(0, at), placed, ...rest.slice(at)] };
}

/** insertField adds a new field at a position of a section's group. */
export function insertField(m: ModuleDoc, f: FieldDoc, section: string, index: number): ModuleDoc {
  return moveField({ ...m, fields: [...m.fields, f] }, f.uid, section, index);
}

/** stepField moves a field one place up (-1) or down (+1) in its group, across into the next group at the ends. */
export function stepField(m: ModuleDoc, uid: string, delta: -1 | 1): ModuleDoc {
  const groups = groupFields(m);
  const order = sectionOrder(m);
  for (const [si, section] of order.entries()) {
    const group = groups.get(section) ?? [];
    const i = group.findIndex((f) => f.uid === uid);
    if (i < 0) continue;
    const j = i + delta;
    if (j >= 0 && j < group.length) {
      // moveField takes the index among the group without the moving field.
      return moveField(m, uid, section, j);
    }
    const next = order[si + delta];
    if (next === undefined) return m;
    return moveField(m, uid, next, delta > 0 ? 0 : (groups.get(next) ?? []).length);
  }
  return m;
}

/** updateField replaces one field (found by uid, also among children sub-fields). */
export function updateField(m: ModuleDoc, uid: string, fn: (f: FieldDoc) => FieldDoc): ModuleDoc {
  const walk = (fields: FieldDoc[]): FieldDoc[] =>
    fields.map((f) => (f.uid === uid ? fn(f) : f.fields ? { ...f, fields: walk(f.fields) } : f));
  return { ...m, fields: walk(m.fields) };
}

/** removeField drops a field (also a sub-field), and its name from stats and list.sort. */
export function removeField(m: ModuleDoc, uid: string): ModuleDoc {
  const gone = findField(m, uid);
  const walk = (fields: FieldDoc[]): FieldDoc[] =>
    fields.filter((f) => f.uid !== uid).map((f) => (f.fields ? { ...f, fields: walk(f.fields) } : f));
  let out: ModuleDoc = { ...m, fields: walk(m.fields) };
  if (gone && m.fields.includes(gone)) {
    if (out.stats?.includes(gone.name)) out = setModuleKey(out, "stats", out.stats.filter((s) => s !== gone.name));
    if (out.list?.sort?.split(",")[0] === gone.name) out = setModuleKey(out, "list", setKey(out.list, "sort", undefined, ["sort", "pageSize"]));
    if (out.list && Object.keys(out.list).length === 0) out = setModuleKey(out, "list", undefined);
  }
  return out;
}

/** findField finds a field or sub-field by uid. */
export function findField(m: ModuleDoc, uid: string | undefined): FieldDoc | undefined {
  if (!uid) return undefined;
  for (const f of m.fields) {
    if (f.uid === uid) return f;
    const sub = f.fields?.find((s) => s.uid === uid);
    if (sub) return sub;
  }
  return undefined;
}

/** parentOf answers the children field holding a sub-field, if any. */
export function parentOf(m: ModuleDoc, uid: string): FieldDoc | undefined {
  return m.fields.find((f) => f.fields?.some((s) => s.uid === uid));
}

/** keepUids gives the fields of a model read from text the uids of the fields of the same name before. */
export function keepUids(prev: ModuleDoc, next: ModuleDoc): ModuleDoc {
  const match = (before: FieldDoc[], after: FieldDoc[]): FieldDoc[] => {
    const byName = new Map(before.map((f) => [f.name, f]));
    return after.map((f, i) => {
      const old = byName.get(f.name) ?? (before.length === after.length && !after.some((x) => x.name === before[i]?.name) ? before[i] : undefined);
      const out: FieldDoc = old ? { ...f, uid: old.uid, auto: false } : f;
      return f.fields ? { ...out, fields: match(old?.fields ?? [], f.fields) } : out;
    });
  };
  return { ...next, fields: match(prev.fields, next.fields) };
}

/** origins maps each field's uid to its name as published (through the draft's recorded renames). */
export function originsOf(m: ModuleDoc, renames: Record<string, string>): Map<string, string> {
  const back = new Map(Object.entries(renames).map(([from, to]) => [to, from]));
  const out = new Map<string, string>();
  for (const f of m.fields) {
    out.set(f.uid, back.get(f.name) ?? f.name);
    for (const s of f.fields ?? []) out.set(s.uid, back.get(`${f.name}.${s.name}`) ?? `${f.name}.${s.name}`);
  }
  return out;
}

/** renamesOf lists the fields whose name differs from the one published: old → new (children as parent.child). */
export function renamesOf(m: ModuleDoc, origins: Map<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of m.fields) {
    const was = origins.get(f.uid);
    if (was && was !== f.name) out[was] = f.name;
    for (const s of f.fields ?? []) {
      const sub = origins.get(s.uid);
      const now = `${f.name}.${s.name}`;
      if (sub && sub !== now) out[sub] = now;
    }
  }
  return out;
}

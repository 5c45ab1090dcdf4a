// The property rules the designer checks as you type, before the server's loader sees the module: the
// rules of docs/schema.md a single module can judge (names, lengths and bounds, type-specific keys, filters,
// status and list settings). Dictionaries, menu groups, reference targets and collisions with other modules
// are the server's check (POST …/check), whose messages the YAML tab shows at their lines too.

import { text } from "./texts";
import {
  applicableKeys,
  filtersFor,
  MAX_NAME,
  NAME_RE,
  RESERVED_NAMES,
  snakeCase,
  sortable,
  STATS_TYPES,
  uniqueAllowed,
  type FieldDoc,
  type FieldKey,
  type ModuleDoc,
  type StepDoc,
} from "./model";
import { fromYaml, lineOf, type Problem } from "./yamlio";

const API_RE = /^(\/[A-Za-z0-9_-]+)+$/;
const PERMISSION_RE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)*$/;
const SIZE_RE = /^\d+(\.\d+)?\s*(B|KB|MB|GB)$/i;
const AUTO_NUMBER_RE = /^[A-Z]{1,8}$/;
const STANDARD_ACTIONS = ["list", "view", "add", "edit", "del", "export", "import"];

const RESERVED_COLUMNS = new Set(RESERVED_NAMES.map(snakeCase));

/**
 * checkName judges a field name among the names already taken (same column counts as taken). taken may be
 * a count of the columns of all the siblings (the name's own included), which a whole module's check
 * builds once instead of once per field.
 */
export function checkName(name: string, taken: readonly string[] | Map<string, number>, child = false): string | undefined {
  if (!name) return text("designer.check.nameRequired");
  if (!NAME_RE.test(name)) return text("designer.check.nameFormat");
  if (name.length > MAX_NAME) return text("designer.check.nameTooLong", { max: MAX_NAME });
  const column = snakeCase(name);
  if (RESERVED_COLUMNS.has(column) || (child && column === "parent_id")) return text("designer.check.nameReserved", { name });
  const clash = Array.isArray(taken) ? taken.some((t) => snakeCase(t) === column) : ((taken as Map<string, number>).get(column) ?? 0) > 1;
  if (clash) return text("designer.check.nameTaken", { name });
  return undefined;
}

/** columnCounts counts the fields of each column. */
function columnCounts(fields: readonly FieldDoc[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of fields) {
    const c = snakeCase(f.name);
    out.set(c, (out.get(c) ?? 0) + 1);
  }
  return out;
}

const validRegExp = (p: string) => {
  try {
    new RegExp(p);
    return true;
  } catch {
    return false;
  }
};

/** checkField lists what is wrong with one field; path is its loader path (fields.<name>). */
export function checkField(
  f: FieldDoc,
  siblings: readonly FieldDoc[],
  path: string,
  child = false,
  sections: readonly string[] = [],
  columns: Map<string, number> = columnCounts(siblings.some((s) => s.uid === f.uid) ? siblings : [...siblings, f]),
): Problem[] {
  const out: Problem[] = [];
  const add = (key: string, message: string) => out.push({ path: `${path}.${key}`, message, uid: f.uid });
  const nameProblem = checkName(f.name, columns, child);
  if (nameProblem) add("name", nameProblem);
  if (!f.label?.trim()) add("label", text("designer.check.labelRequired"));
  const keys = applicableKeys(f.type, child);
  for (const k of Object.keys(f)) {
    if (k === "uid" || k === "auto") continue;
    if (!keys.has(k as FieldKey)) add(k, text("designer.check.keyNotForType", { type: f.type, key: k }));
  }
  if (f.minLength !== undefined && f.maxLength !== undefined && f.minLength > f.maxLength) add("minLength", text("designer.check.minOverMax"));
  if (f.maxLength !== undefined && f.maxLength < 1) add("maxLength", text("designer.check.positive"));
  if (f.min !== undefined && f.max !== undefined && f.min > f.max) add("min", text("designer.check.minOverMax"));
  if (f.precision !== undefined && (f.precision < 1 || f.precision > 30)) add("precision", text("designer.check.precision"));
  if (f.scale !== undefined && f.scale > (f.precision ?? 18)) add("scale", text("designer.check.scale"));
  if (f.pattern && !validRegExp(f.pattern)) add("pattern", text("designer.check.pattern"));
  if (f.maxCount !== undefined && (f.maxCount < 1 || f.maxCount > 100)) add("maxCount", text("designer.check.maxCount"));
  if (f.maxSize && !SIZE_RE.test(f.maxSize)) add("maxSize", text("designer.check.maxSize"));
  if (f.width !== undefined && (f.width < 40 || f.width > 1000)) add("width", text("designer.check.width"));
  if (f.autoNumber !== undefined && !AUTO_NUMBER_RE.test(f.autoNumber)) add("autoNumber", text("designer.check.autoNumber"));
  if (f.readOnly && f.required) add("required", text("designer.check.readOnlyRequired"));
  if (f.unique && !uniqueAllowed(f)) add("unique", text("designer.check.notUnique"));
  if (f.filter && !filtersFor(f).includes(f.filter)) add("filter", text("designer.check.filter", { filter: f.filter }));
  if (f.sort && !sortable(f)) add("sort", text("designer.check.notSortable"));
  if (f.section && !sections.includes(f.section)) add("section", text("designer.check.section", { section: f.section }));
  if (f.type === "enum") {
    if (!!f.dict?.trim() === !!f.options?.length) add("dict", text("designer.check.dictOrOptions"));
    const values = (f.options ?? []).map((o) => String(o.value));
    if (new Set(values).size !== values.length) add("options", text("designer.check.optionsUnique"));
    if ((f.options ?? []).some((o) => o.value === "" || !o.label)) add("options", text("designer.check.optionBlank"));
  }
  if (f.type === "ref" && !f.ref) add("ref", text("designer.check.refRequired"));
  if (f.type === "children") {
    if (!f.fields?.length) add("fields", text("designer.check.childrenEmpty"));
    const subColumns = columnCounts(f.fields ?? []);
    for (const sub of f.fields ?? []) {
      if (sub.type === "children") out.push({ path: `${path}.fields.${sub.name}.type`, message: text("designer.check.nestedChildren"), uid: sub.uid });
      else out.push(...checkField(sub, f.fields ?? [], `${path}.fields.${sub.name || "?"}`, true, [], subColumns));
    }
  }
  return out;
}

/** checkModule lists what is wrong with the module, fields first in their order, then the settings. */
export function checkModule(m: ModuleDoc): Problem[] {
  const out: Problem[] = [];
  const add = (path: string, message: string) => out.push({ path, message });
  if (!NAME_RE.test(m.name ?? "") || m.name.length > MAX_NAME) add("name", text("designer.check.nameFormat"));
  else if (m.name === "user" || m.name === "org") add("name", text("designer.check.nameReserved", { name: m.name }));
  if (!m.title?.trim()) add("title", text("designer.check.titleRequired"));
  else if ([...m.title].length > 50) add("title", text("designer.check.tooLong", { max: 50 }));
  if (!API_RE.test(m.api ?? "")) add("api", text("designer.check.api"));
  if (!PERMISSION_RE.test(m.permission ?? "") || m.permission.length > 50) add("permission", text("designer.check.permission"));
  if (!m.fields.length) add("fields", text("designer.check.noFields"));
  const sections = (m.sections ?? []).map((s) => s.name);
  const columns = columnCounts(m.fields);
  m.fields.forEach((f, i) => out.push(...checkField(f, m.fields, `fields.${f.name || `[${i}]`}`, false, sections, columns)));
  if (new Set(sections).size !== sections.length) add("sections", text("designer.check.sectionsUnique"));
  (m.sections ?? []).forEach((s) => {
    if (!NAME_RE.test(s.name)) add(`sections.${s.name}.name`, text("designer.check.nameFormat"));
    if (!s.title?.trim()) add(`sections.${s.name}.title`, text("designer.check.titleRequired"));
  });
  const names = new Set(m.fields.map((f) => f.name));
  if (m.status && m.workflow) add("status", text("designer.check.statusAndWorkflow"));
  if (m.status) {
    const st = m.status;
    if (!NAME_RE.test(st.field ?? "")) add("status.field", text("designer.check.nameFormat"));
    else if (names.has(st.field) || [...names].some((n) => snakeCase(n) === snakeCase(st.field))) add("status.field", text("designer.check.nameTaken", { name: st.field }));
    else if (RESERVED_NAMES.includes(st.field)) add("status.field", text("designer.check.nameReserved", { name: st.field }));
    const keys = new Set(st.values.map(([v]) => v));
    if (!st.values.length) add("status.values", text("designer.check.valuesEmpty"));
    if (keys.size !== st.values.length) add("status.values", text("designer.check.optionsUnique"));
    if (st.values.some(([v, l]) => !Number.isInteger(v) || !l)) add("status.values", text("designer.check.optionBlank"));
    if (!keys.has(st.initial)) add("status.initial", text("designer.check.notAValue", { value: st.initial }));
    const actionNames = new Set<string>();
    (st.actions ?? []).forEach((a, i) => {
      const p = `status.actions.${a.name || `[${i}]`}`;
      if (!NAME_RE.test(a.name ?? "")) add(`${p}.name`, text("designer.check.nameFormat"));
      else if (STANDARD_ACTIONS.includes(a.name)) add(`${p}.name`, text("designer.check.nameReserved", { name: a.name }));
      else if (actionNames.has(a.name)) add(`${p}.name`, text("designer.check.nameTaken", { name: a.name }));
      actionNames.add(a.name);
      if (!a.label?.trim()) add(`${p}.label`, text("designer.check.labelRequired"));
      if (!a.from?.length) add(`${p}.from`, text("designer.check.fromEmpty"));
      for (const v of a.from ?? []) if (!keys.has(v)) add(`${p}.from`, text("designer.check.notAValue", { value: v }));
      if (!keys.has(a.to)) add(`${p}.to`, text("designer.check.notAValue", { value: a.to }));
    });
  }
  if (m.workflow) {
    const seen = new Set<string>();
    const walk = (steps: StepDoc[], prefix: string) => {
      for (const s of steps) {
        const p = `${prefix}.${s.name || "?"}`;
        if (!NAME_RE.test(s.name ?? "")) add(`${p}.name`, text("designer.check.nameFormat"));
        else if (seen.has(s.name)) add(`${p}.name`, text("designer.check.nameTaken", { name: s.name }));
        seen.add(s.name);
        if (!s.title?.trim()) add(`${p}.title`, text("designer.check.titleRequired"));
        const kinds = [s.approvers?.length, s.cc?.length, s.branches?.length, s.parallel?.length].filter(Boolean).length;
        if (kinds !== 1) add(p, text("designer.check.stepKind"));
        for (const r of [...(s.approvers ?? []), ...(s.cc ?? [])]) {
          if ([r.role, r.users?.length, r.leader].filter(Boolean).length !== 1) add(p, text("designer.check.approverRule"));
        }
        if (s.ratio !== undefined && (s.mode !== "ratio" || s.ratio <= 0 || s.ratio > 1)) add(`${p}.ratio`, text("designer.check.ratio"));
        for (const b of [...(s.branches ?? []), ...(s.parallel ?? [])]) walk(b.steps ?? [], `${p}.branches`);
      }
    };
    if (!m.workflow.steps?.length) add("workflow.steps", text("designer.check.stepsEmpty"));
    walk(m.workflow.steps ?? [], "workflow.steps");
  }
  if (m.list?.pageSize !== undefined && (m.list.pageSize < 1 || m.list.pageSize > 1000)) add("list.pageSize", text("designer.check.pageSize"));
  if (m.list?.sort) {
    const [field, dir] = m.list.sort.split(",");
    const statusField = m.status?.field ?? (m.workflow ? m.workflow.status || "approvalStatus" : undefined);
    const ok = ["id", "createdAt", "updatedAt", statusField].includes(field) || m.fields.some((f) => f.name === field && f.sort);
    if (!ok || (dir !== "asc" && dir !== "desc")) add("list.sort", text("designer.check.listSort"));
  }
  (m.stats ?? []).forEach((s, i) => {
    const f = m.fields.find((x) => x.name === s);
    const statusField = m.status?.field ?? (m.workflow ? m.workflow.status || "approvalStatus" : undefined);
    if (s !== statusField && (!f || !STATS_TYPES.has(f.type) || f.multiple)) add(`stats[${i}]`, text("designer.check.stats", { name: s }));
  });
  return out;
}

/** problemsOf lists a text's problems with their lines: syntax first, then the property rules. */
export function problemsOf(source: string): { model?: ModuleDoc; problems: Problem[] } {
  const parsed = fromYaml(source);
  if (!parsed.model) return { problems: parsed.problems };
  const problems = checkModule(parsed.model).map((p) => ({ ...p, line: p.path ? lineOf(source, p.path) : undefined }));
  return { model: parsed.model, problems };
}

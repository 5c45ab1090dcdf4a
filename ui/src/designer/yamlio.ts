// The designer model and the module file, both ways. The YAML is written the way the shipped files are
// (docs/schema.md): top-level keys as a block; each field, section, option and action as a one-line flow
// map; a children field as a block whose sub-fields are flow maps; status values as {1: label}. Keys keep the
// order the model holds them in (the order the file wrote them), so read → write gives the same text for a
// file written in this style.

import { Document, visit, isMap, isSeq, LineCounter, parseDocument, type Node, type ParsedNode, YAMLMap, YAMLSeq } from "yaml";
import type { FieldDoc, ModuleDoc, StatusDoc } from "./model";
import { newUid } from "./model";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Problem is one thing wrong with a module text or model, at a line of the YAML when known. */
export interface Problem {
  line?: number;
  /** Dotted path of the key (fields.name.maxLength), as the loader words it. */
  path?: string;
  message: string;
  /** The field the problem is about (its designer uid), for the canvas. */
  uid?: string;
}

/** plainField is a field without the designer's own keys. */
function plainField(f: FieldDoc): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(f)) {
    if (k === "uid" || k === "auto" || v === undefined) continue;
    out[k] = k === "fields" && Array.isArray(v) ? (v as FieldDoc[]).map(plainField) : v;
  }
  return out;
}

/** toPlain is the module as the server's JSON form takes it (status values keyed by their number as text). */
export function toPlain(m: ModuleDoc): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(m)) {
    if (v === undefined) continue;
    if (k === "fields") out[k] = (v as FieldDoc[]).map(plainField);
    else if (k === "status") {
      const st = v as StatusDoc;
      const s: Obj = {};
      for (const [sk, sv] of Object.entries(st)) {
        if (sv === undefined) continue;
        s[sk] = sk === "values" ? Object.fromEntries((sv as [number, string][]).map(([n, l]) => [String(n), l])) : sv;
      }
      out[k] = s;
    } else out[k] = v;
  }
  return out;
}

const DATE_LIKE = /^\d{4}-\d{1,2}-\d{1,2}([Tt ]|$)/;

/** toYaml writes the model as its module file. */
export function toYaml(m: ModuleDoc): string {
  const plain = toPlain(m);
  if (isObj(plain.status) && isObj(plain.status.values)) {
    // Integer keys, as the file writes them: a Map keeps them numbers.
    plain.status = { ...plain.status, values: new Map(Object.entries(plain.status.values).map(([k, v]) => [Number(k), v])) };
  }
  const doc = new Document(plain);
  const flow = (node: unknown) => {
    if (isMap(node) || isSeq(node)) (node as YAMLMap | YAMLSeq).flow = true;
  };
  const root = doc.contents as YAMLMap;
  const fields = root.get("fields", true);
  if (isSeq(fields)) {
    for (const item of fields.items) {
      if (!isMap(item)) continue;
      const subs = item.get("fields", true);
      if (isSeq(subs)) subs.items.forEach(flow);
      else flow(item);
    }
  }
  const sections = root.get("sections", true);
  if (isSeq(sections)) sections.items.forEach(flow);
  const status = root.get("status", true);
  if (isMap(status)) {
    flow(status.get("values", true));
    const actions = status.get("actions", true);
    if (isSeq(actions)) actions.items.forEach(flow);
  }
  // A date or time written plain would read as a timestamp in some YAML readers: quote it.
  visit(doc, {
    Scalar(_, node) {
      if (typeof node.value === "string" && DATE_LIKE.test(node.value)) node.type = "QUOTE_DOUBLE";
    },
  });
  flow(root.get("list", true));
  flow(root.get("stats", true));
  const workflow = root.get("workflow", true);
  if (isMap(workflow)) {
    const steps = workflow.get("steps", true);
    if (isSeq(steps)) flowSteps(steps);
  }
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false, indentSeq: true });
}

/** flowSteps writes approver rules and field lists (hidden, editable) in flow style; a step with branches stays a block. */
function flowSteps(steps: YAMLSeq) {
  for (const step of steps.items) {
    if (!isMap(step)) continue;
    for (const key of ["approvers", "cc"]) {
      const rules = step.get(key, true);
      if (isSeq(rules)) rules.items.forEach((r) => isMap(r) && (r.flow = true));
    }
    for (const key of ["hidden", "editable"]) {
      const names = step.get(key, true);
      if (isSeq(names)) names.flow = true;
    }
    for (const key of ["branches", "parallel"]) {
      const branches = step.get(key, true);
      if (!isSeq(branches)) continue;
      for (const b of branches.items) {
        if (!isMap(b)) continue;
        const inner = b.get("steps", true);
        if (isSeq(inner)) flowSteps(inner);
      }
    }
  }
}

/** withUids gives every field (and sub-field) a designer uid; names read from a file are fixed. */
function withUids(raw: unknown): FieldDoc[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((f) => {
    const o: Obj = isObj(f) ? f : {};
    const out: Obj = { uid: newUid(), auto: false };
    for (const [k, v] of Object.entries(o)) out[k] = k === "fields" ? withUids(v) : v;
    return out as unknown as FieldDoc;
  });
}

/** fromPlain reads a module object (parsed YAML, or the server's JSON form) into the model. */
export function fromPlain(raw: unknown): ModuleDoc {
  const o: Obj = isObj(raw) ? raw : {};
  const out: Obj = {};
  for (const [k, v] of Object.entries(o)) {
    if (k === "fields") out[k] = withUids(v);
    else if (k === "status" && isObj(v)) {
      const s: Obj = {};
      for (const [sk, sv] of Object.entries(v)) {
        if (sk === "values") {
          const entries: [unknown, unknown][] = sv instanceof Map ? [...sv.entries()] : isObj(sv) ? Object.entries(sv) : [];
          s[sk] = entries.map(([n, l]) => [Number(n), String(l ?? "")]);
        } else s[sk] = sv;
      }
      if (!("values" in s)) s.values = [];
      out[k] = s;
    } else out[k] = v;
  }
  if (!("fields" in out)) out.fields = [];
  return out as unknown as ModuleDoc;
}

/** ParseResult is a module text read into the model, or why it could not be. */
export type ParseResult = { model: ModuleDoc; problems: Problem[] } | { model?: undefined; problems: Problem[] };

/** fromYaml reads a module file. Syntax errors come back with their (1-based) lines, and no model. */
export function fromYaml(text: string): ParseResult {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: true });
  const problems: Problem[] = doc.errors.map((e) => ({
    line: e.linePos?.[0].line,
    message: e.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, ""),
  }));
  if (problems.length) return { problems };
  const js: unknown = doc.toJS({ mapAsMap: false });
  if (!isObj(js)) return { problems: [{ line: 1, message: "" }] };
  return { model: fromPlain(js), problems: [] };
}

/**
 * lineOf answers the line of a key in a module text, from a loader-style path: keys joined with dots, a
 * list item by its name (fields.idCard.maxLength) or by its index (fields[2].name). Missing keys answer the
 * line of the mapping that lacks them; an unreadable text answers undefined.
 */
export function lineOf(text: string, path: string): number | undefined {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  if (doc.errors.length) return undefined;
  let node: unknown = doc.contents;
  let last: unknown = node;
  for (const part of splitPath(path)) {
    if (isMap(node)) {
      const pair = node.items.find((p) => String((p.key as { value?: unknown })?.value) === part);
      if (!pair) break;
      // A key's own line is where it is written.
      last = pair.key ?? pair.value;
      node = pair.value;
    } else if (isSeq(node)) {
      const idx = /^\d+$/.test(part) ? Number(part) : node.items.findIndex((it) => isMap(it) && (String(it.get("name")) === part || String(it.get("type")) === part));
      const item = node.items[idx];
      if (!item) break;
      node = item;
      last = item;
    } else break;
  }
  const range = (last as Node | undefined)?.range ?? (doc.contents as ParsedNode | null)?.range;
  return range ? lines.linePos(range[0]).line : undefined;
}

/** splitPath turns fields.idCard.maxLength or fields[2].name into its parts. */
export function splitPath(path: string): string[] {
  return path
    .replace(/\[(\d+)\]/g, ".$1")
    .split(".")
    .filter((p) => p !== "");
}

import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { checkField, checkModule, checkName } from "./checks";
import { describe as describeModule } from "./describe";
import {
  FIELD_TYPES,
  applicableKeys,
  emptyModule,
  groupFields,
  insertField,
  moveField,
  newField,
  relabel,
  removeField,
  rename,
  retype,
  setKey,
  snakeCase,
  stemOf,
  stepField,
  uniqueName,
  type FieldDoc,
  type FieldType,
  type ModuleDoc,
} from "./model";
import { fromPlain, fromYaml, lineOf, toPlain, toYaml } from "./yamlio";
import { EVERY_TYPE, ZH } from "./model.fixtures";

function parsed(text: string): ModuleDoc {
  const r = fromYaml(text);
  expect(r.problems).toEqual([]);
  if (!r.model) throw new Error("no model");
  return r.model;
}

describe("model ↔ YAML", () => {
  it("covers every field type of docs/schema.md", () => {
    const m = parsed(EVERY_TYPE);
    expect(new Set(m.fields.map((f) => f.type))).toEqual(new Set(FIELD_TYPES));
  });

  it("reads a file and writes it back to the same text", () => {
    const m = parsed(EVERY_TYPE);
    expect(toYaml(m)).toBe(EVERY_TYPE);
  });

  it("keeps every key's value, type and order through YAML → model → YAML → model", () => {
    const m = parsed(EVERY_TYPE);
    const again = parsed(toYaml(m));
    expect(toPlain(again)).toEqual(toPlain(m));
    const kind = m.fields.find((f) => f.name === "kind");
    expect(kind?.options?.[0]).toEqual({ value: 1, label: ZH.jia, color: "red" });
    expect(m.fields.find((f) => f.name === "tags")?.options?.[1].value).toBe("01");
    expect(m.fields.find((f) => f.name === "amount")?.scale).toBe(0);
    expect(m.fields.find((f) => f.name === "day")?.default).toBe("2024-01-31");
    expect(m.fields.find((f) => f.name === "remark")?.pattern).toBe("\\d");
    expect(m.fields.find((f) => f.name === "done")?.default).toBe(false);
    expect(m.status?.values).toEqual([
      [1, ZH.pending],
      [2, ZH.passed],
      [3, ZH.failed],
    ]);
    expect(Object.keys(toPlain(m))).toEqual(["name", "title", "group", "icon", "order", "description", "api", "permission", "orgScoped", "sections", "fields", "status", "list", "export", "import", "stats"]);
  });

  it("writes a designer-made module for each type and reads it back as the same model", () => {
    let m: ModuleDoc = { ...emptyModule("built", ZH.built), fields: [] };
    for (const type of FIELD_TYPES) {
      m = insertField(m, newField(type, type, m.fields.map((f) => f.name)), "", m.fields.length);
    }
    const text = toYaml(m);
    const back = parsed(text);
    expect(toPlain(back)).toEqual(toPlain(m));
    expect(back.fields.map((f) => f.type)).toEqual([...FIELD_TYPES]);
    // One line per field, as the shipped files write them (the children field is a block).
    expect(text).toContain("  - {name: mobile, label: mobile, type: mobile}\n");
    expect(text).toContain("  - name: children\n    label: children\n    type: children\n    fields:\n      - {name: text, label: \"1\", type: string}\n");
  });

  it("takes the server's JSON form (status values keyed by text) and gives it back", () => {
    const json = JSON.parse(JSON.stringify(toPlain(parsed(EVERY_TYPE)))) as Record<string, unknown>;
    expect((json.status as { values: unknown }).values).toEqual({ "1": ZH.pending, "2": ZH.passed, "3": ZH.failed });
    const m = fromPlain(json);
    expect(toYaml(m)).toBe(EVERY_TYPE);
  });

  it("reports YAML syntax errors at their own line", () => {
    const r = fromYaml("name: a\ntitle: b\nfields: [1, 2\napi: /x\n");
    expect(r.model).toBeUndefined();
    expect(r.problems[0].line).toBe(4);
    const dup = fromYaml("name: a\nname: b\n");
    expect(dup.problems[0].line).toBe(2);
  });

  it("finds the line of a loader path", () => {
    expect(lineOf(EVERY_TYPE, "fields.count.max")).toBe(18);
    expect(lineOf(EVERY_TYPE, "fields[4].name")).toBe(18);
    expect(lineOf(EVERY_TYPE, "fields.members.fields.relation.dict")).toBe(47);
    expect(lineOf(EVERY_TYPE, "status.actions.reject.to")).toBe(56);
    expect(lineOf(EVERY_TYPE, "api")).toBe(7);
    expect(lineOf(EVERY_TYPE, "stats[1]")).toBe(60);
    // A key that is missing: the line of the mapping that lacks it.
    expect(lineOf(EVERY_TYPE, "fields.spot.ref")).toBe(33);
  });

  it("keeps an edited key in its place and puts a new key where the reference order has it", () => {
    const m = parsed(EVERY_TYPE);
    const photo = m.fields.find((f) => f.name === "photo") as FieldDoc;
    const edited = setKey(setKey(photo, "maxSize", "3MB"), "list", true);
    expect(Object.keys(edited)).toEqual(["uid", "auto", "name", "label", "type", "accept", "maxSize", "required", "list", "section"]);
    const next = { ...m, fields: m.fields.map((f) => (f === photo ? edited : f)) };
    const lines = toYaml(next).split("\n");
    const before = EVERY_TYPE.split("\n");
    expect(lines.filter((l, i) => l !== before[i])).toEqual([`  - {name: photo, label: ${ZH.photo}, type: image, accept: [png, jpg], maxSize: 3MB, required: true, list: true, section: more}`]);
  });

  it("derives the form, list and detail schema the generic screens read", () => {
    const s = describeModule(parsed(EVERY_TYPE), { disability_grade: [{ value: "1", label: ZH.grade1 }] });
    expect(s.jsonSchema.required).toEqual(["title", "photo"]);
    expect(s.jsonSchema.properties?.grade).toMatchObject({ type: "string", oneOf: [{ const: "1", title: ZH.grade1 }] });
    expect(s.jsonSchema.properties?.kind).toMatchObject({ type: "integer", default: 1 });
    expect(s.jsonSchema.properties?.tags).toMatchObject({ type: "array", uniqueItems: true });
    expect(s.jsonSchema.properties?.photos).toMatchObject({ type: "array", maxItems: 5 });
    expect(s.uiSchema.zone).toMatchObject({ "ui:widget": "mapCircle" });
    expect(s.uiSchema.land).toMatchObject({ "ui:widget": "hidden" });
    expect(s.uiSchema.amount).toMatchObject({ "ui:options": { precision: 10, scale: 0 } });
    expect((s.uiSchema["ui:order"] as string[]).slice(0, 2)).toEqual(["code", "body"]);
    expect(s.list.columns.map((c) => c.name)).toEqual(["title", "count", "done", "grade", "auditStatus"]);
    expect(s.list.filters.find((f) => f.name === "title")?.operators).toContain("contains");
    expect(s.list.sort).toEqual([{ field: "count", order: "desc" }]);
    expect(s.list.pageSize).toBe(20);
    expect(s.module.status?.actions.map((a) => a.name)).toEqual(["approve", "reject"]);
  });
});

describe("property rules", () => {
  it("derives a lowerCamel ASCII name from the label, or numbers the type's word when it has none", () => {
    expect(stemOf(ZH.qq, "string")).toBe("qq");
    expect(stemOf(ZH.emailAddr, "email")).toBe("email");
    expect(stemOf(ZH.gdp, "decimal")).toBe("gdp2024");
    expect(stemOf(ZH.year, "int")).toBe("count");
    expect(stemOf(ZH.phone, "mobile")).toBe("mobile");
    expect(stemOf(ZH.name, "string")).toBe("text");
    const stems: Record<FieldType, string> = Object.fromEntries(FIELD_TYPES.map((t) => [t, stemOf(ZH.title, t)])) as Record<FieldType, string>;
    for (const s of Object.values(stems)) expect(s).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(uniqueName("mobile", ["mobile", "mobile2"])).toBe("mobile3");
    // The same column counts as taken, and the common names are reserved.
    expect(uniqueName("userId", ["userID"])).toBe("userId2");
    expect(uniqueName("version", [])).toBe("version2");
    expect(snakeCase("applyDate")).toBe("apply_date");
    expect(snakeCase("userID")).toBe(snakeCase("userId"));
  });

  it("keeps the name following the label until it is edited by hand", () => {
    const f = newField("string", ZH.text, ["text"]);
    expect(f.name).toBe("text2");
    const g = relabel(f, ZH.qq, ["text"]);
    expect(g.name).toBe("qq");
    const h = rename(g, "qqNumber");
    expect(relabel(h, ZH.wechat, []).name).toBe("qqNumber");
    // A field read from a file never changes its name with its label (a rename is a migration).
    const read = parsed(EVERY_TYPE).fields[0];
    expect(relabel(read, "Other", []).name).toBe("title");
  });

  it("judges names: format, length, reserved, taken (same column)", () => {
    expect(checkName("", [])).toBeTruthy();
    expect(checkName("Name", [])).toBeTruthy();
    expect(checkName("a_b", [])).toBeTruthy();
    expect(checkName("a".repeat(61), [])).toBeTruthy();
    expect(checkName("createdAt", [])).toBeTruthy();
    expect(checkName("parentId", [], true)).toBeTruthy();
    expect(checkName("parentId", [])).toBeUndefined();
    expect(checkName("userID", ["userId"])).toBeTruthy();
    expect(checkName("userName", ["userId"])).toBeUndefined();
  });

  it("refuses lengths and bounds that contradict each other, and keys of another type", () => {
    const f: FieldDoc = { uid: "u", name: "a", label: ZH.jia, type: "string", minLength: 5, maxLength: 3 };
    expect(checkField(f, [f], "fields.a").map((p) => p.path)).toEqual(["fields.a.minLength"]);
    const n: FieldDoc = { uid: "n", name: "n", label: ZH.yi, type: "int", min: 10, max: 1, maxLength: 3 };
    expect(checkField(n, [n], "fields.n").map((p) => p.path).sort()).toEqual(["fields.n.maxLength", "fields.n.min"]);
    const d: FieldDoc = { uid: "d", name: "d", label: ZH.bing, type: "decimal", precision: 4, scale: 5 };
    expect(checkField(d, [d], "fields.d").map((p) => p.path)).toEqual(["fields.d.scale"]);
    const i: FieldDoc = { uid: "i", name: "i", label: ZH.ding, type: "images", maxCount: 0, maxSize: "5 megabytes" };
    expect(checkField(i, [i], "fields.i").map((p) => p.path)).toEqual(["fields.i.maxCount", "fields.i.maxSize"]);
    const e: FieldDoc = { uid: "e", name: "e", label: ZH.wu, type: "enum", dict: "x", options: [{ value: 1, label: ZH.one }] };
    expect(checkField(e, [e], "fields.e").map((p) => p.path)).toEqual(["fields.e.dict"]);
    const r: FieldDoc = { uid: "r", name: "r", label: ZH.ji, type: "richtext", filter: "contains", sort: true };
    expect(checkField(r, [r], "fields.r").map((p) => p.path).sort()).toEqual(["fields.r.filter", "fields.r.filter", "fields.r.sort", "fields.r.sort"]);
    expect(checkModule(parsed(EVERY_TYPE))).toEqual([]);
  });

  it("offers each type only its keys, and a type change drops the rest", () => {
    expect(applicableKeys("int").has("maxLength")).toBe(false);
    expect(applicableKeys("string").has("pattern")).toBe(true);
    expect(applicableKeys("string", true).has("filter")).toBe(false);
    const f: FieldDoc = { uid: "x", name: "x", label: ZH.jia, type: "string", maxLength: 20, filter: "contains", default: "a", required: true };
    const g = retype(f, "int");
    expect(g).toEqual({ uid: "x", auto: undefined, name: "x", label: ZH.jia, type: "int", required: true });
    expect(retype(f, "enum").options).toHaveLength(1);
  });

  it("checks module settings, status and list sort", () => {
    const m = parsed(EVERY_TYPE);
    const broken: ModuleDoc = {
      ...m,
      api: "designer/x",
      list: { sort: "remark,desc", pageSize: 2000 },
      stats: ["remark"],
      status: { field: "title", values: [[1, ZH.jia]], initial: 2, actions: [{ name: "edit", label: ZH.change, from: [3], to: 1 }] },
    };
    expect(checkModule(broken).map((p) => p.path)).toEqual([
      "api",
      "status.field",
      "status.initial",
      "status.actions.edit.name",
      "status.actions.edit.from",
      "list.pageSize",
      "list.sort",
      "stats[0]",
    ]);
  });
});

describe("canvas moves", () => {
  const base = (): ModuleDoc => parsed(EVERY_TYPE);
  const names = (m: ModuleDoc, section: string) => (groupFields(m).get(section) ?? []).map((f) => f.name);

  it("moves a field into a section at a position, keeping the other fields' order", () => {
    const m = base();
    const count = m.fields.find((f) => f.name === "count") as FieldDoc;
    const moved = moveField(m, count.uid, "more", 1);
    expect(names(moved, "more")).toEqual(["photo", "count", "photos", "members"]);
    expect(moved.fields.find((f) => f.name === "count")?.section).toBe("more");
    const others = (x: ModuleDoc) => x.fields.filter((f) => f.name !== "count").map((f) => f.name);
    expect(others(moved)).toEqual(others(m));
    // Back to no section: the section key goes away.
    const back = moveField(moved, count.uid, "", 0);
    expect("section" in (back.fields.find((f) => f.name === "count") as object)).toBe(false);
    expect(names(back, "")[0]).toBe("count");
  });

  it("steps a field up and down with the keyboard, across sections at the ends", () => {
    const m = base();
    const basisFirst = m.fields.find((f) => f.name === "title") as FieldDoc;
    const down = stepField(m, basisFirst.uid, 1);
    expect(names(down, "basis")).toEqual(["remark", "title"]);
    const up = stepField(m, basisFirst.uid, -1);
    expect(names(up, "")).toContain("title");
    expect(names(up, "").at(-1)).toBe("title");
    expect(names(up, "basis")).toEqual(["remark"]);
  });

  it("removes a field and its mentions in stats and list.sort", () => {
    const m = base();
    const grade = m.fields.find((f) => f.name === "grade") as FieldDoc;
    const count = m.fields.find((f) => f.name === "count") as FieldDoc;
    const out = removeField(removeField(m, grade.uid), count.uid);
    expect(out.stats).toEqual(["done", "auditStatus"]);
    expect(out.list).toEqual({ pageSize: 20 });
  });
});

describe("shipped module files", () => {
  // Every module file of schemas/ reads into the model and writes back as the same module.
  const root = join(dirname(fileURLToPath(import.meta.url)), "../../../schemas");
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir)) {
      const p = join(dir, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (e.endsWith(".yaml") && !e.startsWith("_")) files.push(p);
    }
  };
  walk(root);

  it("finds the shipped files", () => expect(files.length).toBeGreaterThan(20));
  it("round-trips each of them without losing a key", () => {
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      const m = parsed(text);
      const again = parsed(toYaml(m));
      expect(toPlain(again), file).toEqual(toPlain(m));
    }
  });
});

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

/** A module with one field of every type, each with every key its type allows (values within bounds). */
const EVERY_TYPE = `name: everyType
title: 全部类型
group: demo
icon: FormOutlined
order: 5
description: 每种字段类型一个
api: /designer/everyTypes
permission: designer.everyType
orgScoped: true
sections:
  - {name: basis, title: 基本信息}
  - {name: more, title: 更多}
fields:
  - {name: title, label: 标题, type: string, required: true, unique: true, maxLength: 50, minLength: 2, pattern: "^[A-Z]", patternMessage: 标题须以大写字母开头, default: Abc, list: true, filter: contains, sort: true, section: basis, placeholder: 请输入, help: 说明, mask: name, width: 120}
  - {name: code, label: 编号, type: string, autoNumber: SQ, unique: true, readOnly: true}
  - {name: remark, label: 备注, type: text, maxLength: 1000, minLength: 1, pattern: \\d, patternMessage: 须含数字, filter: contains, section: basis}
  - {name: body, label: 正文, type: richtext, maxLength: 5000}
  - {name: count, label: 数量, type: int, min: 0, max: 100, default: 1, list: true, filter: range, sort: true, unique: true}
  - {name: amount, label: 金额(元), type: decimal, precision: 10, scale: 0, min: 0.5, max: 99.5, filter: range}
  - {name: done, label: 已完成, type: bool, default: false, list: true, filter: equals, sort: true}
  - {name: day, label: 日期, type: date, default: "2024-01-31", filter: range, sort: true}
  - {name: at, label: 时间, type: datetime, default: "2024-01-31 08:00:00", filter: range}
  - {name: grade, label: 等级, type: enum, dict: disability_grade, list: true, filter: equals}
  - {name: kind, label: 类别, type: enum, options: [{value: 1, label: 甲, color: red}, {value: 2, label: 乙}], default: 1, filter: in}
  - {name: tags, label: 标签, type: enum, multiple: true, options: [{value: a, label: 甲}, {value: "01", label: 乙}]}
  - {name: owner, label: 负责人, type: ref, ref: user, display: username, filter: equals}
  - {name: villagers, label: 村民, type: ref, ref: villager, multiple: true}
  - {name: photo, label: 照片, type: image, accept: [png, jpg], maxSize: 2MB, required: true, section: more}
  - {name: photos, label: 照片集, type: images, accept: [png], maxCount: 5, maxSize: 500KB, section: more}
  - {name: proof, label: 证明, type: file, accept: [pdf], maxSize: 1.5GB}
  - {name: proofs, label: 证明材料, type: files, maxCount: 3}
  - {name: clip, label: 视频, type: video, accept: [mp4], maxSize: 100MB}
  - {name: spot, label: 位置, type: geoPoint}
  - {name: zone, label: 范围, type: geoPoint, widget: mapCircle}
  - {name: shape, label: 区域, type: geoPolygon}
  - {name: land, label: 地块, type: geoPolygon, widget: mapLand, hidden: true}
  - {name: idCard, label: 身份证号, type: idcard, unique: true, mask: idcard, filter: equals}
  - {name: mobile, label: 手机号, type: mobile, mask: mobile, filter: contains, sort: true}
  - {name: email, label: 邮箱, type: email, maxLength: 60, filter: contains}
  - {name: extra, label: 扩展, type: json}
  - name: members
    label: 家庭成员
    type: children
    section: more
    fields:
      - {name: name, label: 姓名, type: string, required: true, maxLength: 20, list: true}
      - {name: relation, label: 关系, type: enum, dict: relation_to_head}
      - {name: birth, label: 出生日期, type: date}
status:
  field: auditStatus
  label: 审核状态
  values: {1: 审核中, 2: 已通过, 3: 未通过}
  initial: 1
  actions:
    - {name: approve, label: 通过, from: [1], to: 2}
    - {name: reject, label: 驳回, from: [1, 2], to: 3, comment: required, confirm: 确定驳回？}
list: {sort: "count,desc", pageSize: 20}
export: true
import: true
stats: [grade, done, auditStatus]
`;

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
    expect(kind?.options?.[0]).toEqual({ value: 1, label: "甲", color: "red" });
    expect(m.fields.find((f) => f.name === "tags")?.options?.[1].value).toBe("01");
    expect(m.fields.find((f) => f.name === "amount")?.scale).toBe(0);
    expect(m.fields.find((f) => f.name === "day")?.default).toBe("2024-01-31");
    expect(m.fields.find((f) => f.name === "remark")?.pattern).toBe("\\d");
    expect(m.fields.find((f) => f.name === "done")?.default).toBe(false);
    expect(m.status?.values).toEqual([
      [1, "审核中"],
      [2, "已通过"],
      [3, "未通过"],
    ]);
    expect(Object.keys(toPlain(m))).toEqual(["name", "title", "group", "icon", "order", "description", "api", "permission", "orgScoped", "sections", "fields", "status", "list", "export", "import", "stats"]);
  });

  it("writes a designer-made module for each type and reads it back as the same model", () => {
    let m: ModuleDoc = { ...emptyModule("built", "新建"), fields: [] };
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
    expect((json.status as { values: unknown }).values).toEqual({ "1": "审核中", "2": "已通过", "3": "未通过" });
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
    expect(lines.filter((l, i) => l !== before[i])).toEqual(["  - {name: photo, label: 照片, type: image, accept: [png, jpg], maxSize: 3MB, required: true, list: true, section: more}"]);
  });

  it("derives the form, list and detail schema the generic screens read", () => {
    const s = describeModule(parsed(EVERY_TYPE), { disability_grade: [{ value: "1", label: "一级" }] });
    expect(s.jsonSchema.required).toEqual(["title", "photo"]);
    expect(s.jsonSchema.properties?.grade).toMatchObject({ type: "string", oneOf: [{ const: "1", title: "一级" }] });
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
    expect(stemOf("QQ号", "string")).toBe("qq");
    expect(stemOf("Email 地址", "email")).toBe("email");
    expect(stemOf("GDP总量 2024", "decimal")).toBe("gdp2024");
    expect(stemOf("2024年度", "int")).toBe("count");
    expect(stemOf("联系电话", "mobile")).toBe("mobile");
    expect(stemOf("姓名", "string")).toBe("text");
    const stems: Record<FieldType, string> = Object.fromEntries(FIELD_TYPES.map((t) => [t, stemOf("名称", t)])) as Record<FieldType, string>;
    for (const s of Object.values(stems)) expect(s).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(uniqueName("mobile", ["mobile", "mobile2"])).toBe("mobile3");
    // The same column counts as taken, and the common names are reserved.
    expect(uniqueName("userId", ["userID"])).toBe("userId2");
    expect(uniqueName("version", [])).toBe("version2");
    expect(snakeCase("applyDate")).toBe("apply_date");
    expect(snakeCase("userID")).toBe(snakeCase("userId"));
  });

  it("keeps the name following the label until it is edited by hand", () => {
    const f = newField("string", "单行文本", ["text"]);
    expect(f.name).toBe("text2");
    const g = relabel(f, "QQ号", ["text"]);
    expect(g.name).toBe("qq");
    const h = rename(g, "qqNumber");
    expect(relabel(h, "微信号 WeChat", []).name).toBe("qqNumber");
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
    const f: FieldDoc = { uid: "u", name: "a", label: "甲", type: "string", minLength: 5, maxLength: 3 };
    expect(checkField(f, [f], "fields.a").map((p) => p.path)).toEqual(["fields.a.minLength"]);
    const n: FieldDoc = { uid: "n", name: "n", label: "乙", type: "int", min: 10, max: 1, maxLength: 3 };
    expect(checkField(n, [n], "fields.n").map((p) => p.path).sort()).toEqual(["fields.n.maxLength", "fields.n.min"]);
    const d: FieldDoc = { uid: "d", name: "d", label: "丙", type: "decimal", precision: 4, scale: 5 };
    expect(checkField(d, [d], "fields.d").map((p) => p.path)).toEqual(["fields.d.scale"]);
    const i: FieldDoc = { uid: "i", name: "i", label: "丁", type: "images", maxCount: 0, maxSize: "5 megabytes" };
    expect(checkField(i, [i], "fields.i").map((p) => p.path)).toEqual(["fields.i.maxCount", "fields.i.maxSize"]);
    const e: FieldDoc = { uid: "e", name: "e", label: "戊", type: "enum", dict: "x", options: [{ value: 1, label: "一" }] };
    expect(checkField(e, [e], "fields.e").map((p) => p.path)).toEqual(["fields.e.dict"]);
    const r: FieldDoc = { uid: "r", name: "r", label: "己", type: "richtext", filter: "contains", sort: true };
    expect(checkField(r, [r], "fields.r").map((p) => p.path).sort()).toEqual(["fields.r.filter", "fields.r.filter", "fields.r.sort", "fields.r.sort"]);
    expect(checkModule(parsed(EVERY_TYPE))).toEqual([]);
  });

  it("offers each type only its keys, and a type change drops the rest", () => {
    expect(applicableKeys("int").has("maxLength")).toBe(false);
    expect(applicableKeys("string").has("pattern")).toBe(true);
    expect(applicableKeys("string", true).has("filter")).toBe(false);
    const f: FieldDoc = { uid: "x", name: "x", label: "甲", type: "string", maxLength: 20, filter: "contains", default: "a", required: true };
    const g = retype(f, "int");
    expect(g).toEqual({ uid: "x", auto: undefined, name: "x", label: "甲", type: "int", required: true });
    expect(retype(f, "enum").options).toHaveLength(1);
  });

  it("checks module settings, status and list sort", () => {
    const m = parsed(EVERY_TYPE);
    const broken: ModuleDoc = {
      ...m,
      api: "designer/x",
      list: { sort: "remark,desc", pageSize: 2000 },
      stats: ["remark"],
      status: { field: "title", values: [[1, "甲"]], initial: 2, actions: [{ name: "edit", label: "改", from: [3], to: 1 }] },
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

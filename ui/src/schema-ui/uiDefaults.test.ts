import { describe, expect, it } from "vitest";
import { defaultWidgetFor, withDefaultWidgets } from "./uiDefaults";
import { CN } from "../test/chinese";

describe("default widgets", () => {
  const tests = [
    { name: "plain string", prop: { type: "string" as const }, want: "text" },
    { name: "idcard format", prop: { type: "string" as const, format: "idcard" }, want: "idcard" },
    { name: "date-time-cn", prop: { type: "string" as const, format: "date-time-cn" }, want: "datetime" },
    { name: "enum", prop: { type: "string" as const, oneOf: [{ const: "1", title: CN.one }] }, want: "select" },
    { name: "integer", prop: { type: "integer" as const }, want: "number" },
    { name: "boolean", prop: { type: "boolean" as const }, want: "switch" },
    { name: "array of enum", prop: { type: "array" as const, items: { enum: ["a"] } }, want: "multiSelect" },
    { name: "array of objects", prop: { type: "array" as const, items: { type: "object" as const } }, want: "children" },
  ];
  for (const tc of tests) {
    it(tc.name, () => expect(defaultWidgetFor(tc.prop)).toBe(tc.want));
  }

  it("fills only what the uiSchema leaves open", () => {
    const ui = withDefaultWidgets(
      { properties: { a: { type: "string" }, b: { type: "string" } } },
      { b: { "ui:widget": "textarea", "ui:options": { rows: 3 } } },
    );
    expect(ui).toEqual({ a: { "ui:widget": "text" }, b: { "ui:widget": "textarea", "ui:options": { rows: 3 } } });
  });
});

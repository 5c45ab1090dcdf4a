import { afterEach, describe, expect, it } from "vitest";
import type { RJSFSchema } from "@rjsf/utils";
import { handicappedSchema } from "../test/moduleSchemas";
import { loadLocale } from "../app/i18n";
import { EN_CATALOGUE, SERVER_MESSAGES, UNTRANSLATED } from "./localizeSchema.fixtures";
import { localizeFieldErrors } from "./serverErrors";
import { localizeMenuTree, localizeSchema } from "./localizeSchema";
import { enumOptions, parseModuleSchema, propertyOf, uiOptionsOf } from "./moduleSchema";
import { identity, parseCatalogue, translatorOf } from "./schemaTexts";
import { fieldMessageFor } from "./validation";

const en = translatorOf(EN_CATALOGUE);

describe("localizeSchema", () => {
  const zh = parseModuleSchema(handicappedSchema);
  const s = localizeSchema(zh, en);

  it("translates titles, labels, columns, options, sections, statuses and dictionaries", () => {
    expect(s.module.title).toBe("Disability allowance");
    expect(s.list.columns.find((c) => c.name === "name")?.label).toBe("Name");
    expect(s.list.filters.find((f) => f.name === "applyDate")?.label).toBe("Application date");
    expect(s.fields[0].label).toBe("Name");
    expect(propertyOf(s, "name")?.title).toBe("Name");
    expect(enumOptions(propertyOf(s, "gender"))).toEqual([
      { value: "0", label: "Female" }, // by place
      { value: "1", label: "Male" }, // by text
    ]);
    expect(s.sections[0].title).toBe("Basic information");
    expect(s.module.status?.label).toBe("Review status");
    expect(s.module.status?.values["2"]).toBe("Approved");
    expect(s.module.status?.actions[0].label).toBe("Approve");
    expect(s.dicts.disability_grade[0].label).toBe("Grade 1");
    const family = propertyOf(s, "family") as RJSFSchema;
    expect(((family.items as RJSFSchema).properties?.age as RJSFSchema).title).toBe("Age");
    // A place wins over the text: the unit stays with the amount.
    expect(propertyOf(s, "amount")?.title).toBe("Allowance (yuan)");
  });

  it("falls back to zh_CN per string", () => {
    expect(s.list.columns.find((c) => c.name === "idCard")?.label).toBe(UNTRANSLATED.idCard);
    expect(propertyOf(s, "idCard")?.title).toBe(UNTRANSLATED.idCard);
    expect(s.sections[1].title).toBe(UNTRANSLATED.subsidySection);
    expect(s.module.status?.values["1"]).toBe(UNTRANSLATED.underReview);
    expect(s.module.status?.actions[1].label).toBe(UNTRANSLATED.reject);
    expect(s.dicts.disability_grade[1].label).toBe(UNTRANSLATED.grade2);
    const family = propertyOf(s, "family") as RJSFSchema;
    expect(family.title).toBe(UNTRANSLATED.family);
    expect(((family.items as RJSFSchema).properties?.relation as RJSFSchema).title).toBe(UNTRANSLATED.relation);
    // zh_CN, and a catalogue that failed to load, leave everything as written.
    expect(localizeSchema(zh, identity)).toEqual(zh);
    expect(localizeSchema(zh, translatorOf(parseCatalogue("not a catalogue")))).toEqual(zh);
  });

  it("keeps the shape: widgets and options of the uiSchema survive", () => {
    expect(uiOptionsOf(s.uiSchema, "disabilityGrade")).toEqual(uiOptionsOf(zh.uiSchema, "disabilityGrade"));
    expect(s.uiSchema["ui:order"]).toEqual(zh.uiSchema["ui:order"]);
    expect(s.jsonSchema.required).toEqual(zh.jsonSchema.required);
  });

  it("translates module menus by module and groups by wording", () => {
    const tree = [{ title: "x", children: [{ title: handicappedSchema.module.title, path: "/m/handicappedSubsidy", children: [] }] }];
    const out = localizeMenuTree(tree, translatorOf({ texts: { x: "Group" }, places: { handicappedSubsidy: "Allowances" } }));
    expect(out[0].title).toBe("Group");
    expect(out[0].children[0].title).toBe("Allowances");
  });
});

describe("fieldMessageFor", () => {
  afterEach(async () => {
    await loadLocale("zh_CN");
  });

  it("names the field with its translated label in the chosen locale, without its unit", async () => {
    const s = localizeSchema(parseModuleSchema(handicappedSchema), en);
    await loadLocale("en");
    const title = (propertyOf(s, "name")?.title as string) ?? "";
    expect(fieldMessageFor({ name: "required", property: ".name", title, message: "", stack: "", params: {} }, s.uiSchema)).toBe(
      "Name is required",
    );
    expect(
      fieldMessageFor({ name: "minimum", property: ".amount", title: "Allowance (yuan)", message: "", stack: "", params: { limit: 0 } }),
    ).toBe("Allowance must not be less than 0");
  });

  it("uses the field's patternMessage from the uiSchema", () => {
    const ui = { code: { "ui:title": "x", "ui:options": { patternMessage: "HH:mm" } } };
    expect(fieldMessageFor({ name: "pattern", property: ".code", message: "", stack: "", params: {} }, ui)).toBe("HH:mm");
  });
});

describe("localizeFieldErrors", () => {
  const labels: Record<string, string> = { name: "Name", amount: "Allowance (yuan)", idCard: "ID number" };
  const errors = [
    { field: "name", message: SERVER_MESSAGES.nameRequired },
    { field: "amount", message: SERVER_MESSAGES.amountTooSmall },
    { field: "idCard", message: SERVER_MESSAGES.unknownShape },
    { field: "other", message: SERVER_MESSAGES.nameRequired },
  ];

  afterEach(async () => {
    await loadLocale("zh_CN");
  });

  it("re-words the server's messages in the chosen locale, keeping any it does not know", async () => {
    await loadLocale("en");
    expect(localizeFieldErrors(errors, (f) => labels[f], "en").map((e) => e.message)).toEqual([
      "Name is required",
      "Allowance must not be less than 0",
      SERVER_MESSAGES.unknownShape, // not a field-check message
      SERVER_MESSAGES.nameRequired, // a field without a label
    ]);
  });

  it("keeps the server's own words in zh_CN", () => {
    expect(localizeFieldErrors(errors, (f) => labels[f], "zh_CN")).toEqual(errors);
  });
});

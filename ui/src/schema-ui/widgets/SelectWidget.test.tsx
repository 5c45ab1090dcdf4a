import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderForm } from "../../test/form";

function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const dropdowns = document.querySelectorAll<HTMLElement>(".ant-select-dropdown:not(.ant-select-dropdown-hidden)");
  fireEvent.click(within(dropdowns[dropdowns.length - 1]).getByTitle(option));
}

const schema = {
  type: "object" as const,
  properties: {
    grade: { type: "string" as const, title: "残疾等级" },
    kind: { type: "string" as const, title: "类别", oneOf: [{ const: "a", title: "甲" }, { const: "b", title: "乙" }] },
    tags: { type: "array" as const, title: "标签", uniqueItems: true, items: { type: "string" as const, oneOf: [{ const: "x", title: "困难户" }, { const: "y", title: "低保户" }] } },
  },
};
const ui = {
  grade: { "ui:widget": "select", "ui:options": { dict: "disability_grade" } },
  kind: { "ui:widget": "select" },
  tags: { "ui:widget": "multiSelect" },
};
const ctx = { dicts: { disability_grade: [{ value: "1", label: "一级" }, { value: "2", label: "二级" }] }, modules: [] };

describe("select widgets", () => {
  it("SelectWidget offers the dictionary named in ui:options.dict", async () => {
    const { state } = renderForm(schema, ui, {}, ctx);
    choose("残疾等级", "二级");
    await waitFor(() => expect(state.data.grade).toBe("2"));
  });

  it("SelectWidget offers the schema's oneOf when there is no dictionary", async () => {
    const { state } = renderForm(schema, ui, {}, ctx);
    choose("类别", "乙");
    await waitFor(() => expect(state.data.kind).toBe("b"));
  });

  it("MultiSelectWidget keeps several values", async () => {
    const { state } = renderForm(schema, ui, { tags: ["x"] }, ctx);
    expect(screen.getByText("困难户")).toBeInTheDocument();
    choose("标签", "低保户");
    await waitFor(() => expect(state.data.tags).toEqual(["x", "y"]));
  });
});

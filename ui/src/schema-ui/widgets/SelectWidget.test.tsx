import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderForm } from "../../test/form";
import { CN } from "../../test/chinese";

function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const dropdowns = document.querySelectorAll<HTMLElement>(".ant-select-dropdown:not(.ant-select-dropdown-hidden)");
  fireEvent.click(within(dropdowns[dropdowns.length - 1]).getByTitle(option));
}

const schema = {
  type: "object" as const,
  properties: {
    grade: { type: "string" as const, title: CN.disabilityGrade },
    kind: { type: "string" as const, title: CN.category, oneOf: [{ const: "a", title: CN.partyA }, { const: "b", title: CN.partyB }] },
    tags: { type: "array" as const, title: CN.tags, uniqueItems: true, items: { type: "string" as const, oneOf: [{ const: "x", title: CN.hardshipHousehold }, { const: "y", title: CN.subsistenceHousehold }] } },
  },
};
const ui = {
  grade: { "ui:widget": "select", "ui:options": { dict: "disability_grade" } },
  kind: { "ui:widget": "select" },
  tags: { "ui:widget": "multiSelect" },
};
const ctx = { dicts: { disability_grade: [{ value: "1", label: CN.gradeOne }, { value: "2", label: CN.gradeTwo }] }, modules: [] };

describe("select widgets", () => {
  it("SelectWidget offers the dictionary named in ui:options.dict", async () => {
    const { state } = renderForm(schema, ui, {}, ctx);
    choose(CN.disabilityGrade, CN.gradeTwo);
    await waitFor(() => expect(state.data.grade).toBe("2"));
  });

  it("SelectWidget offers the schema's oneOf when there is no dictionary", async () => {
    const { state } = renderForm(schema, ui, {}, ctx);
    choose(CN.category, CN.partyB);
    await waitFor(() => expect(state.data.kind).toBe("b"));
  });

  it("MultiSelectWidget keeps several values", async () => {
    const { state } = renderForm(schema, ui, { tags: ["x"] }, ctx);
    expect(screen.getByText(CN.hardshipHousehold)).toBeInTheDocument();
    choose(CN.tags, CN.subsistenceHousehold);
    await waitFor(() => expect(state.data.tags).toEqual(["x", "y"]));
  });
});

import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderForm } from "../../test/form";
import { text } from "../../locales/catalogue";
import { CN } from "../../test/chinese";

const schema = {
  type: "object" as const,
  properties: {
    family: {
      type: "array" as const,
      title: CN.familyMembers,
      maxItems: 2,
      items: {
        type: "object" as const,
        properties: {
          relation: { type: "string" as const, title: CN.relation },
          age: { type: "integer" as const, title: CN.age },
        },
      },
    },
  },
};
const ui = { family: { "ui:widget": "children" } };

describe("ChildrenWidget", () => {
  it("adds, edits and removes sub-records, up to maxItems", async () => {
    const user = userEvent.setup({ delay: null });
    const { state } = renderForm(schema, ui, { family: [{ relation: CN.spouse, age: 60 }] });
    expect(screen.getByLabelText(`${CN.relation} 1`)).toHaveValue(CN.spouse);
    const add = screen.getByRole("button", { name: new RegExp(text("widgets.addRow")) });
    await user.click(add);
    await waitFor(() => expect(state.data.family).toEqual([{ relation: CN.spouse, age: 60 }, {}]));
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText(`${CN.relation} 2`), CN.children);
    await user.type(screen.getByLabelText(`${CN.age} 2`), "30");
    await waitFor(() => expect(state.data.family).toEqual([{ relation: CN.spouse, age: 60 }, { relation: CN.children, age: 30 }]));
    fireEvent.click(screen.getByRole("button", { name: new RegExp(`${text("widgets.removeRow")} 1`) }));
    await waitFor(() => expect(state.data.family).toEqual([{ relation: CN.children, age: 30 }]));
  });
});

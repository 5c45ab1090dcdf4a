import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderForm } from "../../test/form";

const schema = {
  type: "object" as const,
  properties: {
    family: {
      type: "array" as const,
      title: "家庭成员",
      maxItems: 2,
      items: {
        type: "object" as const,
        properties: {
          relation: { type: "string" as const, title: "关系" },
          age: { type: "integer" as const, title: "年龄" },
        },
      },
    },
  },
};
const ui = { family: { "ui:widget": "children" } };

describe("ChildrenWidget", () => {
  it("adds, edits and removes sub-records, up to maxItems", async () => {
    const user = userEvent.setup({ delay: null });
    const { state } = renderForm(schema, ui, { family: [{ relation: "配偶", age: 60 }] });
    expect(screen.getByLabelText("关系 1")).toHaveValue("配偶");
    const add = screen.getByRole("button", { name: /添加一行/ });
    await user.click(add);
    await waitFor(() => expect(state.data.family).toEqual([{ relation: "配偶", age: 60 }, {}]));
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText("关系 2"), "子女");
    await user.type(screen.getByLabelText("年龄 2"), "30");
    await waitFor(() => expect(state.data.family).toEqual([{ relation: "配偶", age: 60 }, { relation: "子女", age: 30 }]));
    fireEvent.click(screen.getByRole("button", { name: /删除行 1/ }));
    await waitFor(() => expect(state.data.family).toEqual([{ relation: "子女", age: 30 }]));
  });
});

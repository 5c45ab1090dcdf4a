import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderForm } from "../../test/form";
import { decimalsOf } from "./NumberWidget";
import { CN } from "../../test/chinese";

const schema = {
  type: "object" as const,
  properties: {
    amount: { type: "number" as const, title: CN.subsidyAmount, minimum: 0, multipleOf: 0.01 },
    count: { type: "integer" as const, title: CN.headcount },
    active: { type: "boolean" as const, title: CN.registered },
  },
};
const ui = { amount: { "ui:widget": "number" }, count: { "ui:widget": "number" }, active: { "ui:widget": "switch" } };

describe("NumberWidget and SwitchWidget", () => {
  it("NumberWidget keeps numbers, with the precision multipleOf implies", async () => {
    const user = userEvent.setup({ delay: null });
    const { state } = renderForm(schema, ui);
    const amount = screen.getByLabelText(CN.subsidyAmount);
    await user.type(amount, "12.5");
    await user.tab();
    await waitFor(() => expect(state.data.amount).toBe(12.5));
    expect(amount).toHaveValue("12.50");
    const count = screen.getByLabelText(CN.headcount);
    await user.type(count, "3");
    await waitFor(() => expect(state.data.count).toBe(3));
    expect(decimalsOf(0.001)).toBe(3);
    expect(decimalsOf(5)).toBeUndefined();
  });

  it("SwitchWidget toggles a boolean", async () => {
    const { state } = renderForm(schema, ui, { active: false });
    fireEvent.click(screen.getByRole("switch", { name: CN.registered }));
    await waitFor(() => expect(state.data.active).toBe(true));
  });
});

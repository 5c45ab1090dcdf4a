import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderForm } from "../../test/form";
import { CN } from "../../test/chinese";

const schema = {
  type: "object" as const,
  properties: {
    applyDate: { type: "string" as const, title: CN.applyDate, format: "date" },
    visitedAt: { type: "string" as const, title: CN.visitTime, format: "date-time-cn" },
  },
};
const ui = { applyDate: { "ui:widget": "date" }, visitedAt: { "ui:widget": "datetime" } };

describe("date widgets", () => {
  it("DateWidget shows the stored date and writes YYYY-MM-DD", async () => {
    const user = userEvent.setup({ delay: null });
    const { state } = renderForm(schema, ui, { applyDate: "2024-03-05" });
    const input = screen.getByLabelText(CN.applyDate);
    expect(input).toHaveValue("2024-03-05");
    await user.clear(input);
    await user.type(input, "2024-04-06{enter}");
    await waitFor(() => expect(state.data.applyDate).toBe("2024-04-06"));
  });

  it("DateTimeWidget writes the server's date-time-cn form", async () => {
    const user = userEvent.setup({ delay: null });
    const { state } = renderForm(schema, ui);
    const input = screen.getByLabelText(CN.visitTime);
    await user.click(input);
    await user.type(input, "2024-04-06 08:30:00{enter}");
    // The time panel confirms with its OK button.
    const ok = document.querySelector<HTMLButtonElement>(".ant-picker-ok button");
    if (ok && !ok.disabled) fireEvent.click(ok);
    await waitFor(() => expect(state.data.visitedAt).toBe("2024-04-06 08:30:00"));
  });
});

import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderForm } from "../../test/form";
import { text } from "../../locales/catalogue";
import { CN } from "../../test/chinese";

const schema = {
  type: "object" as const,
  required: ["idCard"],
  properties: {
    name: { type: "string" as const, title: CN.fullName },
    short: { type: "string" as const, title: CN.shortName, maxLength: 5 },
    idCard: { type: "string" as const, title: CN.idNumber, format: "idcard" },
    mobile: { type: "string" as const, title: text("system.users.mobile"), format: "mobile" },
    email: { type: "string" as const, title: text("system.users.email"), format: "email" },
  },
};
const ui = { name: { "ui:widget": "text", "ui:options": { placeholder: CN.enterName } }, short: { "ui:widget": "text" }, idCard: { "ui:widget": "idcard" }, mobile: { "ui:widget": "mobile" }, email: { "ui:widget": "email" } };

describe("text widgets", () => {
  it("TextWidget trims on blur, limits to 255 by default or the schema's maxLength, and clears", async () => {
    const user = userEvent.setup({ delay: null });
    const { state } = renderForm(schema, ui);
    const name = screen.getByLabelText(CN.fullName);
    expect(name).toHaveAttribute("maxlength", "255");
    expect(name).toHaveAttribute("placeholder", CN.enterName);
    expect(screen.getByLabelText(CN.shortName)).toHaveAttribute("maxlength", "5");
    await user.type(name, `  ${CN.zhangSan}  `);
    await user.tab();
    await waitFor(() => expect(state.data.name).toBe(CN.zhangSan));
    fireEvent.click(screen.getAllByRole("button", { name: /close-circle/i })[0]);
    await waitFor(() => expect(state.data.name).toBeUndefined());
  });

  it("IdCardWidget normalises case and the form rejects a wrong check digit", async () => {
    const user = userEvent.setup({ delay: null });
    const { state } = renderForm(schema, ui);
    const idCard = screen.getByLabelText(new RegExp(CN.idNumber));
    expect(idCard).toHaveAttribute("maxlength", "18");
    await user.click(idCard);
    await user.paste("11010519491231002x");
    expect(state.data.idCard).toBe("11010519491231002X");
    fireEvent.submit(idCard.closest("form") as HTMLFormElement);
    await waitFor(() => expect(state.submitted).toEqual({ idCard: "11010519491231002X" }));
    await user.clear(idCard);
    await user.paste("110105194912310021");
    fireEvent.submit(idCard.closest("form") as HTMLFormElement);
    expect(await screen.findByText(text("validation.formats.idcard"))).toBeInTheDocument();
  });

  it("MobileWidget keeps digits only, 11 at most", async () => {
    const user = userEvent.setup({ delay: null });
    const { state } = renderForm(schema, ui);
    const mobile = screen.getByLabelText(text("system.users.mobile"));
    expect(mobile).toHaveAttribute("maxlength", "11");
    await user.type(mobile, "138-1234 5678");
    expect(state.data.mobile).toBe("13812345678");
  });

  it("EmailWidget drops spaces and the form checks the format", async () => {
    const user = userEvent.setup({ delay: null });
    const { state } = renderForm(schema, ui, { idCard: "11010519491231002X" });
    const email = screen.getByLabelText(text("system.users.email"));
    await user.type(email, "a b@x");
    expect(state.data.email).toBe("ab@x");
    fireEvent.submit(email.closest("form") as HTMLFormElement);
    expect(await screen.findByText(text("validation.formats.email"))).toBeInTheDocument();
  });
});

describe("TextareaWidget", () => {
  it("counts against the limit and trims on blur", async () => {
    const user = userEvent.setup({ delay: null });
    const { state } = renderForm(
      { type: "object", properties: { note: { type: "string", title: CN.remarks, maxLength: 30 } } },
      { note: { "ui:widget": "textarea" } },
    );
    const note = screen.getByLabelText(CN.remarks);
    expect(note).toHaveAttribute("maxlength", "30");
    await user.click(note);
    await user.paste(`  ${CN.visitWentWell} `);
    await user.tab();
    await waitFor(() => expect(state.data.note).toBe(CN.visitWentWell));
    expect(screen.getByText("6 / 30")).toBeInTheDocument();
  });
});

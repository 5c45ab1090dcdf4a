import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderForm } from "../../test/form";

const schema = {
  type: "object" as const,
  required: ["idCard"],
  properties: {
    name: { type: "string" as const, title: "姓名" },
    short: { type: "string" as const, title: "简称", maxLength: 5 },
    idCard: { type: "string" as const, title: "身份证号", format: "idcard" },
    mobile: { type: "string" as const, title: "手机号", format: "mobile" },
    email: { type: "string" as const, title: "邮箱", format: "email" },
  },
};
const ui = { name: { "ui:widget": "text", "ui:options": { placeholder: "请输入姓名" } }, short: { "ui:widget": "text" }, idCard: { "ui:widget": "idcard" }, mobile: { "ui:widget": "mobile" }, email: { "ui:widget": "email" } };

describe("text widgets", () => {
  it("TextWidget trims on blur, limits to 255 by default or the schema's maxLength, and clears", async () => {
    const user = userEvent.setup({ delay: null });
    const { state } = renderForm(schema, ui);
    const name = screen.getByLabelText("姓名");
    expect(name).toHaveAttribute("maxlength", "255");
    expect(name).toHaveAttribute("placeholder", "请输入姓名");
    expect(screen.getByLabelText("简称")).toHaveAttribute("maxlength", "5");
    await user.type(name, "  张三  ");
    await user.tab();
    await waitFor(() => expect(state.data.name).toBe("张三"));
    fireEvent.click(screen.getAllByRole("button", { name: /close-circle/i })[0]);
    await waitFor(() => expect(state.data.name).toBeUndefined());
  });

  it("IdCardWidget normalises case and the form rejects a wrong check digit", async () => {
    const user = userEvent.setup({ delay: null });
    const { state } = renderForm(schema, ui);
    const idCard = screen.getByLabelText(/身份证号/);
    expect(idCard).toHaveAttribute("maxlength", "18");
    await user.click(idCard);
    await user.paste("11010519491231002x");
    expect(state.data.idCard).toBe("11010519491231002X");
    fireEvent.submit(idCard.closest("form") as HTMLFormElement);
    await waitFor(() => expect(state.submitted).toEqual({ idCard: "11010519491231002X" }));
    await user.clear(idCard);
    await user.paste("110105194912310021");
    fireEvent.submit(idCard.closest("form") as HTMLFormElement);
    expect(await screen.findByText("身份证号格式不正确")).toBeInTheDocument();
  });

  it("MobileWidget keeps digits only, 11 at most", async () => {
    const user = userEvent.setup({ delay: null });
    const { state } = renderForm(schema, ui);
    const mobile = screen.getByLabelText("手机号");
    expect(mobile).toHaveAttribute("maxlength", "11");
    await user.type(mobile, "138-1234 5678");
    expect(state.data.mobile).toBe("13812345678");
  });

  it("EmailWidget drops spaces and the form checks the format", async () => {
    const user = userEvent.setup({ delay: null });
    const { state } = renderForm(schema, ui, { idCard: "11010519491231002X" });
    const email = screen.getByLabelText("邮箱");
    await user.type(email, "a b@x");
    expect(state.data.email).toBe("ab@x");
    fireEvent.submit(email.closest("form") as HTMLFormElement);
    expect(await screen.findByText("邮箱格式不正确")).toBeInTheDocument();
  });
});

describe("TextareaWidget", () => {
  it("counts against the limit and trims on blur", async () => {
    const user = userEvent.setup({ delay: null });
    const { state } = renderForm(
      { type: "object", properties: { note: { type: "string", title: "备注", maxLength: 30 } } },
      { note: { "ui:widget": "textarea" } },
    );
    const note = screen.getByLabelText("备注");
    expect(note).toHaveAttribute("maxlength", "30");
    await user.click(note);
    await user.paste("  走访情况良好 ");
    await user.tab();
    await waitFor(() => expect(state.data.note).toBe("走访情况良好"));
    expect(screen.getByText("6 / 30")).toBeInTheDocument();
  });
});

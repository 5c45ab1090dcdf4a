import { describe, expect, it } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { AppProviders } from "../../app/AppProviders";
import { server } from "../../test/server";
import { fail, http, ok } from "../../test/helpers";
import { keyPair } from "../../test/rsa";
import { TotpCard } from "./TotpCard";

describe("TotpCard", () => {
  it("enrols with a code, shows the recovery codes, and turns off only with the password", async () => {
    const { pem } = await keyPair();
    let state = { enabled: false, required: true, recoveryCodesLeft: 0 };
    const confirmed: unknown[] = [];
    const disabled: unknown[] = [];
    server.use(
      http.get("/api/system/publicKey", () => ok(pem)),
      http.get("/api/system/totp", () => ok(state)),
      http.post("/api/system/totp/start", () => ok({ secret: "JBSWY3DPEHPK3PXP", otpauthUri: "otpauth://totp/x:me?secret=JBSWY3DPEHPK3PXP" })),
      http.post("/api/system/totp/confirm", async ({ request }) => {
        const body = (await request.json()) as { code: string };
        confirmed.push(body);
        if (body.code !== "123456") return fail(400, "动态验证码错误");
        state = { enabled: true, required: true, recoveryCodesLeft: 2 };
        return ok({ recoveryCodes: ["aaaaa-bbbbb", "ccccc-ddddd"] });
      }),
      http.post("/api/system/totp/disable", async ({ request }) => {
        disabled.push(await request.json());
        state = { enabled: false, required: true, recoveryCodesLeft: 0 };
        return ok(null);
      }),
    );
    const user = userEvent.setup({ delay: null });
    render(
      <MemoryRouter>
        <AppProviders>
          <TotpCard />
        </AppProviders>
      </MemoryRouter>,
    );
    expect(await screen.findByText("所在角色要求启用两步验证")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "启用两步验证" }));
    expect(await screen.findByTestId("totp-secret")).toHaveTextContent("JBSWY3DPEHPK3PXP");
    const code = screen.getByLabelText("动态验证码");
    await user.click(screen.getByRole("button", { name: "确认启用" }));
    expect(screen.getByRole("alert")).toHaveTextContent("请输入动态验证码");
    expect(confirmed).toHaveLength(0);
    await user.type(code, "999999");
    await user.click(screen.getByRole("button", { name: "确认启用" }));
    expect(await screen.findByText("动态验证码错误")).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, "12 34 56");
    await user.click(screen.getByRole("button", { name: "确认启用" }));
    const list = await screen.findByTestId("recovery-codes");
    expect(within(list).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["aaaaa-bbbbb", "ccccc-ddddd"]);
    expect(await screen.findByText("剩余恢复码 2 个")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "停用两步验证" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("请输入登录密码");
    await user.type(within(dialog).getByLabelText("登录密码"), "Passw0rd!");
    await user.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    await waitFor(() => expect(disabled).toHaveLength(1));
    expect((disabled[0] as { password: string }).password).not.toContain("Passw0rd!");
    expect(await screen.findByRole("button", { name: "启用两步验证" })).toBeInTheDocument();
  });
});

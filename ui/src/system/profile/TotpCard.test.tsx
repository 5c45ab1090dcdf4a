import { describe, expect, it } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { AppProviders } from "../../app/AppProviders";
import { server } from "../../test/server";
import { fail, http, ok } from "../../test/helpers";
import { keyPair } from "../../test/rsa";
import { text } from "../../locales/catalogue";
import { btn } from "../../test/texts";

/** WRONG_CODE stands for the server's refusal of a wrong code (its text is the server's). */
const WRONG_CODE = "wrong code";
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
        if (body.code !== "123456") return fail(400, WRONG_CODE);
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
    expect(await screen.findByText(text("signin.required"))).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: btn("signin.enable") }));
    expect(await screen.findByTestId("totp-secret")).toHaveTextContent("JBSWY3DPEHPK3PXP");
    const code = screen.getByLabelText(text("signin.code"));
    await user.click(screen.getByRole("button", { name: btn("signin.confirm") }));
    expect(screen.getByRole("alert")).toHaveTextContent(text("signin.codeRequired"));
    expect(confirmed).toHaveLength(0);
    await user.type(code, "999999");
    await user.click(screen.getByRole("button", { name: btn("signin.confirm") }));
    expect(await screen.findByText(WRONG_CODE)).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, "12 34 56");
    await user.click(screen.getByRole("button", { name: btn("signin.confirm") }));
    const list = await screen.findByTestId("recovery-codes");
    expect(within(list).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["aaaaa-bbbbb", "ccccc-ddddd"]);
    expect(await screen.findByText(text("signin.recoveryLeft", { count: 2 }))).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: btn("signin.disable") }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: btn("common.confirm") }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent(text("signin.passwordRequired"));
    await user.type(within(dialog).getByLabelText(text("signin.password")), "Passw0rd!");
    await user.click(within(dialog).getByRole("button", { name: btn("common.confirm") }));
    await waitFor(() => expect(disabled).toHaveLength(1));
    expect((disabled[0] as { password: string }).password).not.toContain("Passw0rd!");
    expect(await screen.findByRole("button", { name: btn("signin.enable") })).toBeInTheDocument();
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { AppProviders } from "../../app/AppProviders";
import { server } from "../../test/server";
import { fail, http, makeToken, ok } from "../../test/helpers";
import { keyPair } from "../../test/rsa";
import { text } from "../../locales/catalogue";
import { btn } from "../../test/texts";

/** WRONG_CODE stands for the server's refusal of a wrong code (its text is the server's). */
const WRONG_CODE = "wrong code";
import { useSessionStore } from "../../stores/useSessionStore";
import { useSignInStore } from "../../stores/useSignInStore";
import LoginPage from "./LoginPage";

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderLogin() {
  return render(
    <MemoryRouter initialEntries={["/login"]}>
      <AppProviders>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </AppProviders>
    </MemoryRouter>,
  );
}

async function passwordStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(text("login.username")), "twofa");
  await user.type(screen.getByLabelText(text("login.password")), "Passw0rd!");
  await user.click(screen.getByRole("button", { name: btn("login.submit") }));
}

afterEach(() => useSignInStore.getState().challengeCleared());

describe("two-factor step of the login page", () => {
  it("asks for the code after the password, shows a wrong code's message, and signs in with the right one", async () => {
    const { pem } = await keyPair();
    const sent: unknown[] = [];
    server.use(
      http.get("/api/system/publicKey", () => ok(pem)),
      http.post("/api/system/login", () => ok({ token: "", mustChangePassword: false, totpRequired: true, challenge: "c1" })),
      http.post("/api/system/login/totp", async ({ request }) => {
        const body = (await request.json()) as { challenge: string; code: string };
        sent.push(body);
        return sent.length === 1
          ? fail(400, WRONG_CODE)
          : ok({ token: makeToken({}), mustChangePassword: false, user: { userId: 7, username: "twofa" } });
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderLogin();
    await passwordStep(user);
    const code = await screen.findByLabelText(text("signin.code"));
    expect(useSessionStore.getState().token).toBeNull();
    // Incomplete codes are not sent.
    await user.type(code, "12 3");
    await user.click(screen.getByRole("button", { name: btn("signin.submit") }));
    expect(screen.getByRole("alert")).toHaveTextContent(text("signin.codeRequired"));
    expect(sent).toHaveLength(0);
    await user.type(code, "456");
    await user.click(screen.getByRole("button", { name: btn("signin.submit") }));
    expect(await screen.findByText(WRONG_CODE)).toBeInTheDocument();
    const first = sent[0] as { challenge: string; code: string };
    expect(first.challenge).toBe("c1");
    expect(first.code).not.toContain("123456");
    await user.type(screen.getByLabelText(text("signin.code")), "654321");
    await user.click(screen.getByRole("button", { name: btn("signin.submit") }));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/"));
    expect(useSessionStore.getState().token).not.toBeNull();
    expect(useSignInStore.getState().challenge).toBeNull();
  });

  it("makes a user whose role requires it enrol, then shows the recovery codes once before the console", async () => {
    const { pem } = await keyPair();
    const setup = { secret: "JBSWY3DPEHPK3PXP", otpauthUri: "otpauth://totp/x:twofa?secret=JBSWY3DPEHPK3PXP" };
    server.use(
      http.get("/api/system/publicKey", () => ok(pem)),
      http.post("/api/system/login", () => ok({ token: "", mustChangePassword: false, totpRequired: true, challenge: "c2", totpSetup: setup })),
      http.post("/api/system/login/totp", () =>
        ok({ token: makeToken({}), mustChangePassword: false, user: { userId: 7, username: "twofa" }, recoveryCodes: ["aaaaa-bbbbb", "ccccc-ddddd"] }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderLogin();
    await passwordStep(user);
    expect(await screen.findByText(text("signin.enrolTitle"))).toBeInTheDocument();
    expect(screen.getByTestId("totp-secret")).toHaveTextContent(setup.secret);
    await user.type(screen.getByLabelText(text("signin.code")), "123456");
    await user.click(screen.getByRole("button", { name: btn("signin.submit") }));
    expect(await screen.findByText("aaaaa-bbbbb")).toBeInTheDocument();
    expect(useSessionStore.getState().token).toBeNull();
    await user.click(screen.getByRole("button", { name: btn("signin.recoveryDone") }));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/"));
    expect(useSessionStore.getState().token).not.toBeNull();
  });
});

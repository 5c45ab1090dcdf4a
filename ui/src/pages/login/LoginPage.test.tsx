import { describe, expect, it } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { AppProviders } from "../../app/AppProviders";
import { loadLocale } from "../../app/i18n";
import { server } from "../../test/server";
import { http, makeToken, ok } from "../../test/helpers";
import { keyPair } from "../../test/rsa";
import { useSessionStore } from "../../stores/useSessionStore";
import { useUiStore } from "../../stores/useUiStore";
import LoginPage from "./LoginPage";
import { text } from "../../locales/catalogue";
import { btn } from "../../test/texts";

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderLogin(url = "/login") {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AppProviders>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </AppProviders>
    </MemoryRouter>,
  );
}

describe("LoginPage", () => {
  it("asks for both fields before calling the server", async () => {
    const user = userEvent.setup({ delay: null });
    renderLogin();
    await user.click(screen.getByRole("button", { name: btn("login.submit") }));
    expect(screen.getByText(text("login.usernameRequired"))).toBeInTheDocument();
    expect(screen.getByText(text("login.passwordRequired"))).toBeInTheDocument();
    expect(screen.getByLabelText(text("login.username"))).toHaveAttribute("aria-invalid", "true");
  });

  it("signs in and goes to the console, or to the precheck page when the password must change", async () => {
    const { pem } = await keyPair();
    let must = false;
    server.use(
      http.get("/api/system/publicKey", () => ok(pem)),
      http.post("/api/system/login", () => ok({ token: makeToken({}), mustChangePassword: must, user: { userId: 1, username: "admin" } })),
    );
    const user = userEvent.setup({ delay: null });
    const first = renderLogin();
    await user.type(screen.getByLabelText(text("login.username")), "admin");
    await user.type(screen.getByLabelText(text("login.password")), "Passw0rd!");
    await user.click(screen.getByRole("button", { name: btn("login.submit") }));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/"));
    expect(useSessionStore.getState().token).not.toBeNull();
    first.unmount();

    must = true;
    renderLogin();
    await user.type(screen.getByLabelText(text("login.username")), "admin");
    await user.type(screen.getByLabelText(text("login.password")), "123456");
    await user.click(screen.getByRole("button", { name: btn("login.submit") }));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/update-password-precheck"));
  });

  it("opening it resets the routes of the last session", () => {
    useSessionStore.getState().loggedIn(makeToken({}), null, false);
    useSessionStore.getState().sessionLoaded([{ id: 1, parentId: 0, type: "button", title: "x", permissionCode: "a" }], []);
    renderLogin();
    expect(useSessionStore.getState()).toMatchObject({ loaded: false, buttonCodes: [] });
  });

  it("switches locale", async () => {
    const user = userEvent.setup({ delay: null });
    renderLogin();
    await user.click(screen.getByRole("button", { name: "English" }));
    expect(await screen.findByLabelText("Username")).toBeInTheDocument();
    await waitFor(() => expect(useUiStore.getState().locale).toBe("en"));
    useUiStore.getState().localeChosen("zh_CN");
    await loadLocale("zh_CN");
  });
});

import { describe, expect, it } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { AppProviders } from "../../app/AppProviders";
import { server } from "../../test/server";
import { http, makeToken, ok } from "../../test/helpers";
import { keyPair } from "../../test/rsa";
import { useSessionStore } from "../../stores/useSessionStore";
import LoginPage from "./LoginPage";
import { text } from "../../locales/catalogue";
import { btn } from "../../test/texts";

function renderLogin() {
  return render(
    <MemoryRouter initialEntries={["/login"]}>
      <AppProviders>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="*" element={<output data-testid="signed-in" />} />
        </Routes>
      </AppProviders>
    </MemoryRouter>,
  );
}

describe("LoginPage tenant code", () => {
  it("sends no tenant code until the field is opened, then the code typed", async () => {
    const { pem } = await keyPair();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.get("/api/system/publicKey", () => ok(pem)),
      http.post("/api/system/login", async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return ok({ token: makeToken({}), mustChangePassword: false, user: { userId: 7, username: "county_admin", platformAdmin: true } });
      }),
    );
    const user = userEvent.setup({ delay: null });
    const first = renderLogin();
    expect(screen.queryByLabelText(text("tenants.loginCode"))).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(text("login.username")), "county_admin");
    await user.type(screen.getByLabelText(text("login.password")), "Demo@2025");
    await user.click(screen.getByRole("button", { name: btn("login.submit") }));
    await screen.findByTestId("signed-in");
    expect(bodies[0]).not.toHaveProperty("tenantCode");
    expect(useSessionStore.getState().user).toMatchObject({ username: "county_admin", platformAdmin: true });
    first.unmount();

    renderLogin();
    await user.click(screen.getByRole("button", { name: btn("tenants.loginLink") }));
    await user.type(screen.getByLabelText(text("tenants.loginCode")), " linxian ");
    await user.type(screen.getByLabelText(text("login.username")), "county_admin");
    await user.type(screen.getByLabelText(text("login.password")), "Demo@2025");
    await user.click(screen.getByRole("button", { name: btn("login.submit") }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ username: "county_admin", tenantCode: "linxian" });
  });
});

import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { AppRoutes } from "./App";
import { AppProviders } from "./app/AppProviders";
import { http, ok, signIn } from "./test/helpers";
import { server } from "./test/server";
import { text } from "./locales/catalogue";
import { btn } from "./test/texts";
import { CN } from "./test/chinese";

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

function renderApp(url: string, state?: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: url.split("?")[0], search: url.includes("?") ? `?${url.split("?")[1]}` : "", state }]}>
      <AppProviders>
        <AppRoutes />
        <Where />
      </AppProviders>
    </MemoryRouter>,
  );
}

describe("routes (spec §2)", () => {
  it("/login shows the login form", async () => {
    renderApp("/login");
    expect(await screen.findByRole("heading", { name: text("app.title") })).toBeInTheDocument();
    expect(screen.getByLabelText(text("login.username"))).toBeInTheDocument();
    expect(screen.getByLabelText(text("login.password"))).toBeInTheDocument();
    expect(screen.getByRole("button", { name: btn("login.submit") })).toBeInTheDocument();
  });

  it("?type=h5 goes to the H5 login", async () => {
    renderApp("/login?type=h5");
    expect(await screen.findByLabelText(text("login.username"))).toBeInTheDocument();
    expect(screen.getByTestId("where")).toHaveTextContent("/loginH5");
  });

  it("/update-password is reachable only from the precheck page", async () => {
    signIn({ mustChangePassword: true });
    renderApp("/update-password");
    expect(await screen.findByLabelText(text("login.username"))).toBeInTheDocument();
    expect(screen.getByTestId("where")).toHaveTextContent("/login");
  });

  it("/update-password opens when the precheck page sent the user, with the password rule", async () => {
    signIn({ mustChangePassword: true });
    server.use(http.get("/api/system/cscpUserPasswordRule", () => ok(CN.passwordRule)));
    renderApp("/update-password", { fromPrecheck: true });
    expect(await screen.findByLabelText(text("password.new"))).toBeInTheDocument();
    expect(await screen.findByText(CN.passwordRule)).toBeInTheDocument();
  });

  it("a signed-out visitor of the console goes to /login", async () => {
    renderApp("/m/villager");
    expect(await screen.findByLabelText(text("login.username"))).toBeInTheDocument();
    expect(screen.getByTestId("where")).toHaveTextContent("/login");
  });

  it("every static route resolves (placeholder pages)", async () => {
    renderApp("/register/PrivacyAgreement");
    expect(await screen.findByText(text("routes.register.PrivacyAgreement"))).toBeInTheDocument();
  });

  it("/404 exists", async () => {
    renderApp("/404");
    expect(await screen.findByText(text("pages.notFound"))).toBeInTheDocument();
  });
});

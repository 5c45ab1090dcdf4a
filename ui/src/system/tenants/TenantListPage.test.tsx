import { describe, expect, it } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { AppProviders } from "../../app/AppProviders";
import { server } from "../../test/server";
import { http, ok } from "../../test/helpers";
import { keyPair } from "../../test/rsa";
import { text } from "../../locales/catalogue";
import { btn } from "../../test/texts";
import TenantListPage from "./TenantListPage";
import type { Tenant } from "./tenantApi";

const base: Tenant[] = [
  { id: 1, code: "default", name: "Default tenant", disabled: false, users: 3, platform: true, createdAt: "2026-01-01T00:00:00Z" },
  { id: 2, code: "linxian", name: "Linxian", disabled: false, users: 10, platform: false, createdAt: "2026-01-02T00:00:00Z" },
];

function renderPage() {
  return render(
    <MemoryRouter>
      <AppProviders>
        <TenantListPage />
      </AppProviders>
    </MemoryRouter>,
  );
}

describe("TenantListPage", () => {
  it("lists tenants, creates one (showing the generated password once) and disables one", async () => {
    const { pem } = await keyPair();
    let rows = base.map((r) => ({ ...r }));
    const created: Record<string, unknown>[] = [];
    const switched: string[] = [];
    server.use(
      http.get("/api/system/publicKey", () => ok(pem)),
      http.get("/api/platform/tenants", () => ok(rows)),
      http.post("/api/platform/tenants", async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        created.push(body);
        const t = { id: 3, code: String(body.code), name: String(body.name), disabled: false, users: 1, platform: false, createdAt: "" };
        rows = [...rows, t];
        return ok({ ...t, adminUsername: "admin", generatedPassword: "Gen-pass-0001" });
      }),
      http.post("/api/platform/tenants/:id/:action", ({ params }) => {
        switched.push(`${String(params.id)} ${String(params.action)}`);
        rows = rows.map((r) => (String(r.id) === params.id ? { ...r, disabled: params.action === "disable" } : r));
        return ok(null);
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderPage();
    expect(await screen.findByText("Linxian")).toBeInTheDocument();
    // The platform's own tenant has no disable button.
    const platformRow = screen.getByText("Default tenant").closest("tr")!;
    expect(within(platformRow).queryByRole("button")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: btn("tenants.add") }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText(text("tenants.code")), "Bad");
    await user.type(within(dialog).getByLabelText(text("tenants.name")), "Hexi");
    await user.click(within(dialog).getByRole("button", { name: btn("tenants.save") }));
    expect(await within(dialog).findByText(text("tenants.codeInvalid"))).toBeInTheDocument();
    expect(created).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText(text("tenants.code")));
    await user.type(within(dialog).getByLabelText(text("tenants.code")), "hexi");
    await user.click(within(dialog).getByRole("button", { name: btn("tenants.save") }));
    expect(await screen.findByText("Gen-pass-0001")).toBeInTheDocument();
    expect(created[0]).toEqual({ code: "hexi", name: "Hexi" });
    expect(await screen.findByText("Hexi")).toBeInTheDocument();
    const shown = screen.getByText("Gen-pass-0001").closest(".ant-modal") as HTMLElement;
    await user.click(within(shown).getByRole("button", { name: /OK|\u786e\s*\u5b9a/ }));

    const row = screen.getByText("Linxian").closest("tr")!;
    await user.click(within(row).getByRole("button", { name: btn("tenants.disable") }));
    const oks = await screen.findAllByRole("button", { name: /OK|\u786e\s*\u5b9a/ });
    await user.click(oks[oks.length - 1]);
    await waitFor(() => expect(switched).toEqual(["2 disable"]));
    await waitFor(() => expect(within(screen.getByText("Linxian").closest("tr")!).getByText(text("tenants.disabled"))).toBeInTheDocument());
  }, 180_000);
});

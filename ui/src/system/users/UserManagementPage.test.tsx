// Tests of the user list's account holds: a locked user shows its tag and an unlock button, an unlocked one a
// lock button, a two-factor user a turn-off button; each asks for confirmation and sends PUT …/{action}. The
// buttons need the user edit code. The server is MSW.

import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { message } from "antd";
import { server } from "../../test/server";
import { http, ok, renderAt, signIn } from "../../test/helpers";
import UserManagementPage, { USER_CODES } from "./UserManagementPage";
import { text } from "../../locales/catalogue";
import { btn } from "../../test/texts";

afterEach(() => vi.restoreAllMocks());

const rows = [
  { id: 5, userId: 5, username: "wang", familyName: "", name: "", locked: true, totpEnabled: true },
  { id: 6, userId: 6, username: "li", familyName: "", name: "", locked: false, totpEnabled: false },
];

describe("UserManagementPage account holds", () => {
  it("unlocks, locks and turns off two-factor sign-in after confirmation", async () => {
    signIn({ buttonCodes: [USER_CODES.edit] });
    const success = vi.spyOn(message, "success");
    const calls: string[] = [];
    server.use(
      http.get("/api/userDetails/userDetailsOr", () => ok({ data: rows, recordsTotal: 2 })),
      http.post("/api/system/cscpUsers/:id/:action", ({ request, params }) => {
        expect(new URL(request.url).searchParams.get("_method")).toBe("PUT");
        calls.push(`${params.id}/${params.action}`);
        return ok(null);
      }),
    );
    renderAt(<UserManagementPage />, "/user-management", "/user-management");
    expect(await screen.findByText(text("system.users.lockedTag"))).toBeInTheDocument();
    expect(screen.getAllByText(text("system.users.totpTag"))).toHaveLength(1);

    const press = async (label: "system.users.unlock" | "system.users.lock" | "system.users.totpReset") => {
      fireEvent.click(screen.getByRole("button", { name: btn(label) }));
      const confirm = await screen.findAllByRole("button", { name: btn("common.confirm") });
      fireEvent.click(confirm.at(-1)!);
    };
    await press("system.users.unlock");
    await waitFor(() => expect(calls).toEqual(["5/unlock"]));
    await waitFor(() => expect(success).toHaveBeenCalledWith(text("system.users.unlockDone")));
    await press("system.users.lock");
    await waitFor(() => expect(calls).toEqual(["5/unlock", "6/lock"]));
    await press("system.users.totpReset");
    await waitFor(() => expect(calls).toEqual(["5/unlock", "6/lock", "5/totpReset"]));
  });

  it("shows no hold buttons without the edit code", async () => {
    signIn();
    server.use(http.get("/api/userDetails/userDetailsOr", () => ok({ data: rows, recordsTotal: 2 })));
    renderAt(<UserManagementPage />, "/user-management", "/user-management");
    expect(await screen.findByText("wang")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: btn("system.users.lock") })).toBeNull();
    expect(screen.queryByRole("button", { name: btn("system.users.unlock") })).toBeNull();
  });
});

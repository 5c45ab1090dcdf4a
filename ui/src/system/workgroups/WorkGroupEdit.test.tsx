// Tests of the work-group editor (spec §4): the edited id comes from session storage; a failed update
// shows its update-failed message and enables Submit again; a successful one shows update-succeeded and leaves for
// the list. The server is MSW.

import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { notify } from "../../app/notify";
import { server } from "../../test/server";
import { fail, http, ok, renderAt, signIn } from "../../test/helpers";
import WorkGroupEdit from "./WorkGroupEdit";
import { EDIT_ID_KEY } from "./rules";
import { text } from "../../locales/catalogue";
import { CN } from "../../test/chinese";
import { btn } from "../../test/texts";

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe("WorkGroupEdit", () => {
  it("updates the group named in session storage, re-enabling Submit after a failure", async () => {
    signIn();
    const error = vi.spyOn(notify, "error");
    const success = vi.spyOn(notify, "success");
    sessionStorage.setItem(EDIT_ID_KEY, "7");
    const bodies: unknown[] = [];
    let refuse = true;
    server.use(
      http.get("/api/system/cscpUserDetailsOr", () => ok({ data: [{ userId: 3, username: "wang", familyName: CN.wang, name: CN.five }], recordsTotal: 1 })),
      http.get("/api/system/cscpWorkGroups/7", () =>
        ok({ id: 7, groupName: CN.patrolGroup, description: CN.day, orgId: 2, userDetail: [{ userId: 3 }] }),
      ),
      http.post("/api/system/cscpWorkGroups", async ({ request }) => {
        expect(new URL(request.url).searchParams.get("_method")).toBe("PUT");
        bodies.push(await request.json());
        return refuse ? fail(400, CN.nameTaken) : ok({ id: 7 });
      }),
    );
    renderAt(<WorkGroupEdit />, "/workgroup-edit", "/workgroup-edit");
    await waitFor(() => expect(screen.getByDisplayValue(CN.patrolGroup)).toBeInTheDocument());
    fireEvent.change(screen.getByDisplayValue(CN.day), { target: { value: CN.night } });

    const submit = screen.getByRole("button", { name: btn("common.submit") });
    fireEvent.click(submit);
    await waitFor(() => expect(error).toHaveBeenCalledWith(text("system.workgroups.messages.updateFailed")));
    await waitFor(() => expect(screen.getByRole("button", { name: btn("common.submit") })).toBeEnabled());

    refuse = false;
    fireEvent.click(screen.getByRole("button", { name: btn("common.submit") }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(text("system.workgroups.messages.updated")));
    expect(await screen.findByTestId("elsewhere")).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ id: 7, orgId: 2, groupName: CN.patrolGroup, description: CN.night, userDetail: [{ userId: 3 }] });
  });

  it("refuses an empty form with the spec's messages", async () => {
    signIn();
    server.use(http.get("/api/system/cscpUserDetailsOr", () => ok({ data: [], recordsTotal: 0 })));
    renderAt(<WorkGroupEdit />, "/workgroup-add", "/workgroup-add");
    fireEvent.click(screen.getByRole("button", { name: btn("common.submit") }));
    expect(await screen.findByText(text("system.workgroups.messages.nameRequired"))).toBeInTheDocument();
    expect(screen.getByText(text("system.workgroups.messages.descRequired"))).toBeInTheDocument();
    expect(screen.getByText(text("system.workgroups.messages.usersRequired"))).toBeInTheDocument();
  });
});

// Tests of the work-group editor (spec §4): the edited id comes from session storage; a failed update
// shows '更新工作组失败！' and enables Submit again; a successful one shows '更新工作组成功！' and leaves for
// the list. The server is MSW.

import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { notify } from "../../app/notify";
import { server } from "../../test/server";
import { fail, http, ok, renderAt, signIn } from "../../test/helpers";
import WorkGroupEdit from "./WorkGroupEdit";
import { EDIT_ID_KEY } from "./rules";

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
      http.get("/api/system/cscpUserDetailsOr", () => ok({ data: [{ userId: 3, username: "wang", familyName: "王", name: "五" }], recordsTotal: 1 })),
      http.get("/api/system/cscpWorkGroups/7", () =>
        ok({ id: 7, groupName: "巡查组", description: "白天", orgId: 2, userDetail: [{ userId: 3 }] }),
      ),
      http.post("/api/system/cscpWorkGroups", async ({ request }) => {
        expect(new URL(request.url).searchParams.get("_method")).toBe("PUT");
        bodies.push(await request.json());
        return refuse ? fail(400, "名称重复") : ok({ id: 7 });
      }),
    );
    renderAt(<WorkGroupEdit />, "/workgroup-edit", "/workgroup-edit");
    await waitFor(() => expect(screen.getByDisplayValue("巡查组")).toBeInTheDocument());
    fireEvent.change(screen.getByDisplayValue("白天"), { target: { value: "夜间" } });

    const submit = screen.getByRole("button", { name: /提\s*交/ });
    fireEvent.click(submit);
    await waitFor(() => expect(error).toHaveBeenCalledWith("更新工作组失败！"));
    await waitFor(() => expect(screen.getByRole("button", { name: /提\s*交/ })).toBeEnabled());

    refuse = false;
    fireEvent.click(screen.getByRole("button", { name: /提\s*交/ }));
    await waitFor(() => expect(success).toHaveBeenCalledWith("更新工作组成功！"));
    expect(await screen.findByTestId("elsewhere")).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ id: 7, orgId: 2, groupName: "巡查组", description: "夜间", userDetail: [{ userId: 3 }] });
  });

  it("refuses an empty form with the spec's messages", async () => {
    signIn();
    server.use(http.get("/api/system/cscpUserDetailsOr", () => ok({ data: [], recordsTotal: 0 })));
    renderAt(<WorkGroupEdit />, "/workgroup-add", "/workgroup-add");
    fireEvent.click(screen.getByRole("button", { name: /提\s*交/ }));
    expect(await screen.findByText("名称不能为空!")).toBeInTheDocument();
    expect(screen.getByText("描述不能为空")).toBeInTheDocument();
    expect(screen.getByText("人员不能为空")).toBeInTheDocument();
  });
});

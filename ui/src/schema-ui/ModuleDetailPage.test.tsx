import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { server } from "../test/server";
import { http, ok, renderAt, signIn } from "../test/helpers";
import ModuleDetailPage from "./ModuleDetailPage";
import { availableActions } from "./StatusActions";
import { handicappedSchema } from "./testdata";

const module = { name: "handicappedSubsidy", title: "残疾人补贴", api: "/onlineVillage/handicappeds", permission: "onlineVillage.handicapped" };

function serve(status: number) {
  const actions: unknown[] = [];
  let current = status;
  server.use(
    http.get("/onlineVillage/handicappeds/schema", () => ok(handicappedSchema)),
    http.get("/onlineVillage/handicappeds/5", () =>
      ok({
        id: 5,
        version: 1,
        name: "李四",
        idCard: "11010519491231002X",
        disabilityGrade: "1",
        applyDate: "2024-03-05",
        auditStatus: current,
        family: [{ relation: "配偶", age: 60 }],
        history: [{ action: "create", from: null, to: 1, comment: "", userId: 1, createdAt: "2024-03-05T08:00:00" }],
      }),
    ),
    http.post("/onlineVillage/handicappeds/5/status", async ({ request }) => {
      expect(new URL(request.url).searchParams.get("_method")).toBe("PUT");
      actions.push(await request.json());
      current = 3;
      return ok(null);
    }),
  );
  return actions;
}

describe("ModuleDetailPage", () => {
  it("shows sections, sub-records and the status history", async () => {
    signIn({ modules: [module], buttonCodes: [] });
    serve(1);
    renderAt(<ModuleDetailPage />, "/m/handicappedSubsidy/show/5", "/m/:module/show/:id");
    expect(await screen.findByText("李四")).toBeInTheDocument();
    expect(screen.getByText("基本信息")).toBeInTheDocument();
    expect(screen.getByText("一级")).toBeInTheDocument();
    expect(screen.getByText("1101**********002X")).toBeInTheDocument();
    expect(screen.getByText("配偶")).toBeInTheDocument();
    expect(screen.getByText("状态记录")).toBeInTheDocument();
    expect(screen.getByText(/无 → 审核中/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /驳\s*回/ })).toBeNull();
  });

  it("a transition with a required comment asks for it before sending", async () => {
    signIn({ modules: [module], buttonCodes: ["onlineVillage.handicapped.reject", "onlineVillage.handicapped.approve"] });
    const actions = serve(1);
    const user = userEvent.setup({ delay: null });
    renderAt(<ModuleDetailPage />, "/m/handicappedSubsidy/show/5", "/m/:module/show/:id");
    fireEvent.click(await screen.findByRole("button", { name: /驳\s*回/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    expect(await within(dialog).findByText("请填写意见")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("意见"), "材料不全");
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    await waitFor(() => expect(actions).toEqual([{ action: "reject", comment: "材料不全" }]));
    expect(await screen.findByText("未通过")).toBeInTheDocument();
  });

  it("offers only the actions open from the current status", () => {
    const acts = [
      { name: "approve", label: "通过", from: ["1"], to: "2", comment: "" as const, code: "a" },
      { name: "reopen", label: "重开", from: ["3"], to: "1", comment: "" as const, code: "b" },
    ];
    expect(availableActions(acts, 1).map((a) => a.name)).toEqual(["approve"]);
    expect(availableActions(acts, undefined)).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { server } from "../test/server";
import { http, ok, renderAt, signIn } from "../test/helpers";
import ModuleDetailPage from "./ModuleDetailPage";
import { availableActions } from "./StatusActions";
import { handicappedSchema } from "../test/moduleSchemas";
import { text } from "../locales/catalogue";
import { CN } from "../test/chinese";
import { btn } from "../test/texts";
import { spaced } from "../test/texts";

const module = { name: "handicappedSubsidy", title: CN.disabilitySubsidy, api: "/onlineVillage/handicappeds", permission: "onlineVillage.handicapped" };

function serve(status: number) {
  const actions: unknown[] = [];
  let current = status;
  server.use(
    http.get("/onlineVillage/handicappeds/schema", () => ok(handicappedSchema)),
    http.get("/onlineVillage/handicappeds/5", () =>
      ok({
        id: 5,
        version: 1,
        name: CN.liSi,
        idCard: "11010519491231002X",
        disabilityGrade: "1",
        applyDate: "2024-03-05",
        auditStatus: current,
        family: [{ relation: CN.spouse, age: 60 }],
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
    expect(await screen.findByText(CN.liSi)).toBeInTheDocument();
    expect(screen.getByText(CN.basicInfo)).toBeInTheDocument();
    expect(screen.getByText(CN.gradeOne)).toBeInTheDocument();
    expect(screen.getByText("1101**********002X")).toBeInTheDocument();
    expect(screen.getByText(CN.spouse)).toBeInTheDocument();
    expect(screen.getByText(text("module.history"))).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`${text("module.noStatus")} → ${CN.underReview}`))).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: spaced(CN.reject) })).toBeNull();
  });

  it("a transition with a required comment asks for it before sending", async () => {
    signIn({ modules: [module], buttonCodes: ["onlineVillage.handicapped.reject", "onlineVillage.handicapped.approve"] });
    const actions = serve(1);
    const user = userEvent.setup({ delay: null });
    renderAt(<ModuleDetailPage />, "/m/handicappedSubsidy/show/5", "/m/:module/show/:id");
    fireEvent.click(await screen.findByRole("button", { name: spaced(CN.reject) }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: btn("widgets.draw.ok") }));
    expect(await within(dialog).findByText(text("module.commentRequired"))).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(text("module.comment")), CN.incompleteMaterials);
    fireEvent.click(within(dialog).getByRole("button", { name: btn("widgets.draw.ok") }));
    await waitFor(() => expect(actions).toEqual([{ action: "reject", comment: CN.incompleteMaterials }]));
    expect(await screen.findByText(CN.notPassed)).toBeInTheDocument();
  });

  it("offers only the actions open from the current status", () => {
    const acts = [
      { name: "approve", label: CN.pass, from: ["1"], to: "2", comment: "" as const, code: "a" },
      { name: "reopen", label: CN.reopen, from: ["3"], to: "1", comment: "" as const, code: "b" },
    ];
    expect(availableActions(acts, 1).map((a) => a.name)).toEqual(["approve"]);
    expect(availableActions(acts, undefined)).toEqual([]);
  });
});

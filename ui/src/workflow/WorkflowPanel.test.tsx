import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { server } from "../test/server";
import { http, ok, renderAt, signIn } from "../test/helpers";
import { watchNotices } from "../test/notices";
import { btn } from "../test/texts";
import { text } from "../locales/catalogue";
import { WorkflowPanel } from "./WorkflowPanel";
import { DRAFT, flowState, SIMULATION } from "./workflow.fixtures";

describe("the approval panel", () => {
  const notices = watchNotices();

  it("shows a draft's path from the simulator before submitting it, then its step chart", { timeout: 180_000 }, async () => {
    let submitted = false;
    let simulated: unknown = null;
    server.use(
      http.get("/api/workflow/vehicleApply/5", () =>
        ok(submitted ? { record: { ...DRAFT, approvalStatus: 1 }, flow: flowState("open") } : { record: DRAFT, flow: { module: "vehicleApply", recordId: 5, instances: [] } }),
      ),
      http.post("/api/workflow/vehicleApply/simulate", async ({ request }) => {
        simulated = await request.json();
        return ok(SIMULATION);
      }),
      http.post("/api/workflow/vehicleApply/5/submit", () => {
        submitted = true;
        return ok(flowState("open"));
      }),
    );
    signIn({ buttonCodes: ["office.vehicleApply.submit"] });
    renderAt(<WorkflowPanel module="vehicleApply" id={5} submitCode="office.vehicleApply.submit" />, "/");
    expect(await screen.findByText(text("workflow.noFlow"))).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: btn("workflow.actions.submit") }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText(new RegExp(SIMULATION.people["3"]))).toBeInTheDocument();
    expect(within(dialog).getByText(new RegExp(SIMULATION.people["1"]))).toBeInTheDocument();
    expect(simulated).toEqual({ record: { applyUserName: DRAFT.applyUserName, destination: DRAFT.destination, usingDay: 3, approvalStatus: 0 } });
    expect(submitted).toBe(false);
    await userEvent.click(within(dialog).getByRole("button", { name: btn("workflow.actions.submit") }));
    await notices.shown(text("workflow.ok.submit"));
    expect(submitted).toBe(true);
    await waitFor(() => expect(screen.getAllByText(text("workflow.states.running")).length).toBeGreaterThan(0));
    expect(screen.queryByRole("button", { name: btn("workflow.actions.submit") })).not.toBeInTheDocument();
  });
});

import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { server } from "../test/server";
import { http, ok, renderAt, signIn } from "../test/helpers";
import SimulatePage, { draftOf } from "./SimulatePage";
import { DRAFT, SIMULATION } from "./workflow.fixtures";

const MODULE = { name: "vehicleApply", title: "Vehicle applications", api: "/office/vehicleApply", permission: "office.vehicleApply" };

describe("the simulator page", () => {
  it("draws the path of the record named in the address, simulated on its own fields only", { timeout: 180_000 }, async () => {
    const asked: unknown[] = [];
    server.use(
      http.get("/office/vehicleApply/schema", () => new Response(null, { status: 404 })),
      http.get("/office/vehicleApply", () => ok({ data: [DRAFT], recordsTotal: 1 })),
      http.get("/api/getTenantUserList", () => ok([])),
      http.get("/api/workflow/vehicleApply/5", () => ok({ record: { ...DRAFT, _labels: {}, createdAt: "2030-01-01 08:00:00" }, flow: { module: "vehicleApply", recordId: 5, instances: [] } })),
      http.post("/api/workflow/vehicleApply/simulate", async ({ request }) => {
        asked.push(await request.json());
        return ok(SIMULATION);
      }),
    );
    signIn({ modules: [MODULE], buttonCodes: ["office.vehicleApply.submit"] });
    renderAt(<SimulatePage />, "/workflow/simulate?module=vehicleApply&id=5");
    // Every person of the plan is shown at their step.
    for (const name of Object.values(SIMULATION.people)) expect((await screen.findAllByText(new RegExp(name))).length).toBeGreaterThan(0);
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    expect(asked[0]).toEqual({ record: draftOf({ ...DRAFT, _labels: {}, createdAt: "2030-01-01 08:00:00" }) });
    expect(asked[0]).toEqual({ record: { applyUserName: DRAFT.applyUserName, destination: DRAFT.destination, usingDay: DRAFT.usingDay, approvalStatus: 0 } });
  });
});

import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { server } from "../test/server";
import { http, ok, renderAt, signIn } from "../test/helpers";
import { text } from "../locales/catalogue";
import PrintSheetPage, { decisionRows } from "./PrintSheetPage";
import { flowState, RECORD } from "./workflow.fixtures";
import type { FlowState, StepView } from "./workflowApi";

// Two submissions: a first one rejected at the township, then the approved one, with a copy.
function twoSubmissions(): FlowState {
  const approved = flowState("approved") as FlowState;
  const latest = (approved.instances ?? [])[0];
  const rejected = {
    ...latest,
    id: 6,
    state: "rejected",
    createdAt: "2030-01-01 08:00:00",
    steps: (latest.steps ?? []).map((s: StepView) => ({
      ...s,
      tasks: [{ id: 31, assigneeId: 1, assigneeName: "rejecter", state: "rejected", comment: "first-reason", createdAt: "2030-01-01 08:00:00", decidedAt: "2030-01-01 08:30:00" }],
    })),
    cc: [],
  };
  const withCopy = { ...latest, cc: [{ id: 51, assigneeId: 3, assigneeName: "copied-person", state: "cc", createdAt: "2030-01-02 11:00:00" }] };
  return { ...approved, instances: [withCopy, rejected] };
}

describe("the approval sheet", () => {
  const latest = flowState("approved").instances[0];
  const approval = latest.steps[0].tasks[0];

  it("lists every decision of every submission, oldest first, with the copies", () => {
    const rows = decisionRows(twoSubmissions());
    expect(rows.map((r) => [r.submission, r.state, r.person, r.comment, r.time])).toEqual([
      [1, "submit", latest.applicantName, "", "2030-01-01 08:00:00"],
      [1, "rejected", "rejecter", "first-reason", "2030-01-01 08:30:00"],
      [2, "submit", latest.applicantName, "", latest.createdAt],
      [2, "approved", approval.assigneeName, approval.comment, approval.decidedAt],
      [2, "cc", "copied-person", "", "2030-01-02 11:00:00"],
    ]);
  });

  it("prints the record and the decisions, the console hidden by the print stylesheet", { timeout: 120_000 }, async () => {
    server.use(http.get("/api/workflow/vehicleApply/5", () => ok({ record: RECORD, flow: twoSubmissions() })));
    signIn();
    renderAt(<PrintSheetPage />, "/workflow/print/vehicleApply/5", "/workflow/print/:module/:id");
    const sheet = await screen.findByTestId("print-sheet");
    expect(await within(sheet).findByText(RECORD.destination)).toBeInTheDocument();
    for (const cell of ["first-reason", approval.comment!, approval.decidedAt!, "copied-person", "rejecter"]) {
      expect(within(sheet).getByText(cell)).toBeInTheDocument();
    }
    expect(within(sheet).getAllByText(text("workflow.taskStates.approved")).length).toBeGreaterThan(0);
    const css = readFileSync(join(__dirname, "print.css"), "utf8");
    expect(css).toMatch(/@media print[\s\S]*\.xz-print-sheet/);
  });
});
